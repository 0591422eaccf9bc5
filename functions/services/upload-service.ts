/**
 * Uploads (style images, the avatar) and remote images (download by URL, scrape a page's preview image).
 * Every byte goes through the image pipeline before it is stored; remote fetches go through the SSRF guard.
 */
import { ulid } from 'ulid';
import { ERROR_CODES, HttpError, badRequest } from '../../shared/errors';
import type { Db } from '../../shared/repositories/table';
import { updateUser } from '../../shared/repositories/user-repository';
import type { CurrentUser } from '../../shared/schemas/user';
import { PROFILE_IMAGE_MAX_BYTES, UPLOAD_MAX_BYTES, uploadTypeSchema, type DownloadImageInput, type ScrapeUrlInput } from '../../shared/schemas/upload';
import type { AuthContext } from '../lib/auth';
import { processImage, sniffImageType } from '../lib/image-pipeline';
import { deleteImages, mediaKeys, PUBLIC_IMAGE_PATH_PREFIX, privateImagePath, publicImagePath, putImage } from '../lib/media-store';
import { formFile, type FormData } from '../lib/multipart';
import { safeFetch, safeFetchImage, type SafeFetchOptions } from '../lib/safe-fetch';
import { logger } from '../lib/http';
import { getCurrentUser } from './user-service';

export const REMOTE_FETCH = { maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 } as const;
/** How much of an HTML page is searched for og:image / twitter:image. */
export const HTML_SCAN_BYTES = 1024 * 1024;

/**
 * Only what tests may vary: where addresses are allowed (a local server) and how names resolve. The route
 * handlers never pass it, so production always runs the strict default policy.
 */
export type RemoteFetchOverrides = Pick<SafeFetchOptions, 'addressPolicy' | 'resolve'>;

/** POST /api/upload: a style prompt or cover image into the public bucket. */
export async function uploadStyleImage(userId: string, form: FormData): Promise<{ url: string }> {
  const parsed = uploadTypeSchema.safeParse(form.fields.type);
  if (!parsed.success) throw new HttpError(400, ERROR_CODES.validation, 'Type must be style_prompt or style_cover');
  const file = formFile(form, 'file', UPLOAD_MAX_BYTES);
  if (!file) throw new HttpError(400, ERROR_CODES.validation, 'File is required');
  // Prompt images are often product cut-outs: transparency is kept (WebP).
  const img = await processImage(file.content, { maxBytes: UPLOAD_MAX_BYTES, alpha: 'keep', safety: { kind: 'style_image', userId } });
  const key = mediaKeys.upload(parsed.data, userId, ulid(), img.ext);
  await putImage('public', key, img.buffer, img.contentType);
  return { url: publicImagePath(key) };
}

/** POST /api/uploads/outfit: an outfit image for Try Custom Look, private to its owner. */
export async function uploadOutfitImage(userId: string, form: FormData): Promise<{ url: string }> {
  const file = formFile(form, 'file', UPLOAD_MAX_BYTES);
  if (!file) throw new HttpError(400, ERROR_CODES.validation, 'No image uploaded');
  const img = await processImage(file.content, { maxBytes: UPLOAD_MAX_BYTES, alpha: 'keep', safety: { kind: 'outfit', userId } });
  const key = mediaKeys.outfit(userId, ulid(), img.ext);
  await putImage('private', key, img.buffer, img.contentType);
  return { url: privateImagePath(key) };
}

/** POST /api/user/profile-image: a 512x512 avatar (public: it shows on the public profile page). */
export async function setProfileImage(db: Db, auth: AuthContext, current: { profileImageUrl: string | null }, form: FormData): Promise<CurrentUser> {
  const file = formFile(form, 'profileImage', PROFILE_IMAGE_MAX_BYTES);
  if (!file) throw new HttpError(400, ERROR_CODES.validation, 'Profile image is required');
  let img: Awaited<ReturnType<typeof processImage>>;
  try {
    img = await processImage(file.content, { maxBytes: PROFILE_IMAGE_MAX_BYTES, square: 512, alpha: 'flatten', safety: { kind: 'avatar', userId: auth.sub } });
  } catch (err) {
    // The spec's avatar messages (spec 02 section 5).
    if (err instanceof HttpError && err.status === 413) throw new HttpError(413, ERROR_CODES.payloadTooLarge, 'File too large. The image must be under 5 MB.');
    if (err instanceof HttpError && err.code === ERROR_CODES.unsupportedMediaType) throw new HttpError(400, ERROR_CODES.unsupportedMediaType, 'Invalid file type');
    throw err;
  }
  const key = mediaKeys.avatar(auth.sub, ulid(), img.ext);
  await putImage('public', key, img.buffer, img.contentType);
  try {
    await updateUser(db, auth.sub, { profileImageUrl: publicImagePath(key) });
  } catch (err) {
    await deleteImages('public', [key]).catch(() => undefined);
    throw err;
  }
  const previous = ownAvatarKey(auth.sub, current.profileImageUrl);
  if (previous && previous !== key) {
    await deleteImages('public', [previous]).catch((error) => logger.error('Could not delete the previous avatar', { error, key: previous }));
  }
  return getCurrentUser(db, auth);
}

/** The key behind a stored avatar URL, only if it is this user's own avatar object (never delete anything else). */
function ownAvatarKey(userId: string, url: string | null): string | null {
  if (!url?.startsWith(PUBLIC_IMAGE_PATH_PREFIX)) return null;
  const key = url.slice(PUBLIC_IMAGE_PATH_PREFIX.length);
  return key.startsWith(mediaKeys.avatarPrefix(userId)) && !key.includes('..') ? key : null;
}

async function storeRemote(userId: string, bytes: Buffer): Promise<string> {
  const img = await processImage(bytes, { maxBytes: REMOTE_FETCH.maxBytes, alpha: 'keep', safety: { kind: 'remote_image', userId } });
  const key = mediaKeys.remote(userId, ulid(), img.ext);
  await putImage('public', key, img.buffer, img.contentType);
  return publicImagePath(key);
}

/** POST /api/download-image: copy an image from the web into our bucket. */
export async function downloadImage(userId: string, input: DownloadImageInput, overrides: RemoteFetchOverrides = {}): Promise<{ url: string; originalUrl: string }> {
  const fetched = await safeFetchImage(input.url, { ...REMOTE_FETCH, ...overrides });
  const url = await storeRemote(userId, fetched.bytes);
  return { url, originalUrl: input.originalUrl || input.url };
}

/** POST /api/scrape-url: the image at the address, or the page's preview image (og:image, twitter:image). */
export async function scrapeUrl(userId: string, input: ScrapeUrlInput, overrides: RemoteFetchOverrides = {}): Promise<{ image: string }> {
  const page = await safeFetch(input.url, {
    ...REMOTE_FETCH,
    ...overrides,
    htmlMaxBytes: HTML_SCAN_BYTES,
    accept: 'text/html,application/xhtml+xml,image/*;q=0.9,*/*;q=0.5',
  });
  if (sniffImageType(page.bytes)) return { image: await storeRemote(userId, page.bytes) };
  const looksHtml = (page.contentType ?? '').includes('html') || /^\s*</.test(page.bytes.subarray(0, 512).toString('latin1'));
  const found = looksHtml ? findPreviewImage(page.bytes.toString('utf8')) : null;
  if (!found) throw badRequest('No image found at this address');
  let target: string;
  try {
    target = new URL(found, page.finalUrl).toString();
  } catch {
    throw badRequest('No image found at this address');
  }
  const fetched = await safeFetchImage(target, { ...REMOTE_FETCH, ...overrides });
  return { image: await storeRemote(userId, fetched.bytes) };
}

const PREVIEW_PROPERTIES = ['og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'];

/** The first preview-image meta tag of a page (attribute order and quoting vary in the wild). */
export function findPreviewImage(html: string): string | null {
  const found = new Map<string, string>();
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const attrs: Record<string, string> = {};
    for (const m of tag.matchAll(/([a-zA-Z_:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
      attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
    }
    const prop = (attrs.property ?? attrs.name ?? '').toLowerCase();
    const content = decodeEntities((attrs.content ?? '').trim());
    if (PREVIEW_PROPERTIES.includes(prop) && content && !found.has(prop)) found.set(prop, content);
  }
  for (const p of PREVIEW_PROPERTIES) if (found.has(p)) return found.get(p)!;
  return null;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
