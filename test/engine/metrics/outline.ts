/**
 * The drawn garment's outline against what the eye calls broken (issue 38, round 3, "metrics against the eye"):
 * a pair of shoes drawn as one blob or slab, shoes that lost their own shape, shoes and boot shafts off the legs,
 * a sleeved garment drawn without its sleeves. Pure functions over the render's garment layer, the analysis and
 * the product's cut-out.
 */
import type { GrayImage } from '../../../shared/engine';
import type { MetricContext } from './context';
import { binary, eachArmPixel, segDist2 } from './pixels';

/** Connected parts of a 0/1 mask (4-connected) of at least `min` pixels: area and bounding box of each. */
function parts(
  bin: Uint8Array,
  w: number,
  h: number,
  min: number,
): { area: number; x0: number; y0: number; x1: number; y1: number }[] {
  const seen = new Uint8Array(w * h);
  const out: { area: number; x0: number; y0: number; x1: number; y1: number }[] = [];
  const stack: number[] = [];
  for (let s = 0; s < w * h; s++) {
    if (!bin[s] || seen[s]) continue;
    seen[s] = 1;
    stack.push(s);
    const p = { area: 0, x0: w, y0: h, x1: -1, y1: -1 };
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      p.area++;
      p.x0 = Math.min(p.x0, x);
      p.x1 = Math.max(p.x1, x);
      p.y0 = Math.min(p.y0, y);
      p.y1 = Math.max(p.y1, y);
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
        if (j >= 0 && bin[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    if (p.area >= min) out.push(p);
  }
  return out;
}

/** Area over bounding-box area, weighted by area, of the parts of a mask (1: solid boxes). */
function solidity(ps: { area: number; x0: number; y0: number; x1: number; y1: number }[]): number | null {
  let a = 0;
  let s = 0;
  for (const p of ps) {
    a += p.area;
    s += (p.area * p.area) / ((p.x1 - p.x0 + 1) * (p.y1 - p.y0 + 1));
  }
  return a ? s / a : null;
}

/**
 * Shoes that lost their own shape: how much more solid (area over bounding box) the drawn shoes are than the
 * product's shoes. A heel's cut-out is hollow under the arch (about 0.5 of its box), a boot's an L; a shoe drawn
 * as a slipper blob or a slab fills its box (0.8 and more). null when the product's shoes are not found.
 */
export function shoeShape(ctx: MetricContext, productAlpha: GrayImage | null): number | null {
  if (!productAlpha) return null;
  const { garment, width: W, height: H } = ctx;
  const pb = binary(productAlpha.data);
  const pa = pb.reduce((a, v) => a + v, 0);
  const prod = solidity(parts(pb, productAlpha.width, productAlpha.height, Math.max(20, pa * 0.05)));
  const gb = binary(garment);
  const ga = gb.reduce((a, v) => a + v, 0);
  const drawn = solidity(parts(gb, W, H, Math.max(20, ga * 0.05)));
  if (prod === null || drawn === null) return null;
  return drawn - prod;
}

/**
 * Shoes merged: the product's shoes (its parts of at least 5% of its area) less the drawn ones. A pair drawn as one
 * slab over both feet, or one shoe stacked on the other, is 1 (the eye sees one boot); 0 when each shoe is its own.
 */
export function shoesMerged(ctx: MetricContext, productAlpha: GrayImage | null): number | null {
  if (!productAlpha) return null;
  const pb = binary(productAlpha.data);
  const pa = pb.reduce((a, v) => a + v, 0);
  const prod = parts(pb, productAlpha.width, productAlpha.height, Math.max(20, pa * 0.05)).length;
  const gb = binary(ctx.garment);
  const ga = gb.reduce((a, v) => a + v, 0);
  const drawn = parts(gb, ctx.width, ctx.height, Math.max(20, ga * 0.05)).length;
  return Math.max(0, prod - drawn);
}

/**
 * Shoes off the legs: the share of the drawn shoes outside the person's silhouette (dilated by 4% of the shoulder
 * span; the sole's own width and a boot's shaft round the calf fit in it): a shaft standing beside the leg, a slab
 * between crossed legs, a shoe on the floor below the foot.
 */
export function shoeOffLeg(ctx: MetricContext): number | null {
  const { garment, body, width: W, height: H } = ctx;
  const r = Math.max(2, Math.round(body.span * 0.04));
  // the silhouette dilated by r (a square, separable: rows then columns)
  const sil = binary(body.mask);
  const rows = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    let last = -Infinity;
    for (let x = 0; x < W; x++) {
      if (sil[y * W + x]) last = x;
      if (x - last <= r) rows[y * W + x] = 1;
    }
    last = Infinity;
    for (let x = W - 1; x >= 0; x--) {
      if (sil[y * W + x]) last = x;
      if (last - x <= r) rows[y * W + x] = 1;
    }
  }
  let n = 0;
  let off = 0;
  for (let x = 0; x < W; x++) {
    let last = -Infinity;
    const near = new Uint8Array(H);
    for (let y = 0; y < H; y++) {
      if (rows[y * W + x]) last = y;
      if (y - last <= r) near[y] = 1;
    }
    last = Infinity;
    for (let y = H - 1; y >= 0; y--) {
      if (rows[y * W + x]) last = y;
      if (last - y <= r) near[y] = 1;
    }
    for (let y = 0; y < H; y++) {
      if (garment[y * W + x]! < 128) continue;
      n++;
      if (!near[y]) off++;
    }
  }
  return n ? off / n : null;
}

/**
 * Sleeves drawn on a sleeved garment: per arm, the share of the upper arm's top part (0.1 to 0.4 of the way from
 * the shoulder to the elbow, 0.8 x its width, outside the torso's quadrilateral, in the person's mask) under the
 * garment; the smaller arm's. A coat drawn as a vest or a sleeve missing scores low.
 */
export function sleevesDrawn(ctx: MetricContext): number {
  const { body, garment } = ctx;
  let worst = 1;
  for (const arm of [body.armL, body.armR]) {
    const r = arm.widthRoot * 0.4;
    const at = (t: number) => ({
      x: arm.root.x + (arm.mid.x - arm.root.x) * t,
      y: arm.root.y + (arm.mid.y - arm.root.y) * t,
    });
    const a = at(0.1);
    const b = at(0.4);
    let n = 0;
    let on = 0;
    eachArmPixel(ctx, a, b, r, (i) => {
      n++;
      if (garment[i]! >= 128) on++;
    });
    if (n >= 20) worst = Math.min(worst, on / n);
  }
  return worst;
}

/**
 * Boot shafts on the legs: the legs' shins (each shin's axis, 0.5 x its width at the ankle, in the person's mask)
 * from the drawn shoes' top row down to the ankles: the share under the shoes, the smaller leg's. A shaft standing
 * beside the leg (the shin shows beside it), or one shaft over both legs with the other bare, scores low. null
 * when the shoes do not reach above the ankles (a trainer, a heel).
 */
export function shaftOnLeg(ctx: MetricContext): number | null {
  const { body, garment, width: W, height: H } = ctx;
  let top = H;
  for (let i = 0; i < garment.length && top === H; i++) if (garment[i]! >= 128) top = Math.floor(i / W);
  let worst: number | null = null;
  for (const leg of [body.legL, body.legR]) {
    const r = leg.widthEnd * 0.5;
    const y1 = Math.min(H - 1, Math.floor(leg.end.y));
    if (y1 - top < r) continue;
    let n = 0;
    let on = 0;
    const x0 = Math.max(0, Math.floor(Math.min(leg.mid.x, leg.end.x) - r));
    const x1 = Math.min(W - 1, Math.ceil(Math.max(leg.mid.x, leg.end.x) + r));
    for (let y = Math.max(0, top); y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (segDist2(x, y, leg.mid, leg.end) > r * r) continue;
        const i = y * W + x;
        if (body.mask[i]! < 128) continue;
        n++;
        if (garment[i]! >= 128) on++;
      }
    }
    if (n >= 20) worst = Math.min(worst ?? 1, on / n);
  }
  return worst;
}

/**
 * Trouser legs merged: the background the photo shows between the legs (outside the person's mask, between the
 * two legs' axes, from 0.35 of the way from the hips to the knees down to the drawn garment's lowest row) that
 * the garment covers. Trousers drawn as one slab or a skirt fill it; two legs leave it. null when the photo shows
 * less than a few pixels' gap there (legs together).
 */
export function legGapFilled(ctx: MetricContext): number | null {
  const { body, garment, width: W, height: H } = ctx;
  let bottom = -1;
  for (let i = garment.length - 1; i >= 0 && bottom < 0; i--) if (garment[i]! >= 128) bottom = Math.floor(i / W);
  const hip = body.pelvis.y;
  const knee = (body.legL.mid.y + body.legR.mid.y) / 2;
  const y0 = Math.max(0, Math.round(hip + (knee - hip) * 0.35));
  const y1 = Math.min(H - 1, bottom - Math.round((knee - hip) * 0.05));
  let n = 0;
  let filled = 0;
  const axisX = (leg: typeof body.legL, y: number) => {
    const [a, b] = y <= leg.mid.y ? [leg.root, leg.mid] : [leg.mid, leg.end];
    return a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y || 1);
  };
  for (let y = y0; y <= y1; y++) {
    const a = axisX(body.legL, y);
    const b = axisX(body.legR, y);
    for (let x = Math.max(0, Math.ceil(Math.min(a, b))); x <= Math.min(W - 1, Math.floor(Math.max(a, b))); x++) {
      const i = y * W + x;
      if (body.mask[i]! >= 128) continue;
      n++;
      if (garment[i]! >= 128) filled++;
    }
  }
  return n >= body.span * body.span * 0.02 ? filled / n : null;
}
