/**
 * The product photo against the render: a drop shadow cut out as cloth, the photo's own tilt, the slot guessed
 * from the outline, the garment's colour under the scene's light (CIEDE2000).
 */
import { detectGarment, GARMENT_MAX, type EngineSlot, type GrayImage, type RgbaImage } from '../../../shared/engine';
import { resizeRgba } from '../../../shared/engine/core/image-ops';
import type { MetricContext } from './context';
import { binary, deltaE2000, erodeBin, linearToLab, median, srgbToLinear, type Lab } from './pixels';

/** The product as the engine reads it: at most GARMENT_MAX px, cut out by `detectGarment` (null: refused). */
export function productCutout(
  product: RgbaImage,
  slot: EngineSlot | null,
): { image: RgbaImage; alpha: GrayImage; slot: EngineSlot } | null {
  const k = Math.min(1, GARMENT_MAX / Math.max(product.width, product.height));
  const image = k < 1 ? resizeRgba(product, Math.round(product.width * k), Math.round(product.height * k)) : product;
  try {
    const det = detectGarment(image, slot);
    return { image, alpha: det.alpha, slot: det.slot };
  } catch {
    return null;
  }
}

/** The image border's median colour (the background a product is shot on). */
function borderColour(image: RgbaImage): [number, number, number] {
  const { width: w, height: h, data: d } = image;
  const c: number[][] = [[], [], []];
  const add = (x: number, y: number) => {
    const o = (y * w + x) * 4;
    for (let k = 0; k < 3; k++) c[k]!.push(d[o + k]!);
  };
  for (let x = 0; x < w; x++) {
    add(x, 0);
    add(x, h - 1);
  }
  for (let y = 0; y < h; y++) {
    add(0, y);
    add(w - 1, y);
  }
  return [median(c[0]!), median(c[1]!), median(c[2]!)];
}

/**
 * A drop shadow taken for cloth: the share of the cut-out's boundary pixels (cut-out pixels next to background)
 * that are a neutral darkening of the background (each channel 0.45-0.93 of the border's, within 0.06 of each
 * other), and still are 3 px further in (a garment's outline stroke is thinner; a shadow is a band).
 */
export function shadowEdge(image: RgbaImage, alpha: GrayImage): number {
  const { width: W, height: H, data: d } = image;
  const bg = borderColour(image);
  const a = alpha.data;
  const shadowy = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= W || y >= H || a[y * W + x]! < 128) return false;
    const o = (y * W + x) * 4;
    const k = [0, 1, 2].map((c) => d[o + c]! / Math.max(1, bg[c]!));
    const lo = Math.min(...k);
    const hi = Math.max(...k);
    return lo >= 0.45 && hi <= 0.93 && hi - lo <= 0.06;
  };
  let n = 0;
  let s = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (a[y * W + x]! < 128) continue;
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < W && ny < H && a[ny * W + nx]! >= 128) continue;
        n++;
        if (shadowy(x, y) && shadowy(x - dx * 3, y - dy * 3)) s++;
        break;
      }
    }
  }
  return n ? s / n : 0;
}

/**
 * The product photo's own tilt, degrees: the rotation (within +-20, 1 degree steps) that gives the cut-out's
 * smallest bounding box (a garment shot straight fits its box best unrotated).
 */
export function productTilt(alpha: GrayImage): number {
  const { width: W, height: H, data } = alpha;
  const pts: [number, number][] = [];
  const step = Math.max(1, Math.round(Math.sqrt((W * H) / 40000)));
  for (let y = 0; y < H; y += step) for (let x = 0; x < W; x += step) if (data[y * W + x]! >= 128) pts.push([x, y]);
  if (pts.length < 10) return 0;
  let best = 0;
  let bestArea = Infinity;
  for (let deg = -20; deg <= 20; deg++) {
    const t = (deg * Math.PI) / 180;
    const c = Math.cos(t);
    const s = Math.sin(t);
    let x0 = Infinity;
    let x1 = -Infinity;
    let y0 = Infinity;
    let y1 = -Infinity;
    for (const [x, y] of pts) {
      const u = x * c - y * s;
      const v = x * s + y * c;
      if (u < x0) x0 = u;
      if (u > x1) x1 = u;
      if (v < y0) y0 = v;
      if (v > y1) y1 = v;
    }
    const area = (x1 - x0) * (y1 - y0);
    if (area < bestArea - 1e-6 || (Math.abs(area - bestArea) <= 1e-6 && Math.abs(deg) < Math.abs(best))) {
      bestArea = area;
      best = deg;
    }
  }
  return Math.abs(best);
}

/** The slot the outline gives (no slot told), against the truth; a jacket read as a top counts as right. */
export function slotGuess(product: RgbaImage, truth: EngineSlot): { guessed: EngineSlot | 'refused'; right: boolean } {
  const cut = productCutout(product, null);
  const guessed = cut ? cut.slot : 'refused';
  const upper = (s: string) => s === 'top' || s === 'outerwear';
  return { guessed, right: guessed === truth || (upper(guessed) && upper(truth)) };
}

/**
 * CIELAB of the mean colour (in linear RGB, times `gains`) of an image's pixels where `use` is set: the mean, not
 * a median, so a print (navy and white stripes) gives its mixed colour rather than whichever stripe is the most.
 */
function meanLab(
  image: RgbaImage,
  use: (i: number) => boolean,
  gains: [number, number, number] = [1, 1, 1],
): Lab | null {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  const N = image.width * image.height;
  const step = Math.max(1, Math.floor(N / 60000));
  for (let i = 0; i < N; i += step) {
    if (!use(i)) continue;
    const o = i * 4;
    r += srgbToLinear(image.data[o]!);
    g += srgbToLinear(image.data[o + 1]!);
    b += srgbToLinear(image.data[o + 2]!);
    n++;
  }
  if (!n) return null;
  return linearToLab(Math.min(1, (r / n) * gains[0]), Math.min(1, (g / n) * gains[1]), Math.min(1, (b / n) * gains[2]));
}

/**
 * The scene's light as per-channel gains (grey world over the photo's background, in linear RGB, normalised to
 * a mean of 1, each within 0.8..1.25): what the garment's colours should be multiplied by to sit in the scene.
 */
export function sceneGains(person: RgbaImage, mask: Uint8Array): [number, number, number] {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  const N = person.width * person.height;
  const step = Math.max(1, Math.floor(N / 60000));
  for (let i = 0; i < N; i += step) {
    if (mask[i]! >= 64) continue;
    r += srgbToLinear(person.data[i * 4]!);
    g += srgbToLinear(person.data[i * 4 + 1]!);
    b += srgbToLinear(person.data[i * 4 + 2]!);
    n++;
  }
  if (!n) return [1, 1, 1];
  const m = (r + g + b) / 3 || 1;
  const gain = (v: number) => Math.max(0.8, Math.min(1.25, v / m));
  return [gain(r), gain(g), gain(b)];
}

/**
 * The garment's colour in the render against its product photo lit by the scene's light: CIEDE2000 between the
 * mean colour of the drawn garment (fully covered pixels, 2 px in from its edge) and the mean of the product's
 * cut-out (3 px in: no outline) with the scene's gains applied. Also the difference without the gains (how much
 * the scene's tint would change it). null without a cut-out or a drawn garment.
 */
export function colourDelta(
  ctx: MetricContext,
  product: { image: RgbaImage; alpha: GrayImage } | null,
): { deltaE: number; deltaEUntinted: number } | null {
  if (!product) return null;
  const { image: pi, alpha } = product;
  const inner = erodeBin(binary(alpha.data, 250), alpha.width, alpha.height, 3);
  const drawn = erodeBin(binary(ctx.garment, 250), ctx.width, ctx.height, 2);
  const gains = sceneGains(ctx.person, ctx.body.mask);
  const own = meanLab(pi, (i) => inner[i] === 1);
  const lit = meanLab(pi, (i) => inner[i] === 1, gains);
  const got = meanLab(ctx.result, (i) => drawn[i] === 1);
  if (!own || !lit || !got) return null;
  return { deltaE: deltaE2000(lit, got), deltaEUntinted: deltaE2000(own, got) };
}
