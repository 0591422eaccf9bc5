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

/** The media a signed link needs: whether the object is there, and its presigned GET. */
export interface ImageAccessMedia {
  exists(bucket: BucketKind, key: string): Promise<boolean>;
  presignGet(bucket: BucketKind, key: string, opts: { expiresIn: number; signingDate: Date }): Promise<string>;
}

export interface ImageAccessDeps {
  media: ImageAccessMedia;
  /** The clock, in epoch milliseconds. */
  now: () => number;
}

function checkKey(key: string): string {
  if (!isSafeImageKey(key)) throw badRequest('Invalid image key');
  return key;
}

export function imageAccessUseCases({ media, now: clock }: ImageAccessDeps) {
  async function presign(bucket: BucketKind, key: string): Promise<SignedImage> {
    const now = clock();
    if (!(await media.exists(bucket, key))) throw notFound('Image not found');
    const windowStart = Math.floor(now / 1000 / SIGN_WINDOW_SECONDS) * SIGN_WINDOW_SECONDS;
    const expires = windowStart + PRESIGN_SECONDS;
    const url = await media.presignGet(bucket, key, {
      expiresIn: PRESIGN_SECONDS,
      signingDate: new Date(windowStart * 1000),
    });
    return {
      url,
      expiresAt: new Date(expires * 1000).toISOString(),
      maxAge: Math.max(0, expires - REUSE_MARGIN_SECONDS - Math.floor(now / 1000)),
    };
  }

  async function publicImageUrl(key: string): Promise<SignedImage> {
    return presign('public', checkKey(key));
  }

  async function privateImageUrl(userId: string, key: string): Promise<SignedImage> {
    checkKey(key);
    // users/<id>/... and style-images/<id>/... (images of private styles): the owner only.
    if (!isOwnPrivateKey(key, userId)) throw notFound('Image not found');
    return presign('private', key);
  }

  return { publicImageUrl, privateImageUrl };
}

const production = () => imageAccessUseCases({ media: { exists: objectExists, presignGet }, now: () => Date.now() });

export const publicImageUrl = (key: string): Promise<SignedImage> => production().publicImageUrl(key);
export const privateImageUrl = (userId: string, key: string): Promise<SignedImage> =>
  production().privateImageUrl(userId, key);
