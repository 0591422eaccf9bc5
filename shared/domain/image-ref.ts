/**
 * The one parser of image references: the `/api/public-image/<key>` and `/api/private-image/<key>` paths the
 * API hands out and accepts back (generation inputs, style prompt and cover images, collection covers,
 * template previews, the workflow reading them). Every place a reference enters calls this function; nothing
 * else tests prefixes or decodes keys.
 *
 * Grammar (after decoding percent-escapes exactly once):
 *   ref      = "/api/public-image/" key | "/api/private-image/" key
 *   key      = segment *( "/" segment )            at most 512 characters, at most 12 segments
 *   segment  = 1*( ALPHA / DIGIT / "_" / "-" / "." ), not "." and not ".."
 * and
 *   - no `?`, `#`, `\`, whitespace or control characters anywhere;
 *   - no encoded slash or backslash (`%2F`, `%5C`), and no `%` left after one decoding (double encoding);
 *   - a private key must lie under `users/<caller>/` or `style-images/<caller>/` (the images of the caller's
 *     private styles; kept apart from users/ so "Delete all my photos" leaves them) - another owner's key: not
 *     found, never a hint;
 *   - a public key must start with one of the public media prefixes (uploads/, styles/, avatars/).
 * Anything else is refused. Pure: no I/O, no Node APIs (the SPA may use it too).
 */
export type ImageBucket = 'public' | 'private';

export interface ImageRef {
  bucket: ImageBucket;
  key: string;
}
import { isOneOf } from './one-of';

export type ImageRefResult =
  | ({ ok: true } & ImageRef)
  /** invalid: not one of our references or not well formed (400); not_found: another owner's private key (404). */
  | { ok: false; reason: 'invalid' | 'not_found' };

export const PUBLIC_IMAGE_PREFIX = '/api/public-image/';
export const PRIVATE_IMAGE_PREFIX = '/api/private-image/';

/** The folders of the private bucket whose second segment is the owner: `users/<id>/...`, `style-images/<id>/...`. */
export const PRIVATE_OWNER_ROOTS = ['users', 'style-images'] as const;

/** True when a private key belongs to this user (the only keys a private reference or a signed URL may name). */
export const isOwnPrivateKey = (key: string, userId: string): boolean =>
  !!userId && PRIVATE_OWNER_ROOTS.some((root) => key.startsWith(`${root}/${userId}/`)) && key.split('/').length >= 3;

/** The folders of the public bucket that hold images a reference may name. */
export const PUBLIC_IMAGE_ROOTS = ['uploads', 'styles', 'avatars'] as const;

/**
 * Where public images are served as plain files: the distribution's `/media/*` behaviour (public bucket through
 * Origin Access Control, cached a year) and the local server's `/media/` route (s3rver's public bucket). The
 * SPA shows `/api/public-image/<key>` references from here, without a signing call. Keys are immutable (a
 * new image always gets a new key: a ULID or its content hash), so every cache may keep them for a year.
 */
export const PUBLIC_MEDIA_PATH = '/media/';
export const PUBLIC_MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** `/api/public-image/<key>` -> `/media/<key>` when the reference is a well-formed public image; else null. */
export function publicMediaUrl(ref: string): string | null {
  if (!ref.startsWith(PUBLIC_IMAGE_PREFIX)) return null;
  const parsed = parseImageRef(ref, { allow: ['public'] });
  return parsed.ok ? `${PUBLIC_MEDIA_PATH}${parsed.key}` : null;
}

/** The bucket key a `/media/<key>` path names, when it is a public image key; else null. */
export function publicMediaKey(pathname: string): string | null {
  if (!pathname.startsWith(PUBLIC_MEDIA_PATH)) return null;
  const parsed = parseImageRef(`${PUBLIC_IMAGE_PREFIX}${pathname.slice(PUBLIC_MEDIA_PATH.length)}`, {
    allow: ['public'],
  });
  return parsed.ok ? parsed.key : null;
}

const MAX_KEY_LENGTH = 512;
const MAX_SEGMENTS = 12;
const SEGMENT = /^[A-Za-z0-9_.-]+$/;

export interface ParseImageRefOptions {
  /** The signed-in caller; private references are accepted only under users/<callerId>/. Omit to refuse private ones. */
  callerId?: string | null;
  /** Which buckets this entry point accepts (default: both). */
  allow?: ImageBucket[];
}

/** True when the string claims to be one of our image references (so it must parse, never be fetched as a URL). */
export const looksLikeImageRef = (ref: string): boolean => ref.startsWith('/');

/** Validate a bare object key (as the image routes receive it) with the same segment grammar. */
export function isSafeImageKey(key: string): boolean {
  if (!key || key.length > MAX_KEY_LENGTH) return false;
  const segments = key.split('/');
  if (segments.length > MAX_SEGMENTS) return false;
  return segments.every((s) => s !== '.' && s !== '..' && SEGMENT.test(s));
}

export function parseImageRef(ref: unknown, opts: ParseImageRefOptions = {}): ImageRefResult {
  const invalid = { ok: false, reason: 'invalid' } as const;
  if (typeof ref !== 'string' || ref.length > 2 * MAX_KEY_LENGTH) return invalid;
  let bucket: ImageBucket;
  let rawKey: string;
  if (ref.startsWith(PUBLIC_IMAGE_PREFIX)) {
    bucket = 'public';
    rawKey = ref.slice(PUBLIC_IMAGE_PREFIX.length);
  } else if (ref.startsWith(PRIVATE_IMAGE_PREFIX)) {
    bucket = 'private';
    rawKey = ref.slice(PRIVATE_IMAGE_PREFIX.length);
  } else return invalid;
  if (opts.allow && !opts.allow.includes(bucket)) return invalid;
  // Encoded separators would survive a prefix check and become separators (or traversal) later.
  if (/%(2f|5c)/i.test(rawKey)) return invalid;
  let key: string;
  try {
    key = decodeURIComponent(rawKey);
  } catch {
    return invalid;
  }
  // A `%` left after one decoding is double encoding: refused rather than decoded again somewhere else.
  if (key.includes('%')) return invalid;
  if (!isSafeImageKey(key)) return invalid;
  if (bucket === 'private') {
    if (!opts.callerId || !isSafeImageKey(opts.callerId)) return { ok: false, reason: 'not_found' };
    if (!PRIVATE_OWNER_ROOTS.some((root) => key.startsWith(`${root}/${opts.callerId}/`)) || key.split('/').length < 3)
      return { ok: false, reason: 'not_found' };
  } else {
    const [root = ''] = key.split('/');
    if (!isOneOf(PUBLIC_IMAGE_ROOTS, root) || key.split('/').length < 2) return invalid;
  }
  return { ok: true, bucket, key };
}

/** The canonical reference of a parsed image (what we store). */
export const imageRefPath = (ref: ImageRef): string =>
  `${ref.bucket === 'public' ? PUBLIC_IMAGE_PREFIX : PRIVATE_IMAGE_PREFIX}${ref.key}`;

/**
 * Where a style's prompt or cover image (and a collection cover) may live: an upload or remote download
 * (uploads/<type>/<owner>/<file>) or a style's own image (styles/<style>/<file>) in the public bucket; and,
 * with `ownerIds` (the style editor), an image of a private style in the private bucket
 * (style-images/<owner>/<file>, one of those owners). Collection covers stay public-only.
 */
export function parseStyleImageRef(ref: unknown, ownerIds: string[] = []): ImageRefResult {
  if (typeof ref === 'string' && ref.startsWith(PRIVATE_IMAGE_PREFIX) && ownerIds.length) {
    for (const owner of ownerIds) {
      const p = parseImageRef(ref, { callerId: owner, allow: ['private'] });
      if (p.ok && p.key.startsWith(`style-images/${owner}/`) && p.key.split('/').length === 3) return p;
    }
    return { ok: false, reason: 'invalid' };
  }
  const r = parseImageRef(ref, { allow: ['public'] });
  if (!r.ok) return r;
  const parts = r.key.split('/');
  const ok =
    (parts[0] === 'uploads' && parts.length === 4 && /^[a-z_-]+$/.test(parts[1] ?? '')) ||
    (parts[0] === 'styles' && parts.length === 3);
  return ok ? r : { ok: false, reason: 'invalid' };
}
