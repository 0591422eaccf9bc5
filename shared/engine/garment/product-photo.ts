/**
 * A shop's product photo, cleaned before the garment is read (issue 38): what a camera adds around a garment is not
 * cloth. Three corrections, each decided by what the picture shows:
 * - a soft drop shadow on a plain background (darker background of the same hue, reached from the background by a
 *   gradual change, never across the garment's edge) is background, not grey cloth under the hem;
 * - a hanger's hook (thin runs centred above the garment's top, not in its colour) is not a neckline; a clip
 *   hanger over a bottom's waistband (bar, hook, clips, the background they close off) is not cloth;
 * - a photo taken askew is turned upright: the angle that makes the outline most left-right symmetric (garments
 *   are cut symmetric), when it beats upright clearly.
 */
import { gaussianish, newGray, newRgba } from '../core/image-ops';
import type { GrayImage, RgbaImage } from '../core/types';

/** The thresholds of the three corrections (one place). */
export const PRODUCT_PHOTO = {
  /** A shadow pixel is 45-100% as bright as the background... */
  shadowMinRatio: 0.45,
  /** ...with the background's hue: chromaticity within this of the background's. */
  shadowChroma: 0.035,
  /** ...and reached by a gradual change: at most this many grey levels between neighbours. */
  shadowStep: 7,
  /** ...and at most this share of what the background's own flood left as foreground. */
  shadowMaxShare: 0.3,
  /** A hook: rows above the garment's first wide row whose runs are narrower than this share of its width... */
  hookMaxWidth: 0.1,
  /** ...and centred: within this share of the width from the outline's centre column. */
  hookCentre: 0.16,
  /** ...in a colour this far (largest channel difference) from the garment's just below. */
  hookColour: 40,
  /** Angles searched (degrees either way) and the smallest tilt worth undoing. */
  maxTilt: 20,
  minTilt: 2,
  /** Symmetry must beat upright by this much (share of the area) for a turn. */
  symmetryGain: 0.04,
  /**
   * What fills a neck opening (a ghost mannequin's inside back, the background a hanger's bar closes off): a
   * region grown from the centre column near the top by colour steps of at most `neckStep` and within
   * `neckSpread` of its seed...
   */
  neckStep: 8,
  neckSpread: 28,
  /** ...of 0.2-12% of the garment's area, at most 0.6 of its width, centred, above its middle... */
  neckMinArea: 0.002,
  neckMaxArea: 0.12,
  neckMaxWidth: 0.6,
  /** ...solid (this share of its box at least), meeting the background beside or below it along at most this
   * share of its width... */
  neckFill: 0.4,
  neckSideBg: 0.15,
  /** ...open at the top (its top within this share of the height below the outline's top edge: a hanger's bar)... */
  neckOpenTop: 0.06,
  /** ...closed below by the garment's front, in a colour this far from it (largest channel difference). */
  neckContrast: 28,
  /**
   * Where the region grows past `neckMaxArea` by shade alone, or the front below it is within `neckContrast`, it is
   * grown again with its hue too: a navy blazer's dark grey inside back is within `neckSpread` of its front (20
   * levels, in the blue) and grew into it. A pixel's chroma (r - g, (r + g) / 2 - b) at most `neckChromaSpread`
   * from the seed's (or this share of the seed's own chroma, a shaded saturated colour) joins it; the front is then
   * another colour at `neckChromaContrast` of chroma too.
   */
  neckChromaSpread: 12,
  neckChromaShare: 0.25,
  neckChromaContrast: 15,
  /**
   * A clip hanger over a bottom's waistband: near its top (within `clipTop` of the height) a bar, rows at least
   * `clipBarWidth` of the garment's width wide that are mostly (`clipBarShare`) dark and grey (channels within
   * `clipGrey`, brightness under `clipDark`), where the garment's own body is mostly not (under `clipBodyShare`)...
   */
  clipTop: 0.15,
  clipBarWidth: 0.3,
  clipBarShare: 0.6,
  clipGrey: 22,
  clipDark: 100,
  clipBodyShare: 0.2,
  /** ...the waistband's first row below it: most (`clipClothShare`) of the row neither bar grey nor background. */
  clipClothShare: 0.6,
  /** ...with a row between mostly (`clipGapShare`) the background's colour (closed off by the bar and clips). */
  clipGapShare: 0.5,
  /** The clips over the waistband: dark grey runs below it no wider than this share of the garment's width. */
  clipMaxWidth: 0.06,
  /**
   * A ghost mannequin's inside back above a sleeveless body (removeInsideBack): at least this share of the
   * garment's width, at most this share of its height, its colour this far from the body's (largest channel
   * difference of the medians)...
   */
  backMinWidth: 0.25,
  backMaxHeight: 0.4,
  backContrast: 20,
  /**
   * A hanger's ends beside a sleeveless garment's straps (removeHangerEnds): a lobe of the outline's side starting
   * within `endTop` of the height below its top, at most `endMaxHeight` of the height tall, out by at least
   * `endMinOut` of the width (and 3 px) past the side's innermost point over the next `endBelow` of the height, in a
   * colour this far (largest channel difference) from the cloth just inside it.
   */
  endTop: 0.06,
  endMaxHeight: 0.04,
  endMinOut: 0.025,
  endBelow: 0.05,
  endColour: 18,
  /**
   * A hanger's ends beside a sleeved garment's shoulders (removeShoulderNubs, only where a hanger was seen: its hook
   * or its bar across the neck): within `nubTop` of the height below the outline's top, a bump of the side at most
   * `nubMaxHeight` of the height tall, standing out by at least `nubMinOut` of the width (and 4 px) past the side
   * both above and below it within that height, in a colour `endColour` from the cloth just inside it. The sleeve's
   * edge runs on out below it, so the side steps back in only a little (7-9 px on the shirt and the puffer).
   */
  nubTop: 0.25,
  nubMaxHeight: 0.05,
  nubMinOut: 0.008,
  /** ...and its root inside that line: pixels further than this from every cloth sample just inside it. */
  nubTone: 30,
} as const;

/** The mark growIntoShadow leaves on a shadow pixel in the background map (1: the background's own colour). */
export const SHADOW = 2;

const lum = (d: Uint8ClampedArray | Uint8Array, o: number) => ((d[o] ?? 0) + (d[o + 1] ?? 0) + (d[o + 2] ?? 0)) / 3;

/** Push the pixels of isBg (the first n) that are background (non-zero) onto `stack` in order; returns how many. */
function backgroundSeeds(isBg: Uint8Array, n: number, stack: Int32Array): number {
  let sp = 0;
  for (let i = 0; i < n; i++) if (isBg[i]) stack[sp++] = i;
  return sp;
}

/**
 * `growIntoShadow`'s flood (a top-level function, so that its per-pixel work is optimised from a render's start:
 * inside `growIntoShadow`, with its tests as closures, it ran interpreted until an on-stack replacement, every
 * render): in an image w px wide of n pixels, from the `sp` pixels on `stack`, into 4-neighbours (left, right, up,
 * down) not yet background whose lightness steps by at most `shadowStep / enlarged`, that are `shadowLike` and
 * `smoothAt`; each marked SHADOW and pushed onto `added` and the stack.
 */
function shadowFlood(
  d: Uint8ClampedArray | Uint8Array,
  w: number,
  n: number,
  isBg: Uint8Array,
  stack: Int32Array,
  sp: number,
  bg: { r: number; g: number; b: number; cr: number; cg: number; lum: number },
  tolerance: number,
  enlarged: number,
  added: number[],
): void {
  while (sp > 0) {
    const p = stack[--sp] ?? 0;
    const x = p % w;
    for (let k = 0; k < 4; k++) {
      let to: number;
      if (k === 0) {
        if (x <= 0) continue;
        to = p - 1;
      } else if (k === 1) {
        if (x >= w - 1) continue;
        to = p + 1;
      } else if (k === 2) {
        if (p < w) continue;
        to = p - w;
      } else {
        if (p >= n - w) continue;
        to = p + w;
      }
      if (isBg[to] || Math.abs(lum(d, p * 4) - lum(d, to * 4)) > PRODUCT_PHOTO.shadowStep / enlarged) continue;
      if (!shadowLike(d, to, bg, tolerance) || !smoothAt(d, to, w, n, enlarged)) continue;
      isBg[to] = SHADOW;
      added.push(to);
      stack[sp++] = to;
    }
  }
}

/** Pixel i darker than the background (down to `shadowMinRatio`) in its chromaticity, and not the background's own colour. */
function shadowLike(
  d: Uint8ClampedArray | Uint8Array,
  i: number,
  bg: { r: number; g: number; b: number; cr: number; cg: number; lum: number },
  tolerance: number,
): boolean {
  const o = i * 4;
  const s = (d[o] ?? 0) + (d[o + 1] ?? 0) + (d[o + 2] ?? 0);
  if (s <= 0) return false;
  const ratio = s / 3 / bg.lum;
  if (ratio < PRODUCT_PHOTO.shadowMinRatio || ratio > 1.02) return false;
  // as light as the background (within the cut-out's tolerance) yet not reached by its flood: enclosed by the
  // garment's outline, so part of the garment (a white shirt on white)
  if (
    Math.max(Math.abs((d[o] ?? 0) - bg.r), Math.abs((d[o + 1] ?? 0) - bg.g), Math.abs((d[o + 2] ?? 0) - bg.b)) <=
    tolerance
  )
    return false;
  return (
    Math.abs((d[o] ?? 0) / s - bg.cr) <= PRODUCT_PHOTO.shadowChroma &&
    Math.abs((d[o + 1] ?? 0) / s - bg.cg) <= PRODUCT_PHOTO.shadowChroma
  );
}

/**
 * A shadow is smooth all round: no neighbour of a shadow pixel differs by more than a gradual step (a garment's
 * outline, even blurred by resizing, is a sharp change on one side).
 */
function smoothAt(d: Uint8ClampedArray | Uint8Array, i: number, w: number, n: number, enlarged: number): boolean {
  const l = lum(d, i * 4);
  const x = i % w;
  const lim = (PRODUCT_PHOTO.shadowStep * 1.5) / enlarged;
  return (
    (x === 0 || Math.abs(lum(d, (i - 1) * 4) - l) <= lim) &&
    (x === w - 1 || Math.abs(lum(d, (i + 1) * 4) - l) <= lim) &&
    (i < w || Math.abs(lum(d, (i - w) * 4) - l) <= lim) &&
    (i >= n - w || Math.abs(lum(d, (i + w) * 4) - l) <= lim)
  );
}

/**
 * Grow the background (isBg, 1 = background) into a drop shadow: pixels darker than the background by up to
 * `1 - shadowMinRatio`, with its chromaticity, reached from background pixels by steps of at most `shadowStep`.
 * The shadow's pixels are marked SHADOW in isBg (not the background's colour: no soft edge is drawn from them).
 * Returns how many pixels were added. `enlarged`: how many times the picture was enlarged before (a 200 px photo
 * read at 640): the steps allowed between neighbours shrink with it, as its outline's change is spread over that
 * many more pixels (3x up, a cream top's shoulders met the white by steps of 3-6 levels, and the flood took them).
 */
export function growIntoShadow(
  image: RgbaImage,
  isBg: Uint8Array,
  bg: { r: number; g: number; b: number },
  tolerance: number,
  enlarged = 1,
): number {
  const { width: w, height: h, data: d } = image;
  const bgSum = bg.r + bg.g + bg.b;
  if (bgSum < 3 * 90) return 0; // a dark background casts no visible shadow
  const cr = bg.r / bgSum;
  const cg = bg.g / bgSum;
  const bgLum = bgSum / 3;
  const n = w * h;
  const stack = new Int32Array(n);
  // (the background's pixels onto the stack, in order; the rest counted)
  const sp = backgroundSeeds(isBg, n, stack);
  const foreground = n - sp;
  const added: number[] = [];
  shadowFlood(d, w, n, isBg, stack, sp, { r: bg.r, g: bg.g, b: bg.b, cr, cg, lum: bgLum }, tolerance, enlarged, added);
  void h;
  // a drop shadow is a band beside the garment, never most of it: a flood that took more went into a grey garment
  if (added.length > PRODUCT_PHOTO.shadowMaxShare * foreground) {
    for (const i of added) isBg[i] = 0;
    return 0;
  }
  return added.length;
}

/** The runs of coverage (>= 128) in row y. */
function runsOf(alpha: GrayImage, y: number): [number, number][] {
  const { width: w, data } = alpha;
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = 0; x <= w; x++) {
    const on = x < w && (data[y * w + x] ?? 0) >= 128;
    if (on && start < 0) start = x;
    if (!on && start >= 0) {
      runs.push([start, x - 1]);
      start = -1;
    }
  }
  return runs;
}

/**
 * Remove a hanger's hook: the rows at the top of the outline whose every run is thin and centred, in a colour
 * unlike the garment's just below them (a halter's neck strap is the garment's own colour and stays). Straps (thin
 * runs either side of the centre) end the scan. Returns the number of rows cleared.
 */
export function removeHook(
  image: RgbaImage,
  alpha: GrayImage,
  bbox: { x: number; y: number; w: number; h: number },
): number {
  const cx = bbox.x + bbox.w / 2;
  const hookLike = (y: number): boolean => {
    const runs = runsOf(alpha, y);
    return (
      runs.length > 0 &&
      runs.every(
        ([a, b]) =>
          b - a + 1 <= PRODUCT_PHOTO.hookMaxWidth * bbox.w &&
          Math.abs((a + b) / 2 - cx) <= PRODUCT_PHOTO.hookCentre * bbox.w,
      )
    );
  };
  let top = bbox.y;
  while (top < bbox.y + bbox.h && hookLike(top)) top++;
  // a hook is a few rows tall at least, and the garment goes on well below it
  if (top - bbox.y < Math.max(3, bbox.h * 0.03) || top - bbox.y > bbox.h * 0.4) return 0;
  const mean = (y0: number, y1: number) => {
    let r = 0;
    let g = 0;
    let b = 0;
    let n = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = bbox.x; x < bbox.x + bbox.w; x++) {
        const i = y * alpha.width + x;
        if ((alpha.data[i] ?? 0) < 200) continue;
        r += image.data[i * 4] ?? 0;
        g += image.data[i * 4 + 1] ?? 0;
        b += image.data[i * 4 + 2] ?? 0;
        n++;
      }
    }
    return n ? [r / n, g / n, b / n] : [0, 0, 0];
  };
  const hook = mean(bbox.y, top);
  const below = mean(top, Math.min(bbox.y + bbox.h, top + Math.max(4, Math.round(bbox.h * 0.1))));
  const diff = Math.max(...hook.map((v, i) => Math.abs(v - (below[i] ?? 0))));
  if (diff < PRODUCT_PHOTO.hookColour) return 0;
  for (let y = bbox.y; y < top; y++) alpha.data.fill(0, y * alpha.width + bbox.x, y * alpha.width + bbox.x + bbox.w);
  return top - bbox.y;
}

/**
 * A cut-out's side outline, rows `from` to `to` (exclusive): per row its outermost opaque pixel on that side as an
 * outward position (larger = further out: -x on the left, x on the right), null on an empty row or past the box.
 */
function sideOutline(
  alpha: GrayImage,
  bbox: { x: number; y: number; w: number; h: number },
  side: -1 | 1,
  from: number,
  to: number,
): (number | null)[] {
  const W = alpha.width;
  const on = (x: number, y: number) => (alpha.data[y * W + x] ?? 0) >= 128;
  const out: (number | null)[] = [];
  for (let y = from; y < to; y++) {
    let e: number | null = null;
    if (y < bbox.y + bbox.h) {
      if (side < 0) {
        for (let x = bbox.x; x < bbox.x + bbox.w; x++)
          if (on(x, y)) {
            e = -x;
            break;
          }
      } else {
        for (let x = bbox.x + bbox.w - 1; x >= bbox.x; x--)
          if (on(x, y)) {
            e = x;
            break;
          }
      }
    }
    out.push(e);
  }
  return out;
}

/**
 * Remove a hanger's ends seen beside a sleeveless garment's straps (a jumpsuit's, a sundress's on a hanger): near
 * the outline's top, a short lobe stepping out of a side and back in below it (a strap's side runs straight or
 * out going down; a sleeve is far taller), in a colour unlike the strap's (wood, plastic). The lobe's pixels past
 * the side below it are cleared. Returns the number of pixels cleared.
 */
export function removeHangerEnds(
  image: RgbaImage,
  alpha: GrayImage,
  bbox: { x: number; y: number; w: number; h: number },
): number {
  const W = alpha.width;
  const on = (x: number, y: number) => (alpha.data[y * W + x] ?? 0) >= 128;
  const y0 = bbox.y;
  const y1 = Math.min(bbox.y + bbox.h, y0 + Math.round(bbox.h * (PRODUCT_PHOTO.endTop + PRODUCT_PHOTO.endMaxHeight)));
  const below = Math.max(3, Math.round(bbox.h * PRODUCT_PHOTO.endBelow));
  const minOut = Math.max(3, bbox.w * PRODUCT_PHOTO.endMinOut);
  let cleared = 0;
  for (const side of [-1, 1] as const) {
    // the side's outward position per row (larger = further out), down to the scan's end and `below` past it
    const out = sideOutline(alpha, bbox, side, y0, Math.min(bbox.y + bbox.h, y1 + below));
    // how far each row stands out past the side's innermost point below it
    const ref: number[] = [];
    const excess: number[] = [];
    for (let i = 0; i < y1 - y0; i++) {
      let m = Infinity;
      for (let j = i + 1; j <= i + below && j < out.length; j++) m = Math.min(m, out[j] ?? Infinity);
      ref.push(m);
      const o = out[i];
      excess.push(o != null && m < Infinity ? o - m : 0);
    }
    let a = excess.findIndex((v) => v >= minOut);
    if (a < 0 || a > bbox.h * PRODUCT_PHOTO.endTop) continue;
    let b = a;
    while (b + 1 < excess.length && (excess[b + 1] ?? 0) >= minOut) b++;
    if (b - a + 1 > bbox.h * PRODUCT_PHOTO.endMaxHeight || b + 1 >= excess.length) continue;
    while (a > 0 && (excess[a - 1] ?? 0) > 0) a--;
    while (b + 1 < excess.length && (excess[b + 1] ?? 0) > 0) b++;
    // the side above it stands in too (a lobe, not a shoulder running out into a sleeve)
    let peak = -Infinity;
    for (let i = a; i <= b; i++) peak = Math.max(peak, out[i] ?? -Infinity);
    const above = a > 0 ? out[a - 1] : null;
    if (above != null && above > peak - minOut) continue;
    // its colour against the cloth just inside the side
    const lobe: [number, number, number, number] = [0, 0, 0, 0];
    const cloth: [number, number, number, number] = [0, 0, 0, 0];
    const add = (acc: [number, number, number, number], x: number, y: number) => {
      const i = (y * W + x) * 4;
      acc[0] += image.data[i] ?? 0;
      acc[1] += image.data[i + 1] ?? 0;
      acc[2] += image.data[i + 2] ?? 0;
      acc[3]++;
    };
    for (let i = a; i <= b; i++) {
      const y = y0 + i;
      const r = ref[i] ?? 0;
      const edge = side < 0 ? -r : r;
      for (let k = 1; k <= (excess[i] ?? 0); k++) {
        const x = edge + side * k;
        if (on(x, y)) add(lobe, x, y);
      }
      for (let k = 2; k <= 6; k++) {
        const x = edge - side * k;
        if (on(x, y)) add(cloth, x, y);
      }
    }
    if (!lobe[3] || !cloth[3]) continue;
    const diff = Math.max(...([0, 1, 2] as const).map((c) => Math.abs(lobe[c] / lobe[3] - cloth[c] / cloth[3])));
    if (diff < PRODUCT_PHOTO.endColour) continue;
    for (let i = a; i <= b; i++) {
      const y = y0 + i;
      const r = ref[i] ?? 0;
      const edge = side < 0 ? -r : r;
      // (with the lobe's soft fringe past it)
      for (let k = 1, x = edge + side; k <= (excess[i] ?? 0) || (alpha.data[y * W + x] ?? 0) > 0; k++, x += side) {
        if (x < 0 || x >= W) break;
        if (alpha.data[y * W + x]) cleared++;
        alpha.data[y * W + x] = 0;
      }
    }
  }
  return cleared;
}

/**
 * Remove a hanger's ends seen beside a sleeved garment's shoulders (a shirt's, a jacket's on a hanger whose bar is
 * wider than the shoulders): near the top, a short bump of the outline's side, further out than the side just above
 * and just below it, in a colour unlike the cloth's. Its pixels past the line joining the side above and below it
 * are cleared. Left in, the shoulder point was read on the bump (14-16 px out, 10 down on the puffer and the shirt)
 * and the shoulders' tops were left bare on the person. Returns the number of pixels cleared.
 */
export function removeShoulderNubs(
  image: RgbaImage,
  alpha: GrayImage,
  bbox: { x: number; y: number; w: number; h: number },
): number {
  const W = alpha.width;
  const on = (x: number, y: number) => (alpha.data[y * W + x] ?? 0) >= 128;
  const y0 = bbox.y;
  const n = Math.min(bbox.h, Math.round(bbox.h * PRODUCT_PHOTO.nubTop));
  const maxH = Math.max(3, Math.round(bbox.h * PRODUCT_PHOTO.nubMaxHeight));
  const minOut = Math.max(4, bbox.w * PRODUCT_PHOTO.nubMinOut);
  let cleared = 0;
  for (const side of [-1, 1] as const) {
    // the side's outward position per row (larger = further out), null on an empty row
    const out = sideOutline(alpha, bbox, side, y0, y0 + n + maxH);
    // the nearest row above (below) row i at least minOut further in, within maxH rows
    const inAt = (i: number, step: -1 | 1): number => {
      const o = out[i];
      if (o == null) return -1;
      for (let j = i + step, k = 0; k < maxH && j >= 0 && j < out.length; j += step, k++) {
        const v = out[j];
        if (v == null) return -1;
        if (v <= o - minOut) return j;
      }
      return -1;
    };
    for (let i = 0; i < n; i++) {
      if (inAt(i, -1) < 0 || inAt(i, 1) < 0) continue;
      // the bump: the rows from here on standing out of both neighbours; its bounds the rows in above and below
      let p1 = i;
      while (p1 + 1 < n && inAt(p1 + 1, -1) >= 0 && inAt(p1 + 1, 1) >= 0) p1++;
      let peak = i;
      for (let j = i; j <= p1; j++) if ((out[j] ?? -Infinity) > (out[peak] ?? -Infinity)) peak = j;
      const a = inAt(peak, -1);
      const b = inAt(peak, 1);
      const oa = out[a];
      const ob = out[b];
      i = p1;
      if (a < 0 || b < 0 || oa == null || ob == null || b - a - 1 > maxH) continue;
      // below it the side runs on out (a sleeve's edge), not in (a short sleeve's cuff corner on a flat lay)
      let runsOut = false;
      for (let j = b + 1; j <= b + 2 * maxH && j < out.length; j++)
        if ((out[j] ?? -Infinity) >= ob + minOut) runsOut = true;
      if (!runsOut) continue;
      const chord = (j: number) => oa + ((ob - oa) * (j - a)) / (b - a);
      // its colour against the cloth just inside it: each bump pixel's distance (largest channel difference) to
      // the nearest cloth sample, averaged (a print's mean is no colour of it: the check's left end 14 from its mean)
      const lobe: number[] = [];
      const cloth: number[] = [];
      for (let j = a + 1; j < b; j++) {
        const y = y0 + j;
        const edge = Math.round(chord(j));
        const o = out[j] ?? edge;
        for (let k = 1; k <= o - edge; k++) if (on(side * (edge + k), y)) lobe.push((y * W + side * (edge + k)) * 4);
        // (the bump's own root may run a few px inside the line)
        for (let k = Math.round(2 * minOut); k <= 3 * minOut; k++)
          if (on(side * (edge - k), y)) cloth.push((y * W + side * (edge - k)) * 4);
      }
      if (!lobe.length || !cloth.length) continue;
      let sum = 0;
      for (const l of lobe) {
        let best = Infinity;
        for (const c of cloth) {
          let d = 0;
          for (let ch = 0; ch < 3; ch++)
            d = Math.max(d, Math.abs((image.data[l + ch] ?? 0) - (image.data[c + ch] ?? 0)));
          best = Math.min(best, d);
        }
        sum += best;
      }
      const diff = sum / lobe.length;
      if (diff < PRODUCT_PHOTO.endColour) continue;
      // the bump's colour: its pixels past the line; its root inside the line (the hanger passes behind the
      // cloth) is cleared too, in from the side while of that colour (the root left, the shoulder point was read on it)
      const near = (x: number, y: number) => {
        const o = (y * W + x) * 4;
        let best = Infinity;
        for (const c of cloth) {
          let d = 0;
          for (let ch = 0; ch < 3; ch++)
            d = Math.max(d, Math.abs((image.data[o + ch] ?? 0) - (image.data[c + ch] ?? 0)));
          best = Math.min(best, d);
        }
        return best > PRODUCT_PHOTO.nubTone;
      };
      const deepest = Math.round(3 * minOut);
      for (let j = Math.max(0, a - 2); j <= Math.min(out.length - 1, b + 2); j++) {
        const y = y0 + j;
        const o = out[j];
        if (o == null || y >= bbox.y + bbox.h) continue;
        const edge = j > a && j < b ? Math.round(chord(j)) : o;
        let x = side * o;
        for (; x >= 0 && x < W && (side * x > edge || (near(x, y) && side * x > o - deepest)); x -= side) {
          if (alpha.data[y * W + x]) cleared++;
          alpha.data[y * W + x] = 0;
        }
        // (with the bump's soft fringe past it)
        for (let f = side * o + side; f >= 0 && f < W && (alpha.data[y * W + f] ?? 0) > 0; f += side) {
          cleared++;
          alpha.data[y * W + f] = 0;
        }
      }
    }
  }
  return cleared;
}

/** Left-right symmetry of a binary mask (w x h) turned by `deg` about (cx, cy): overlap with its mirror / area. */
function symmetryAt(bin: Uint8Array, w: number, h: number, cx: number, cy: number, deg: number): number {
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  // sample the turned mask on a grid: the value at (u, v) of the turned frame is the mask at R(-a)(u, v)
  const at = (u: number, v: number): number => {
    const x = Math.round(cx + u * cos + v * sin);
    const y = Math.round(cy - u * sin + v * cos);
    return x >= 0 && y >= 0 && x < w && y < h ? (bin[y * w + x] ?? 0) : 0;
  };
  const r = Math.ceil(Math.hypot(w, h) / 2);
  let area = 0;
  let both = 0;
  for (let v = -r; v <= r; v++) {
    for (let u = 1; u <= r; u++) {
      const l = at(-u, v);
      const rr = at(u, v);
      area += l + rr;
      both += 2 * (l & rr);
    }
  }
  return area ? both / area : 0;
}

/**
 * The tilt of a garment's outline in degrees (positive: turned clockwise in the picture), or 0 when upright is as
 * symmetric as any turn within `maxTilt`. Works on a copy at most 96 px on its long side.
 */
export function estimateTilt(alpha: GrayImage): number {
  const k = Math.min(1, 96 / Math.max(alpha.width, alpha.height));
  const w = Math.max(1, Math.round(alpha.width * k));
  const h = Math.max(1, Math.round(alpha.height * k));
  const bin = new Uint8Array(w * h);
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v =
        alpha.data[
          Math.min(alpha.height - 1, Math.floor(y / k)) * alpha.width + Math.min(alpha.width - 1, Math.floor(x / k))
        ] ?? 0;
      if (v >= 128) {
        bin[y * w + x] = 1;
        sx += x;
        sy += y;
        n++;
      }
    }
  }
  if (n < 50) return 0;
  const cx = sx / n;
  const cy = sy / n;
  // the symmetry axis goes through the centroid: search the turn, then refine around the best
  const upright = symmetryAt(bin, w, h, cx, cy, 0);
  let best = 0;
  let bestScore = upright;
  for (let d = -PRODUCT_PHOTO.maxTilt; d <= PRODUCT_PHOTO.maxTilt; d += 1) {
    const s = symmetryAt(bin, w, h, cx, cy, d);
    if (s > bestScore) {
      bestScore = s;
      best = d;
    }
  }
  for (let d = best - 0.75; d <= best + 0.75; d += 0.25) {
    const s = symmetryAt(bin, w, h, cx, cy, d);
    if (s > bestScore) {
      bestScore = s;
      best = d;
    }
  }
  if (Math.abs(best) < PRODUCT_PHOTO.minTilt || bestScore - upright < PRODUCT_PHOTO.symmetryGain) return 0;
  // the mask is symmetric when turned by `best` (counter-clockwise sampling): the picture is tilted by -best
  return -best;
}

/**
 * Turn an image by -tilt degrees about its centre onto a canvas that holds all of it, the photo's own opacity as
 * the picture's alpha (outside the picture: transparent) and the garment's coverage turned alongside. Bilinear.
 * (Its colours once weighted by the garment's coverage, with nothing opaque outside the outline: the rim clean-up
 * found no background beside the edge, and a turned black puffer kept a white ragged line along its sleeves.)
 */
export function untilt(image: RgbaImage, alpha: GrayImage, tilt: number): { image: RgbaImage; alpha: GrayImage } {
  const a = (-tilt * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const { width: sw, height: sh, data: sd } = image;
  const w = Math.ceil(Math.abs(sw * cos) + Math.abs(sh * sin));
  const h = Math.ceil(Math.abs(sw * sin) + Math.abs(sh * cos));
  const out = newRgba(w, h);
  const outAlpha = newGray(w, h);
  const scx = sw / 2;
  const scy = sh / 2;
  const dcx = w / 2;
  const dcy = h / 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // inverse map: the source point that lands on (x, y)
      const u = x + 0.5 - dcx;
      const v = y + 0.5 - dcy;
      const fx = scx + u * cos + v * sin - 0.5;
      const fy = scy - u * sin + v * cos - 0.5;
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      if (x0 < -1 || y0 < -1 || x0 >= sw || y0 >= sh) continue;
      const tx = fx - x0;
      const ty = fy - y0;
      let r = 0;
      let g = 0;
      let b = 0;
      let al = 0;
      let ow = 0;
      let wsum = 0;
      for (let j = 0; j < 2; j++) {
        for (let i = 0; i < 2; i++) {
          const px = x0 + i;
          const py = y0 + j;
          if (px < 0 || py < 0 || px >= sw || py >= sh) continue;
          const wt = (i ? tx : 1 - tx) * (j ? ty : 1 - ty);
          const p = py * sw + px;
          // the colour weighted by the photo's own opacity, not the cut-out's: its background stays beside the
          // outline (as in an upright photo), so the rim clean-up (`cleanSource`) can take it out of the edge
          const op = (sd[p * 4 + 3] ?? 0) * wt;
          r += (sd[p * 4] ?? 0) * op;
          g += (sd[p * 4 + 1] ?? 0) * op;
          b += (sd[p * 4 + 2] ?? 0) * op;
          ow += op;
          al += (alpha.data[p] ?? 0) * wt;
          wsum += wt;
        }
      }
      const o = (y * w + x) * 4;
      if (ow > 0) {
        out.data[o] = Math.round(r / ow);
        out.data[o + 1] = Math.round(g / ow);
        out.data[o + 2] = Math.round(b / ow);
      }
      out.data[o + 3] = wsum > 0 ? Math.round(ow) : 0;
      outAlpha.data[y * w + x] = wsum > 0 ? Math.round(al) : 0;
    }
  }
  return { image: out, alpha: outAlpha };
}

/** How far apart two colours' chroma (r - g, (r + g) / 2 - b) lie. */
function chromaDiff(r1: number, g1: number, b1: number, r2: number, g2: number, b2: number): number {
  return Math.hypot(r1 - g1 - (r2 - g2), (r1 + g1) / 2 - b1 - ((r2 + g2) / 2 - b2));
}

/**
 * Clear what fills a neck opening that is not the garment's front: a ghost mannequin's inside back (and its label),
 * or the background a hanger's bar closes off inside the neckline (with the bar across it). Looked for from the
 * centre column near the top: a region of one colour (grown by small steps) that is open at the top (the outline's
 * top edge, or a thin bar under it), closed below by the garment's front in a clearly different colour, small,
 * centred and in the upper half. A flat lay's front below its neckline grows into most of the garment, a stripe
 * across the whole width: neither is taken. Returns the number of pixels cleared. `enlarged`: as in growIntoShadow
 * (`neckStep` read at the photo's own scale: a Breton top's 200 px photo enlarged lost its cream shoulders to it).
 */
export function removeNeckFill(
  image: RgbaImage,
  alpha: GrayImage,
  bbox: { x: number; y: number; w: number; h: number },
  cleared?: Uint8Array,
  enlarged = 1,
): number {
  const { width: w, data: a } = alpha;
  const d = image.data;
  const P = PRODUCT_PHOTO;
  let area = 0;
  for (let y = bbox.y; y < bbox.y + bbox.h; y++)
    for (let x = bbox.x; x < bbox.x + bbox.w; x++) if ((a[y * w + x] ?? 0) >= 128) area++;
  if (!area) return 0;
  const topY = new Int32Array(bbox.w).fill(-1);
  for (let x = bbox.x; x < bbox.x + bbox.w; x++) {
    for (let y = bbox.y; y < bbox.y + bbox.h; y++) {
      if ((a[y * w + x] ?? 0) >= 128) {
        topY[x - bbox.x] = y;
        break;
      }
    }
  }
  const cx = Math.round(bbox.x + bbox.w / 2);
  const yMax = bbox.y + bbox.h * 0.5;
  const maxArea = P.neckMaxArea * area;
  const openTop = Math.max(3, P.neckOpenTop * bbox.h);
  const seen = new Uint8Array(w * alpha.height);
  let total = 0;
  let prev: { r: number; g: number; b: number; bottom: Map<number, number> } | null = null;
  const diff = (o: number, r: number, g: number, b: number) =>
    Math.max(Math.abs((d[o] ?? 0) - r), Math.abs((d[o + 1] ?? 0) - g), Math.abs((d[o + 2] ?? 0) - b));
  for (let sy = bbox.y; sy < bbox.y + bbox.h * 0.3; sy++) {
    const s = sy * w + cx;
    if ((a[s] ?? 0) < 128 || seen[s]) continue;
    // grow one region of one colour from this seed
    const sr = d[s * 4] ?? 0;
    const sg = d[s * 4 + 1] ?? 0;
    const sb = d[s * 4 + 2] ?? 0;
    const grow = (hueSpread: number, marks: Uint8Array) => {
      const region: number[] = [s];
      marks[s] = 1;
      for (let k = 0; k < region.length; k++) {
        const p = region[k] ?? 0;
        const px = p % w;
        const py = (p - px) / w;
        const o = p * 4;
        for (const q of [px > 0 ? p - 1 : -1, px < w - 1 ? p + 1 : -1, p - w, p + w]) {
          if (q < 0 || q >= a.length || marks[q] || (a[q] ?? 0) < 128) continue;
          const qy = (q - (q % w)) / w;
          if (qy > yMax || Math.abs(qy - py) > 1) continue;
          if (diff(q * 4, d[o] ?? 0, d[o + 1] ?? 0, d[o + 2] ?? 0) > P.neckStep / enlarged) continue;
          if (diff(q * 4, sr, sg, sb) > P.neckSpread) continue;
          if (chromaDiff(d[q * 4] ?? 0, d[q * 4 + 1] ?? 0, d[q * 4 + 2] ?? 0, sr, sg, sb) > hueSpread) continue;
          marks[q] = 1;
          region.push(q);
          if (region.length > maxArea) return null;
        }
      }
      return region;
    };
    // (by its hue too only where one of shade alone grew into the front, past `neckMaxArea`, or met a front too
    // close in shade: what was found before is unchanged)
    let spread = false;
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt === 1 && !spread) break;
      const byHue = attempt === 1;
      const seedChroma = Math.hypot(sr - sg, (sr + sg) / 2 - sb);
      const region = byHue
        ? grow(Math.max(P.neckChromaSpread, P.neckChromaShare * seedChroma), new Uint8Array(w * alpha.height))
        : grow(Infinity, seen);
      if (region === null) {
        spread = true;
        continue;
      }
      if (region.length < P.neckMinArea * area) continue;
      // its box, top and bottom per column, mean colour
      let x0 = w;
      let x1 = -1;
      let y1 = -1;
      const colTop = new Map<number, number>();
      const colBottom = new Map<number, number>();
      let r = 0;
      let g = 0;
      let b = 0;
      for (const p of region) {
        const x = p % w;
        const y = (p - x) / w;
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
        if ((colTop.get(x) ?? Infinity) > y) colTop.set(x, y);
        if ((colBottom.get(x) ?? -1) < y) colBottom.set(x, y);
        r += d[p * 4] ?? 0;
        g += d[p * 4 + 1] ?? 0;
        b += d[p * 4 + 2] ?? 0;
      }
      const n = region.length;
      r /= n;
      g /= n;
      b /= n;
      if (x1 - x0 + 1 > P.neckMaxWidth * bbox.w || Math.abs((x0 + x1) / 2 - cx) > 0.1 * bbox.w) continue;
      // it fills an opening: solid (a neck's binding is a thin band round the notch) and bordered by the garment at
      // its sides and below (a band across the shoulders meets the background at the shoulders' slopes)
      const boxTop = Math.min(...colTop.values());
      if (n < P.neckFill * (x1 - x0 + 1) * (y1 - boxTop + 1)) continue;
      let sideBg = 0;
      for (const p of region) {
        const x = p % w;
        if (
          (x > 0 && (a[p - 1] ?? 0) < 128) ||
          (x < w - 1 && (a[p + 1] ?? 0) < 128) ||
          (p + w < a.length && (a[p + w] ?? 0) < 128)
        )
          sideBg++;
      }
      if (sideBg > P.neckSideBg * colTop.size) continue;
      // and the garment goes on either side of it at its top (the shoulders beside a neck opening; a band across
      // the shoulders reaches the outline's edge)
      const spans = new Map<number, [number, number]>();
      for (const p of region) {
        const x = p % w;
        const y = (p - x) / w;
        const span = spans.get(y);
        if (!span) spans.set(y, [x, x]);
        else spans.set(y, [Math.min(span[0], x), Math.max(span[1], x)]);
      }
      // (past the outline's own drawn edge: a few pixels)
      const m = Math.max(4, Math.round(0.015 * bbox.w));
      let beside = 0;
      let besideRows = 0;
      for (const [y, [l, rr]] of spans) {
        if (y > boxTop + (y1 - boxTop) * 0.5) continue;
        besideRows++;
        if (l - m >= 0 && rr + m < w && (a[y * w + l - m] ?? 0) >= 128 && (a[y * w + rr + m] ?? 0) >= 128) beside++;
      }
      if (beside < 0.7 * besideRows) continue;
      // open at the top: in most of its columns its top is the outline's top or just under a thin bar; or, under a
      // region already cleared, the same fill again under a thin bar (a hanger's bar drawn whole across the opening)
      const under =
        prev && Math.max(Math.abs(prev.r - r), Math.abs(prev.g - g), Math.abs(prev.b - b)) <= P.neckSpread
          ? prev.bottom
          : null;
      let open = 0;
      for (const [x, y] of colTop) {
        const t = under ? under.get(x) : topY[x - bbox.x];
        if (t !== undefined && y - t <= openTop) open++;
      }
      if (open < 0.6 * colTop.size) continue;
      // closed below by the garment's front, in another colour
      let closed = 0;
      let fr = 0;
      let fg = 0;
      let fb = 0;
      for (const [x, y] of colBottom) {
        const yb = y + 3;
        if (yb >= alpha.height || (a[yb * w + x] ?? 0) < 128) continue;
        closed++;
        fr += d[(yb * w + x) * 4] ?? 0;
        fg += d[(yb * w + x) * 4 + 1] ?? 0;
        fb += d[(yb * w + x) * 4 + 2] ?? 0;
      }
      if (closed < 0.7 * colBottom.size) continue;
      if (
        Math.max(Math.abs(fr / closed - r), Math.abs(fg / closed - g), Math.abs(fb / closed - b)) < P.neckContrast &&
        (!byHue || chromaDiff(fr / closed, fg / closed, fb / closed, r, g, b) < P.neckChromaContrast)
      ) {
        // (the front too close in shade: grown again by hue)
        spread = true;
        continue;
      }
      // clear it, what it encloses row by row (a label), and the thin bar above it up to the outline's top
      const inRegion = new Uint8Array(a.length);
      for (const p of region) inRegion[p] = 1;
      let count = 0;
      const clear = (i: number) => {
        if (a[i]) count++;
        a[i] = 0;
        if (cleared) cleared[i] = 1;
      };
      for (const [y, [l, rr]] of spans) for (let x = l; x <= rr; x++) clear(y * w + x);
      for (const [x, y] of colTop) {
        const t = under ? under.get(x) : topY[x - bbox.x];
        if (t !== undefined && y - t <= openTop) for (let yy = t; yy < y; yy++) clear(yy * w + x);
      }
      total += count;
      // the same fill may go on under a bar across the opening: looked for below this one
      prev = { r, g, b, bottom: colBottom };
      break;
    }
  }
  return total;
}

/**
 * A ghost mannequin's inside back seen above a sleeveless body (a camisole's, a sundress's), or a hanger's bar over
 * the background a neckline shows: a piece at the top of the outline with the background between it and the
 * garment's body below in most of its columns (a garment's own parts do not float over the background above its
 * body), centred, at least `backMinWidth` of the garment's width, at most `backMaxHeight` of its height, in a colour
 * unlike the body's. It is cleared but for the straps drawn across it: thin runs either side of the centre above its
 * solid part, followed down through it along their own slope. Returns the number of pixels cleared.
 */
export function removeInsideBack(
  image: RgbaImage,
  alpha: GrayImage,
  bbox: { x: number; y: number; w: number; h: number },
  cleared?: Uint8Array,
): number {
  const { width: w, data: a } = alpha;
  const d = image.data;
  const P = PRODUCT_PHOTO;
  const on = (x: number, y: number) => (a[y * w + x] ?? 0) >= 128;
  const yLim = Math.round(bbox.y + bbox.h * 0.5);
  // per column: its first pixel, the body's top (the first run going on into the lower half) and the lower end of
  // what lies above the body (its last run before it)
  const top = new Int32Array(bbox.w).fill(-1);
  const end = new Int32Array(bbox.w).fill(-1);
  const below = new Int32Array(bbox.w).fill(-1);
  for (let i = 0; i < bbox.w; i++) {
    const x = bbox.x + i;
    for (let y = bbox.y; y < yLim; y++) {
      if (!on(x, y)) continue;
      let e = y;
      while (e + 1 < bbox.y + bbox.h && on(x, e + 1)) e++;
      if ((top[i] ?? -1) < 0) top[i] = y;
      if (e >= yLim) {
        const last = end[i] ?? -1;
        if (last >= 0 && y - last > 2) below[i] = y;
        break;
      }
      end[i] = e;
      y = e;
    }
  }
  const gapped = (i: number) => {
    const e = end[i] ?? -1;
    return (below[i] ?? -1) >= 0 && e < yLim && e - (top[i] ?? -1) <= P.backMaxHeight * bbox.h;
  };
  // the cluster of gapped columns around the centre (a narrow contact with the body may interrupt it)
  const c = Math.round(bbox.w / 2);
  const reach = Math.round(0.2 * bbox.w);
  let seed = -1;
  for (let k = 0; k <= reach && seed < 0; k++) seed = gapped(c - k) ? c - k : gapped(c + k) ? c + k : -1;
  if (seed < 0) return 0;
  const maxBreak = Math.round(0.25 * bbox.w);
  let lo = seed;
  let hi = seed;
  for (let i = seed, miss = 0; i >= 0 && miss <= maxBreak; i--) {
    if (gapped(i)) {
      lo = i;
      miss = 0;
    } else miss++;
  }
  for (let i = seed, miss = 0; i < bbox.w && miss <= maxBreak; i++) {
    if (gapped(i)) {
      hi = i;
      miss = 0;
    } else miss++;
  }
  let count = 0;
  for (let i = lo; i <= hi; i++) if (gapped(i)) count++;
  if (hi - lo + 1 < P.backMinWidth * bbox.w || count < 0.6 * (hi - lo + 1)) return 0;
  if (Math.abs((lo + hi) / 2 - bbox.w / 2) > 0.1 * bbox.w) return 0;
  // its colour (median of its gapped runs) against the body's (the outline's middle rows)
  const median = (px: number[]): [number, number, number] => {
    const at = (k: number) => px.map((p) => d[p * 4 + k] ?? 0).sort((u, v) => u - v)[px.length >> 1] ?? 0;
    return [at(0), at(1), at(2)];
  };
  const piece: number[] = [];
  for (let i = lo; i <= hi; i++)
    if (gapped(i)) for (let y = top[i] ?? -1; y <= (end[i] ?? -1); y += 2) piece.push(y * w + bbox.x + i);
  const body: number[] = [];
  for (let y = Math.round(bbox.y + bbox.h * 0.45); y < bbox.y + bbox.h * 0.6; y += 3)
    for (let x = bbox.x; x < bbox.x + bbox.w; x += 3) if ((a[y * w + x] ?? 0) >= 250) body.push(y * w + x);
  if (piece.length < 20 || body.length < 20) return 0;
  const pc = median(piece);
  const bc = median(body);
  if (Math.max(...pc.map((v, k) => Math.abs(v - (bc[k] ?? 0)))) < P.backContrast) return 0;
  // the straps across it: thin runs above its solid part (its first row covering half its width), off the centre
  const x0 = bbox.x + lo;
  const x1 = bbox.x + hi;
  let solid = -1;
  const pieceTop = Math.min(...Array.from(top.subarray(lo, hi + 1)).filter((t) => t >= 0));
  for (let y = pieceTop; y < yLim && solid < 0; y++) {
    let n = 0;
    for (let x = x0; x <= x1; x++) if (on(x, y)) n++;
    if (n >= 0.5 * (x1 - x0 + 1)) solid = y;
  }
  if (solid < 0) return 0;
  const lines: { sx: number; sy: number; sxx: number; sxy: number; n: number; width: number[] }[] = [];
  const cxAbs = bbox.x + bbox.w / 2;
  for (let y = pieceTop; y < solid; y++) {
    for (const [l, r] of runsOf(alpha, y)) {
      if (r < x0 || l > x1 || r - l + 1 > 0.06 * bbox.w || Math.abs((l + r) / 2 - cxAbs) < 0.15 * (x1 - x0)) continue;
      const mid = (l + r) / 2;
      // a strap's runs lie under each other: joined to the line whose last centre is nearest
      let line = lines.find((ln) => Math.abs(ln.sx / ln.n - mid) < 0.05 * bbox.w);
      if (!line) lines.push((line = { sx: 0, sy: 0, sxx: 0, sxy: 0, n: 0, width: [] }));
      line.sx += mid;
      line.sy += y;
      line.sxx += y * y;
      line.sxy += y * mid;
      line.n++;
      line.width.push(r - l + 1);
    }
  }
  const straps = lines
    .filter((ln) => ln.n >= 0.3 * (solid - pieceTop) && ln.n >= 4)
    .map((ln) => {
      // x = m y + q, fitted on the strap's rows above the piece
      const den = ln.n * ln.sxx - ln.sy * ln.sy;
      const m = den ? (ln.n * ln.sxy - ln.sy * ln.sx) / den : 0;
      const q = (ln.sx - m * ln.sy) / ln.n;
      const half = (ln.width.sort((u, v) => u - v)[ln.width.length >> 1] ?? 2) / 2;
      return { m, q, half };
    });
  const onStrap = (x: number, y: number) => straps.some((s) => Math.abs(x - (s.m * y + s.q)) <= s.half + 0.5);
  let total = 0;
  const clear = (x: number, y: number) => {
    const i = y * w + x;
    if (!a[i] || onStrap(x, y)) return;
    a[i] = 0;
    total++;
    if (cleared) cleared[i] = 1;
  };
  // the piece's columns (a column touching the body: down to its neighbours' lower end), and a soft edge round it
  let lastEnd = -1;
  const nextEnd = (i: number) => {
    for (let k = i; k <= hi; k++) if (gapped(k)) return end[k] ?? -1;
    return lastEnd;
  };
  for (let i = lo; i <= hi; i++) {
    const e = gapped(i) ? (end[i] ?? -1) : Math.min(lastEnd, nextEnd(i));
    if (gapped(i)) lastEnd = end[i] ?? -1;
    for (let y = Math.max(bbox.y, pieceTop - 2); y <= e + 1; y++) if (gapped(i) || y <= e) clear(bbox.x + i, y);
  }
  return total;
}

/**
 * Remove a clip hanger from a bottom's photo: the bar across above the waistband (dark grey, wider than most of the
 * garment, near its top, a colour the garment's body does not have), the hook above it and the background the bar
 * and clips close off are cleared; the clips' stubs drawn over the waistband are painted over with the waistband's
 * colour on either side of them, row by row (in `paint`, a copy of the photo). Returns the rows cleared (0: no clip
 * hanger seen, nothing changed).
 */
export function removeClipHanger(
  image: RgbaImage,
  paint: RgbaImage,
  alpha: GrayImage,
  bbox: { x: number; y: number; w: number; h: number },
  bg: { r: number; g: number; b: number },
): number {
  const { width: w, data: a } = alpha;
  const d = image.data;
  const P = PRODUCT_PHOTO;
  const barGrey = (o: number) => {
    const mx = Math.max(d[o] ?? 0, d[o + 1] ?? 0, d[o + 2] ?? 0);
    return mx - Math.min(d[o] ?? 0, d[o + 1] ?? 0, d[o + 2] ?? 0) <= P.clipGrey && mx < P.clipDark;
  };
  const bgLike = (o: number) =>
    Math.max(Math.abs((d[o] ?? 0) - bg.r), Math.abs((d[o + 1] ?? 0) - bg.g), Math.abs((d[o + 2] ?? 0) - bg.b)) <= 24;
  const rowStats = (y: number) => {
    let n = 0;
    let grey = 0;
    let back = 0;
    let x0 = w;
    let x1 = -1;
    for (let x = bbox.x; x < bbox.x + bbox.w; x++) {
      const i = y * w + x;
      if ((a[i] ?? 0) < 128) continue;
      n++;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      if (barGrey(i * 4)) grey++;
      else if (bgLike(i * 4)) back++;
    }
    return { n, grey, back, width: x1 - x0 + 1 };
  };
  // the garment's body is not bar grey (a black skirt's waistband would read as a bar)
  let bodyN = 0;
  let bodyGrey = 0;
  for (let y = Math.round(bbox.y + bbox.h * 0.3); y < bbox.y + bbox.h * 0.7; y += 2) {
    const s = rowStats(y);
    bodyN += s.n;
    bodyGrey += s.grey;
  }
  if (!bodyN || bodyGrey > P.clipBodyShare * bodyN) return 0;
  // the bar: the last bar row near the top
  let barEnd = -1;
  for (let y = bbox.y; y < bbox.y + bbox.h * P.clipTop; y++) {
    const s = rowStats(y);
    if (s.n && s.width >= P.clipBarWidth * bbox.w && s.grey >= P.clipBarShare * s.n) barEnd = y;
    else if (barEnd >= 0) break;
  }
  if (barEnd < 0) return 0;
  // the waistband: the first row below the bar mostly cloth
  // (three rows running: the bar's soft lower edge is one row of neither)
  const cloth = (y: number) => {
    const s = rowStats(y);
    return s.n > 0 && s.n - s.grey - s.back >= P.clipClothShare * s.n;
  };
  let waist = -1;
  for (let y = barEnd + 1; y < bbox.y + bbox.h * (P.clipTop + 0.1); y++) {
    if (cloth(y) && cloth(y + 1) && cloth(y + 2)) {
      waist = y;
      break;
    }
  }
  if (waist < 0) return 0;
  // and between them the background the bar and clips close off (a dark waistband on the cloth has none)
  let gap = false;
  for (let y = barEnd + 1; y < waist && !gap; y++) {
    const s = rowStats(y);
    gap = s.back >= P.clipGapShare * s.n;
  }
  if (!gap) return 0;
  // everything above the waistband goes: the hook, the bar, the background it closes off, the clips' tops
  for (let y = bbox.y; y < waist; y++) for (let x = bbox.x; x < bbox.x + bbox.w; x++) a[y * w + x] = 0;
  // the clips' stubs over the waistband: dark grey runs in the rows below, narrow, painted with the cloth either side
  const maxRun = Math.max(3, Math.round(P.clipMaxWidth * bbox.w));
  const pd = paint.data;
  const fill = (y: number, l: number, r: number) => {
    const lo = (y * w + l) * 4;
    const ro = (y * w + r) * 4;
    for (let xx = l + 1; xx < r; xx++) {
      const t = (xx - l) / (r - l);
      const o = (y * w + xx) * 4;
      for (let c = 0; c < 3; c++) pd[o + c] = Math.round((d[lo + c] ?? 0) * (1 - t) + (d[ro + c] ?? 0) * t);
    }
  };
  let spans: [number, number][] = [];
  let y = waist;
  for (; y < waist + bbox.h * 0.1; y++) {
    const row: [number, number][] = [];
    for (let x = bbox.x; x < bbox.x + bbox.w; x++) {
      const i = y * w + x;
      if ((a[i] ?? 0) < 128 || !barGrey(i * 4)) continue;
      let e = x;
      while (e + 1 < bbox.x + bbox.w && (a[y * w + e + 1] ?? 0) >= 128 && barGrey((y * w + e + 1) * 4)) e++;
      // a soft edge of a few pixels either side
      const l = Math.max(bbox.x, x - 3);
      const r = Math.min(bbox.x + bbox.w - 1, e + 3);
      if (e - x + 1 <= maxRun) {
        row.push([l, r]);
        // inside the outline, painted with the cloth either side; at its edge, not cloth
        if ((a[y * w + l] ?? 0) >= 128 && (a[y * w + r] ?? 0) >= 128) fill(y, l, r);
        else for (let xx = x; xx <= e; xx++) a[y * w + xx] = 0;
      }
      x = e;
    }
    if (!row.length) break;
    spans = row;
  }
  // the clips' soft lower edge (a row or two blended with the cloth): the last row's spans again
  for (let k = 0; k < 3 && y + k < alpha.height; k++)
    for (const [l, r] of spans)
      if ((a[(y + k) * w + l] ?? 0) >= 128 && (a[(y + k) * w + r] ?? 0) >= 128) fill(y + k, l, r);
  return waist - bbox.y;
}

/**
 * The crisping of a small photo enlarged to the working size (`sharpenEnlarged`), radii in the thumbnail's own
 * pixels (times the enlargement): a 200 px shop picture is its photo scaled down, every edge of a stripe, a dot or a
 * cable a one-pixel blend, and enlarged 3x that blend is a 3-px ramp: the render's stripes, dots and quilting read
 * soft. Larger (blur 1.5, amount 3) drew the JPEG's blocks and a fold's shading as blotches.
 */
export const ENLARGED_SHARPEN = {
  /** The neighbourhood a pixel's brightness is pushed away from: a box blur of this radius, twice. */
  blur: 1,
  /** How far it is pushed: this many times its difference from the neighbourhood's. */
  amount: 2.5,
  /** Never beyond the darkest and brightest cloth within this radius (no halo, no overshoot). */
  clamp: 1,
};

/**
 * A small photo's cloth made crisp after its enlargement by `enlarged` (> 1): each cloth pixel's brightness pushed
 * away from its neighbourhood's (an unsharp mask on brightness alone, no colour fringes), read among cloth pixels
 * only (the background does not darken the rim), and held between the darkest and brightest cloth near it, so a
 * blurred ramp steepens into an edge without a halo. Returns a new picture; the background is left as it is.
 */
export function sharpenEnlarged(image: RgbaImage, alpha: GrayImage, enlarged: number): RgbaImage {
  const FW = image.width;
  const FH = image.height;
  const d = image.data;
  const a = alpha.data;
  const out = newRgba(FW, FH);
  out.data.set(d);
  // the cloth's box: nothing outside it is read or changed
  let x0 = FW;
  let y0 = FH;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < FH; y++)
    for (let x = 0; x < FW; x++) {
      if ((a[y * FW + x] ?? 0) < 1) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  if (x1 < x0) return out;
  const W = x1 - x0 + 1;
  const H = y1 - y0 + 1;
  const n = W * H;
  const rb = Math.max(1, Math.round(ENLARGED_SHARPEN.blur * enlarged));
  const rc = Math.max(1, Math.round(ENLARGED_SHARPEN.clamp * enlarged));
  // brightness x cloth, cloth, and the min / max's inputs (the background never the darkest or brightest)
  const lm = new Float32Array(n);
  const m = new Float32Array(n);
  const lo = new Float32Array(n);
  const hi = new Float32Array(n);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const q = (y + y0) * FW + x + x0;
      lo[p] = 1e9;
      hi[p] = 1e9;
      if ((a[q] ?? 0) < 1) continue;
      const l = 0.299 * (d[q * 4] ?? 0) + 0.587 * (d[q * 4 + 1] ?? 0) + 0.114 * (d[q * 4 + 2] ?? 0);
      m[p] = 1;
      lm[p] = l;
      lo[p] = l;
      hi[p] = -l;
    }
  // running sums (a box of radius r) and running minima (van Herk - Gil-Werman, blocks of 2 rc + 1) along a line
  const len = Math.max(W, H);
  const line = new Float32Array(len);
  const pre = new Float32Array(len);
  const suf = new Float32Array(len);
  const boxLine = (v: Float32Array, start: number, step: number, count: number) => {
    for (let i = 0, q = start; i < count; i++, q += step) line[i] = v[q] ?? 0;
    let s = 0;
    for (let i = 0; i < Math.min(rb, count); i++) s += line[i] ?? 0;
    for (let i = 0, q = start; i < count; i++, q += step) {
      if (i + rb < count) s += line[i + rb] ?? 0;
      if (i > rb) s -= line[i - rb - 1] ?? 0;
      v[q] = s;
    }
  };
  const k = 2 * rc + 1;
  const minLine = (v: Float32Array, start: number, step: number, count: number) => {
    for (let i = 0, q = start; i < count; i++, q += step) line[i] = v[q] ?? 0;
    for (let b = 0; b < count; b += k) {
      const e = Math.min(count, b + k) - 1;
      pre[b] = line[b] ?? 0;
      for (let i = b + 1; i <= e; i++) pre[i] = Math.min(pre[i - 1] ?? 0, line[i] ?? 0);
      suf[e] = line[e] ?? 0;
      for (let i = e - 1; i >= b; i--) suf[i] = Math.min(suf[i + 1] ?? 0, line[i] ?? 0);
    }
    // a window of k spans one block (its start a block's: suffix and prefix both that block) or two; cut at the
    // line's start it lies in the first block, at its end in the last or the two last
    const last = Math.floor((count - 1) / k) * k;
    for (let i = 0, q = start; i < count; i++, q += step) {
      const a0 = i - rc;
      const a1 = i + rc;
      if (a0 < 0) v[q] = pre[Math.min(a1, count - 1)] ?? 0;
      else if (a1 < count) v[q] = Math.min(suf[a0] ?? 0, pre[a1] ?? 0);
      else v[q] = a0 >= last ? (suf[a0] ?? 0) : Math.min(suf[a0] ?? 0, pre[count - 1] ?? 0);
    }
  };
  // columns row by row (a running sum per column): reading down a column missed the cache
  const tmp = new Float32Array(n);
  const boxColumns = (v: Float32Array) => {
    tmp.fill(0, 0, W);
    for (let y = 0; y < Math.min(rb, H); y++) for (let x = 0; x < W; x++) tmp[x] = (tmp[x] ?? 0) + (v[y * W + x] ?? 0);
    for (let y = 0; y < H; y++) {
      const add = y + rb < H ? (y + rb) * W : -1;
      const sub = y > rb ? (y - rb - 1) * W : -1;
      const row = y * W;
      for (let x = 0; x < W; x++) {
        let s = row ? (tmp[row - W + x] ?? 0) : (tmp[x] ?? 0);
        if (add >= 0) s += v[add + x] ?? 0;
        if (sub >= 0) s -= v[sub + x] ?? 0;
        tmp[row + x] = s;
      }
    }
    v.set(tmp);
  };
  for (const v of [lm, m]) {
    for (let pass = 0; pass < 2; pass++) {
      for (let y = 0; y < H; y++) boxLine(v, y * W, 1, W);
      boxColumns(v);
    }
  }
  for (const v of [lo, hi]) {
    for (let y = 0; y < H; y++) minLine(v, y * W, 1, W);
    for (let x = 0; x < W; x++) minLine(v, x, W, H);
  }
  const o = out.data;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const q = (y + y0) * FW + x + x0;
      const p = y * W + x;
      const w = m[p] ?? 0;
      if ((a[q] ?? 0) < 1 || w <= 0) continue;
      const l = 0.299 * (d[q * 4] ?? 0) + 0.587 * (d[q * 4 + 1] ?? 0) + 0.114 * (d[q * 4 + 2] ?? 0);
      const target = Math.max(
        lo[p] ?? l,
        Math.min(-(hi[p] ?? -l), l + ENLARGED_SHARPEN.amount * (l - (lm[p] ?? 0) / w)),
      );
      const dl = target - l;
      for (let c = 0; c < 3; c++) o[q * 4 + c] = (d[q * 4 + c] ?? 0) + dl;
    }
  return out;
}

/**
 * The product photo's own light taken off the cloth (`evenPhotoLight`, issue 38 round 21 part B4): a flat lay or a
 * ghost mannequin is lit from the front, its sides and sleeves a third darker than its middle. Worn, the sleeves are
 * where the arms are, lit by the person's photo (the composite's shading): the photo's falloff drew a cream sweater's
 * sleeves a dark olive-grey beside a pink-lit arm. The cloth's low-passed brightness (its own colour's pixels only:
 * within `ground` of the median, not a print or a logo) relative to the median is lifted by `lift` of its shortfall;
 * a shortfall past `blockFrom` fades out (a darker sleeve than that is a colour block, not light, kept at `blockTo`).
 */
export const PHOTO_LIGHT = {
  /** The low-pass grid's longest side (px) and its radius, a share of the cloth's longest side. */
  grid: 96,
  radius: 0.07,
  /** The cloth's own colour: brightness within this ratio of the median's either way. */
  ground: [0.5, 1.5] as const,
  /** How much of a darker region's shortfall below the median is lifted. */
  lift: 0.7,
  /** Light relative to the median below which the lift fades out (to none at `blockTo`): a colour block. */
  blockFrom: 0.62,
  blockTo: 0.5,
  /**
   * The cloth's median brightness below which its light is left as it is: on dark cloth a third less light is a few
   * levels, and the lift took a black puffer's sheen and seams up into a light fringe along its edges.
   */
  leastMedian: 70,
} as const;

/** The product photo's light taken off the cloth (`PHOTO_LIGHT`): a new picture, the background left as it is. */
export function evenPhotoLight(image: RgbaImage, alpha: GrayImage): RgbaImage {
  const W = image.width;
  const H = image.height;
  const d = image.data;
  const a = alpha.data;
  const lum = (o: number) => 0.299 * (d[o] ?? 0) + 0.587 * (d[o + 1] ?? 0) + 0.114 * (d[o + 2] ?? 0);
  const hist = new Uint32Array(256);
  let n = 0;
  let x0 = W;
  let x1 = -1;
  let y0 = H;
  let y1 = -1;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if ((a[p] ?? 0) < 200) continue;
      {
        const b = Math.round(lum(p * 4));
        hist[b] = (hist[b] ?? 0) + 1;
      }
      n++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  if (n < 100) return image;
  let acc = 0;
  let med = 0;
  while (med < 255 && acc + (hist[med] ?? 0) < n / 2) acc += hist[med++] ?? 0;
  if (med < PHOTO_LIGHT.leastMedian) return image;
  const k = Math.min(1, PHOTO_LIGHT.grid / Math.max(W, H));
  const gw = Math.max(1, Math.round(W * k));
  const gh = Math.max(1, Math.round(H * k));
  const sum = new Float32Array(gw * gh);
  const wt = new Float32Array(gw * gh);
  for (let y = 0; y < H; y++) {
    const gy = Math.min(gh - 1, Math.floor(y * k));
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if ((a[p] ?? 0) < 200) continue;
      const r = lum(p * 4) / med;
      if (r < PHOTO_LIGHT.ground[0] || r > PHOTO_LIGHT.ground[1]) continue;
      const g = gy * gw + Math.min(gw - 1, Math.floor(x * k));
      sum[g] = (sum[g] ?? 0) + r;
      wt[g] = (wt[g] ?? 0) + 1;
    }
  }
  const rad = Math.max(1, Math.max(x1 - x0, y1 - y0) * k * PHOTO_LIGHT.radius);
  gaussianish(sum, gw, gh, rad);
  gaussianish(wt, gw, gh, rad);
  // the gain per grid cell (1 where no cloth of its own colour is near)
  const gain = new Float32Array(gw * gh);
  for (let i = 0; i < gw * gh; i++) {
    const w = wt[i] ?? 0;
    const r = w > 1e-3 ? (sum[i] ?? 0) / w : 1;
    const fade = Math.max(0, Math.min(1, (r - PHOTO_LIGHT.blockTo) / (PHOTO_LIGHT.blockFrom - PHOTO_LIGHT.blockTo)));
    gain[i] = r < 1 ? 1 + PHOTO_LIGHT.lift * fade * (1 / Math.max(r, 0.01) - 1) : 1;
  }
  const out = newRgba(W, H);
  out.data.set(d);
  for (let y = 0; y < H; y++) {
    const fy = Math.min(gh - 1, Math.max(0, (y + 0.5) * k - 0.5));
    const gy0 = Math.floor(fy);
    const gy1 = Math.min(gh - 1, gy0 + 1);
    const v = fy - gy0;
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if ((a[p] ?? 0) === 0) continue;
      const fx = Math.min(gw - 1, Math.max(0, (x + 0.5) * k - 0.5));
      const gx0 = Math.floor(fx);
      const gx1 = Math.min(gw - 1, gx0 + 1);
      const u = fx - gx0;
      const m =
        ((gain[gy0 * gw + gx0] ?? 1) * (1 - u) + (gain[gy0 * gw + gx1] ?? 1) * u) * (1 - v) +
        ((gain[gy1 * gw + gx0] ?? 1) * (1 - u) + (gain[gy1 * gw + gx1] ?? 1) * u) * v;
      if (m <= 1.001) continue;
      const o = p * 4;
      for (let c = 0; c < 3; c++) out.data[o + c] = Math.min(255, Math.round((d[o + c] ?? 0) * m));
    }
  }
  return out;
}
