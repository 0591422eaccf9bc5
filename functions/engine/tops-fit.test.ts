/**
 * A top's sleeves and sides on arms down the side (issue 38, round 3, part F5), with the real models: a short sleeve
 * lies on the arm from its seam, not folded back over the chest, and the body piece's armpits are at the arm's
 * inner side, not out at the arm's outer side (where the mask's width, the arm included, put them: a sack with
 * square shoulders). The garments are the evaluation set's drawings, flat on white; placed alone (`placeUpper`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzePerson, detectGarment } from '../../shared/engine';
import { newLayer } from '../../shared/engine/core/raster';
import type { Point } from '../../shared/engine/core/tps';
import { variantFor } from '../../shared/engine/look/variants';
import { bodyFrom, type Limb } from '../../shared/engine/perception/body';
import { placeUpper } from '../../shared/engine/place/upper';
import { loadPerson } from '../../test/engine/fixtures';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

async function place(garmentId: string, who: string) {
  const g = EVAL_GARMENTS.find((x) => x.id === garmentId);
  if (!g) throw new Error(`no eval garment ${garmentId}`);
  const person = await loadPerson(who);
  const body = bodyFrom(await analyzePerson(nodeModelRuntime, person));
  const photo = await productPhoto(g, 'flat-white');
  const det = detectGarment(photo.image, 'top');
  const placed = placeUpper(det.image ?? photo.image, det.alpha, 'top', body, variantFor(0), [1, 1, 1]);
  const sleeves = newLayer(person.width, person.height);
  placed.drawLimbs(sleeves);
  return { placed, body, sleeves };
}

/** The upper arm's axis at row y (root to elbow). */
function axisAt(arm: Limb, y: number): number {
  const t = (y - arm.root.y) / (arm.mid.y - arm.root.y || 1);
  return arm.root.x + (arm.mid.x - arm.root.x) * t;
}

/**
 * The share of a limb strip's area drawn folded over itself: its sections' triangles (outer and inner edges, section
 * to section) whose orientation is against the strip's own (a strip laid flat keeps one orientation throughout).
 */
function foldedShare(strip: { dOut: Point[]; dIn: Point[] }): number {
  const tri = (a: Point, b: Point, c: Point) => ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2;
  const areas: number[] = [];
  for (let i = 0; i + 1 < strip.dOut.length; i++) {
    const [o0, o1, i0, i1] = [strip.dOut[i]!, strip.dOut[i + 1]!, strip.dIn[i]!, strip.dIn[i + 1]!];
    areas.push(tri(o0, o1, i0), tri(i0, o1, i1));
  }
  const net = areas.reduce((s, a) => s + a, 0);
  const total = areas.reduce((s, a) => s + Math.abs(a), 0);
  const against = areas.filter((a) => a * net < 0).reduce((s, a) => s + Math.abs(a), 0);
  return against / Math.max(1e-6, total);
}

describe('a top on arms down the side', () => {
  it('lays each short sleeve on its arm, not folded back over the chest', async () => {
    // cgi-model-30 and cgi-model-4: arms hanging beside the body; the tee's seam runs from the shoulder's top to the
    // armpit, along the arm: one strip from the shoulder's joint took the sleeve's inner edge up from the armpit and
    // down again, a flap with its hem across the chest
    for (const who of ['cgi-model-30', 'cgi-model-4']) {
      const { body, placed } = await place('tee-logo', who);
      expect(body.armRaised).toEqual([false, false]);
      const strips = placed.debug.strips ?? [];
      expect(strips.length).toBe(2);
      for (const strip of strips) expect(foldedShare(strip)).toBeLessThan(0.1);
    }
  }, 60_000);

  it("puts the armpits at the arms' inner sides, not at their outer sides", async () => {
    const { placed, body } = await place('tee-logo', 'cgi-model-30');
    // the anchors: neck, the shoulders, then the armpits (image-left, image-right)
    const pits = [placed.debug.anchors[3]!.to, placed.debug.anchors[4]!.to];
    const arms = [body.armL, body.armR];
    for (let i = 0; i < 2; i++) {
      const arm = arms[i]!;
      const pit = pits[i]!;
      const sign = Math.sign(arm.root.x - body.neck.x) || 1;
      const inner = axisAt(arm, pit.y) - sign * (Math.min(arm.widthRoot, body.span * 0.3) / 2);
      // out at the mask's edge (the arm's outer side) the armpit was a third of the arm's width or more outside it
      expect((pit.x - inner) * sign).toBeLessThan(body.span * 0.04);
    }
  }, 60_000);
});
