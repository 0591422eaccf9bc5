/**
 * A top's sleeves lie along the arms (issue 38, part R2), with the real models: long sleeves on arms hanging down
 * are no cape splayed out beside them, and a raised arm's sleeve is one piece with the body at the shoulder (no
 * skin showing through where they meet). The garment is the evaluation set's long-sleeve drawing, flat on white.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tryOn, type RgbaImage } from '../../shared/engine';
import { bodyFrom, type Body, type Limb } from '../../shared/engine/perception/body';
import type { Point } from '../../shared/engine/core/tps';
import { loadPerson } from '../../test/engine/fixtures';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { personVariant } from '../../test/engine/eval/people';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

async function render(garmentId: string, who: string, slot: 'top' | 'outerwear' = 'top') {
  const g = EVAL_GARMENTS.find((x) => x.id === garmentId);
  if (!g) throw new Error(`no eval garment ${garmentId}`);
  const person = await loadPerson(who);
  const analysis = await cachedAnalysis(person);
  const photo = await productPhoto(g, 'flat-white');
  // the safety gate refuses (throws) a render with the torso left bare or pieces off the body
  const result = await tryOn(nodeModelRuntime, person, [{ image: photo.image, slot, source: 'laydown' }], {
    analysis,
  });
  return { result, body: bodyFrom(result.analysis), W: person.width };
}

function segDist(x: number, y: number, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(a.x + dx * t - x, a.y + dy * t - y);
}

/**
 * A folded arm's forearm sleeve (the strip starting across the elbow) against the arm in the mask: across each of
 * its inner sections, the middle of the run of the mask (at least `FORE_MID_LEVEL` of upper.ts: a thin forearm's
 * mask is soft) nearest the section's middle, its offset from that middle over the section's half width; the mean
 * over the sections where both ends of the run lie within twice the half width of the middle.
 */
function foreOffCentre(
  result: { debug: { strips?: { dOut: Point[]; dIn: Point[] }[] }[]; analysis: { mask: { data: Uint8Array } } },
  arm: Limb,
  W: number,
): number {
  const strips = result.debug[0]?.strips ?? [];
  const fore = strips.find((s) => {
    const [o, i] = [s.dOut[0], s.dIn[0]];
    return o && i && Math.hypot((o.x + i.x) / 2 - arm.mid.x, (o.y + i.y) / 2 - arm.mid.y) < 2;
  });
  if (!fore) return 1;
  const mask = result.analysis.mask.data;
  const H = mask.length / W;
  let sum = 0;
  let n = 0;
  for (let k = 2; k < fore.dOut.length - 2; k++) {
    const [o, i] = [fore.dOut[k], fore.dIn[k]];
    if (!o || !i) continue;
    const half = Math.hypot(o.x - i.x, o.y - i.y) / 2;
    const m = { x: (o.x + i.x) / 2, y: (o.y + i.y) / 2 };
    const u = { x: (o.x - i.x) / (2 * half), y: (o.y - i.y) / (2 * half) };
    const on = (d: number) => {
      const [x, y] = [Math.round(m.x + u.x * d), Math.round(m.y + u.y * d)];
      return x >= 0 && y >= 0 && x < W && y < H && (mask[y * W + x] ?? 0) >= 96;
    };
    const reach = Math.ceil(2 * half);
    // the runs across, the one nearest the middle
    let best: [number, number] | null = null;
    let start: number | null = null;
    for (let d = -reach; d <= reach + 1; d++) {
      const inside = d <= reach && on(d);
      if (inside && start === null) start = d;
      if (!inside && start !== null) {
        const run: [number, number] = [start, d - 1];
        const gap = (r: [number, number]) => (r[0] > 0 ? r[0] : r[1] < 0 ? -r[1] : 0);
        if (!best || gap(run) < gap(best)) best = run;
        start = null;
      }
    }
    if (!best || best[0] <= -reach || best[1] >= reach) continue;
    sum += Math.abs((best[0] + best[1]) / 2) / half;
    n++;
  }
  return n ? sum / n : 1;
}

/**
 * Garment pixels beside an arm hanging down, on its outer side and farther than a fifth of the shoulders' span from
 * its axis (a sleeve on the arm is within it), per garment pixel within it; in the rows from just below the
 * shoulder to the elbow or the wrist, whichever is lower.
 */
function offArm(garment: Uint8Array, W: number, body: Body, arm: Limb): number {
  const side = Math.sign(arm.mid.x - body.neck.x) || 1;
  let off = 0;
  let near = 0;
  const y0 = Math.round(arm.root.y + body.span * 0.15);
  const y1 = Math.round(Math.max(arm.mid.y, arm.end.y));
  for (let y = y0; y <= y1; y++) {
    for (let x = 0; x < W; x++) {
      if (garment[y * W + x]! < 128) continue;
      const d = Math.min(segDist(x, y, arm.root, arm.mid), segDist(x, y, arm.mid, arm.end));
      if (d <= body.span * 0.2) near++;
      else if ((x - arm.mid.x) * side > 0) off++;
    }
  }
  return off / Math.max(1, near);
}

/** The share of a disc on an upper arm (`along` its way down from the shoulder, `radius` x its width) with no garment. */
function bareDisc(garment: Uint8Array, W: number, arm: Limb, along: number, radius: number): number {
  const c = { x: arm.root.x + (arm.mid.x - arm.root.x) * along, y: arm.root.y + (arm.mid.y - arm.root.y) * along };
  const r = arm.widthRoot * radius;
  let n = 0;
  let bare = 0;
  for (let y = Math.floor(c.y - r); y <= c.y + r; y++) {
    for (let x = Math.floor(c.x - r); x <= c.x + r; x++) {
      if ((x - c.x) ** 2 + (y - c.y) ** 2 > r * r) continue;
      n++;
      if (garment[y * W + x]! < 128) bare++;
    }
  }
  return bare / Math.max(1, n);
}

/**
 * How far (x the span) a flap stands off a hanging sleeve's outer edge on the upper arm: per row from 0.15 spans
 * below the shoulder to the elbow, the garment's outermost pixel on the arm's side past the mean of the rows 0.12
 * spans above and below it (a straight or evenly curving edge: about 0), the most.
 */
function outerFlap(garment: Uint8Array, W: number, body: Body, arm: Limb): number {
  const side = Math.sign(arm.mid.x - body.neck.x) || 1;
  const out = (y: number) => {
    let e = -Infinity;
    for (let x = 0; x < W; x++) if (garment[y * W + x]! >= 128) e = Math.max(e, side * x);
    return e;
  };
  const k = Math.round(body.span * 0.12);
  let worst = 0;
  for (let y = Math.round(arm.root.y + body.span * 0.15); y <= arm.mid.y; y++) {
    const [a, b, c] = [out(y - k), out(y), out(y + k)];
    if (Number.isFinite(a) && Number.isFinite(b) && Number.isFinite(c)) worst = Math.max(worst, b - (a + c) / 2);
  }
  return worst / body.span;
}

/**
 * The share of a disc on a forearm just above the wrist (its centre 0.35 of the forearm's end width up from the
 * wrist's keypoint, its radius 0.2 of it) with garment: a long sleeve's cuff at the wrist covers it.
 */
function sleeveAtWrist(garment: Uint8Array, W: number, arm: Limb): number {
  const L = Math.hypot(arm.end.x - arm.mid.x, arm.end.y - arm.mid.y) || 1;
  const w = arm.widthEnd;
  const c = {
    x: arm.end.x - ((arm.end.x - arm.mid.x) / L) * w * 0.35,
    y: arm.end.y - ((arm.end.y - arm.mid.y) / L) * w * 0.35,
  };
  const r = w * 0.2;
  let n = 0;
  let on = 0;
  for (let y = Math.floor(c.y - r); y <= c.y + r; y++) {
    for (let x = Math.floor(c.x - r); x <= c.x + r; x++) {
      if ((x - c.x) ** 2 + (y - c.y) ** 2 > r * r) continue;
      n++;
      if (garment[y * W + x]! >= 128) on++;
    }
  }
  return on / Math.max(1, n);
}

/** Round a raised arm's shoulder: a tenth down the upper arm, half its width. */
const bareShoulder = (garment: Uint8Array, W: number, arm: Limb) => bareDisc(garment, W, arm, 0.1, 0.5);
/** On an upper arm: a quarter down it, 0.35 of its width. */
const bareUpperArm = (garment: Uint8Array, W: number, arm: Limb) => bareDisc(garment, W, arm, 0.25, 0.35);

/**
 * Garment pixels standing above the shoulders: in the columns from each shoulder's joint out 0.12 spans, those more
 * than 0.03 spans above the person's outline there, per span, both sides summed (as `outer-shape.test.ts`).
 */
function aboveShoulders(result: Awaited<ReturnType<typeof render>>['result'], body: Body, W: number): number {
  const garment = result.layers.garment.data;
  const { mask } = body;
  let n = 0;
  for (const [sh, side] of [
    [body.shoulderL, -1],
    [body.shoulderR, 1],
  ] as const) {
    for (let k = 0; k <= Math.round(body.span * 0.12); k++) {
      const x = Math.round(sh.x) + side * k;
      let top = Math.round(sh.y);
      while (top > 0 && (mask[(top - 1) * W + x] ?? 0) >= 128) top--;
      for (let y = Math.round(sh.y - body.span * 0.5); y < top - body.span * 0.03; y++)
        if ((garment[y * W + x] ?? 0) >= 128) n++;
    }
  }
  return n / body.span;
}

/**
 * The share of the person's pixels with no garment in a band along each sleeve's seam (the body piece's shoulder top
 * down to its armpit, `half` x the span either side of the line between them), the larger of the two sides.
 */
function seamGap(result: Awaited<ReturnType<typeof render>>['result'], body: Body, W: number, half = 0.06): number {
  const garment = result.layers.garment.data;
  const mask = result.analysis.mask.data;
  const anchors = result.debug[0]!.anchors.map((a) => a.to);
  let worst = 0;
  const seams: [Point, Point][] = [
    [anchors[1]!, anchors[3]!],
    [anchors[2]!, anchors[4]!],
  ];
  for (const [top, pit] of seams) {
    let n = 0;
    let bare = 0;
    for (let y = Math.round(top.y); y <= Math.round(pit.y); y++) {
      const cx = top.x + ((pit.x - top.x) * (y - top.y)) / Math.max(1, pit.y - top.y);
      for (let x = Math.round(cx - body.span * half); x <= Math.round(cx + body.span * half); x++) {
        if (mask[y * W + x]! < 128) continue;
        n++;
        if (garment[y * W + x]! < 128) bare++;
      }
    }
    worst = Math.max(worst, bare / Math.max(1, n));
  }
  return worst;
}

/**
 * The share of the person's pixels with no garment outside each sleeve's seam (from the line between the body
 * piece's shoulder top and its armpit out to where the mask ends), on the rows from the shoulder's top down to the
 * armpit: the shoulder's round and the top of the arm, which the sleeve's cap covers; the larger of the two sides.
 */
function capGap(result: Awaited<ReturnType<typeof render>>['result'], body: Body, W: number): number {
  const garment = result.layers.garment.data;
  const mask = result.analysis.mask.data;
  const anchors = result.debug[0]!.anchors.map((a) => a.to);
  const seams: [Point, Point, number][] = [
    [anchors[1]!, anchors[3]!, -1],
    [anchors[2]!, anchors[4]!, 1],
  ];
  let worst = 0;
  for (const [top, pit, side] of seams) {
    let n = 0;
    let bare = 0;
    for (let y = Math.round(top.y); y <= Math.round(pit.y); y++) {
      const cx = Math.round(top.x + ((pit.x - top.x) * (y - top.y)) / Math.max(1, pit.y - top.y));
      for (let d = 0; d < body.span * 0.35; d++) {
        const x = cx + side * d;
        if (x < 0 || x >= W || mask[y * W + x]! < 128) break;
        n++;
        if (garment[y * W + x]! < 128) bare++;
      }
    }
    worst = Math.max(worst, bare / Math.max(1, n));
  }
  return worst;
}

/**
 * Garment pixels standing out over a raised arm's shoulder: past the line along the upper arm through the body
 * piece's shoulder corner (the anchor nearest the arm's root, where the sleeve's outer edge starts), by 3 px to half
 * the arm's width, from that corner to 0.4 of the upper arm; per pixel there.
 */
function capStep(result: Awaited<ReturnType<typeof render>>['result'], W: number, arm: Limb): number {
  const garment = result.layers.garment.data;
  const anchors = result.debug[0]!.anchors.map((a) => a.to);
  const corner = [anchors[1]!, anchors[2]!].sort(
    (a, b) => Math.hypot(a.x - arm.root.x, a.y - arm.root.y) - Math.hypot(b.x - arm.root.x, b.y - arm.root.y),
  )[0]!;
  const L = Math.hypot(arm.mid.x - arm.root.x, arm.mid.y - arm.root.y) || 1;
  const d = { x: (arm.mid.x - arm.root.x) / L, y: (arm.mid.y - arm.root.y) / L };
  const out = d.x > 0 ? { x: d.y, y: -d.x } : { x: -d.y, y: d.x };
  if (out.y > 0) [out.x, out.y] = [-out.x, -out.y];
  const w = arm.widthRoot * 0.5;
  let n = 0;
  let on = 0;
  for (let y = Math.floor(corner.y - L); y <= corner.y + L; y++) {
    for (let x = Math.floor(corner.x - L); x <= corner.x + L; x++) {
      if (x < 0 || y < 0 || x >= W || y * W + x >= garment.length) continue;
      const along = (x - corner.x) * d.x + (y - corner.y) * d.y;
      const past = (x - corner.x) * out.x + (y - corner.y) * out.y;
      if (along < 0 || along > L * 0.4 || past < 3 || past > w) continue;
      n++;
      if (garment[y * W + x]! >= 128) on++;
    }
  }
  return on / Math.max(1, n);
}

/**
 * The share of a strip just below a top's hem (0.08 span tall, the torso's middle: its edges inset 0.15 span, clear
 * of the hands) painted by the engine: changed from the photo under no garment.
 */
function paintedBelowHem(person: RgbaImage, result: Awaited<ReturnType<typeof render>>['result'], body: Body): number {
  const W = person.width;
  const g = result.layers.garment.data;
  const cx = Math.round(body.pelvis.x);
  let hem = -1;
  for (let y = 0; y < person.height; y++) if ((g[y * W + cx] ?? 0) >= 128) hem = y;
  let n = 0;
  let painted = 0;
  for (let y = hem + 2; y <= hem + 2 + body.span * 0.08 && y < person.height; y++) {
    const [l, r] = body.torsoEdges(y);
    for (let x = Math.ceil(l + body.span * 0.15); x <= Math.floor(r - body.span * 0.15); x++) {
      const i = y * W + x;
      if ((g[i] ?? 0) > 16) continue;
      n++;
      const d = Math.max(
        ...[0, 1, 2].map((c) => Math.abs((person.data[i * 4 + c] ?? 0) - (result.image.data[i * 4 + c] ?? 0))),
      );
      if (d > 10) painted++;
    }
  }
  return n ? painted / n : 0;
}

/**
 * The share of a strip just below a top's hem (0.08 span tall; or `from`..`to` px from the hem's middle) from one
 * hanging forearm's axis to the other's, off the arms themselves (`onArm`) and under no garment, painted by the
 * engine: changed from the photo.
 */
function paintedBetweenForearms(
  person: RgbaImage,
  result: Awaited<ReturnType<typeof render>>['result'],
  body: Body,
  from = 2,
  to = body.span * 0.08 + 2,
): number {
  const W = person.width;
  const g = result.layers.garment.data;
  const cx = Math.round(body.pelvis.x);
  let hem = -1;
  for (let y = 0; y < person.height; y++) if ((g[y * W + cx] ?? 0) >= 128) hem = y;
  const axisX = (arm: Limb, y: number) =>
    arm.mid.x + ((arm.end.x - arm.mid.x) * (y - arm.mid.y)) / (arm.end.y - arm.mid.y || 1);
  let n = 0;
  let painted = 0;
  for (let y = Math.round(hem + from); y <= hem + to && y < person.height; y++) {
    const a = axisX(body.armL, y);
    const b = axisX(body.armR, y);
    for (let x = Math.ceil(Math.min(a, b)); x <= Math.floor(Math.max(a, b)); x++) {
      const i = y * W + x;
      if ((g[i] ?? 0) > 16 || body.onArm(x, y)) continue;
      n++;
      const d = Math.max(
        ...[0, 1, 2].map((c) => Math.abs((person.data[i * 4 + c] ?? 0) - (result.image.data[i * 4 + c] ?? 0))),
      );
      if (d > 10) painted++;
    }
  }
  return n ? painted / n : 0;
}

describe('sleeves follow the arms', () => {
  it('joins the sleeves to the body along the seam and over the shoulder: no slit of skin at either shoulder', async () => {
    // cgi-model-30 (arms a little out): with only its two ends as anchors the spline bowed the body piece's side
    // inwards between them, a crescent of skin between the sleeve and the body at each shoulder; ai-body (an
    // A-pose): the body piece's side past the torso's edge was cut as the arm in front, a wedge of skin up the seam
    // from the armpit (before: 0.19 and 0.13 of the seam's band bare, now under 0.01)
    for (const who of ['cgi-model-30', 'ai-body']) {
      const { result, body, W } = await render('blazer-navy', who, 'outerwear');
      expect(seamGap(result, body, W)).toBeLessThan(0.06);
      // the sleeve's cap ran from the body piece's corner straight down to the arm's width, inside cgi-model-30's
      // rounded right shoulder: 0.32 of the shoulder outside the seam left as skin (now 0.1: a thin edge)
      expect(capGap(result, body, W)).toBeLessThan(0.16);
    }
  }, 60_000);

  it('keeps the shoulders on the shoulders where hair lies on one: no flap standing up the neck', async () => {
    // cgi-model-4: her hair falls on one shoulder (the mask's top there is the hair's, up to the chin)
    const { result, body, W } = await render('longsleeve-breton', 'cgi-model-4');
    const g = result.layers.garment.data;
    const top = Math.min(body.shoulderL.y, body.shoulderR.y) - body.span * 0.26;
    let above = 0;
    for (let y = 0; y < top; y++) {
      for (let x = Math.floor(body.shoulderL.x); x <= body.shoulderR.x; x++) if (g[y * W + x]! >= 128) above++;
    }
    // the shoulder's top was the hair's, 0.34 of the span above the joint: a flap of the garment up the neck (0.06
    // of the span squared above this line; the neckline's own top is about 0.21 of the span above the joints)
    expect(above / body.span ** 2).toBeLessThan(0.002);
    // nor does a sleeve's cap stand above the body piece's shoulder corner (`capOverShoulder`): the seam's own
    // section moved out along itself, up into the mask over the shoulder, a square stub above the shoulder's line
    // beside the body piece (0.0028 of the span squared above the corner's row, outside it, at her left shoulder;
    // now 0.0001)
    const anchors = result.debug[0]?.anchors.map((q) => q.to) ?? [];
    for (const [corner, out] of [
      [anchors[1], -1],
      [anchors[2], 1],
    ] as const) {
      expect(corner).toBeDefined();
      const c = corner ?? body.neck;
      let stub = 0;
      for (let y = Math.round(c.y - body.span * 0.15); y < c.y - 1; y++)
        for (let d = 1; d <= body.span * 0.15; d++) if (g[y * W + Math.round(c.x + out * d)]! >= 128) stub++;
      expect(stub / body.span ** 2).toBeLessThan(0.001);
    }
  }, 60_000);

  it('covers the top of an arm down the side with a short sleeve, not a flap folded at the shoulder', async () => {
    // ai-body: arms down and a little out; the tee's seam (shoulder's top to armpit) runs along the arm
    const { result, body, W } = await render('tee-logo', 'ai-body');
    expect(body.armRaised).toEqual([false, false]);
    // the sleeve's cuff stopped above the armpit and its strip folded over itself (one side turned inwards): 0.06
    // and 0.24 of the upper arm's top quarter bare beside a flap
    for (const arm of [body.armL, body.armR]) {
      expect(bareUpperArm(result.layers.garment.data, W, arm)).toBeLessThan(0.03);
    }
  }, 60_000);

  it('lays long sleeves along arms hanging down to the wrists, not as a cape beside them', async () => {
    // cgi-model-4: arms straight down beside the body, in a crop top with wide sleeves (the mask's arm is wide)
    const { result, body, W } = await render('longsleeve-breton', 'cgi-model-4');
    expect(body.armRaised).toEqual([false, false]);
    // the flat lay's whole slanted seam (shoulder to armpit) was the sleeve's width down the arm: 0.07 of the
    // sleeve's pixels splayed out beside each arm
    for (const arm of [body.armL, body.armR])
      expect(offArm(result.layers.garment.data, W, body, arm)).toBeLessThan(0.02);
    // and down to the wrist (R11): the cuff stopped 0.55 of the forearm's width above the wrist's keypoint, as a
    // short sleeve's reach does, a band of bare forearm under it (before: 0 of the disc above each wrist covered, now 1)
    for (const arm of [body.armL, body.armR])
      expect(sleeveAtWrist(result.layers.garment.data, W, arm)).toBeGreaterThan(0.9);
    // and each sleeve's outer edge is smooth down the upper arm: the old tee's short sleeve standing off her right
    // upper arm was wrapped as the top's side (`wrapSides`), the sleeve's own pixels mirrored out over it, a ragged
    // stepped flap (round 21, part B3: WRAP_SLEEVE_PAST; before 0.075 spans at her right arm, now 0.013)
    for (const arm of [body.armL, body.armR]) {
      const flap = outerFlap(result.layers.garment.data, W, body, arm);
      console.log(`flap off the sleeve's outer edge: ${flap.toFixed(3)} spans`);
      expect(flap).toBeLessThan(0.03);
    }
    // and the cuffs at her hips do not carry the old top's fill below the new hem: the old skirt's waistband there
    // stays as it was (filled down to the cuffs' rows, a skin band 20 px tall over it: 1.00 of the strip painted; 0.18)
    expect(paintedBelowHem(await loadPerson('cgi-model-4'), result, body)).toBeLessThan(0.35);
    // nor beside the hands: the forearms' old-sleeve zone, on the body's side below the hem, was filled as skin over
    // the skirt, a block under the hem inside each cuff (round 12: 0.40 of the strip between them painted; now 0)
    expect(paintedBetweenForearms(await loadPerson('cgi-model-4'), result, body)).toBeLessThan(0.1);
  }, 60_000);

  it("leaves the skirt under a shirt's curved hem as it was, where the old top was a crop top above it", async () => {
    // cgi-model-4: a crop top over a high-waisted skirt; the shirt's tails rise at its sides above the hem's middle
    const { result, body } = await render('shirt-check', 'cgi-model-4');
    // the old top's end was looked for only from a quarter torso above the new hem (none: the old top "ran on"
    // into the skirt), so the skirt under the rising sides was filled as skin, pale pink corners
    // (0.77 of the rows 0.15 span above the hem's middle between the forearms, off the shirt, painted; now 0)
    expect(paintedBetweenForearms(await loadPerson('cgi-model-4'), result, body, -body.span * 0.15, 0)).toBeLessThan(
      0.1,
    );
  }, 60_000);

  it('bends a long sleeve round a folded elbow and joins it to the body at the shoulder (cgi-model-15)', async () => {
    // cgi-model-15: both elbows at her sides, the forearms bent up and out (the folded-arm strips)
    const { result, body, W } = await render('shirt-check', 'cgi-model-15');
    const strips = result.debug[0]?.strips ?? [];
    for (const { root, mid, end } of [body.armL, body.armR]) {
      // the forearm's strip starts across the elbow: its first section's half width is the sleeve's there
      const fore = strips.find((s) => {
        const [o, i] = [s.dOut[0], s.dIn[0]];
        return o && i && Math.hypot((o.x + i.x) / 2 - mid.x, (o.y + i.y) / 2 - mid.y) < 2;
      });
      expect(fore).toBeDefined();
      const [o, i] = [fore?.dOut[0] ?? mid, fore?.dIn[0] ?? mid];
      const half = Math.hypot(o.x - i.x, o.y - i.y) / 2;
      expect(half).toBeGreaterThan(body.span * 0.05);
      // every sleeve point past the elbow's end of the upper arm and before the forearm's start (the bend's outer
      // side): within the sleeve's half width of the elbow, a round bend. The upper sleeve ran on past the elbow
      // by 0.3 of the forearm's width, its square corner hanging below the arm: 1.22 and 1.13 x the half width
      // out; 1.00 now
      let worst = 0;
      for (const s of strips)
        for (const p of [...s.dOut, ...s.dIn]) {
          const [qx, qy] = [p.x - mid.x, p.y - mid.y];
          if (qx * (mid.x - root.x) + qy * (mid.y - root.y) <= 0) continue;
          if (qx * (end.x - mid.x) + qy * (end.y - mid.y) >= 0) continue;
          worst = Math.max(worst, Math.hypot(qx, qy) / half);
        }
      expect(worst).toBeLessThan(1.05);
    }
    // the forearm's sleeve about the forearm's middle in the mask (`foreMidEnd`): on her image-right forearm the
    // elbow-wrist line runs along its lower edge, the sleeve hung half its width below the arm (cut raggedly by the
    // garment's room, a square block at the elbow) and the arm's lit top rim showed above it: the mask's middle
    // across each inner section lay 0.50 of the sleeve's half width off the section's middle; 0.06 now
    expect(foreOffCentre(result, body.armR, W)).toBeLessThan(0.2);
    // the flat lay's seam bows off the straight line the upper sleeve starts on: the quads by it read the body
    // piece's pixels as none, a slit of the shoulder's skin between body and sleeve (`seamCloth`): 0.029 of the
    // seam's band bare at her left shoulder, now 0
    expect(seamGap(result, body, W)).toBeLessThan(0.01);
    // its sleeves set in at the flat lay's shoulder corners (round 17, part X3b): read at the armpits' columns, 71 px
    // down the sleeves, the seam's top left the sleeves' caps to the body piece, square corners standing above both
    // shoulders (1.69 spans of cloth above her outline, both sides); 0.84 now (the rest the right side's hair)
    expect(aboveShoulders(result, body, W)).toBeLessThan(1.2);
  }, 60_000);

  it("draws a folded arm's upper sleeve from its own cloth at its scale, not a narrow wedge magnified (cgi-model-15)", async () => {
    // the coat's flat-lay sleeve hangs from a seam nearly along its axis: across it below the armpit a wedge 14-19 px
    // wide, drawn 69 px across the upper arm (`wideFrom`). Each upper sleeve's inner sections (past the seam's
    // blend, before the elbow): drawn width over source width, their mean: 2.8 on her image-left arm before (a twill
    // blurred into a streaky block), 1.8 and 1.7 now
    const { result, body } = await render('coat-camel', 'cgi-model-15', 'outerwear');
    const strips = (result.debug[0]?.strips ?? []) as { so?: Point[]; si?: Point[]; dOut: Point[]; dIn: Point[] }[];
    for (const { root, mid } of [body.armL, body.armR]) {
      // the upper sleeve: its last section's middle at the elbow, its first by the shoulder
      const near = (p: Point | undefined, q: Point | undefined, c: Point, r: number) =>
        !!p && !!q && Math.hypot((p.x + q.x) / 2 - c.x, (p.y + q.y) / 2 - c.y) < r;
      const upper = strips.find(
        (s) =>
          near(s.dOut.at(-1), s.dIn.at(-1), mid, body.span * 0.1) &&
          near(s.dOut[0], s.dIn[0], root, body.span * 0.4) &&
          s.so &&
          s.si,
      );
      expect(upper).toBeDefined();
      const { so = [], si = [], dOut, dIn } = upper ?? { dOut: [], dIn: [] };
      const mags: number[] = [];
      for (let i = 3; i < dOut.length - 1; i++) {
        const [a, b, c, d] = [so[i], si[i], dOut[i], dIn[i]];
        if (!a || !b || !c || !d) continue;
        mags.push(Math.hypot(c.x - d.x, c.y - d.y) / Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)));
      }
      expect(mags.length).toBeGreaterThan(3);
      expect(mags.reduce((x, y) => x + y, 0) / mags.length).toBeLessThan(2.2);
      // its inner edge from the armpit down the arm (`armholeCut`): the armpit lies 110 px down the upper arm, and
      // the inner edge ran from it up and in over the body piece and back down, a block's corner over the chest:
      // above the armpit (along the arm), how far its inner ends lie past the armhole's line (the first section's,
      // shoulder's top to armpit) on the body's side: 26 / 39 px before, 0 now
      const [top, pit] = [dOut[0], dIn[0]];
      if (!top || !pit) throw new Error('no upper sleeve seam');
      const L = Math.hypot(mid.x - root.x, mid.y - root.y);
      const at = (p: Point) => ((p.x - root.x) * (mid.x - root.x) + (p.y - root.y) * (mid.y - root.y)) / L;
      const h = { x: pit.x - top.x, y: pit.y - top.y };
      const hl = Math.hypot(h.x, h.y) || 1;
      const across = (p: Point) => ((p.x - top.x) * h.y - (p.y - top.y) * h.x) / hl;
      const outSide = Math.sign(across(dOut[3] ?? top));
      let over = 0;
      for (const p of dIn.slice(1)) if (at(p) < at(pit)) over = Math.max(over, -outSide * across(p));
      expect(over).toBeLessThan(3);
    }
  }, 60_000);

  it("covers the outer side of a shoulder beside a folded arm's sleeve (cgi-model-15 mirrored)", async () => {
    // the mirrored photo: the shirt's sleeves set in at the corner (round 17, part X3b), the upper sleeve of a folded
    // arm ran straight down from the corner inside her rounded shoulder, a slit of skin outside it; now its cap
    // reaches out to her outline (`capOverShoulder`): bare share of the shoulders' band 0.159 / 0.080 -> 0.024 / 0.048
    const g = EVAL_GARMENTS.find((x) => x.id === 'shirt-check');
    if (!g) throw new Error('no eval garment shirt-check');
    const photo = await loadPerson('cgi-model-15');
    const person = personVariant('cgi-model-15', 'mirrored', photo, await cachedAnalysis(photo)).image;
    const analysis = await cachedAnalysis(person);
    const product = await productPhoto(g, 'flat-white');
    const result = await tryOn(nodeModelRuntime, person, [{ image: product.image, slot: 'top', source: 'laydown' }], {
      analysis,
    });
    const body = bodyFrom(result.analysis);
    const W = person.width;
    const garment = result.layers.garment.data;
    const mask = result.analysis.mask.data;
    for (const [sh, side] of [
      [body.shoulderL, -1],
      [body.shoulderR, 1],
    ] as const) {
      let n = 0;
      let bare = 0;
      for (let y = Math.round(sh.y - body.span * 0.1); y < sh.y + body.span * 0.25; y++)
        for (let k = 0; k <= body.span * 0.2; k++) {
          const x = Math.round(sh.x + side * k);
          if ((mask[y * W + x] ?? 0) < 128) continue;
          n++;
          if ((garment[y * W + x] ?? 0) < 128) bare++;
        }
      expect(bare / Math.max(1, n)).toBeLessThan(0.06);
    }
  }, 60_000);

  it("joins a raised arm's sleeve to the body at the shoulder: no skin through the seam, no step", async () => {
    // cgi-model-23: her right arm raised to her head
    const { result, body, W } = await render('longsleeve-breton', 'cgi-model-23');
    const raised = [body.armL, body.armR].filter((_, i) => body.armRaised[i]);
    expect(raised.length).toBe(1);
    // the arm in front of the body piece was cut out of it to past the joint, the sleeve starting at the seam
    // beside it: 0.38 of the shoulder left as skin
    for (const arm of raised) expect(bareShoulder(result.layers.garment.data, W, arm)).toBeLessThan(0.1);
    // the shoulder's cap (R11) was a square strip from behind the joint, its outer corner standing above the
    // shoulder's line (a stepped notch) and its first sections a sawtooth over the body piece: 0.14 of the band past
    // the sleeve's outer edge's line covered, now 0.01
    for (const arm of raised) expect(capStep(result, W, arm)).toBeLessThan(0.06);
  }, 60_000);
});
