/**
 * Pixel accessors: the engine's reads of typed arrays, images and masks without a non-null assertion at each site.
 *
 * The tsconfig has `noUncheckedIndexedAccess`, so `a[i]` on a typed array is `number | undefined`. These read the
 * sample and give 0 where there is none: an out-of-range read is 0, the same as an empty pixel (black, transparent,
 * off the mask). In range they return exactly `a[i]`, so the engine's output is unchanged.
 *
 * One accessor per element family (bytes, floats, integers, plain arrays), not one for all: V8 inlines these tiny
 * functions, and an inlined read is only as fast as the array types its one shared call site has seen. Kept apart,
 * each sees at most two or three kinds and stays a direct element load in the per-pixel loops.
 */

/** Sample `i` of 8-bit data (an RGBA image's bytes, a mask, an alpha plane); 0 out of range. */
export function byteAt(a: Uint8Array | Uint8ClampedArray, i: number): number {
  return a[i] ?? 0;
}

/** Sample `i` of float data (weights, planes, accumulators); 0 out of range. */
export function floatAt(a: Float32Array | Float64Array, i: number): number {
  return a[i] ?? 0;
}

/** Sample `i` of integer data (component labels, index tables); 0 out of range. */
export function intAt(a: Int32Array | Uint16Array, i: number): number {
  return a[i] ?? 0;
}

/** Item `i` of a plain number array or tuple (sorted samples, colour triples, small tables); 0 out of range. */
export function at(a: ArrayLike<number>, i: number): number {
  return a[i] ?? 0;
}

/** A one-channel mask or alpha plane (0..255), row-major with its width. */
export interface MaskLike {
  width: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** The mask's value at pixel (x, y), integer coordinates; 0 off the mask's data. */
export function maskAt(mask: MaskLike, x: number, y: number): number {
  return mask.data[y * mask.width + x] ?? 0;
}
