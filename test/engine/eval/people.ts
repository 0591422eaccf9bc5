/**
 * The evaluation set's people: every full-body fixture (test/engine/fixtures.ts FULL_BODY) as photographed,
 * mirrored, and cropped to a tight margin around the person; the fixtures that are not whole bodies are expected
 * refusals. Tests and scripts only.
 */
import type { PersonAnalysis, RgbaImage } from '../../../shared/engine';
import { CLOTHES } from '../metrics';
import { FULL_BODY, NOT_FULL_BODY } from '../fixtures';

export { FULL_BODY, NOT_FULL_BODY };

/** A forearm or hand in front of the body (a top must go under it without holes). */
export const ARMS_IN_FRONT = [
  'cgi-model-2', // a hand raised to the chin, the forearm before the upper chest
  'cgi-model-15', // both forearms raised in front of the body's sides, hands at chest height
  'cgi-model-27', // a hand raised to her head, the forearm folded before the face's side
];
/** Legs apart (a skirt or a dress must stay one piece across the gap between the legs). */
export const WIDE_STANCE = [
  'cgi-model-27', // a stride, feet a shoulder span apart
  'ai-body', // A-pose, feet apart
  'cgi-model-30', // feet apart on the sand
];

export const PERSON_VARIANTS = ['photo', 'mirrored', 'tight'] as const;
export type PersonVariant = (typeof PERSON_VARIANTS)[number];

export interface PersonCase {
  name: string;
  variant: PersonVariant;
  image: RgbaImage;
  /** The key of this image's hand-labelled clothes in CLOTHES (test/engine/metrics.ts), transformed like the image. */
  labels: string | null;
}

function mirrorImage(img: RgbaImage): RgbaImage {
  const { width: W, height: H } = img;
  const data = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 4;
      const q = (y * W + (W - 1 - x)) * 4;
      data[o] = img.data[q]!;
      data[o + 1] = img.data[q + 1]!;
      data[o + 2] = img.data[q + 2]!;
      data[o + 3] = 255;
    }
  }
  return { width: W, height: H, data };
}

function cropImage(img: RgbaImage, x0: number, y0: number, w: number, h: number): RgbaImage {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    const from = ((y0 + y) * img.width + x0) * 4;
    data.set(img.data.subarray(from, from + w * 4), y * w * 4);
  }
  return { width: w, height: h, data };
}

/** The person's box from the mask (>= 128), in image pixels. */
export function personBox(analysis: PersonAnalysis): { x0: number; y0: number; x1: number; y1: number } {
  const { mask } = analysis;
  let x0 = mask.width;
  let y0 = mask.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (mask.data[y * mask.width + x]! < 128) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return { x0, y0, x1, y1 };
}

/** Register the fixture's labels transformed like the image (so the old-garment metric still applies). */
function transformLabels(name: string, key: string, map: (p: [number, number]) => [number, number]): string | null {
  const own = CLOTHES[name];
  if (!own) return null;
  CLOTHES[key] = Object.fromEntries(
    Object.entries(own).map(([slot, polys]) => [slot, polys.map((poly) => poly.map(map))]),
  ) as (typeof CLOTHES)[string];
  return key;
}

/**
 * A variant of a fixture photo: as is, mirrored left-right, or cropped to a tight frame (margins of 5% of the
 * person's height around the person's mask: a framing shops and phones give, and one the full-body rule must still
 * accept: room for the feet, the head inside the frame).
 */
export function personVariant(
  name: string,
  variant: PersonVariant,
  photo: RgbaImage,
  analysis: PersonAnalysis,
): PersonCase {
  if (variant === 'photo') return { name, variant, image: photo, labels: CLOTHES[name] ? name : null };
  if (variant === 'mirrored') {
    const W = photo.width;
    return {
      name,
      variant,
      image: mirrorImage(photo),
      labels: transformLabels(name, `${name}~mirrored`, ([x, y]) => [W - 1 - x, y]),
    };
  }
  const b = personBox(analysis);
  const m = Math.round((b.y1 - b.y0) * 0.05);
  const x0 = Math.max(0, b.x0 - m);
  const y0 = Math.max(0, b.y0 - m);
  const x1 = Math.min(photo.width - 1, b.x1 + m);
  const y1 = Math.min(photo.height - 1, b.y1 + m);
  return {
    name,
    variant,
    image: cropImage(photo, x0, y0, x1 - x0 + 1, y1 - y0 + 1),
    labels: transformLabels(name, `${name}~tight`, ([x, y]) => [x - x0, y - y0]),
  };
}
