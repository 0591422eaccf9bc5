/** Loading the engine's fixtures (people and garments) as RgbaImage buffers, with sharp (tests and scripts only). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { EngineSlot, RgbaImage } from '../../shared/engine';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const PEOPLE_DIR = path.join(HERE, '../fixtures/people');
export const GARMENTS_DIR = path.join(HERE, '../fixtures/garments');

/** The fixtures with a whole body in the frame, facing the camera (cgi-model-28 and -3 are cut at the thighs, cgi-model-25 turned away, -21 and -31 seated or kneeling: see SOURCE.md). */
export const FULL_BODY = [
  'ai-body',
  'cgi-model-27',
  'cgi-model-23',
  'cgi-model-4',
  'cgi-model-2',
  'cgi-model-15',
  'cgi-model-24',
  'cgi-model-30',
];
/** Not whole bodies, with the refusal the engine gives. */
export const NOT_FULL_BODY: Record<string, string> = {
  'ai-upper': 'cropped',
  'cgi-model-13': 'cropped',
  'cgi-model-28': 'cropped',
  'cgi-model-25': 'side_view',
  'cgi-model-3': 'cropped',
  'cgi-model-21': 'not_standing',
  'cgi-model-31': 'not_standing',
};

export const GARMENTS: { file: string; slot: EngineSlot }[] = [
  { file: 'tee-white.jpg', slot: 'top' },
  { file: 'shirt-white.jpg', slot: 'top' },
  { file: 'jacket-alpha.png', slot: 'outerwear' },
  { file: 'jeans-white.jpg', slot: 'bottom' },
  { file: 'skirt-alpha.png', slot: 'bottom' },
  { file: 'dress-white.jpg', slot: 'one-piece' },
  { file: 'trainers-white.jpg', slot: 'shoes' },
];

export async function loadImage(file: string): Promise<RgbaImage> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

export const loadPerson = (name: string) => loadImage(path.join(PEOPLE_DIR, `${name}.jpg`));
export const loadGarment = (file: string) => loadImage(path.join(GARMENTS_DIR, file));

export function toPng(img: RgbaImage): Promise<Buffer> {
  return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), {
    raw: { width: img.width, height: img.height, channels: 4 },
  })
    .png()
    .toBuffer();
}

/** Two people side by side on one canvas (the several-people refusal). */
export function sideBySide(a: RgbaImage, b: RgbaImage): RgbaImage {
  const h = Math.max(a.height, b.height);
  const w = a.width + b.width;
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const src = x < a.width ? a : b;
      const sx = x < a.width ? x : x - a.width;
      const o = (y * w + x) * 4;
      if (y >= src.height) {
        data.set([200, 200, 200, 255], o);
        continue;
      }
      const q = (y * src.width + sx) * 4;
      data[o] = src.data[q]!;
      data[o + 1] = src.data[q + 1]!;
      data[o + 2] = src.data[q + 2]!;
      data[o + 3] = 255;
    }
  }
  return { width: w, height: h, data };
}
