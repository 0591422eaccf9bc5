/**
 * Reading typed arrays without a non-null assertion. The tsconfig has `noUncheckedIndexedAccess`, so `a[i]` on a
 * typed array is `number | undefined`; the engine reads a sample as `(a[i] ?? 0)`: an out-of-range read is 0, the
 * same as an empty pixel (black, transparent, off the mask), and in range it is exactly `a[i]`.
 *
 * In per-pixel loops (and closures they call) that read is written inline, not through a helper: one shared helper
 * function sees every array type in the engine, its type feedback goes polymorphic, and `boxBlur` and
 * `pushPullFill` ran about 1.5x slower through them in an A/B (issue 38, round 10). `at` is for the few single
 * reads outside loops (a median of sorted samples, a percentile, one score of a small array).
 */

/** Item `i` of a number array (sorted samples, a small table); 0 out of range. Not for per-pixel loops. */
export function at(a: ArrayLike<number>, i: number): number {
  return a[i] ?? 0;
}
