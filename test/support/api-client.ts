/**
 * What the browser tests and the bench do over HTTP next to the browser: call the API as a signed-in user and
 * make the photo profile most journeys start from.
 */
import { fileURLToPath } from 'node:url';
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
  body?: NonNullable<RequestInit['body']> | object,
  headers: Record<string, string> = {},
): Promise<ApiAnswer<T>> {
  const isJson = body !== undefined && !(body instanceof FormData) && typeof body !== 'string';
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    body: isJson ? JSON.stringify(body) : (body as RequestInit['body']),
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

/** A computer-generated person, head to feet (test/fixtures/people, see its SOURCE.md). */
export const FULL_BODY_FIXTURE = fileURLToPath(new URL('../fixtures/people/cgi-model-27.jpg', import.meta.url));
/** A computer-generated person's head and shoulders (test/fixtures/people/ai-upper.jpg, 688 x 720). */
export const PORTRAIT_FIXTURE = fileURLToPath(new URL('../fixtures/people/ai-upper.jpg', import.meta.url));

/** A drawn product shot of one garment on white (test/fixtures/garments): what the engine can dress a person in. */
export const garmentJpeg = (kind: 'tee' | 'shirt' | 'jacket' | 'jeans' | 'skirt' | 'dress' = 'tee', side = 600) =>
  sharp(fileURLToPath(new URL(`../fixtures/garments/${kind}-white.jpg`, import.meta.url)))
    .resize(side)
    .jpeg({ quality: 88 })
    .toBuffer();

/**
 * A teal sleeveless peplum top laid flat (a fitted bodice, a flared peplum below the waist seam), as a JPEG on
 * white: the engine's outline rule reads it as a bottom (narrow at the top, flaring wider than tall: a skirt's
 * outline). A garment whose guess is wrong: the person says it is a top (issue 39's first finding, which was a
 * hoodie until the outline rule learnt sleeves; functions/engine/slot-guess.test.ts holds the misreading).
 */
export const PEPLUM_TOP_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="#ffffff"/>
<path d="M305 220 L355 220 Q400 270 445 220 L495 220 L512 285 Q506 350 498 430 L302 430 Q294 350 288 285 Z" fill="#2f7f7a"/>
<path d="M302 422 L498 422 Q538 480 560 550 Q400 575 240 550 Q262 480 302 422 Z" fill="#2f7f7a"/>
<path d="M302 430 L498 430" stroke="#1f5f5b" stroke-width="6"/>
<path d="M350 462 Q342 505 330 552 M400 462 L400 560 M450 462 Q458 505 470 552" stroke="#27706b" stroke-width="4" fill="none"/>
<path d="M335 290 L335 400 M465 290 L465 400" stroke="#27706b" stroke-width="3" fill="none"/>
</svg>`;
export const peplumTopJpeg = (side = 600) =>
  sharp(Buffer.from(PEPLUM_TOP_SVG)).resize(side).jpeg({ quality: 90 }).toBuffer();

/** A full-body photo that passes the full-body check: the fixture person, `height` pixels tall. */
export const fullBodyJpeg = (height = 900): Promise<Buffer> =>
  sharp(FULL_BODY_FIXTURE).resize({ height }).jpeg({ quality: 88 }).toBuffer();

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
    const full = await fullBodyJpeg(600);
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
  if (opts?.fullBody !== false) await waitForBodyCheck(baseUrl, token, res.json.id);
  return res.json.id;
}

/**
 * Wait until the profile's full-body check has answered (it runs in the render worker after the save), as the
 * SPA does before it offers Exact mode. Returns the verdict.
 */
export async function waitForBodyCheck(
  baseUrl: string,
  token: string,
  profileId: string,
  timeoutMs = 60_000,
): Promise<'ok' | 'refused'> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await apiCall<{ id: string; bodyCheck: { status: string } | null }[]>(
      baseUrl,
      token,
      'GET',
      '/api/photo-profiles',
    );
    const status = res.json.find((p) => p.id === profileId)?.bodyCheck?.status;
    if (status === 'ok' || status === 'refused') return status;
    if (Date.now() > until) throw new Error(`The full-body check of ${profileId} did not answer in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200)); // polling a condition, with a deadline
  }
}

/** apiCall bound to an app (read at call time: `useBrowser()`'s base URL, the bench's server). */
export const apiOf =
  (app: { readonly baseUrl: string }) =>
  <T>(
    token: string | null,
    method: string,
    path: string,
    body?: NonNullable<RequestInit['body']> | object,
    headers?: Record<string, string>,
  ): Promise<ApiAnswer<T>> =>
    apiCall<T>(app.baseUrl, token, method, path, body, headers);
