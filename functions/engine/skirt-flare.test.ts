/**
 * Skirts and dresses hang from the hips with their own flare (shared/engine/place/lower.ts `placeSkirt`,
 * place/upper.ts for a dress, place/common.ts `drapeCone`; the safety gate's room for them): an A-line maxi is
 * not a tube clipped to the legs at the ankles, and the render is not refused for it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzePerson, tryOn, type EngineSlot, type PersonAnalysis, type RgbaImage } from '../../shared/engine';
import { bodyFrom } from '../../shared/engine/perception/body';
import { loadPerson } from '../../test/engine/fixtures';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

/** A coverage's width on row y (its outermost pixels of at least half coverage). */
function widthAt(cov: ArrayLike<number>, W: number, y: number): number {
  let a = W;
  let b = -1;
  for (let x = 0; x < W; x++) {
    if (cov[Math.round(y) * W + x]! < 128) continue;
    a = Math.min(a, x);
    b = Math.max(b, x);
  }
  return Math.max(0, b - a);
}

/** The last row with at least `min` px of coverage. */
function lastRow(cov: ArrayLike<number>, W: number, H: number, min: number): number {
  for (let y = H - 1; y > 0; y--) if (widthAt(cov, W, y) >= min) return y;
  return 0;
}

async function flareOf(person: string, garment: string, slot: EngineSlot) {
  const image: RgbaImage = await loadPerson(person);
  const analysis: PersonAnalysis = await analyzePerson(nodeModelRuntime, image);
  const drawn = EVAL_GARMENTS.find((g) => g.id === garment)!;
  const product = (await productPhoto(drawn, 'flat-white')).image;
  // refused renders throw: the gate must pass the A-line
  const r = await tryOn(nodeModelRuntime, image, [{ image: product, slot, source: 'laydown' }], { analysis });
  const body = bodyFrom(r.analysis);
  const { data, width: W, height: H } = r.layers.garment;
  const last = lastRow(data, W, H, body.span * 0.1);
  const hemW = widthAt(data, W, last - (last - body.pelvis.y) * 0.04);
  const hipW = widthAt(data, W, body.pelvis.y);
  return { rendered: hemW / hipW, safety: r.safety };
}

describe('skirts and dresses with their own flare (real models)', () => {
  // before: the maxi skirt on ai-body (feet together) 1.10 at the hem over the hips (a tube), the maxi dress 1.0x:
  // the room past the legs at the ankles held them; the photo's own hem is about twice its hips
  it('hangs an A-line maxi skirt and a maxi dress from the hips with their own flare', async () => {
    const skirt = await flareOf('ai-body', 'maxi-floral', 'bottom');
    expect(skirt.rendered).toBeGreaterThan(1.3);
    expect(skirt.safety.ok).toBe(true);
    const dress = await flareOf('ai-body', 'maxi-dress-floral', 'one-piece');
    console.log(`hem / hips: maxi skirt ${skirt.rendered.toFixed(2)}, maxi dress ${dress.rendered.toFixed(2)}`);
    expect(dress.rendered).toBeGreaterThan(1.25);
    expect(dress.safety.ok).toBe(true);
  }, 60_000);
});
