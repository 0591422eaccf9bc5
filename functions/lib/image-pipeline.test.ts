import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../shared/errors';
import { MB, processImage, sniffImageType } from './image-pipeline';
import { loadLocalClassifier } from './moderation';
import { hugeBlankPng } from '../../test/support/media';

// processImage runs the real content-safety classifier: load it once up front (a few seconds on a busy
// machine) so no single test pays for it.
beforeAll(() => loadLocalClassifier(), 60_000);

const solid = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } });

/** Pseudo-random pixels: compresses badly, so truncating the file really cuts image data. */
function noise(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

async function rejection(p: Promise<unknown>): Promise<HttpError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return err as HttpError;
  }
  throw new Error('expected a rejection');
}

const LIMIT = 10 * MB;

describe('processImage', () => {
  it('re-encodes a JPEG and drops EXIF including GPS', async () => {
    const input = await solid(320, 240)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'X1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 0/1' },
      })
      .toBuffer();
    const inMeta = await sharp(input).metadata();
    expect(inMeta.exif).toBeDefined();
    expect(inMeta.exif!.toString('latin1')).toContain('PhoneCo');

    const out = await processImage(input, { maxBytes: LIMIT });
    expect(out.contentType).toBe('image/jpeg');
    expect(out.ext).toBe('jpg');
    const outMeta = await sharp(out.buffer).metadata();
    expect(outMeta.exif).toBeUndefined();
    expect(outMeta.xmp).toBeUndefined();
    expect(outMeta.iptc).toBeUndefined();
    expect(out.buffer.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect([out.width, out.height]).toEqual([320, 240]);
  });

  it('applies the EXIF orientation before dropping it', async () => {
    const input = await solid(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await processImage(input, { maxBytes: LIMIT });
    expect([out.width, out.height]).toEqual([200, 300]);
    expect((await sharp(out.buffer).metadata()).orientation).toBeUndefined();
  });

  it('downsizes a 4000x3000 image to fit 2048, and never enlarges', async () => {
    const big = await solid(4000, 3000).png().toBuffer();
    const out = await processImage(big, { maxBytes: LIMIT });
    expect([out.width, out.height]).toEqual([2048, 1536]);
    const small = await processImage(await solid(100, 80).webp().toBuffer(), { maxBytes: LIMIT });
    expect([small.width, small.height]).toEqual([100, 80]);
    expect(small.contentType).toBe('image/jpeg');
  });

  it('keeps transparency as WebP when asked, flattens to JPEG otherwise', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const kept = await processImage(png, { maxBytes: LIMIT, alpha: 'keep' });
    expect(kept).toMatchObject({ contentType: 'image/webp', ext: 'webp', format: 'webp' });
    expect((await sharp(kept.buffer).metadata()).hasAlpha).toBe(true);
    const flat = await processImage(png, { maxBytes: LIMIT });
    expect(flat.contentType).toBe('image/jpeg');
    expect((await sharp(flat.buffer).metadata()).hasAlpha).toBe(false);
  });

  it('crops to a centred square for avatars', async () => {
    const out = await processImage(await solid(900, 400).jpeg().toBuffer(), { maxBytes: LIMIT, square: 512 });
    expect([out.width, out.height]).toEqual([512, 512]);
  });

  it('accepts AVIF (decodable here) and refuses HEIC', async () => {
    const avif = await solid(40, 30).avif().toBuffer();
    expect(sniffImageType(avif)).toBe('avif');
    expect((await processImage(avif, { maxBytes: LIMIT })).contentType).toBe('image/jpeg');
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(64),
    ]);
    const err = await rejection(processImage(heic, { maxBytes: LIMIT }));
    expect(err.status).toBe(400);
    expect(err.message).toBe('Unsupported image type. Use JPEG, PNG, WebP or AVIF.');
  });

  it('refuses an empty file', async () => {
    const err = await rejection(processImage(Buffer.alloc(0), { maxBytes: LIMIT }));
    expect([err.status, err.message]).toEqual([400, 'The file is empty']);
  });

  it('refuses a text file whatever its name', async () => {
    const err = await rejection(
      processImage(Buffer.from('just some text pretending to be photo.jpg\n'), { maxBytes: LIMIT }),
    );
    expect([err.status, err.code, err.message]).toEqual([
      400,
      'unsupported_media_type',
      'Unsupported image type. Use JPEG, PNG, WebP or AVIF.',
    ]);
  });

  it('refuses SVG and GIF (decodable by sharp, but not accepted)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await rejection(processImage(svg, { maxBytes: LIMIT }))).status).toBe(400);
    const gif = await solid(10, 10).gif().toBuffer();
    expect((await rejection(processImage(gif, { maxBytes: LIMIT }))).message).toMatch(/Unsupported image type/);
  });

  it('refuses a truncated JPEG and JPEG magic followed by garbage', async () => {
    const jpg = await noise(600, 400).jpeg({ quality: 90 }).toBuffer();
    const cut = jpg.subarray(0, Math.floor(jpg.length * 0.9));
    const err = await rejection(processImage(cut, { maxBytes: LIMIT }));
    expect([err.status, err.message]).toEqual([400, 'The image could not be read']);
    const junk = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg at all')]);
    expect((await rejection(processImage(junk, { maxBytes: LIMIT }))).message).toBe('The image could not be read');
  });

  it('refuses a file over the size cap with 413 payload_too_large', async () => {
    const err = await rejection(processImage(Buffer.alloc(LIMIT + 1, 0xff), { maxBytes: LIMIT }));
    expect([err.status, err.code, err.message]).toEqual([
      413,
      'payload_too_large',
      'File too large. The maximum is 10 MB.',
    ]);
    const real = await noise(400, 400).jpeg().toBuffer();
    expect((await rejection(processImage(real, { maxBytes: 5 * 1024 }))).status).toBe(413);
  });

  it('refuses a 20000x20000 PNG (400 megapixels) by the pixel cap, before decoding it', async () => {
    const bomb = hugeBlankPng(20000, 20000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = Date.now();
    const err = await rejection(processImage(bomb, { maxBytes: LIMIT }));
    expect(err.status).toBe(400);
    expect(err.message).toBe('The image has too many pixels. The maximum is 50 megapixels.');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
