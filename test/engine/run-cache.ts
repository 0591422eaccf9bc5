/**
 * What the engine's tests make again and again from the same inputs, made once per test run (CI time): the drawn
 * product photos (test/engine/eval/conditions.ts: 250 drawings of 80 photos, 0.2-1 s each, in a run of the engine's
 * unit files) and a person's analysis (217 analyses of about 25 pictures, ~0.45 s each). Each is kept in memory
 * for the test file and written to the run's folder (test/support/run-cache-global-setup.ts) for the other files;
 * the folder is new for every run, so within it the code that made an entry cannot have changed. Outside vitest
 * (the evaluation runner, scripts) only the memory is used. Every caller gets its own copy of the pixels.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { analyzePerson, type PersonAnalysis, type RgbaImage } from '../../shared/engine';
import { nodeModelRuntime } from '../../functions/engine/node-runtime';

let folder: string | null | undefined;
/** The run's folder, or null outside a vitest run that provides one. */
export async function runFolder(): Promise<string | null> {
  if (folder === undefined) {
    folder = null;
    if (process.env.VITEST) {
      const { inject } = await import('vitest');
      const dir = inject('runCache') as string | undefined;
      if (dir) {
        mkdirSync(dir, { recursive: true });
        folder = dir;
      }
    }
  }
  return folder;
}

/** Written under a temporary name and renamed: a file in the folder is always whole, whichever worker wrote it. */
function writeWhole(file: string, bytes: Buffer): void {
  const tmp = `${file}.${randomUUID()}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}

function readOrNull(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

const copyImage = (img: RgbaImage): RgbaImage => ({ width: img.width, height: img.height, data: img.data.slice() });

const images = new Map<string, Promise<RgbaImage>>();

/** The image named `key` in this run, made by `make` the first time (a PNG in the run's folder: lossless). */
export async function runCachedImage(key: string, make: () => Promise<RgbaImage>): Promise<RgbaImage> {
  let made = images.get(key);
  if (!made) {
    made = (async () => {
      const dir = await runFolder();
      const file = dir ? path.join(dir, `${key.replace(/[^\w.-]/g, '_')}.png`) : null;
      const stored = file ? readOrNull(file) : null;
      if (stored) {
        const { data, info } = await sharp(stored).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        return {
          width: info.width,
          height: info.height,
          data: new Uint8Array(data.buffer, data.byteOffset, data.length),
        };
      }
      const img = await make();
      if (file) {
        const png = await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), {
          raw: { width: img.width, height: img.height, channels: 4 },
        })
          .png({ compressionLevel: 1 })
          .toBuffer();
        writeWhole(file, png);
      }
      return img;
    })();
    images.set(key, made);
  }
  return copyImage(await made);
}

const analyses = new Map<string, Promise<PersonAnalysis>>();

/** Forgets what this process holds in memory (its test reads the run's folder again). */
export function forgetInMemory(): void {
  images.clear();
  analyses.clear();
}

/** A picture's key: its size and a hash of its pixels. */
function pixelsKey(img: RgbaImage): string {
  const hash = createHash('sha1').update(img.data).digest('hex');
  return `${img.width}x${img.height}-${hash}`;
}

/** `analyzePerson(nodeModelRuntime, person)`, once per picture in the run. */
export async function cachedAnalysis(person: RgbaImage): Promise<PersonAnalysis> {
  const key = pixelsKey(person);
  let made = analyses.get(key);
  if (!made) {
    made = (async (): Promise<PersonAnalysis> => {
      const dir = await runFolder();
      const file = dir ? path.join(dir, `analysis-${key}.bin`) : null;
      const stored = file ? readOrNull(file) : null;
      if (stored) {
        // one JSON line (size, keypoints, the mask's size), then the mask's bytes
        const nl = stored.indexOf(10);
        const head = JSON.parse(stored.subarray(0, nl).toString('utf8')) as Omit<PersonAnalysis, 'mask'> & {
          mask: { width: number; height: number };
        };
        return { ...head, mask: { ...head.mask, data: new Uint8Array(stored.subarray(nl + 1)) } };
      }
      const analysis = await analyzePerson(nodeModelRuntime, person);
      if (file) {
        const { mask, ...rest } = analysis;
        const head = JSON.stringify({ ...rest, mask: { width: mask.width, height: mask.height } });
        writeWhole(file, Buffer.concat([Buffer.from(`${head}\n`), Buffer.from(mask.data)]));
      }
      return analysis;
    })();
    analyses.set(key, made);
  }
  const a = await made;
  return { ...a, keypoints: structuredClone(a.keypoints), mask: { ...a.mask, data: a.mask.data.slice() } };
}
