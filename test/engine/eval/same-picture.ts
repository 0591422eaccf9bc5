/**
 * Is a render's RESULT cell the same picture in two eval panels (an earlier run's and this one's)? Then the earlier
 * verdict by eye still holds and can be carried over (judgement.ts --carry); anything else is judged again.
 *
 * The panels are JPEGs whose labels (metrics, timings) differ from run to run; the result cell of an unchanged
 * render still decodes to the very same pixels (a88d640 against 042c7c7: 164 cells differ by exactly 0). A change of
 * the render itself, however small, moves a patch of pixels by tens of levels: a sliver of skirt by a hand moved the
 * worst 16 x 16 block by 2.6 levels, a fleck by the thumb 5.5; one JPEG block re-quantised with no visible change,
 * 0.7. The test: the mean absolute difference over the cell under MAX_MEAN levels, and no 16 x 16 block (taken every
 * 8 px, so a change across a block border is not halved) differing on average by more than MAX_BLOCK levels.
 */
import sharp from 'sharp';

/** The panel's layout in run.ts: a label, then "person | result | garment input" at 768 px, 8 px gaps. */
export const PANEL_H = 768;
export const LABEL_H = 30;
export const GARMENT_W = 576;

export const SAME_PICTURE = {
  /** mean absolute difference over the cell, in levels (0-255), channels averaged */
  MAX_MEAN: 0.25,
  /** the largest mean absolute difference of a 16 x 16 block, in levels */
  MAX_BLOCK: 1,
  BLOCK: 16,
  STEP: 8,
} as const;

export interface PictureDiff {
  /** mean absolute difference, levels */
  mean: number;
  /** the worst block's mean absolute difference, levels */
  maxBlock: number;
  /** where the worst block is (its top-left corner) */
  at: [number, number];
}

/** Two images of the same size, `channels` interleaved 8-bit samples a pixel. */
export function pictureDiff(a: Uint8Array, b: Uint8Array, width: number, height: number, channels = 3): PictureDiff {
  if (a.length !== b.length || a.length !== width * height * channels) throw new Error('images differ in size');
  const { BLOCK, STEP } = SAME_PICTURE;
  // per-pixel difference (channels averaged) and its summed-area table, for every block's mean in O(1)
  const W1 = width + 1;
  const sat = new Float64Array(W1 * (height + 1));
  let total = 0;
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      let d = 0;
      for (let c = 0; c < channels; c++) d += Math.abs(a[i + c]! - b[i + c]!);
      d /= channels;
      total += d;
      row += d;
      sat[(y + 1) * W1 + x + 1] = sat[y * W1 + x + 1]! + row;
    }
  }
  let maxBlock = 0;
  let at: [number, number] = [0, 0];
  const bw = Math.min(BLOCK, width);
  const bh = Math.min(BLOCK, height);
  const starts = (n: number, b: number) => {
    const s: number[] = [];
    for (let p = 0; p + b < n; p += STEP) s.push(p);
    s.push(n - b); // the last block flush with the edge
    return s;
  };
  const xs = starts(width, bw);
  for (const y of starts(height, bh))
    for (const x of xs) {
      const sum = sat[(y + bh) * W1 + x + bw]! - sat[y * W1 + x + bw]! - sat[(y + bh) * W1 + x]! + sat[y * W1 + x]!;
      const m = sum / (bw * bh);
      if (m > maxBlock) {
        maxBlock = m;
        at = [x, y];
      }
    }
  return { mean: total / (width * height), maxBlock, at };
}

export const isSamePicture = (d: PictureDiff | null): boolean =>
  d !== null && d.mean < SAME_PICTURE.MAX_MEAN && d.maxBlock <= SAME_PICTURE.MAX_BLOCK;

/**
 * The cell's first rows share JPEG blocks with the label (16 px rows of chroma-subsampled blocks: the label's
 * colour, red when a metric misses, bleeds into rows 30-31): they are left out of the comparison. They show the
 * background above the head, never a garment.
 */
export const SKIP_TOP = Math.ceil(LABEL_H / 16) * 16 - LABEL_H;

/** A panel's result cell (person | RESULT | garment) below the label's JPEG blocks, as raw RGB, with its size. */
export async function resultCell(file: string): Promise<{ data: Uint8Array; width: number; height: number }> {
  const W = (await sharp(file).metadata()).width!;
  const pw = Math.round((W - GARMENT_W - 16) / 2);
  const height = PANEL_H - SKIP_TOP;
  const data = await sharp(file)
    .extract({ left: pw + 8, top: LABEL_H + SKIP_TOP, width: pw, height })
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data, width: pw, height };
}

/** The difference between the result cells of two panels; null when they are not the same size (another photo). */
export async function panelResultDiff(oldFile: string, newFile: string): Promise<PictureDiff | null> {
  const [a, b] = await Promise.all([resultCell(oldFile), resultCell(newFile)]);
  if (a.width !== b.width || a.height !== b.height) return null;
  return pictureDiff(a.data, b.data, a.width, a.height);
}
