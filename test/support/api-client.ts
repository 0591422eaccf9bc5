/**
 * What the browser tests and the bench do over HTTP next to the browser: call the API as a signed-in user and
 * make the photo profile most journeys start from.
 */
import sharp from 'sharp';
import { PHOTO_CONSENT } from '../../shared/domain/privacy';

export interface ApiAnswer<T> {
  status: number;
  json: T;
}

/**
 * A call to the running app as the holder of `token` (null: signed out); a plain object body goes as JSON,
 * FormData as multipart, a string as it is.
 */
export async function apiCall<T>(
  baseUrl: string,
  token: string | null,
  method: string,
  path: string,
  body?: BodyInit | object,
  headers: Record<string, string> = {},
): Promise<ApiAnswer<T>> {
  const isJson = body !== undefined && !(body instanceof FormData) && typeof body !== 'string';
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    body: isJson ? JSON.stringify(body) : (body as BodyInit | undefined),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(isJson ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

/** A plain JPEG of one colour. */
export const solidJpeg = (w: number, h: number, background: string): Promise<Buffer> =>
  sharp({ create: { width: w, height: h, channels: 3, background } })
    .jpeg()
    .toBuffer();

/**
 * The multipart body of POST /api/photo-profiles: consent, a name, a body description, a portrait and (unless
 * `fullBody: false`) a full-body photo, which Exact mode and model-wearer styles need.
 */
export async function photoProfileForm(
  name: string,
  opts: { fullBody?: boolean; gender?: string; bodyDescription?: string } = {},
): Promise<FormData> {
  const fd = new FormData();
  fd.append('consent', PHOTO_CONSENT.version);
  fd.append('name', name);
  if (opts.gender !== '') fd.append('gender', opts.gender ?? 'unisex');
  fd.append('bodyDescription', opts.bodyDescription ?? 'Average height, athletic build, broad shoulders.');
  const portrait = await solidJpeg(420, 420, '#c08040');
  fd.append('portrait', new Blob([new Uint8Array(portrait)], { type: 'image/jpeg' }), 'portrait.jpg');
  if (opts.fullBody !== false) {
    const full = await solidJpeg(300, 600, '#4070c0');
    fd.append('fullBody', new Blob([new Uint8Array(full)], { type: 'image/jpeg' }), 'full.jpg');
  }
  return fd;
}

/** Create a photo profile through the API; throws with the answer unless it is 201. */
export async function createPhotoProfile(
  baseUrl: string,
  token: string,
  name: string,
  opts?: Parameters<typeof photoProfileForm>[1],
): Promise<string> {
  const res = await apiCall<{ id: string }>(
    baseUrl,
    token,
    'POST',
    '/api/photo-profiles',
    await photoProfileForm(name, opts),
  );
  if (res.status !== 201)
    throw new Error(`POST /api/photo-profiles answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json.id;
}

/** apiCall bound to an app (read at call time: `useBrowser()`'s base URL, the bench's server). */
export const apiOf =
  (app: { readonly baseUrl: string }) =>
  <T>(
    token: string | null,
    method: string,
    path: string,
    body?: BodyInit | object,
    headers?: Record<string, string>,
  ): Promise<ApiAnswer<T>> =>
    apiCall<T>(app.baseUrl, token, method, path, body, headers);
