/**
 * The one gate every user-supplied image passes before it is stored: size, magic bytes, a real decode,
 * a pixel cap, then a re-encode with sharp. Re-encoding is what makes stored images safe to serve:
 * polyglot payloads do not survive it, and metadata (EXIF, GPS, XMP, IPTC, ICC, comments) is dropped
 * because sharp writes none unless asked with withMetadata/keepExif, which this module never calls.
 *
 * Output format:
 * - opaque images            -> JPEG, quality 85 (mozjpeg), 4:2:0: small and accepted by every provider;
 * - images with an alpha channel and `alpha: 'keep'` (product cut-outs for styles) -> WebP quality 90 with
 *   lossless-quality alpha. PNG would keep the alpha too but is 5 to 10 times larger for photographic content;
 * - `alpha: 'flatten'` (photo profiles, avatars) -> JPEG on a white background: a person photo has no
 *   use for transparency and the generation providers get one predictable format.
 * Accepted inputs: JPEG, PNG, WebP, and AVIF (the prebuilt libvips decodes AV1). HEIC (HEVC) is refused:
 * the prebuilt sharp cannot decode it (no HEVC codec for licensing reasons), so accepting it would fail later.
 */
import type { Metadata, OutputInfo } from 'sharp';
import { loadSharp } from './sharp-loader';
import { ERROR_CODES, HttpError, thrownInfo } from '../../shared/errors';
import type { ImageCheckKind } from '../../shared/domain/content-safety';
import { assertImageSafe } from './moderation';
import type { UploadedFile } from './multipart';
import { DIRECT_UPLOAD_MESSAGES } from '../../shared/schemas/upload';

export type InputImageType = 'jpeg' | 'png' | 'webp' | 'avif';
export type OutputFormat = 'jpeg' | 'webp' | 'png';

export interface ProcessImageOptions {
  /** Largest accepted input in bytes (inclusive). */
  maxBytes: number;
  /** Longest side of the output; larger inputs are scaled down, never up. */
  maxSide?: number;
  /** Largest accepted decoded size in pixels (width x height): the decompression-bomb guard. */
  maxPixels?: number;
  /** What to do with transparency: keep it (WebP output) or flatten onto white (JPEG output). */
  alpha?: 'keep' | 'flatten';
  /** Crop to a centred square of this side (avatars); overrides maxSide. */
  square?: number;
  /** A check of the pixel size read from the header (person photos: big enough): the refusal message, or null. */
  sizeCheck?: (width: number, height: number) => string | null;
  /** What the image is and whose (for the refusal record when the content-safety check refuses it). */
  safety?: { kind: ImageCheckKind; userId?: string | null };
}

export interface ProcessedImage {
  buffer: Buffer;
  contentType: 'image/jpeg' | 'image/webp' | 'image/png';
  format: OutputFormat;
  /** File extension matching the format, without the dot. */
  ext: 'jpg' | 'webp' | 'png';
  width: number;
  height: number;
  /** The detected input type. */
  inputType: InputImageType;
}

export const DEFAULT_MAX_SIDE = 2048;
export const DEFAULT_MAX_PIXELS = 50_000_000;
export const MB = 1024 * 1024;

export const IMAGE_MESSAGES = {
  empty: 'The file is empty',
  unsupported: DIRECT_UPLOAD_MESSAGES.unsupported,
  unreadable: 'The image could not be read',
} as const;

export const formatMb = (bytes: number): string => {
  const mb = bytes / MB;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
};

export const fileTooLarge = (maxBytes: number) =>
  new HttpError(413, ERROR_CODES.payloadTooLarge, `File too large. The maximum is ${formatMb(maxBytes)}.`);

/** A file of the request, refused as too large when the parser cut it off (it never reaches the pipeline). */
export function withinLimit(file: UploadedFile | undefined, maxBytes: number): UploadedFile | undefined {
  if (file && (file.truncated || file.content.length > maxBytes)) throw fileTooLarge(maxBytes);
  return file;
}

/** Identify the container from its first bytes; the client's file name and mimetype are never trusted. */
export function sniffImageType(b: Buffer): InputImageType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: size(4) 'ftyp' major-brand(4). AVIF only; HEIC brands (heic, heix, mif1 without avif) are refused.
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(b.readUInt32BE(0), b.length, 256);
    const brands = [b.toString('latin1', 8, 12)];
    for (let o = 16; o + 4 <= boxSize; o += 4) brands.push(b.toString('latin1', o, o + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

// sharp reports AVIF as 'heif'; anything else means the container lied about its content.
const SHARP_FORMAT: Record<InputImageType, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif' };

export async function processImage(bytes: Buffer, opts: ProcessImageOptions): Promise<ProcessedImage> {
  const maxSide = opts.maxSide ?? DEFAULT_MAX_SIDE;
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  if (!bytes || bytes.length === 0) throw new HttpError(400, ERROR_CODES.badRequest, IMAGE_MESSAGES.empty);
  if (bytes.length > opts.maxBytes) throw fileTooLarge(opts.maxBytes);
  const inputType = sniffImageType(bytes);
  if (!inputType) throw new HttpError(400, ERROR_CODES.unsupportedMediaType, IMAGE_MESSAGES.unsupported);

  // 'truncated' refuses cut-off files but tolerates the harmless warnings many camera JPEGs carry.
  const input = { failOn: 'truncated' as const, limitInputPixels: maxPixels, pages: 1 };
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, input).metadata();
  } catch (err) {
    throw pixelOrUnreadable(err, maxPixels);
  }
  if (meta.format !== SHARP_FORMAT[inputType] || !meta.width || !meta.height)
    throw new HttpError(400, ERROR_CODES.badRequest, IMAGE_MESSAGES.unreadable);
  // An AVIF-branded HEIF file carrying HEVC would fail to decode: refuse it as unsupported, not unreadable.
  if (inputType === 'avif' && meta.compression && meta.compression !== 'av1')
    throw new HttpError(400, ERROR_CODES.unsupportedMediaType, IMAGE_MESSAGES.unsupported);
  // Checked from the header before any pixel is decoded (sharp's limitInputPixels guards the decode too).
  if (meta.width * meta.height > maxPixels) throw tooManyPixels(maxPixels);
  const sizeProblem = opts.sizeCheck?.(meta.width, meta.height);
  if (sizeProblem) throw new HttpError(400, ERROR_CODES.validation, sizeProblem);

  const flatten = opts.alpha !== 'keep';
  const keepAlpha = !flatten && !!meta.hasAlpha;
  let pipeline = sharp(bytes, input).timeout({ seconds: 20 }).rotate();
  pipeline = opts.square
    ? pipeline.resize(opts.square, opts.square, { fit: 'cover', position: 'centre' })
    : pipeline.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  if (meta.hasAlpha && flatten) pipeline = pipeline.flatten({ background: '#ffffff' });
  pipeline = keepAlpha
    ? pipeline.webp({ quality: 90, alphaQuality: 100, effort: 4 })
    : pipeline.jpeg({ quality: 85, mozjpeg: true, chromaSubsampling: '4:2:0' });

  let data: Buffer;
  let info: OutputInfo;
  try {
    ({ data, info } = await pipeline.toBuffer({ resolveWithObject: true }));
  } catch (err) {
    throw pixelOrUnreadable(err, maxPixels);
  }
  await assertImageSafe(data, opts.safety ?? { kind: 'image' });
  const format: OutputFormat = keepAlpha ? 'webp' : 'jpeg';
  return {
    buffer: data,
    contentType: keepAlpha ? 'image/webp' : 'image/jpeg',
    format,
    ext: keepAlpha ? 'webp' : 'jpg',
    width: info.width,
    height: info.height,
    inputType,
  };
}

function tooManyPixels(maxPixels: number): HttpError {
  return new HttpError(
    400,
    ERROR_CODES.badRequest,
    `The image has too many pixels. The maximum is ${Math.round(maxPixels / 1e6)} megapixels.`,
  );
}

function pixelOrUnreadable(err: unknown, maxPixels: number): HttpError {
  if (/pixel limit/i.test(thrownInfo(err).message ?? '')) return tooManyPixels(maxPixels);
  return new HttpError(400, ERROR_CODES.badRequest, IMAGE_MESSAGES.unreadable);
}
