/** Legs and feet: legwear and shoes kept unless the new garment covers them; new shoes on the feet. */
import type { EngineSlot } from '../../../shared/engine';
import type { MetricContext } from './context';
import { polygonMask, segDist2, unchanged, type Polygon } from './pixels';
import { REPLACES } from './cover';

/** Each foot's window: around and below its ankle, the pixels nearer this ankle than the other one. */
function footWindow(ctx: MetricContext, side: 0 | 1) {
  const { body } = ctx;
  const legs = [body.legL, body.legR] as const;
  const ankle = legs[side].end;
  const other = legs[1 - side]!.end;
  const s = body.span;
  return {
    ankle,
    x0: Math.max(0, Math.floor(ankle.x - s * 0.4)),
    x1: Math.min(ctx.width - 1, Math.ceil(ankle.x + s * 0.4)),
    y0: Math.max(0, Math.floor(ankle.y - s * 0.15)),
    y1: Math.min(ctx.height - 1, Math.ceil(ankle.y + s * 0.5)),
    mine: (x: number, y: number) => (x - ankle.x) ** 2 + (y - ankle.y) ** 2 <= (x - other.x) ** 2 + (y - other.y) ** 2,
  };
}

/**
 * Legwear and shoes untouched: the shins (knee to ankle) and the feet (the person's mask below each ankle), left
 * out where the new garment covers them (coverage >= 32) and where old clothes it replaces were labelled (they are
 * meant to change); share of the rest that the render shows unchanged. Stockings, boots, socks and old shoes
 * repainted as skin score low. For new shoes, the feet are theirs: only the shins count (down to a third of the
 * shin's width above the ankle). null when nothing is left to count.
 */
export function legsKept(
  ctx: MetricContext,
  slot: EngineSlot,
  clothes: Partial<Record<EngineSlot, Polygon[]>> | undefined,
): number | null {
  const { body, person, result, garment, width: W, height: H } = ctx;
  const replaced = clothes
    ? polygonMask(
        [...REPLACES[slot].whole, ...REPLACES[slot].within].flatMap((s) => clothes[s] ?? []),
        W,
        H,
      )
    : new Uint8Array(W * H);
  let n = 0;
  let kept = 0;
  const visit = (x: number, y: number) => {
    const i = y * W + x;
    if (body.mask[i]! < 128 || garment[i]! >= 32 || replaced[i]) return;
    n++;
    if (unchanged(person, result, i)) kept++;
  };
  for (const leg of [body.legL, body.legR]) {
    const r = leg.widthEnd * 0.5;
    // new shoes: the shin down to a third of its width above the ankle (the shoe's collar is the shoe's)
    const len = Math.hypot(leg.mid.x - leg.end.x, leg.mid.y - leg.end.y) || 1;
    const back = slot === 'shoes' ? Math.min(0.9, (leg.widthEnd * 0.35) / len) : 0;
    const stop = { x: leg.end.x + (leg.mid.x - leg.end.x) * back, y: leg.end.y + (leg.mid.y - leg.end.y) * back };
    const x0 = Math.max(0, Math.floor(Math.min(leg.mid.x, stop.x) - r));
    const x1 = Math.min(W - 1, Math.ceil(Math.max(leg.mid.x, stop.x) + r));
    const y0 = Math.max(0, Math.floor(Math.min(leg.mid.y, stop.y) - r));
    const y1 = Math.min(H - 1, Math.ceil(Math.max(leg.mid.y, stop.y) + r));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) if (segDist2(x, y, leg.mid, stop) <= r * r) visit(x, y);
  }
  if (slot !== 'shoes') {
    for (const side of [0, 1] as const) {
      const f = footWindow(ctx, side);
      for (let y = Math.max(f.y0, Math.ceil(f.ankle.y)); y <= f.y1; y++)
        for (let x = f.x0; x <= f.x1; x++) if (f.mine(x, y)) visit(x, y);
    }
  }
  return n ? kept / n : null;
}

/**
 * New shoes on the feet: per foot, the shoe drawn in its window (garment pixels nearer this ankle) against the
 * foot: its columns must take in the ankle's column, its top must be no lower than a little below the ankle,
 * and its bottom must reach the sole (the person mask's lowest row in the window). The largest of those gaps
 * over both feet, in shoulder spans; 1 when a foot has no shoe at all. Feet one behind the other whose ankle
 * keypoints lie within FEET_STACKED spans of each other (both on the front leg: the pose model cannot tell the back
 * ankle) are one window: the line between such points splits one foot, not two; the shoes are measured together.
 */
export function shoeOffset(ctx: MetricContext): number {
  const { body } = ctx;
  const a = body.legL.end;
  const b = body.legR.end;
  if (Math.hypot(a.x - b.x, a.y - b.y) < body.span * FEET_STACKED) return shoeGap(ctx, bothFeet(ctx));
  let worst = 0;
  for (const side of [0, 1] as const) worst = Math.max(worst, shoeGap(ctx, footWindow(ctx, side)));
  return worst;
}

/** Ankle keypoints nearer than this (shoulder spans) are one stacked pair of feet to the shoe metric. */
export const FEET_STACKED = 0.2;

/** The window of both feet at once: the ankles' mean point, from the higher ankle down. */
function bothFeet(ctx: MetricContext): FootWindow {
  const { body } = ctx;
  const a = body.legL.end;
  const b = body.legR.end;
  const s = body.span;
  const ankle = { x: (a.x + b.x) / 2, y: Math.min(a.y, b.y) };
  return {
    ankle,
    x0: Math.max(0, Math.floor(Math.min(a.x, b.x) - s * 0.4)),
    x1: Math.min(ctx.width - 1, Math.ceil(Math.max(a.x, b.x) + s * 0.4)),
    y0: Math.max(0, Math.floor(ankle.y - s * 0.15)),
    y1: Math.min(ctx.height - 1, Math.ceil(Math.max(a.y, b.y) + s * 0.5)),
    mine: () => true,
  };
}

type FootWindow = ReturnType<typeof footWindow>;

/** One window's gap between its shoe and its foot (see `shoeOffset`), 1 when it has no shoe. */
function shoeGap(ctx: MetricContext, f: FootWindow): number {
  const { body, garment, width: W } = ctx;
  let sx0 = Infinity;
  let sx1 = -Infinity;
  let sy0 = Infinity;
  let sy1 = -Infinity;
  let sole = -Infinity;
  for (let y = f.y0; y <= f.y1; y++) {
    for (let x = f.x0; x <= f.x1; x++) {
      if (!f.mine(x, y)) continue;
      const i = y * W + x;
      if (body.mask[i]! >= 128 && y > f.ankle.y && Math.abs(x - f.ankle.x) < body.span * 0.3) sole = Math.max(sole, y);
      if (garment[i]! < 128) continue;
      sx0 = Math.min(sx0, x);
      sx1 = Math.max(sx1, x);
      sy0 = Math.min(sy0, y);
      sy1 = Math.max(sy1, y);
    }
  }
  if (sx1 < sx0) return 1;
  const s = body.span;
  const horiz = Math.max(0, sx0 - f.ankle.x, f.ankle.x - sx1);
  const top = Math.max(0, sy0 - (f.ankle.y + s * 0.08));
  const soleGap = sole > -Infinity ? Math.abs(sy1 - sole) : 0;
  return Math.max(horiz, top, soleGap) / s;
}
