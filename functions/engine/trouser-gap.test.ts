/**
 * Trousers with the real models (shared/engine/place/lower.ts, issue 38 round 2, part R1): each trouser leg follows
 * its own leg, and the gap between the legs that the photo shows stays open (jeans and wide-leg trousers drawn as
 * one slab across it read as a skirt).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzePerson, tryOn, type PersonAnalysis, type RgbaImage } from '../../shared/engine';
import { bodyFrom, type Body } from '../../shared/engine/perception/body';
import { loadPerson } from '../../test/engine/fixtures';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { personVariant, type PersonVariant } from '../../test/engine/eval/people';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

const people = new Map<string, { image: RgbaImage; analysis: PersonAnalysis }>();
async function render(person: string, variant: PersonVariant, garment: string) {
  const key = `${person}~${variant}`;
  let p = people.get(key);
  if (!p) {
    const photo = await loadPerson(person);
    const image = personVariant(person, variant, photo, await analyzePerson(nodeModelRuntime, photo)).image;
    p = { image, analysis: await analyzePerson(nodeModelRuntime, image) };
    people.set(key, p);
  }
  const drawn = EVAL_GARMENTS.find((g) => g.id === garment)!;
  const { image } = await productPhoto(drawn, 'flat-white');
  const r = await tryOn(nodeModelRuntime, p.image, [{ image, slot: 'bottom', source: 'laydown' }], {
    analysis: p.analysis,
  });
  return { r, body: bodyFrom(r.analysis), photo: p.image };
}

const axis = (leg: Body['legL'], y: number) => {
  const thigh = y <= leg.mid.y;
  const a = thigh ? leg.root : leg.mid;
  const b = thigh ? leg.mid : leg.end;
  return a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y || 1);
};

/**
 * Of the background the photo shows between the legs' axes (below the crotch, down to the trousers' hem), the
 * share the new garment covers (0: the gap stays open; 1: one slab over it). null when the photo shows none.
 */
function gapCovered(garment: Uint8Array, body: Body): number | null {
  const { width: W, mask } = body;
  const y0 = Math.round(body.pelvis.y + body.torsoH * 0.3);
  let last = y0;
  for (let y = y0; y < body.height; y++) for (let x = 0; x < W; x++) if (garment[y * W + x]! >= 128) last = y;
  let n = 0;
  let covered = 0;
  for (let y = y0; y < last - 2; y++) {
    const a = axis(body.legL, y);
    const b = axis(body.legR, y);
    for (let x = Math.ceil(Math.min(a, b)); x <= Math.floor(Math.max(a, b)); x++) {
      if (mask[y * W + x]! >= 128) continue;
      n++;
      if (garment[y * W + x]! >= 128) covered++;
    }
  }
  return n >= 50 ? covered / n : null;
}

/**
 * Of the background the photo shows between the legs' axes (below the crotch, down to the trousers' hem), the
 * share left as the photo in the render (each channel within 8 levels): what the eye sees of the gap, whatever
 * layer (the garment, its ease, a fill) would cover it.
 */
function gapAsPhoto(result: RgbaImage, photo: RgbaImage, garment: Uint8Array, body: Body): number {
  const { width: W, mask } = body;
  const y0 = Math.round(body.pelvis.y + body.torsoH * 0.3);
  let last = y0;
  for (let y = y0; y < body.height; y++) for (let x = 0; x < W; x++) if (garment[y * W + x]! >= 128) last = y;
  let n = 0;
  let kept = 0;
  for (let y = y0; y < last - 2; y++) {
    const a = axis(body.legL, y);
    const b = axis(body.legR, y);
    for (let x = Math.ceil(Math.min(a, b)); x <= Math.floor(Math.max(a, b)); x++) {
      const i = y * W + x;
      if (mask[i]! >= 128) continue;
      n++;
      let d = 0;
      for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(result.data[i * 4 + c]! - photo.data[i * 4 + c]!));
      if (d <= 8) kept++;
    }
  }
  return n ? kept / n : 0;
}

describe('trousers keep the gap between the legs', () => {
  // before (one slab over the gap): 0.94, 1.00, and the mirrored photo alike; after: about 0.35 (the trousers' ease
  // along each inseam and the hems' soft edge)
  it.each([
    ['ai-body', 'photo', 'jeans-indigo'],
    ['ai-body', 'photo', 'wideleg-cream'],
    ['ai-body', 'mirrored', 'jeans-indigo'],
  ] as const)(
    '%s (%s) in %s: the background between the legs stays open',
    async (person, variant, garment) => {
      const { r, body, photo } = await render(person, variant, garment);
      const share = gapCovered(r.layers.garment.data, body);
      expect(share).not.toBeNull();
      expect(share!).toBeLessThan(0.5);
      // round 7 (L4): no ease over the gap, so the background shows between the trouser legs as the photo has it
      // (jeans: 0.66-0.67 of it left as the photo before, one slab to the eye; wide legs take part of it)
      const kept = gapAsPhoto(r.image, photo, r.layers.garment.data, body);
      expect(kept).toBeGreaterThan(garment === 'jeans-indigo' ? 0.8 : 0.6);
    },
    30_000,
  );
});
