/**
 * The garment's own shape, per category: a sleeveless top leaves the shoulders and upper arms as they were; a
 * coat or dress reaches the length its own proportions give (against the knee and ankle keypoints); a skirt or a
 * dress is one piece across the gap between the legs; wide legs stay wide. Also the hem's tilt (a rotated
 * product photo drawn tilted).
 */
import type { GrayImage } from '../../../shared/engine';
import type { Body } from '../../../shared/engine/perception/body';
import type { MetricContext } from './context';
import { eachArmPixel, skinAt, unchanged } from './pixels';

/**
 * A sleeveless garment: share of the shoulders and upper arms (the upper arm's capsule outside the torso's
 * quadrilateral, in the person's mask, on the outer side of the arm's axis: away from the torso's centre) that
 * shows no garment and is either the photo's own pixel or skin (an old sleeve bared). A boxy sack over the
 * shoulders, a sleeve drawn on the arm or a smeared patch over it scores low. The inner side is left out: there
 * the torso's own side (a bust or a back turned three-quarters, the armpit) runs past the line from the shoulder
 * joint to the hip joint, and a bodice or a tank's armhole rightly covers it.
 */
export function shouldersKept(ctx: MetricContext): number {
  const { body, person, result, skin, garment, width: W } = ctx;
  const cx = (body.neck.x + body.pelvis.x) / 2;
  const cy = (body.neck.y + body.pelvis.y) / 2;
  let n = 0;
  let kept = 0;
  for (const arm of [body.armL, body.armR]) {
    const r = arm.widthRoot * 0.55;
    const dx = arm.mid.x - arm.root.x;
    const dy = arm.mid.y - arm.root.y;
    const a = { x: arm.root.x, y: arm.root.y - r * 0.3 };
    const b = { x: arm.root.x + dx * 0.7, y: arm.root.y + dy * 0.7 };
    // which side of the axis (shoulder to elbow) the torso's centre is on
    const cross = (x: number, y: number) => Math.sign(dx * (y - arm.root.y) - dy * (x - arm.root.x));
    const inner = cross(cx, cy);
    eachArmPixel(ctx, a, b, r, (i) => {
      const x = i % W;
      if (cross(x, (i - x) / W) === inner) return;
      n++;
      if (garment[i]! < 128 && (unchanged(person, result, i) || skinAt(skin, result, i))) kept++;
    });
  }
  return n ? kept / n : 1;
}

/** The knee and ankle rows (both legs' mean) and the hips'. */
function legRows(body: Body) {
  return {
    hip: body.pelvis.y,
    knee: (body.legL.mid.y + body.legR.mid.y) / 2,
    ankle: (body.legL.end.y + body.legR.end.y) / 2,
  };
}

/** A row as a length on the legs: 0 at the hips, 1 at the knees, 2 at the ankles (linear between, beyond too). */
export function lengthAt(body: Body, y: number): number {
  const { hip, knee, ankle } = legRows(body);
  if (y <= knee) return (y - hip) / Math.max(1, knee - hip);
  return 1 + (y - knee) / Math.max(1, ankle - knee);
}

/** The garment's lowest row with at least a tenth of a span of it (its hem), or null. */
export function hemRow(ctx: MetricContext): number | null {
  const { garment, body, width: W, height: H } = ctx;
  const min = Math.max(3, Math.round(body.span * 0.1));
  for (let y = H - 1; y >= 0; y--) {
    let n = 0;
    for (let x = 0; x < W; x++) if (garment[y * W + x]! >= 128) n++;
    if (n >= min) return y;
  }
  return null;
}

/** The hem's length on the legs (0 hips, 1 knees, 2 ankles) minus the garment's own; null without a hem. */
export function lengthError(ctx: MetricContext, intended: number): number | null {
  const hem = hemRow(ctx);
  return hem === null ? null : lengthAt(ctx.body, hem) - intended;
}

/** A leg's axis x at row y (hip -> knee -> ankle), or null outside it. */
function legX(leg: Body['legL'], y: number): number | null {
  const seg = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    b.y === a.y ? null : a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y);
  if (y >= leg.root.y && y <= leg.mid.y) return seg(leg.root, leg.mid);
  if (y > leg.mid.y && y <= leg.end.y) return seg(leg.mid, leg.end);
  return null;
}

/**
 * A skirt or a dress as one piece: from a quarter of the way from the hips to the knees down to a little above
 * the hem, the share of the pixels between the two legs' axes that no garment covers (a skirt clipped to each
 * leg: culottes, a jumpsuit). null without a hem below the crotch.
 */
export function legGapOpen(ctx: MetricContext): number | null {
  const { body, garment, width: W } = ctx;
  const hem = hemRow(ctx);
  if (hem === null) return null;
  const { hip, knee } = legRows(body);
  const y0 = Math.round(hip + (knee - hip) * 0.25);
  const y1 = Math.round(hem - (knee - hip) * 0.08);
  if (y1 <= y0) return null;
  let n = 0;
  let open = 0;
  for (let y = y0; y <= y1; y++) {
    const a = legX(body.legL, y);
    const b = legX(body.legR, y);
    if (a === null || b === null) continue;
    for (let x = Math.ceil(Math.min(a, b)); x <= Math.floor(Math.max(a, b)); x++) {
      if (x < 0 || x >= W) continue;
      n++;
      if (garment[y * W + x]! < 128) open++;
    }
  }
  return n ? open / n : null;
}

/** Runs of set pixels on row y of a binary mask: [start, end]. */
function runs(bin: (x: number) => boolean, w: number): [number, number][] {
  const out: [number, number][] = [];
  let s = -1;
  for (let x = 0; x <= w; x++) {
    const on = x < w && bin(x);
    if (on && s < 0) s = x;
    if (!on && s >= 0) {
      out.push([s, x - 1]);
      s = -1;
    }
  }
  return out;
}

/**
 * A pair of trousers' hem-to-waist width: the mean width of its two widest runs near the hem (10% of its height
 * above the last row) over its width at the waist (5% below its first row). null when it has no two legs there.
 */
export function hemToWaist(alpha: GrayImage): number | null {
  const { width: W, height: H, data } = alpha;
  let y0 = -1;
  let y1 = -1;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (data[y * W + x]! >= 128) {
        if (y0 < 0) y0 = y;
        y1 = y;
        break;
      }
    }
  }
  if (y0 < 0 || y1 - y0 < 10) return null;
  const rowRuns = (y: number) => runs((x) => data[y * W + x]! >= 128, W).filter(([a, b]) => b - a >= 2);
  const waist = rowRuns(Math.round(y0 + (y1 - y0) * 0.05));
  if (!waist.length) return null;
  const waistW = waist[waist.length - 1]![1] - waist[0]![0] + 1;
  const legs = rowRuns(Math.round(y1 - (y1 - y0) * 0.1))
    .map(([a, b]) => b - a + 1)
    .sort((a, b) => b - a);
  if (legs.length < 2) return null;
  return (legs[0]! + legs[1]!) / 2 / waistW;
}

/**
 * Wide legs stay wide: the drawn trousers' hem-to-waist ratio over the product's. null when either has no two
 * legs near the hem.
 */
export function legWidthRatio(ctx: MetricContext, productAlpha: GrayImage | null): number | null {
  if (!productAlpha) return null;
  const own = hemToWaist(productAlpha);
  const drawn = hemToWaist({ width: ctx.width, height: ctx.height, data: ctx.garment });
  return own && drawn ? drawn / own : null;
}

/**
 * The drawn garment's hem tilt, in degrees, against the level or the hips' line, whichever is nearer: a line
 * through the medians of the lowest garment pixel of each column in the left and right halves of the columns
 * between the hip joints (a rotated product photo left tilted). null when too few columns have garment.
 */
export function hemTilt(ctx: MetricContext): number | null {
  const { garment, body, width: W, height: H } = ctx;
  // the torso's columns only (between the hip joints, 10% in): a sleeve's cuff is no hem
  const l = Math.min(body.hipL.x, body.hipR.x);
  const r = Math.max(body.hipL.x, body.hipR.x);
  const a = Math.max(0, Math.round(l + (r - l) * 0.1));
  const b = Math.min(W - 1, Math.round(r - (r - l) * 0.1));
  if (b - a < 10) return null;
  const pts: [number, number][] = [];
  for (let x = a; x <= b; x++) {
    for (let y = H - 1; y >= 0; y--) {
      if (garment[y * W + x]! >= 128) {
        pts.push([x, y]);
        break;
      }
    }
  }
  if (pts.length < 10) return null;
  // the slope between the medians of the left and right halves: a slit or a notch in a few columns moves neither
  const half = pts.length >> 1;
  const mid = (v: [number, number][]) => {
    const ys = v.map((p) => p[1]).sort((p, q) => p - q);
    const xs = v.map((p) => p[0]).sort((p, q) => p - q);
    return { x: xs[xs.length >> 1]!, y: ys[ys.length >> 1]! };
  };
  const L = mid(pts.slice(0, half));
  const R = mid(pts.slice(half));
  const hemDeg = (Math.atan2(R.y - L.y, R.x - L.x || 1) * 180) / Math.PI;
  const hipDeg = (Math.atan2(body.hipR.y - body.hipL.y, body.hipR.x - body.hipL.x) * 180) / Math.PI;
  // a hem hangs level, or follows hips that tilt (a weight-bearing leg): the nearer of the two
  return Math.min(Math.abs(hemDeg), Math.abs(hemDeg - hipDeg));
}
