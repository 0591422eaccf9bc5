/** Variant presets: the same look rendered with a visibly different fit. */
export interface VariantOptions {
  /** Width multiplier around the body (1 = the default fit). */
  ease: number;
  /** Length multiplier of hems, sleeves and legs. */
  length: number;
  /** Tops end at the waist (tucked in). */
  tuck: boolean;
  /** Seeds the small deterministic variations (a slight tint). */
  seed: number;
}

const PRESETS: VariantOptions[] = [
  { ease: 1, length: 1, tuck: false, seed: 1 },
  { ease: 1.14, length: 1.12, tuck: false, seed: 2 }, // looser and longer
  { ease: 0.94, length: 0.82, tuck: false, seed: 3 }, // closer fit, cropped
  { ease: 1.04, length: 1, tuck: true, seed: 4 }, // tucked in
];

/** Index 0 is the default; 1..3 differ visibly; beyond, the presets cycle with another seed. */
export function variantFor(index: number): VariantOptions {
  const i = Math.max(0, Math.floor(index));
  const p = PRESETS[i % PRESETS.length]!;
  return { ...p, seed: p.seed + Math.floor(i / PRESETS.length) * 17 };
}
