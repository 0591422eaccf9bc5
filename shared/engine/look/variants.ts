/**
 * Variant presets: the same look rendered with a visibly different fit, each named for what changed (issue 39:
 * two variants for 2 credits must not come out nearly identical, and each says how it differs). The order puts
 * the most different fits first, as most runs ask for 2: regular, then cropped and closer.
 */
export interface VariantOptions {
  /** Width multiplier around the body (1 = the default fit). */
  ease: number;
  /** Length multiplier of hems, sleeves and legs. */
  length: number;
  /** Tops end at the waist (tucked in). */
  tuck: boolean;
  /** Seeds the small deterministic variations. */
  seed: number;
  /** What this variant changes, as the result page labels it. */
  label: string;
}

const PRESETS: readonly VariantOptions[] = [
  { ease: 1, length: 1, tuck: false, seed: 1, label: 'Regular fit' },
  { ease: 0.86, length: 0.7, tuck: false, seed: 2, label: 'Closer fit, cropped' },
  { ease: 1.34, length: 1.6, tuck: false, seed: 3, label: 'Looser fit, longer' },
  { ease: 1.04, length: 1, tuck: true, seed: 4, label: 'Tucked in' },
];

/** How many variants differ in their fit; beyond, the presets cycle (MAX_VARIANTS is within it). */
export const DISTINCT_VARIANTS = PRESETS.length;

/** Index 0 is the default; 1..3 differ visibly; beyond, the presets cycle with another seed. */
export function variantFor(index: number): VariantOptions {
  const i = Math.max(0, Math.floor(index));
  const p = PRESETS[i % PRESETS.length]!;
  return { ...p, seed: p.seed + Math.floor(i / PRESETS.length) * 17 };
}
