/**
 * Legwear: stockings, tights, socks and boots (the same colour on the shin and over the foot) on
 * the legs. What a new bottom, dress or pair of shoes does not cover of them stays as it was: the engine has no
 * convincing bare leg to paint, and filling them made a brown, skin-like smear down to the ankles.
 */
import type { Body } from '../perception/body';
import type { RgbaImage } from '../core/types';
import { inCapsule } from './occlusion';

/** How close (r, g chromaticity) a thigh's pixel must be to the shin's legwear to be the same legwear. */
const SAME_WEAR = 0.045;
/** A shin is clothed when at most this share of it passes the skin test. */
const CLOTHED_SKIN_MAX = 0.35;
/** The gap between the shins is open (two legs, not a long skirt) when at most this share of it is in the mask. */
const GAP_FILLED_MAX = 0.5;
/** Shins together: the mask's run across them is at most their distance + this many shin widths (legs, not a skirt). */
const HUG = 1.4;
/** Legwear goes on over the foot: at least this share of the foot below the ankle is of the shin's colour. */
const ON_FOOT_MIN = 0.35;

/** The chromaticity (r, g over r + g + b) of a pixel. */
function chroma(d: RgbaImage['data'], o: number): [number, number] {
  const sum = (d[o] ?? 0) + (d[o + 1] ?? 0) + (d[o + 2] ?? 0) + 1;
  return [(d[o] ?? 0) / sum, (d[o + 1] ?? 0) / sum];
}

/**
 * Per leg: the legwear on its shin, read from what the photo shows (not the fixture): the shin (half-way from the
 * knee to three quarters of the way to the ankle, the middle of its width) mostly not skin, the same colour on
 * over the foot below the ankle, and the gap between the two shins open or the mask hugging them (a long skirt
 * or dress spans it: that is a garment to replace, not legwear). Returns the
 * pixels kept under a new garment: on a clothed leg, every non-skin mask pixel of the leg from the knee down
 * (a boot's shaft, a stocking, a trouser leg), and above the knee those of the same colour as the shin's
 * legwear (a thigh-high stocking, a legging), not the old shorts or skirt above them. With `endsAtAnkle`, a leg
 * whose wear ends at the ankle (leggings, slim trousers above a bare foot or a shoe) counts too (`legwearUnder`).
 */
export function legwearMap(image: RgbaImage, body: Body, skin: Uint8Array, endsAtAnkle = false): Uint8Array {
  const { width: W, height: H, mask } = body;
  const out = new Uint8Array(W * H);
  const d = image.data;
  const legs = [body.legL, body.legR];
  // the gap between the shins, at 60% from the knees to the ankles
  const at = (leg: Body['legL'], t: number) => ({
    x: leg.mid.x + (leg.end.x - leg.mid.x) * t,
    y: leg.mid.y + (leg.end.y - leg.mid.y) * t,
  });
  const a = at(body.legL, 0.6);
  const b = at(body.legR, 0.6);
  const gapY = Math.round((a.y + b.y) / 2);
  if (gapY < 0 || gapY >= H) return out;
  const wide = Math.max(body.legL.widthEnd, body.legR.widthEnd);
  const gx0 = Math.round(Math.min(a.x, b.x) + wide / 2);
  const gx1 = Math.round(Math.max(a.x, b.x) - wide / 2);
  if (gx1 - gx0 >= 2) {
    // shins apart: the middle of the gap between them must be mostly background (a long skirt spans it)
    let inGap = 0;
    for (let x = gx0; x <= gx1; x++) if ((mask[gapY * W + x] ?? 0) >= 128) inGap++;
    if (inGap / (gx1 - gx0 + 1) > GAP_FILLED_MAX) return out;
  } else {
    // shins together: the mask's run across them must hug the two legs (a long skirt is wider)
    let l = Math.round((a.x + b.x) / 2);
    let r = l;
    if ((mask[gapY * W + l] ?? 0) < 128) return out;
    while (l > 0 && (mask[gapY * W + l - 1] ?? 0) >= 128) l--;
    while (r < W - 1 && (mask[gapY * W + r + 1] ?? 0) >= 128) r++;
    if (r - l + 1 > Math.abs(a.x - b.x) + wide * HUG) return out;
  }
  for (const leg of legs) {
    // the shin's sample: its middle half across, from half-way to three quarters of the way down
    const r = Math.max(1, Math.round(leg.widthEnd * 0.25));
    let n = 0;
    let sk = 0;
    const cs: [number, number][] = [];
    for (let t = 0.5; t <= 0.75; t += 0.05) {
      const c = at(leg, t);
      for (let y = Math.round(c.y) - r; y <= Math.round(c.y) + r; y++) {
        for (let x = Math.round(c.x) - r; x <= Math.round(c.x) + r; x++) {
          if (x < 0 || y < 0 || x >= W || y >= H || (mask[y * W + x] ?? 0) < 128) continue;
          n++;
          if (skin[y * W + x]) sk++;
          else cs.push(chroma(d, (y * W + x) * 4));
        }
      }
    }
    if (n < 8 || sk / n > CLOTHED_SKIN_MAX) continue;
    const med = (k: 0 | 1) => cs.map((c) => c[k]).sort((p, q) => p - q)[cs.length >> 1] ?? 0;
    const wear: [number, number] = [med(0), med(1)];
    // ...and on over the foot (tights, stockings, boots, socks): trousers and leggings end at the ankle, above a
    // bare foot or a shoe of their own, and are the old bottom a new one replaces
    const other = leg === body.legL ? body.legR.end : body.legL.end;
    const w0 = Math.min(leg.widthEnd, body.span * 0.4);
    let feet = 0;
    let same = 0;
    for (let y = Math.round(leg.end.y + w0 * 0.25); y <= Math.min(H - 1, Math.round(leg.end.y + w0 * 1.6)); y++) {
      for (let x = Math.max(0, Math.round(leg.end.x - w0)); x <= Math.min(W - 1, Math.round(leg.end.x + w0)); x++) {
        const p = y * W + x;
        if ((mask[p] ?? 0) < 128) continue;
        if ((x - leg.end.x) ** 2 + (y - leg.end.y) ** 2 > (x - other.x) ** 2 + (y - other.y) ** 2) continue;
        feet++;
        if (skin[p]) continue;
        const [cr, cg] = chroma(d, p * 4);
        if (Math.hypot(cr - wear[0], cg - wear[1]) < SAME_WEAR * 1.5) same++;
      }
    }
    if (!endsAtAnkle && (feet < 8 || same / feet < ON_FOOT_MIN)) continue;
    const capR = leg.widthRoot * 0.62;
    const capE = leg.widthEnd * 0.62;
    const x0 = Math.max(0, Math.floor(Math.min(leg.root.x - capR, leg.mid.x - capR, leg.end.x - capE)));
    const x1 = Math.min(W - 1, Math.ceil(Math.max(leg.root.x + capR, leg.mid.x + capR, leg.end.x + capE)));
    const y0 = Math.max(0, Math.floor(Math.min(leg.root.y, leg.mid.y) - capR));
    const y1 = Math.min(H - 1, Math.ceil(leg.end.y + capE));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const p = y * W + x;
        if ((mask[p] ?? 0) < 128 || skin[p]) continue;
        if (inCapsule(x, y, leg.mid.x, leg.mid.y, leg.end.x, leg.end.y, capE)) {
          out[p] = 255;
          continue;
        }
        if (!inCapsule(x, y, leg.root.x, leg.root.y, leg.mid.x, leg.mid.y, capR)) continue;
        const [cr, cg] = chroma(d, p * 4);
        if (Math.hypot(cr - wear[0], cg - wear[1]) < SAME_WEAR) out[p] = 255;
      }
    }
  }
  return out;
}

/** A new bottom whose hem is above the knees by at least this share of the thigh (knee - hip) leaves the shins out. */
const SHORT_HEM = 0.15;

/**
 * What a new bottom leaves as it was on the legs: the legwear (`legwearMap`, once per photo), and under a bottom
 * whose hem is well above the knees (a mini skirt, shorts) the old bottom going on below it as leg-hugging wear
 * down to the ankle too (leggings: the same tests, but not on over the foot). Filled, leggings became a flat skin
 * column with their hems left at the ankles; kept, they are worn under the new skirt as they were.
 */
export function legwearUnder(
  image: RgbaImage,
  body: Body,
  skin: Uint8Array,
  legwear: Uint8Array,
  hemY: number,
): Uint8Array {
  const knee = Math.min(body.legL.mid.y, body.legR.mid.y);
  const hip = Math.max(body.legL.root.y, body.legR.root.y);
  if (hemY < 0 || hemY > knee - (knee - hip) * SHORT_HEM) return legwear;
  return legwearMap(image, body, skin, true);
}
