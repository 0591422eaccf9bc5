/**
 * How a preview draws a size (issue 25: "a size up looks looser"), from the size rule of ./size-advice.ts. Its own
 * module: only the preview's lazy chunk needs it, not every page that shows size advice.
 */
import { adviseSize, CIRCUMFERENCES, EASE_CM, toCm, type BodyMeasurementsCm, type SizeChart } from './size-advice';

/** The widest and narrowest fit a preview draws, relative to the engine's default (one size's ease is a few %). */
export const RENDER_EASE_RANGE = [0.88, 1.25] as const;
/** The shortest and longest length a preview draws, relative to the recommended size. */
export const RENDER_LENGTH_RANGE = [0.85, 1.2] as const;

/** A render asked for a size the style cannot draw (issue 39): answered 400 before anything is spent. */
export const RENDER_SIZE_MESSAGES = {
  noChart: 'This style has no size chart, so no size can be chosen',
  unknown: (size: string) => `Size ${size} is not in this style's size chart`,
} as const;

const clamp = (v: number, [lo, hi]: readonly [number, number]) => Math.min(hi, Math.max(lo, v));

/**
 * How a preview draws size `sizeName` of `chart` on a person with `body` (issue 25: "a size up looks looser"):
 * `ease` is the engine's width multiplier around the body, the garment's girth over the girth the engine draws
 * by default (the body plus the middle of a regular fit's ease), averaged over the circumferences both give;
 * `length` is the size's length (or inseam) over the recommended size's. Null when the size is not in the chart
 * or no circumference can be compared (nothing is guessed: the preview then draws the default fit).
 */
export function renderFitFor(
  chart: SizeChart,
  body: BodyMeasurementsCm,
  sizeName: string,
): { ease: number; length: number } | null {
  const row = chart.sizes.find((s) => s.name === sizeName);
  if (!row) return null;
  const ratios = CIRCUMFERENCES.filter((a) => row[a] !== undefined && body[a] !== undefined).map((a) => {
    const [lo, hi] = EASE_CM[a].regular;
    return toCm(row[a]!, chart.unit) / (body[a]! + (lo + hi) / 2);
  });
  if (!ratios.length) return null;
  const ease = clamp(ratios.reduce((s, r) => s + r, 0) / ratios.length, RENDER_EASE_RANGE);
  let length = 1;
  const advice = adviseSize(chart, body);
  const base = advice.kind === 'recommended' ? chart.sizes.find((s) => s.name === advice.size) : undefined;
  const along = (['length', 'inseam'] as const).find((a) => row[a] !== undefined && base?.[a] !== undefined);
  if (base && along) length = clamp(row[along]! / base[along]!, RENDER_LENGTH_RANGE);
  return { ease: Math.round(ease * 1000) / 1000, length: Math.round(length * 1000) / 1000 };
}
