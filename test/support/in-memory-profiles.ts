/**
 * In-memory collaborators of the profiles and privacy use cases (their unit tests): the two media buckets as a
 * map with the operations functions/lib/media-store.ts offers (same answers: a missing object reads as null,
 * deleting a missing key is fine, a capped read over the cap is 'too-large'), a bucket that can be told to fail,
 * tiny real images made with sharp, the image pipeline's contract without its content-safety model, and a photo
 * profile record. Never wired in production.
 */
import sharp from 'sharp';
import type { BucketKind } from '../../functions/lib/media-store';
import {
  IMAGE_MESSAGES,
  fileTooLarge,
  sniffImageType,
  type ProcessImageOptions,
  type ProcessedImage,
} from '../../functions/lib/image-pipeline';
import { ERROR_CODES, HttpError } from '../../shared/errors';
import type { PhotoProfileRecord } from '../../shared/repositories/photo-profile-repository';

export interface StoredBlob {
  body: Buffer;
  contentType: string;
  lastModified: Date;
}

export interface MemoryMedia {
  objects: Map<string, StoredBlob>;
  /** When set, a write or delete in that bucket throws (S3 refusing). */
  failing: BucketKind | null;
  /** The time new objects are stamped with. */
  clock: () => Date;
  put(bucket: BucketKind, key: string, body: Buffer | Uint8Array, contentType?: string): Promise<void>;
  exists(bucket: BucketKind, key: string): Promise<boolean>;
  read(bucket: BucketKind, key: string): Promise<Buffer | null>;
  readCapped(bucket: BucketKind, key: string, maxBytes: number): Promise<Buffer | null | 'too-large'>;
  delete(bucket: BucketKind, keys: (string | null | undefined)[]): Promise<number>;
  deletePrefix(bucket: BucketKind, prefix: string): Promise<number>;
  listKeys(bucket: BucketKind, prefix: string): Promise<string[]>;
  listObjects(bucket: BucketKind, prefix: string): Promise<{ key: string; lastModified: Date | null }[]>;
  purgeVersions(bucket: BucketKind, prefix: string): Promise<number>;
  presignGet(bucket: BucketKind, key: string, opts: { expiresIn: number; signingDate?: Date }): Promise<string>;
  /** The keys of one bucket, sorted. */
  keys(bucket: BucketKind, prefix?: string): string[];
}

const id = (bucket: BucketKind, key: string) => `${bucket}:${key}`;

export function memoryMedia(clock: () => Date = () => new Date('2026-11-01T12:00:00.000Z')): MemoryMedia {
  const m: MemoryMedia = {
    objects: new Map(),
    failing: null,
    clock,
    put(bucket, key, body, contentType = 'application/octet-stream') {
      if (m.failing === bucket) return Promise.reject(new Error('S3 refused the write'));
      m.objects.set(id(bucket, key), { body: Buffer.from(body), contentType, lastModified: m.clock() });
      return Promise.resolve();
    },
    exists: (bucket, key) => Promise.resolve(m.objects.has(id(bucket, key))),
    read: (bucket, key) => Promise.resolve(m.objects.get(id(bucket, key))?.body ?? null),
    readCapped(bucket, key, maxBytes) {
      const o = m.objects.get(id(bucket, key));
      if (!o) return Promise.resolve(null);
      return Promise.resolve(o.body.length > maxBytes ? 'too-large' : o.body);
    },
    delete(bucket, keys) {
      if (m.failing === bucket) return Promise.reject(new Error('S3 refused the delete'));
      const list = [...new Set(keys.filter((k): k is string => !!k))];
      for (const k of list) m.objects.delete(id(bucket, k));
      return Promise.resolve(list.length);
    },
    async deletePrefix(bucket, prefix) {
      if (!prefix.endsWith('/') || prefix.length < 3) throw new Error(`unsafe prefix ${prefix}`);
      return m.delete(bucket, m.keys(bucket, prefix));
    },
    listKeys: (bucket, prefix) => Promise.resolve(m.keys(bucket, prefix)),
    listObjects: (bucket, prefix) =>
      Promise.resolve(
        m.keys(bucket, prefix).map((key) => ({ key, lastModified: m.objects.get(id(bucket, key))!.lastModified })),
      ),
    purgeVersions: () => Promise.resolve(0),
    presignGet: (bucket, key, opts) =>
      Promise.resolve(
        `https://${bucket}.example/${key}?expires=${opts.expiresIn}&signed=${opts.signingDate?.toISOString() ?? 'now'}`,
      ),
    keys: (bucket, prefix = '') =>
      [...m.objects.keys()]
        .filter((k) => k.startsWith(`${bucket}:${prefix}`))
        .map((k) => k.slice(bucket.length + 1))
        .sort(),
  };
  return m;
}

/** A real image of the given size (a flat colour), encoded as JPEG or PNG. */
export function tinyImage(width = 8, height = 8, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 80 } } });
  return (format === 'png' ? img.png() : img.jpeg()).toBuffer();
}

/** A photo profile with a portrait and a full-body photo under the user's prefix. */
export function aPhotoProfile(overrides: Partial<PhotoProfileRecord> = {}): PhotoProfileRecord {
  const userId = overrides.userId ?? 'u1';
  const pid = overrides.id ?? 'p1';
  return {
    id: pid,
    userId,
    name: 'Me',
    gender: 'female',
    bodyDescription: 'A person of average height',
    portraitKey: `users/${userId}/photo-profiles/${pid}/portrait-a.jpg`,
    fullBodyKey: null,
    bodyCheck: null,
    measurements: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    isDefault: true,
    ...overrides,
  };
}

export interface FakeImageGate {
  /** The pipeline's answers for the rules the services rely on, with sharp (no content-safety model). */
  process: (bytes: Buffer, opts: ProcessImageOptions) => Promise<ProcessedImage>;
  /** The options of every call, in order. */
  calls: ProcessImageOptions[];
  /** When set, the next call throws this (a refusal the model would make, a 422 content.unsafe). */
  refuseNext: Error | null;
}

/**
 * The image pipeline's contract without its content-safety model (functions/lib/image-pipeline.ts): too many
 * bytes is 413, bytes that are no image are 400 unsupported_media_type, the size check's message is 400
 * validation, and the output is a real re-encode (JPEG, or WebP when transparency is kept).
 */
export function fakeImageGate(): FakeImageGate {
  const gate: FakeImageGate = {
    calls: [],
    refuseNext: null,
    async process(bytes, opts) {
      gate.calls.push(opts);
      if (gate.refuseNext) {
        const err = gate.refuseNext;
        gate.refuseNext = null;
        throw err;
      }
      if (bytes.length > opts.maxBytes) throw fileTooLarge(opts.maxBytes);
      const inputType = sniffImageType(bytes);
      if (!inputType) throw new HttpError(400, ERROR_CODES.unsupportedMediaType, IMAGE_MESSAGES.unsupported);
      const meta = await sharp(bytes).metadata();
      const problem = opts.sizeCheck?.(meta.width ?? 0, meta.height ?? 0);
      if (problem) throw new HttpError(400, ERROR_CODES.validation, problem);
      const keep = opts.alpha === 'keep' && !!meta.hasAlpha;
      let img = sharp(bytes);
      if (opts.square) img = img.resize(opts.square, opts.square, { fit: 'cover' });
      const { data, info } = await (keep ? img.webp() : img.flatten({ background: '#ffffff' }).jpeg()).toBuffer({
        resolveWithObject: true,
      });
      return {
        buffer: data,
        contentType: keep ? 'image/webp' : 'image/jpeg',
        format: keep ? 'webp' : 'jpeg',
        ext: keep ? 'webp' : 'jpg',
        width: info.width,
        height: info.height,
        inputType,
      };
    },
  };
  return gate;
}
