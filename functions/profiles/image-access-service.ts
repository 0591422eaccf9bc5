/**
 * Read access to media: presigned GETs. Private keys live under users/<userId>/ and are only signed for their
 * owner; anything else answers 404 (never a hint that the object exists).
 *
 * Cacheable by design: a URL is signed for a fixed window (signing date = the start of the current hour,
 * valid PRESIGN_SECONDS: shared/domain/image-links.ts, which the privacy page quotes), so every request in that
 * hour gets the SAME URL and the browser serves the image from its cache (objects are immutable, stored with Cache-Control max-age=1 year). The answer itself says how long
 * it stays valid (expiresAt, and an HTTP max-age up to 5 minutes before expiry), so the SPA does not sign
 * again on revisits. In AWS a URL also ends when the signing role's session ends; the SPA re-resolves an
 * image that fails to load.
 */
import { notFound, badRequest } from '../../shared/errors';
import { objectExists, presignGet, type BucketKind } from '../lib/media-store';
import { isOwnPrivateKey, isSafeImageKey } from '../../shared/domain/image-ref';
import { PRESIGN_SECONDS, SIGN_WINDOW_SECONDS } from '../../shared/domain/image-links';

/** The answer is not reused in the last minutes of a URL's life. */
export const REUSE_MARGIN_SECONDS = 300;

export interface SignedImage {
  url: string;
  /** When the URL stops working (ISO). */
  expiresAt: string;
  /** Seconds an HTTP cache may keep this answer. */
  maxAge: number;
}

function checkKey(key: string): string {
  if (!isSafeImageKey(key)) throw badRequest('Invalid image key');
  return key;
}

async function presign(bucket: BucketKind, key: string, now = Date.now()): Promise<SignedImage> {
  if (!(await objectExists(bucket, key))) throw notFound('Image not found');
  const windowStart = Math.floor(now / 1000 / SIGN_WINDOW_SECONDS) * SIGN_WINDOW_SECONDS;
  const expires = windowStart + PRESIGN_SECONDS;
  const url = await presignGet(bucket, key, { expiresIn: PRESIGN_SECONDS, signingDate: new Date(windowStart * 1000) });
  return {
    url,
    expiresAt: new Date(expires * 1000).toISOString(),
    maxAge: Math.max(0, expires - REUSE_MARGIN_SECONDS - Math.floor(now / 1000)),
  };
}

export async function publicImageUrl(key: string): Promise<SignedImage> {
  return presign('public', checkKey(key));
}

export async function privateImageUrl(userId: string, key: string): Promise<SignedImage> {
  checkKey(key);
  // users/<id>/... and style-images/<id>/... (images of private styles): the owner only.
  if (!isOwnPrivateKey(key, userId)) throw notFound('Image not found');
  return presign('private', key);
}
