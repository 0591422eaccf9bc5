/**
 * A shoe seen from the front, with the real models (shared/engine/place/shoes.ts `drawFront`): its detail (the
 * trainer's stripe) once, on the foot's outer side (not the toe end mirrored into a chevron), and a pump's vamp low
 * over the toes with the instep above it the person's own (not a red dome up to the ankle).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzePerson, tryOn } from '../../shared/engine';
import { bodyFrom, type Body } from '../../shared/engine/perception/body';
import { footBox } from '../../shared/engine/place/place';
import type { RgbaImage } from '../../shared/engine/core/types';
import { loadPerson } from '../../test/engine/fixtures';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

type Rgb = [number, number, number];
const orange = ([r, g, b]: Rgb) => r > 170 && g > 50 && g < 140 && b < 100 && r - g > 70;
const red = ([r, g, b]: Rgb) => r > 110 && g < 70 && b < 80 && r - g > 60;

/** Per foot: the drawn shoe's pixels (garment coverage >= 128) in its foot's box and a shin's width above it. */
function feet(body: Body, img: RgbaImage, cov: Uint8Array) {
  return [body.legL, body.legR].map((leg) => {
    const other = leg === body.legL ? body.legR : body.legL;
    const foot = footBox(body, leg.end, leg.widthEnd);
    const x0 = Math.max(0, Math.round(foot.x - leg.widthEnd * 0.3));
    const x1 = Math.min(img.width - 1, Math.round(foot.x + foot.w + leg.widthEnd * 0.3));
    const y0 = Math.max(0, Math.round(foot.y - leg.widthEnd));
    const y1 = Math.min(img.height - 1, Math.round(foot.y + foot.h + leg.widthEnd * 0.3));
    const px: { x: number; y: number; c: Rgb }[] = [];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (cov[y * img.width + x]! < 128) continue;
        const o = (y * img.width + x) * 4;
        px.push({ x, y, c: [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!] });
      }
    }
    const xs = px.map((p) => p.x);
    const mid = (Math.min(...xs) + Math.max(...xs)) / 2;
    const outerLeft = leg.end.x < other.end.x;
    return { px, mid, outerLeft, ankleY: leg.end.y, soleY: Math.max(...px.map((p) => p.y)) };
  });
}

async function render(garment: string) {
  const person = await loadPerson('ai-body');
  const analysis = await analyzePerson(nodeModelRuntime, person);
  const g = EVAL_GARMENTS.find((x) => x.id === garment)!;
  const product = (await productPhoto(g, 'flat-white')).image;
  const r = await tryOn(nodeModelRuntime, person, [{ image: product, slot: 'shoes', source: 'laydown' }], { analysis });
  return feet(bodyFrom(analysis), r.image, r.layers.garment.data);
}

describe('shoes seen from the front (real models)', () => {
  // before: the trainer's toe end mirrored from both sides of the foot, its stripe a chevron across both halves
  // (about as much orange on the inner half as on the outer)
  it("shows a trainer's stripe once, on the foot's outer side", async () => {
    for (const f of await render('trainers-runner')) {
      const stripe = f.px.filter((p) => orange(p.c));
      const outer = stripe.filter((p) => p.x < f.mid === f.outerLeft).length;
      const inner = stripe.length - outer;
      expect(outer).toBeGreaterThan(20);
      expect({ inner, outer, once: inner <= outer * 0.1 }).toMatchObject({ once: true });
    }
  }, 60_000);

  // before: the pump's front a red dome from the sole up to the ankle over the whole instep
  it("ends a pump's vamp low over the toes, the instep above it the person's", async () => {
    for (const f of await render('heels-red')) {
      const half = (f.soleY + f.ankleY) / 2;
      // the middle third of the shoe, the upper half from the sole to the ankle: the instep, not the red vamp
      const instep = f.px.filter((p) => p.y < half && p.y > f.ankleY && Math.abs(p.x - f.mid) < 4);
      const redUp = instep.filter((p) => red(p.c)).length;
      const redAll = f.px.filter((p) => red(p.c)).length;
      expect(redAll).toBeGreaterThan(100);
      expect({ redUp, of: instep.length, low: redUp <= instep.length * 0.1 }).toMatchObject({ low: true });
    }
  }, 60_000);
});
