/**
 * The S3 side of media: object keys (the only place they are spelled) and the few operations the services need.
 * Keys are never reused: a replaced image gets a new key, so a presigned URL or a browser cache can never
 * serve stale bytes, and the old object is deleted once the database points at the new one.
 */
import type { GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { createPresignedPost, type PresignedPost } from './presigned-post';
import { UPLOAD_TYPE_VALUES } from '../../shared/schemas/upload';
import { recordPublicImageHash } from '../../shared/repositories/content-safety-repository';
import { getDb } from './aws';
import { getConfig } from './config';
import {
  browserUrl,
  DeleteObjectsCommand,
  GetObjectCommand,
  getPresignS3,
  getS3,
  HeadObjectCommand,
  isMissingObject,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutObjectCommand,
} from './s3';

/** The one "is this a missing object" rule (S3's 404: a 403 is a refusal, not a missing key). */
export { isMissingObject };

export type BucketKind = 'private' | 'public';
export type PhotoKind = 'portrait' | 'full-body';
export type UploadType = (typeof UPLOAD_TYPE_VALUES)[number];

/**
 * Browser uploads land here first (private bucket), are checked and re-encoded into their real key, and are
 * deleted; a lifecycle rule expires whatever is abandoned after a day (infra/lib/constructs/data.ts).
 */
export const QUARANTINE_PREFIX = 'uploads/tmp/';

export const SHARE_IMAGE_PREFIX = 'shares/';

export const mediaKeys = {
  /** A browser upload waiting for its finalize call (POST /api/uploads/complete). */
  quarantine: (userId: string, uploadId: string) => `${QUARANTINE_PREFIX}${userId}/${uploadId}`,
  /** Everything private of one user (photo profiles, generation inputs and results). */
  userPrefix: (userId: string) => `users/${userId}/`,
  photoProfilePrefix: (userId: string, profileId: string) => `users/${userId}/photo-profiles/${profileId}/`,
  photoProfileImage: (userId: string, profileId: string, kind: PhotoKind, imageId: string, ext: string) =>
    `users/${userId}/photo-profiles/${profileId}/${kind}-${imageId}.${ext}`,
  upload: (type: UploadType, userId: string, imageId: string, ext: string) =>
    `uploads/${type}/${userId}/${imageId}.${ext}`,
  /**
   * An image of a private style (prompt or cover; uploads land here too), private bucket, owner-only. Apart
   * from users/<id>/ so that "Delete all my photos" does not empty the user's styles.
   */
  styleImagePrefix: (userId: string) => `style-images/${userId}/`,
  styleImage: (userId: string, imageId: string, ext: string) => `style-images/${userId}/${imageId}.${ext}`,
  /** The public copy of a published style's image: content-addressed (sha256), so immutable and cacheable. */
  publicStylePrefix: (styleId: string) => `styles/${styleId}/`,
  publicStyleImage: (styleId: string, sha: string, ext: string) => `styles/${styleId}/${sha}.${ext}`,
  /** A style cover copied from one of the caller's generations (public: it becomes the style's cover). */
  styleCover: (userId: string, imageId: string, ext: string) => `uploads/style_cover/${userId}/${imageId}.${ext}`,
  remote: (userId: string, imageId: string, ext: string) => `uploads/remote/${userId}/${imageId}.${ext}`,
  avatarPrefix: (userId: string) => `avatars/${userId}/`,
  avatar: (userId: string, imageId: string, ext: string) => `avatars/${userId}/${imageId}.${ext}`,
  /** An outfit image a user uploads for Try Custom Look (private: it may show a person). */
  outfit: (userId: string, imageId: string, ext: string) => `users/${userId}/outfits/${imageId}.${ext}`,
  /** A raw template's style reference or background, uploaded before the generation starts (private). */
  templateInput: (userId: string, imageId: string, ext: string) => `users/${userId}/template-inputs/${imageId}.${ext}`,
  templateInputPrefix: (userId: string) => `users/${userId}/template-inputs/`,
  generationResult: (userId: string, generationId: string, ext: string) =>
    `users/${userId}/generations/${generationId}.${ext}`,
  /** Inputs of a raw-template generation (style reference, background) and the provider's raw output. */
  generationInput: (userId: string, generationId: string, name: 'style-ref' | 'background', ext: string) =>
    `users/${userId}/generations/${generationId}/${name}.${ext}`,
  /** One variant of a run with several (tagged: expires with the run unless kept, which copies it). */
  generationVariant: (userId: string, generationId: string, index: number, ext: string) =>
    `users/${userId}/generations/${generationId}/variant-${index}.${ext}`,
  /**
   * The downscaled, AI-marked copy of a result in a shared look (private bucket; served only by the share
   * API while the share is live; deleted on revoke/takedown, expired by a lifecycle rule after the longest expiry).
   */
  shareImage: (shareId: string, index: number, ext: string) => `${SHARE_IMAGE_PREFIX}${shareId}/${index}.${ext}`,
  /**
   * The provider's raw image `index`, staged by the provider-call function for the render worker's image work
   * (tagged: expires with the run's variants if it is not deleted once the result is stored).
   */
  generationProviderOutput: (userId: string, generationId: string, index: number) =>
    `users/${userId}/generations/${generationId}/provider-output-${index}`,
};

/** Paths the SPA resolves into presigned URLs (GET answers { url }). */
export const privateImagePath = (key: string) => `/api/private-image/${key}`;
export const publicImagePath = (key: string) => `/api/public-image/${key}`;
export const PUBLIC_IMAGE_PATH_PREFIX = '/api/public-image/';

const bucketOf = (kind: BucketKind) => (kind === 'private' ? getConfig().privateBucket : getConfig().publicBucket);

export async function putImage(
  kind: BucketKind,
  key: string,
  body: Buffer,
  contentType: string,
  opts: { tag?: { key: string; value: string } } = {},
): Promise<void> {
  await getS3().send(
    new PutObjectCommand({
      Bucket: bucketOf(kind),
      Key: key,
      Body: body,
      ContentType: contentType,
      // a tagged object is expired by the bucket's lifecycle rule for that tag (infra/lib/constructs/data.ts)
      ...(opts.tag ? { Tagging: `${encodeURIComponent(opts.tag.key)}=${encodeURIComponent(opts.tag.value)}` } : {}),
      // Keys are never rewritten with other bytes, so any cache may keep them.
      CacheControl: kind === 'private' ? 'private, max-age=31536000, immutable' : 'public, max-age=31536000, immutable',
    }),
  );
  // Public images are indexed by content hash, so a takedown also removes identical copies.
  if (kind === 'public') await recordPublicImageHash(getDb(), sha256(body), key);
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The bytes of a GetObject's answer, or null when there are more than `maxBytes`: told by the Content-Length
 * before the body is read, or while it is read (the rest is not read: the stream is destroyed).
 */
async function bodyUpTo(res: GetObjectCommandOutput, maxBytes: number): Promise<Buffer | null> {
  const stream = res.Body;
  if (stream === undefined) return Buffer.alloc(0);
  // in Node the SDK answers the body as the response's stream (an http.IncomingMessage)
  if (!(stream instanceof Readable)) throw new Error('GetObject answered a body that is not a Node stream');
  if ((res.ContentLength ?? 0) > maxBytes) {
    stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > maxBytes) {
      stream.destroy();
      return null;
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/** The whole body of a GetObject's answer. */
const wholeBody = async (res: GetObjectCommandOutput): Promise<Buffer> =>
  (await bodyUpTo(res, Infinity)) ?? Buffer.alloc(0);

/** An object's bytes (null past `maxBytes`) and type, or null when it does not exist (isMissingObject: 404). */
async function getObjectOrNull(
  kind: BucketKind,
  key: string,
  maxBytes = Infinity,
): Promise<{ body: Buffer | null; contentType: string | undefined } | null> {
  try {
    const res = await getS3().send(new GetObjectCommand({ Bucket: bucketOf(kind), Key: key }));
    return { body: await bodyUpTo(res, maxBytes), contentType: res.ContentType };
  } catch (err) {
    if (isMissingObject(err)) return null;
    throw err;
  }
}

/** An object's bytes and type, or null when it does not exist. */
async function readWhole(kind: BucketKind, key: string): Promise<{ body: Buffer; contentType?: string } | null> {
  const res = await getObjectOrNull(kind, key);
  return res?.body ? { body: res.body, contentType: res.contentType } : null;
}

/** The bytes of an object, or null when it does not exist. */
export async function readImage(kind: BucketKind, key: string): Promise<Buffer | null> {
  return (await readWhole(kind, key))?.body ?? null;
}

/**
 * Copy an object from one bucket to another (read and re-put, so the target gets our cache headers).
 * false when the source does not exist (nothing written).
 */
export async function copyImage(from: BucketKind, fromKey: string, to: BucketKind, toKey: string): Promise<boolean> {
  const res = await readWhole(from, fromKey);
  if (!res) return false;
  await putImage(to, toKey, res.body, res.contentType ?? 'image/jpeg');
  return true;
}

/**
 * Copy an object into a content-addressed key of the other (or same) bucket: the key is made from the bytes'
 * sha256 (so a repeat writes the same key, and the key never names other bytes). null when the source is missing.
 */
export async function copyImageAddressed(
  from: BucketKind,
  fromKey: string,
  to: BucketKind,
  keyFor: (sha: string, ext: string) => string,
): Promise<string | null> {
  const res = await readWhole(from, fromKey);
  if (!res) return null;
  const body = res.body;
  const ext = /\.([a-z0-9]+)$/i.exec(fromKey)?.[1]?.toLowerCase() ?? 'jpg';
  const key = keyFor(sha256(body).slice(0, 32), ext);
  await putImage(to, key, body, res.contentType ?? 'image/jpeg');
  return key;
}

/** Delete these keys (missing ones are fine); returns how many were asked for. */
export async function deleteImages(kind: BucketKind, keys: (string | null | undefined)[]): Promise<number> {
  const list = [...new Set(keys.filter((k): k is string => !!k))];
  for (let i = 0; i < list.length; i += 1000) {
    const res = await getS3().send(
      new DeleteObjectsCommand({
        Bucket: bucketOf(kind),
        Delete: { Objects: list.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const errors = res.Errors ?? [];
    const [first] = errors;
    if (first) throw new Error(`Could not delete ${errors.length} object(s): ${first.Code} ${first.Key}`);
  }
  return list.length;
}

export async function listKeys(kind: BucketKind, prefix: string): Promise<string[]> {
  return (await listObjects(kind, prefix)).map((o) => o.key);
}

/** Delete every object under a prefix, page by page; returns the number deleted. */
export async function deletePrefix(kind: BucketKind, prefix: string): Promise<number> {
  if (!prefix.endsWith('/') || prefix.length < 3) throw new Error(`Refusing to delete the unsafe prefix "${prefix}"`);
  let total = 0;
  for (;;) {
    // Listing again after each batch (rather than following the token) keeps working while keys disappear.
    const res = await getS3().send(new ListObjectsV2Command({ Bucket: bucketOf(kind), Prefix: prefix, MaxKeys: 1000 }));
    const keys = (res.Contents ?? []).flatMap((o) => (o.Key === undefined ? [] : [o.Key]));
    if (!keys.length) return total;
    total += await deleteImages(kind, keys);
    if (!res.IsTruncated && keys.length < 1000) return total;
  }
}

/** A presigned POST for one quarantine key of the private bucket (exact key, type and size range). */
export async function presignQuarantineUpload(
  key: string,
  contentType: string,
  maxBytes: number,
  expiresInSeconds: number,
): Promise<PresignedPost> {
  const post = await createPresignedPost(getPresignS3(), {
    bucket: getConfig().privateBucket,
    key,
    contentType,
    maxBytes,
    expiresInSeconds,
  });
  return { ...post, url: browserUrl(post.url) };
}

/**
 * Read an object unless it is larger than maxBytes (the size comes from the response headers, before the
 * body is read). null when missing; 'too-large' when over the cap.
 */
export async function readObjectCapped(
  kind: BucketKind,
  key: string,
  maxBytes: number,
): Promise<Buffer | null | 'too-large'> {
  const res = await getObjectOrNull(kind, key, maxBytes);
  if (!res) return null;
  return res.body ?? 'too-large';
}

/* ---------------- objects other than uploaded images (catalogue, exports) and presigned reads ---------------- */

/** A bucket by kind, or by name (the style catalogue reads PUBLIC_BUCKET itself). */
export type BucketRef = BucketKind | { bucket: string };
const nameOf = (b: BucketRef) => (typeof b === 'string' ? bucketOf(b) : b.bucket);

/** True when the object exists (HeadObject); false when it is missing (isMissingObject); other failures throw. */
export async function objectExists(b: BucketRef, key: string): Promise<boolean> {
  try {
    await getS3().send(new HeadObjectCommand({ Bucket: nameOf(b), Key: key }));
    return true;
  } catch (err) {
    if (isMissingObject(err)) return false;
    throw err;
  }
}

/** A presigned GET for one object (optionally signed as of a fixed time, so the URL is stable in a window). */
export async function presignGet(
  b: BucketRef,
  key: string,
  opts: { expiresIn: number; signingDate?: Date },
): Promise<string> {
  return browserUrl(await getPresignS3().presignGet(new GetObjectCommand({ Bucket: nameOf(b), Key: key }), opts));
}

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  metadata: Record<string, string>;
  etag: string | null;
}

/**
 * An object with its type, metadata and ETag. S3's errors pass through (a missing key: see isMissingObject;
 * 304 NotModified when `ifNoneMatch` still matches), so callers can tell them apart.
 */
export async function getObject(b: BucketRef, key: string, opts: { ifNoneMatch?: string } = {}): Promise<StoredObject> {
  const res = await getS3().send(
    new GetObjectCommand({
      Bucket: nameOf(b),
      Key: key,
      ...(opts.ifNoneMatch ? { IfNoneMatch: opts.ifNoneMatch } : {}),
    }),
  );
  return {
    body: await wholeBody(res),
    contentType: res.ContentType,
    metadata: res.Metadata ?? {},
    etag: res.ETag ?? null,
  };
}

/** Put an object that is not a user image (no content-hash index): the catalogue document, data exports. */
export async function putObject(
  b: BucketRef,
  key: string,
  body: Buffer | Uint8Array,
  opts: {
    contentType: string;
    contentEncoding?: string;
    contentDisposition?: string;
    cacheControl?: string;
    metadata?: Record<string, string>;
    tagging?: string;
  },
): Promise<{ etag: string | null }> {
  const res = await getS3().send(
    new PutObjectCommand({
      Bucket: nameOf(b),
      Key: key,
      Body: body,
      ContentType: opts.contentType,
      ...(opts.contentEncoding ? { ContentEncoding: opts.contentEncoding } : {}),
      ...(opts.contentDisposition ? { ContentDisposition: opts.contentDisposition } : {}),
      ...(opts.cacheControl ? { CacheControl: opts.cacheControl } : {}),
      ...(opts.metadata ? { Metadata: opts.metadata } : {}),
      ...(opts.tagging ? { Tagging: opts.tagging } : {}),
    }),
  );
  return { etag: res.ETag ?? null };
}

/** Keys under a prefix with their last-modified time, every page. */
export async function listObjects(
  kind: BucketKind,
  prefix: string,
): Promise<{ key: string; lastModified: Date | null }[]> {
  const out: { key: string; lastModified: Date | null }[] = [];
  let token: string | undefined;
  do {
    const res = await getS3().send(
      new ListObjectsV2Command({ Bucket: bucketOf(kind), Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of res.Contents ?? []) if (o.Key) out.push({ key: o.Key, lastModified: o.LastModified ?? null });
    token = res.IsTruncated ? res.NextContinuationToken : undefined;
  } while (token);
  return out;
}

/* ---------------- deletion that is deletion (issue 24) ---------------- */

/**
 * Where the media buckets keep versions (prod), deleting an object only adds a delete marker and keeps the bytes
 * as a noncurrent version (30 days by the lifecycle rule). Photo and account deletion therefore also delete every
 * version and delete marker under the prefix they purge, so the photos are gone at once. `MEDIA_BUCKETS_VERSIONED=true`
 * (set by the CDK app where the buckets are versioned) turns it on; elsewhere (dev, local: s3rver has no
 * versioning) a plain delete is already final. Only the functions that purge (profiles, privacy) call it, so only
 * their bundles and policies carry ListObjectVersions (tree-shaking; checked by the IAM contract test).
 */
export const versionedBuckets = (): boolean => process.env.MEDIA_BUCKETS_VERSIONED === 'true';

/**
 * Delete every version and delete marker of every key under `prefix` (a no-op where buckets are not
 * versioned). Returns how many versions were deleted; throws if S3 refuses any.
 */
export async function purgeVersions(kind: BucketKind, prefix: string): Promise<number> {
  if (!versionedBuckets()) return 0;
  if (!prefix.endsWith('/') || prefix.length < 3) throw new Error(`Refusing to purge the unsafe prefix "${prefix}"`);
  const Bucket = bucketOf(kind);
  let total = 0;
  for (;;) {
    // from the start each time: the versions deleted by the previous batch are gone from the listing
    const res = await getS3().send(new ListObjectVersionsCommand({ Bucket, Prefix: prefix, MaxKeys: 1000 }));
    const objects = [...(res.Versions ?? []), ...(res.DeleteMarkers ?? [])].flatMap(({ Key, VersionId }) =>
      Key !== undefined ? [{ Key, VersionId }] : [],
    );
    if (!objects.length) return total;
    const del = await getS3().send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: objects, Quiet: true } }));
    const errors = del.Errors ?? [];
    const [first] = errors;
    if (first) throw new Error(`Could not delete ${errors.length} version(s): ${first.Code} ${first.Key}`);
    total += objects.length;
  }
}
