/**
 * Endpoint group shares: shared looks for feedback (issue 15). The owner creates, lists and revokes shares;
 * anyone with the link (signed out too) views, votes, reacts and reports; GET /l/{token} is the Open Graph
 * page (HTML) behind CloudFront's /l/* behaviour. The page and the images (and their 404s) are cacheable for
 * at most SHARE_CACHE_SECONDS (60 s: a revoked or expired share is gone from caches within a minute); the JSON
 * answers (the viewer's own vote, the owner's list) are never stored by a cache.
 */
import {
  SHARE_CACHE_CONTROL,
  VIEWER_COOKIE,
  VIEWER_COOKIE_MAX_AGE_DAYS,
  VIEWER_ID_PATTERN,
  isShareToken,
  SHARE_MESSAGES,
  userViewerId,
} from '../../../shared/domain/shares';
import { HttpError, notFound } from '../../../shared/errors';
import { getDb } from '../../lib/aws';
import { getConfig } from '../../lib/config';
import { createGroupHandler, errorResponse, raw, reply, type RawReply, type Req } from '../../lib/http';
import { sharesRoutes } from '../../../shared/routes/shares';
import { spaTags } from '../../lib/spa-shell';
import { hashIp } from '../../lib/ip-hash';
import { publicOrigin } from '../../billing';
import { ensureUser } from '../../profiles';
import { createShare, listMyShares, revokeShare } from '../share-service';
import { reactToShare, reportShare, shareHtml, shareImage, viewShare, voteOnShare } from '../share-viewer-service';
import { newViewerId, type RateCaller } from '../share-access';

function cookieViewer(req: Req): string | null {
  for (const c of req.event.cookies ?? []) {
    const [name = '', ...rest] = c.split('=');
    const value = rest.join('=').trim();
    if (name.trim() === VIEWER_COOKIE && VIEWER_ID_PATTERN.test(value)) return value;
  }
  return null;
}

interface Viewer {
  id: string;
  /** A new anonymous id to set in the answer's cookie. */
  newCookie: string | null;
}

/** A signed-in viewer votes as their user; a signed-out viewer as the anonymous id of their cookie (made on first vote). */
function viewerOf(req: Req, create: boolean): Viewer | null {
  if (req.caller) return { id: userViewerId(req.caller.user.id), newCookie: null };
  const c = cookieViewer(req);
  if (c) return { id: `anon:${c}`, newCookie: null };
  if (!create) return null;
  const id = newViewerId();
  return { id: `anon:${id}`, newCookie: id };
}

const viewerCookie = (id: string): string =>
  `${VIEWER_COOKIE}=${id}; Path=/api/l; Max-Age=${VIEWER_COOKIE_MAX_AGE_DAYS * 86_400}; HttpOnly; SameSite=Lax${getConfig().local ? '' : '; Secure'}`;

/** The viewer's address comes from the edge (req.clientIp), never from a header the client sets. */
const rateCaller = async (req: Req, viewer: Viewer | null): Promise<RateCaller> => ({
  who: viewer?.id ?? (req.caller ? userViewerId(req.caller.user.id) : null),
  ipHash: await hashIp(req.clientIp),
});

/**
 * Answers about a share, with the viewer's new cookie when one was made. Every JSON answer holds the viewer's own
 * vote: private, never stored (`SHARE_CACHE_CONTROL` is for the page and the images).
 */
const shareJson = <B>(body: B, viewer: Viewer | null = null) =>
  reply(body, {
    headers: { 'cache-control': 'private, no-store' },
    ...(viewer?.newCookie ? { cookies: [viewerCookie(viewer.newCookie)] } : {}),
  });

const token = (req: { params: { token: string } }): string => {
  if (!isShareToken(req.params.token)) throw notFound(SHARE_MESSAGES.notFound);
  return req.params.token;
};

/** 404s of the public share routes are cacheable for a minute too (gone stays gone; a CDN may keep it briefly). */
async function goneIsCacheable(run: () => Promise<RawReply>): Promise<RawReply> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError && err.status === 404)
      return raw(errorResponse(err, { 'cache-control': SHARE_CACHE_CONTROL }));
    throw err;
  }
}

export const handler = createGroupHandler(
  sharesRoutes,
  {
    'POST /api/shares': async ({ caller, body, clientIp }) =>
      createShare(getDb(), caller.user, body, { who: caller.user.id, ipHash: await hashIp(clientIp) }),
    'GET /api/shares': async ({ caller }) => listMyShares(getDb(), caller.user.id),
    'DELETE /api/shares/{id}': async ({ caller, params }) => revokeShare(getDb(), caller.user.id, params.id),
    // The JSON the SPA reads holds the viewer's own vote and must show a revoke at once: never cached
    // (max-age 0). The page and the images are what caches and crawlers keep: at most a minute.
    'GET /api/l/{token}': async (req) => {
      const viewer = viewerOf(req, false);
      return shareJson(await viewShare(getDb(), token(req), viewer?.id ?? null));
    },
    'GET /api/l/{token}/images/{index}': async (req) =>
      goneIsCacheable(async () => {
        const index = /^[0-9]$/.test(req.params.index) ? Number(req.params.index) : -1;
        const bytes = await shareImage(getDb(), token(req), index);
        return raw({
          statusCode: 200,
          headers: {
            'content-type': 'image/jpeg',
            'cache-control': SHARE_CACHE_CONTROL,
            'x-content-type-options': 'nosniff',
            'content-security-policy': "default-src 'none'; sandbox",
          },
          body: bytes.toString('base64'),
          isBase64Encoded: true,
        });
      }),
    'PUT /api/l/{token}/vote': async (req) => {
      const input = req.body;
      const t = token(req);
      const viewer = viewerOf(req, true)!;
      return shareJson(
        await voteOnShare(getDb(), t, viewer.id, input.generationId, await rateCaller(req, viewer)),
        viewer,
      );
    },
    'PUT /api/l/{token}/reaction': async (req) => {
      const input = req.body;
      const t = token(req);
      const viewer = viewerOf(req, true)!;
      return shareJson(await reactToShare(getDb(), t, viewer.id, input.text, await rateCaller(req, viewer)), viewer);
    },
    'POST /api/l/{token}/report': async (req) => {
      const input = req.body;
      const t = token(req);
      const viewer = viewerOf(req, true)!;
      return shareJson(await reportShare(getDb(), t, viewer.id, input.reason, await rateCaller(req, viewer)), viewer);
    },
    'GET /l/{token}': async (req) => {
      const t = isShareToken(req.params.token) ? req.params.token : '';
      const page = await shareHtml(getDb(), t, publicOrigin(req.headers), spaTags());
      return raw({
        statusCode: page.status,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': SHARE_CACHE_CONTROL,
          'x-content-type-options': 'nosniff',
        },
        body: page.html,
      });
    },
  },
  { loadUser: (auth) => ensureUser(getDb(), auth) },
);
