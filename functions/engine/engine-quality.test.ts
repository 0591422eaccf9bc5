/**
 * The engine's quality on a small representative set, with the real models (the whole gallery runs in
 * `npm run engine:gallery`): metrics thresholds, refusals of the fixtures that are not whole bodies and of
 * images with no garment, output size, determinism.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkFullBody, detectGarment, EngineRefusal, tryOn, variantFor } from '../../shared/engine';
import { loadGarment, loadPerson, NOT_FULL_BODY, sideBySide } from '../../test/engine/fixtures';
import { failuresOf, FIXTURE_TRUTH, measure, measureAll, THRESHOLDS } from '../../test/engine/metrics';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

const PAIRS = [
  { person: 'cgi-model-27', garment: 'tee-white.jpg', slot: 'top' as const },
  // narrow shoulders for her height: a jacket drawn short for its width still reaches her hips (its slot given,
  // as an outfit piece's is: the detector alone reads a jacket as a top)
  { person: 'cgi-model-23', garment: 'jacket-alpha.png', slot: 'outerwear' as const, declared: true },
  { person: 'ai-body', garment: 'dress-white.jpg', slot: 'one-piece' as const },
  { person: 'cgi-model-27', garment: 'skirt-alpha.png', slot: 'bottom' as const },
  // the old shoes (hand-labelled) taken away: pale flats on a pale floor, trainers in a stride
  { person: 'ai-body', garment: 'trainers-white.jpg', slot: 'shoes' as const },
  { person: 'cgi-model-27', garment: 'trainers-white.jpg', slot: 'shoes' as const },
];

/**
 * The metrics that see what a person sees (issue 38, test/engine/metrics/) that the engine fails today on these
 * pairs: the rest are held; these are listed, with their values, in docs/engine.md ("Metrics"), not loosened.
 */
const KNOWN_FAILS: Record<string, string[]> = {
  // a flared, above-knee dress drawn as a mid-calf tube
  'ai-body x dress-white.jpg': ['lengthError'],
  // an A-line skirt drawn to the shin (the flat skin band between the old top and the new waistband is gone:
  // bareTorso 0.093 -> 0, hardFill 1.01 -> 0.06)
  'cgi-model-27 x skirt-alpha.png': ['lengthError'],
  // the old flats show beside the new trainers; the floor fill's box edges
  'ai-body x trainers-white.jpg': ['oldShowing', 'hardFill'],
  // a hip-length jacket drawn 1.6 chest widths long is worn past the hips (lengthError 0.59; 0.38 since part H3)
  'cgi-model-23 x jacket-alpha.png': ['lengthError'],
};

describe('engine quality (real models)', () => {
  for (const p of PAIRS) {
    it(`${p.person} x ${p.garment} meets the metrics`, async () => {
      const person = await loadPerson(p.person);
      const garment = await loadGarment(p.garment);
      const slot = 'declared' in p ? p.slot : null;
      const result = await tryOn(nodeModelRuntime, person, [{ image: garment, slot, source: 'laydown' }]);
      expect([result.image.width, result.image.height]).toEqual([person.width, person.height]);
      expect(result.placed.map((x) => x.slot)).toEqual([p.slot]);
      const m = measure(p.person, p.slot, person, result.analysis, result);
      expect(m.insideSilhouette).toBeGreaterThanOrEqual(THRESHOLDS.insideSilhouette);
      if (p.slot === 'shoes') expect(m.oldVisible).not.toBeNull();
      else
        expect(m.coverage!).toBeGreaterThanOrEqual(
          p.slot === 'bottom' ? THRESHOLDS.legCoverage : THRESHOLDS.topCoverage,
        );
      if (m.oldVisible !== null) expect(m.oldVisible).toBeLessThanOrEqual(THRESHOLDS.oldVisible);
      expect(m.untouchedMad).toBeLessThanOrEqual(THRESHOLDS.untouchedMad);
      for (const w of m.wristsVisible) expect(w).toBeGreaterThanOrEqual(THRESHOLDS.wristVisible);
      // issue 38's metrics: every one the engine passes today is held
      const truth = FIXTURE_TRUTH[p.garment];
      const all = measureAll({
        person,
        analysis: result.analysis,
        tryOn: result,
        product: garment,
        slotGiven: slot,
        truth,
        fixture: p.person,
      });
      const known = KNOWN_FAILS[`${p.person} x ${p.garment}`] ?? [];
      expect({
        pair: `${p.person} x ${p.garment}`,
        fails: failuresOf(all, truth).filter((f) => !known.includes(f)),
      }).toEqual({
        pair: `${p.person} x ${p.garment}`,
        fails: [],
      });
      expect(all.gate.ok).toBe(true);
    }, 60_000);
  }

  it('never draws a garment over the face (cgi-model-27, a hand raised to her head)', async () => {
    const person = await loadPerson('cgi-model-27');
    const analysis = await cachedAnalysis(person);
    const k = analysis.keypoints;
    // the face: an ellipse around the eyes and the nose, as wide as the ears, from the brows down to the chin
    const eyeY = (k.leftEye.y + k.rightEye.y) / 2;
    const d = k.nose.y - eyeY;
    const top = eyeY - d;
    const chin = k.nose.y + d * 1.8;
    const cx = (k.leftEye.x + k.rightEye.x + 2 * k.nose.x) / 4;
    const rx = Math.abs(k.leftEar.x - k.rightEar.x) * 0.45;
    const cy = (top + chin) / 2;
    const ry = (chin - top) / 2;
    expect(d).toBeGreaterThan(0);
    for (const file of ['tee-white.jpg', 'jacket-alpha.png']) {
      const garment = await loadGarment(file);
      const result = await tryOn(nodeModelRuntime, person, [{ image: garment, slot: null, source: 'laydown' }], {
        analysis,
      });
      const W = person.width;
      let inFace = 0;
      let n = 0;
      for (let y = Math.floor(top); y <= Math.ceil(chin); y++) {
        for (let x = Math.floor(cx - rx); x <= Math.ceil(cx + rx); x++) {
          if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 > 1) continue;
          n++;
          if (result.layers.garment.data[y * W + x]! > 0) inFace++;
        }
      }
      expect(n).toBeGreaterThan(1000);
      expect({ file, inFace }).toEqual({ file, inFace: 0 });
    }
  }, 30_000);

  it('gives the same pixels when the person and the garment are read once and kept (the preview and variants)', async () => {
    const person = await loadPerson('cgi-model-27');
    const garments = [{ image: await loadGarment('tee-white.jpg'), slot: 'top' as const, source: 'laydown' as const }];
    const analysis = await cachedAnalysis(person);
    const fresh = await tryOn(nodeModelRuntime, person, garments, { analysis, variant: variantFor(1) });
    const cache = { prepared: new WeakMap(), scenes: new WeakMap() };
    await tryOn(nodeModelRuntime, person, garments, { analysis, ...cache });
    expect(cache.scenes.has(person)).toBe(true);
    expect(cache.prepared.has(garments[0]!.image)).toBe(true);
    const kept = await tryOn(nodeModelRuntime, person, garments, { analysis, variant: variantFor(1), ...cache });
    expect(Buffer.from(kept.image.data).equals(Buffer.from(fresh.image.data))).toBe(true);
  }, 30_000);

  it('is deterministic and variants differ visibly', async () => {
    const person = await loadPerson('cgi-model-27');
    const garment = await loadGarment('tee-white.jpg');
    const analysis = await cachedAnalysis(person);
    const run = (i: number) =>
      tryOn(nodeModelRuntime, person, [{ image: garment, slot: 'top', source: 'laydown' }], {
        analysis,
        variant: variantFor(i),
      });
    // the first two variants are what a run of 2 asks for (issue 39: they must not come out nearly identical)
    const [a, b, c] = [await run(0), await run(0), await run(1)];
    expect(Buffer.from(a.image.data).equals(Buffer.from(b.image.data))).toBe(true);
    let diff = 0;
    for (let i = 0; i < a.layers.garment.data.length; i++) {
      if (a.layers.garment.data[i]! >= 128 !== c.layers.garment.data[i]! >= 128) diff++;
    }
    // the cropped variant changes at least 5% of the garment's area
    const area = a.layers.garment.data.reduce((s, v) => s + (v >= 128 ? 1 : 0), 0);
    expect(diff / area).toBeGreaterThan(0.05);
  }, 30_000);

  it('refuses the fixtures that are not whole bodies, and two people side by side', async () => {
    for (const [name, code] of Object.entries(NOT_FULL_BODY)) {
      const check = checkFullBody(await cachedAnalysis(await loadPerson(name)));
      expect(check).toMatchObject({ ok: false, code });
    }
    const two = sideBySide(await loadPerson('cgi-model-27'), await loadPerson('cgi-model-27'));
    expect(checkFullBody(await cachedAnalysis(two))).toMatchObject({ ok: false });
    const portrait = await loadPerson('ai-upper');
    await expect(
      tryOn(nodeModelRuntime, portrait, [{ image: await loadGarment('tee-white.jpg'), slot: null, source: 'laydown' }]),
    ).rejects.toBeInstanceOf(EngineRefusal);
  }, 30_000);

  it('refuses images with no garment and classifies the drawn garments', async () => {
    for (const f of ['none-landscape.jpg', 'none-blank.jpg']) {
      expect(() => detectGarment(loadedCache.get(f)!)).toThrow(expect.objectContaining({ code: 'no_garment' }));
    }
    const expected: Record<string, string> = {
      'tee-alpha.png': 'top',
      'jeans-white.jpg': 'bottom',
      'skirt-white.jpg': 'bottom',
      'dress-alpha.png': 'one-piece',
      'trainers-white.jpg': 'shoes',
    };
    for (const [f, slot] of Object.entries(expected)) expect(detectGarment(await loadGarment(f)).slot).toBe(slot);
  }, 30_000);
});

const loadedCache = new Map<string, Awaited<ReturnType<typeof loadGarment>>>();
beforeAll(async () => {
  for (const f of ['none-landscape.jpg', 'none-blank.jpg']) loadedCache.set(f, await loadGarment(f));
});
