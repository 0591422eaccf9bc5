/**
 * Shared looks (issue 15): create, list, revoke; the public view of /l/{token} with its images, votes,
 * reactions and reports; the admin takedown of a reported look; the Open Graph page; the rate limits.
 * Rules, limits and texts: shared/domain/shares.ts. Storage: shared/repositories/share-repository.ts.
 *
 * Privacy: a share holds copies (downscaled to SHARE_IMAGE_MAX_SIDE, re-encoded without metadata, then
 * C2PA/IPTC-marked as AI-generated) of the chosen results, never the original key, never the photo profile;
 * the owner's name and handle appear only when the owner opted in.
 */
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { ERROR_CODES, HttpError, badRequest, conflict, notFound } from '../../shared/errors';
import {
  AI_LABEL,
  DEFAULT_SHARE_EXPIRY_DAYS,
  SHARE_CODES,
  SHARE_FEEDBACK_KEEP_DAYS,
  SHARE_IMAGE_MAX_SIDE,
  SHARE_MESSAGES as M,
  SHARE_TOKEN_BYTES,
  RATE_LIMITS,
  cleanReaction,
  isShareLive,
  rateWindowStart,
  rateRetryAfter,
  shareExpiresAt,
  withinLimit,
  type PublicShareView,
  type RateAction,
  type RateSubject,
  type ShareExpiryDays,
  type ShareStatus,
} from '../../shared/domain/shares';
import { fullName } from '../../shared/domain/user-display';
import { getGeneration } from '../../shared/repositories/generation-repository';
import { getStyle, listStyleProducts } from '../../shared/repositories/catalog-repository';
import { getUser, type UserRecord } from '../../shared/repositories/user-repository';
import {
  countRequest,
  createShareReport,
  endShare,
  findShareByToken,
  getShare,
  getShareFeedback,
  getShareReport,
  listOpenShareReports,
  listShares,
  putReaction,
  putShare,
  putVote,
  resolveShareReports,
  type ShareImage,
  type ShareRecord,
} from '../../shared/repositories/share-repository';
import type { Db } from '../../shared/repositories/table';
import { processImage, MB } from '../lib/image-pipeline';
import { markAsAiGenerated } from '../lib/provenance-loader';
import { deleteImages, mediaKeys, putImage, readImage } from '../lib/media-store';
import { logger } from '../lib/logger';

/** A new share token: SHARE_TOKEN_BYTES random bytes, base64url (URL-safe, no padding). */
export const newShareToken = (): string => randomBytes(SHARE_TOKEN_BYTES).toString('base64url');

/** A new anonymous viewer id: 16 random bytes (128 bits), base64url. */
export const newViewerId = (): string => randomBytes(16).toString('base64url');

export const sharePath = (token: string) => `/l/${token}`;
export const shareImagePath = (token: string, index: number) => `/api/l/${token}/images/${index}`;

// --------------------------------------------------------------------------------------------- rate limits

export interface RateCaller {
  /** user id, or the anonymous viewer id; null when neither is known yet */
  who: string | null;
  /** salted hash of the caller's IP (consent-service hashIp); null when unknown */
  ipHash: string | null;
}

export class RateLimited extends HttpError {
  readonly retryAfter: number;
  constructor(action: RateAction, retryAfter: number) {
    super(429, ERROR_CODES.rateLimited, M.rateLimited[action]);
    this.retryAfter = retryAfter;
  }
}

/** Count the request per user/viewer and per IP; throws RateLimited (429) once either is over its limit. */
export async function assertRate(db: Db, action: RateAction, caller: RateCaller, now = new Date()): Promise<void> {
  const windowStart = rateWindowStart(action, now);
  const ttl = Math.floor(new Date(windowStart).getTime() / 1000) + RATE_LIMITS[action].windowSeconds + 3600;
  const subjects: [RateSubject, string | null][] = [
    ['user', caller.who],
    ['ip', caller.ipHash],
  ];
  for (const [subject, who] of subjects) {
    if (!who) continue;
    const count = await countRequest(db, action, subject, who, windowStart, ttl);
    if (!withinLimit(action, subject, count)) {
      logger.warn('rate limited', { action, subject, count });
      throw new RateLimited(action, rateRetryAfter(action, now));
    }
  }
}

// ------------------------------------------------------------------------------------------------- owner

export interface CreateShareInput {
  generationIds: string[];
  expiresInDays?: ShareExpiryDays;
  showOwner?: boolean;
}

export interface ShareVoteCount {
  generationId: string;
  votes: number;
}

export interface OwnerShareView {
  id: string;
  token: string;
  url: string;
  generationIds: string[];
  images: { generationId: string; url: string; styleName: string | null }[];
  showOwner: boolean;
  /** live, expired, revoked or taken_down */
  state: 'live' | 'expired' | Exclude<ShareStatus, 'active'>;
  expiresAt: string;
  createdAt: string;
  endedAt: string | null;
  votes: ShareVoteCount[];
  totalVotes: number;
  reactions: { text: string; updatedAt: string }[];
}

const stateOf = (s: ShareRecord, now: Date): OwnerShareView['state'] =>
  s.status !== 'active' ? s.status : isShareLive(s, now) ? 'live' : 'expired';

function countVotes(s: ShareRecord, votes: Map<string, string>): { counts: ShareVoteCount[]; total: number } {
  const counts = s.images.map((i) => ({ generationId: i.generationId, votes: 0 }));
  let total = 0;
  for (const g of votes.values()) {
    const c = counts.find((x) => x.generationId === g);
    if (c) {
      c.votes++;
      total++;
    }
  }
  return { counts, total };
}

async function ownerView(db: Db, s: ShareRecord, now: Date): Promise<OwnerShareView> {
  const fb = await getShareFeedback(db, s.id);
  const { counts, total } = countVotes(s, fb.votes);
  return {
    id: s.id,
    token: s.token,
    url: sharePath(s.token),
    generationIds: s.images.map((i) => i.generationId),
    images: s.images.map((i, n) => ({
      generationId: i.generationId,
      url: shareImagePath(s.token, n),
      styleName: i.styleName,
    })),
    showOwner: s.showOwner,
    state: stateOf(s, now),
    expiresAt: s.expiresAt,
    createdAt: s.createdAt,
    endedAt: s.endedAt ?? null,
    votes: counts,
    totalVotes: total,
    reactions: fb.reactions.map(({ text, updatedAt }) => ({ text, updatedAt })),
  };
}

/** POST /api/shares: copies of 1 to 4 of the caller's completed results behind a new token. */
export async function createShare(
  db: Db,
  user: UserRecord,
  input: CreateShareInput,
  caller: RateCaller,
  now = new Date(),
): Promise<OwnerShareView> {
  const ids = input.generationIds;
  if (new Set(ids).size !== ids.length) throw badRequest(M.duplicateIds, ERROR_CODES.validation);
  await assertRate(db, 'share.create', { who: user.id, ipHash: caller.ipHash }, now);

  const gens = await Promise.all(ids.map((id) => getGeneration(db, user.id, id)));
  // Another user's id and a missing id answer the same 404 (never a hint that the record exists).
  if (gens.some((g) => !g || g.kind === 'style-cover')) throw notFound(M.notYours);
  if (gens.some((g) => g!.status !== 'completed' || !g!.resultKey))
    throw conflict(M.notShareable, SHARE_CODES.notShareable);

  const id = ulid(now.getTime());
  const images: ShareImage[] = [];
  try {
    for (const [n, g] of gens.entries()) {
      const original = await readImage('private', g!.resultKey!);
      if (!original) throw conflict(M.notShareable, SHARE_CODES.notShareable);
      const small = await processImage(original, {
        maxBytes: 25 * MB,
        maxSide: SHARE_IMAGE_MAX_SIDE,
        alpha: 'flatten',
        safety: { kind: 'generation_result', userId: user.id },
      });
      const madeBy = g!.madeBy ?? 'generative';
      const marked = await markAsAiGenerated(small.buffer, small.contentType, madeBy);
      const key = mediaKeys.shareImage(id, n, 'jpg');
      await putImage('private', key, marked, 'image/jpeg');
      images.push({
        generationId: g!.id,
        key,
        width: small.width,
        height: small.height,
        styleId: g!.inputs.styleId ?? null,
        styleName: g!.styleName ?? null,
        madeBy,
      });
    }
  } catch (err) {
    await deleteImages(
      'private',
      images.map((i) => i.key),
    );
    throw err;
  }
  const share: ShareRecord = {
    id,
    token: newShareToken(),
    userId: user.id,
    images,
    showOwner: input.showOwner === true,
    status: 'active',
    expiresAt: shareExpiresAt(input.expiresInDays ?? DEFAULT_SHARE_EXPIRY_DAYS, now),
    createdAt: now.toISOString(),
    endedAt: null,
  };
  await putShare(db, share, SHARE_FEEDBACK_KEEP_DAYS * 86_400);
  logger.info('share created', { shareId: id, images: images.length });
  return ownerView(db, share, now);
}

/** GET /api/shares: the caller's shares with their votes and reactions, newest first. */
export async function listMyShares(db: Db, userId: string, now = new Date()): Promise<OwnerShareView[]> {
  const shares = await listShares(db, userId);
  return Promise.all(shares.map((s) => ownerView(db, s, now)));
}

/** DELETE /api/shares/{id}: revoke (idempotent for an already ended share); the copies are deleted. */
export async function revokeShare(db: Db, userId: string, shareId: string, now = new Date()): Promise<OwnerShareView> {
  const s = await getShare(db, userId, shareId);
  if (!s) throw notFound(M.notFound);
  await endShare(db, userId, shareId, 'revoked', now);
  await deleteImages(
    'private',
    s.images.map((i) => i.key),
  );
  const after = (await getShare(db, userId, shareId)) ?? s;
  return ownerView(db, after, now);
}

// ------------------------------------------------------------------------------------------------ viewers

async function liveShare(db: Db, token: string, now: Date): Promise<ShareRecord> {
  const s = await findShareByToken(db, token);
  if (!s || !isShareLive(s, now)) throw notFound(M.notFound);
  return s;
}

const httpUrl = (u: string) => /^https?:\/\//i.test(u);

/** GET /api/l/{token}: what a viewer sees (only the chosen copies, styles, shop links; owner only when opted in). */
export async function viewShare(
  db: Db,
  token: string,
  viewerId: string | null,
  now = new Date(),
): Promise<PublicShareView> {
  const s = await liveShare(db, token, now);
  const fb = await getShareFeedback(db, s.id);
  const { counts, total } = countVotes(s, fb.votes);
  const styleIds = [...new Set(s.images.map((i) => i.styleId).filter((x): x is string => !!x))];
  const styles = await Promise.all(
    styleIds.map(async (id) => {
      // shop links only of a style that is still public (or the owner's own), never of one taken down
      const style = await getStyle(db, id);
      const shown = !!style && !style.takenDownAt && (style.isPublic || style.createdBy === s.userId);
      const products = shown ? await listStyleProducts(db, id) : [];
      return {
        id,
        name: (shown ? style.name : null) ?? s.images.find((i) => i.styleId === id)?.styleName ?? 'Style',
        products: products.map((p) => ({
          name: p.name,
          brand: p.brand,
          // only web links: a stored link is an admin's input, shown to strangers
          links: p.links
            .filter((l) => httpUrl(l.url))
            .map((l) => ({ retailer: l.retailer, url: l.url, price: l.price, currency: l.currency })),
        })),
      };
    }),
  );
  let owner: PublicShareView['owner'] = null;
  if (s.showOwner) {
    const u = await getUser(db, s.userId);
    if (u) owner = { name: fullName(u) || null, handle: u.handle };
  }
  const { title, description } = shareTexts(s, owner);
  return {
    title,
    description,
    label: AI_LABEL,
    images: s.images.map((i, n) => ({
      index: n,
      generationId: i.generationId,
      url: shareImagePath(token, n),
      width: i.width,
      height: i.height,
      styleName: i.styleName,
      votes: counts[n]?.votes ?? 0,
      label: AI_LABEL,
      madeBy: i.madeBy ?? 'generative',
    })),
    styles,
    owner,
    totalVotes: total,
    myVote: viewerId ? (fb.votes.get(viewerId) ?? null) : null,
    myReaction: viewerId ? (fb.reactions.find((r) => r.viewerId === viewerId)?.text ?? null) : null,
    expiresAt: s.expiresAt,
  };
}

function shareTexts(s: ShareRecord, owner: PublicShareView['owner']): { title: string; description: string } {
  const who = owner ? owner.name || `@${owner.handle}` : null;
  const n = s.images.length;
  const title =
    n > 1
      ? who
        ? `Which look should ${who} pick?`
        : 'Which look should I pick?'
      : who
        ? `What do you think of ${who}'s look?`
        : 'What do you think of this look?';
  const names = [...new Set(s.images.map((i) => i.styleName).filter(Boolean))].join(', ');
  const description = `${n > 1 ? `${n} AI-generated try-on looks` : 'An AI-generated try-on look'}${names ? `: ${names}` : ''}. Vote for your favourite on Fitly.`;
  return { title, description };
}

/** GET /api/l/{token}/images/{index}: the bytes of a shared copy, only while the share is live. */
export async function shareImage(db: Db, token: string, index: number, now = new Date()): Promise<Buffer> {
  const s = await liveShare(db, token, now);
  const img = Number.isInteger(index) ? s.images[index] : undefined;
  if (!img) throw notFound('Image not found');
  const bytes = await readImage('private', img.key);
  if (!bytes) throw notFound('Image not found');
  return bytes;
}

const feedbackTtl = (s: ShareRecord) =>
  Math.floor(new Date(s.expiresAt).getTime() / 1000) + SHARE_FEEDBACK_KEEP_DAYS * 86_400;

/** PUT /api/l/{token}/vote: one vote per viewer, changeable (the viewer's item is replaced). */
export async function voteOnShare(
  db: Db,
  token: string,
  viewerId: string,
  generationId: string,
  caller: RateCaller,
  now = new Date(),
): Promise<PublicShareView> {
  await assertRate(db, 'share.vote', caller, now);
  const s = await liveShare(db, token, now);
  if (!s.images.some((i) => i.generationId === generationId)) throw badRequest(M.notInShare, ERROR_CODES.validation);
  await putVote(db, s.id, viewerId, generationId, feedbackTtl(s), now);
  return viewShare(db, token, viewerId, now);
}

/** PUT /api/l/{token}/reaction: one short plain-text reaction per viewer, changeable. */
export async function reactToShare(
  db: Db,
  token: string,
  viewerId: string,
  text: unknown,
  caller: RateCaller,
  now = new Date(),
): Promise<PublicShareView> {
  const clean = cleanReaction(text);
  if (!clean.ok) throw badRequest(clean.message, ERROR_CODES.validation);
  await assertRate(db, 'share.reaction', caller, now);
  const s = await liveShare(db, token, now);
  await putReaction(db, s.id, viewerId, clean.text, feedbackTtl(s), now);
  return viewShare(db, token, viewerId, now);
}

/** POST /api/l/{token}/report: into the admins' report queue (one open report per viewer and look). */
export async function reportShare(
  db: Db,
  token: string,
  viewerId: string,
  reason: string,
  caller: RateCaller,
  now = new Date(),
): Promise<{ id: string }> {
  await assertRate(db, 'share.report', caller, now);
  const s = await liveShare(db, token, now);
  const id = ulid(now.getTime());
  const ok = await createShareReport(db, {
    id,
    shareId: s.id,
    shareOwnerId: s.userId,
    reporterId: viewerId,
    reason,
    status: 'open',
    createdAt: now.toISOString(),
  });
  if (!ok) throw conflict(M.alreadyReported, SHARE_CODES.alreadyReported);
  logger.info('share reported', { shareId: s.id, reportId: id });
  return { id };
}

// ------------------------------------------------------------------------------------------------ admins

export interface ShareReportView {
  id: string;
  shareId: string;
  reason: string;
  createdAt: string;
  /** Only while the look is live: where the admin can look at it. */
  url: string | null;
  imageCount: number;
}

/** GET /api/admin/share-reports: open reports of shared looks, newest first. */
export async function listShareReports(db: Db, now = new Date()): Promise<ShareReportView[]> {
  const reports = await listOpenShareReports(db);
  return Promise.all(
    reports.map(async (r) => {
      const s = await getShare(db, r.shareOwnerId, r.shareId);
      return {
        id: r.id,
        shareId: r.shareId,
        reason: r.reason,
        createdAt: r.createdAt,
        url: s && isShareLive(s, now) ? sharePath(s.token) : null,
        imageCount: s?.images.length ?? 0,
      };
    }),
  );
}

/** POST /api/admin/share-reports/{id}/take-down: the look ends (taken_down, copies deleted), its open reports close. */
export async function takeDownShare(
  db: Db,
  reportId: string,
  now = new Date(),
): Promise<{ shareId: string; resolvedReports: number }> {
  const r = await getShareReport(db, reportId);
  if (!r) throw notFound('Report not found');
  const s = await getShare(db, r.shareOwnerId, r.shareId);
  if (s) {
    await endShare(db, s.userId, s.id, 'taken_down', now);
    await deleteImages(
      'private',
      s.images.map((i) => i.key),
    );
  }
  const resolvedReports = await resolveShareReports(db, r.shareId, 'resolved', now);
  logger.info('share taken down', { shareId: r.shareId, reportId });
  return { shareId: r.shareId, resolvedReports };
}

// ------------------------------------------------------------------------------------ Open Graph page

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * GET /l/{token}: the SPA's page with the Open Graph / Twitter card tags filled in (crawlers do not run
 * JavaScript); the SPA's own script and style tags (from its built index.html) then take over. A gone share
 * answers the same shell with status 404 and no preview.
 */
export async function shareHtml(
  db: Db,
  token: string,
  origin: string,
  spaTags: string,
  now = new Date(),
): Promise<{ status: number; html: string }> {
  let meta = '<meta name="robots" content="noindex">';
  let status = 404;
  let title = 'Shared look not found · Fitly';
  try {
    const v = await viewShare(db, token, null, now);
    // a share holds at least one image; one without any has nothing to show
    const [img] = v.images;
    if (!img) throw notFound(M.notFound);
    status = 200;
    title = `${v.title} · Fitly`;
    const imageUrl = `${origin}${img.url}`;
    meta += [
      `<meta name="description" content="${esc(v.description)}">`,
      `<meta property="og:type" content="website">`,
      `<meta property="og:site_name" content="Fitly">`,
      `<meta property="og:title" content="${esc(v.title)}">`,
      `<meta property="og:description" content="${esc(v.description)}">`,
      `<meta property="og:url" content="${esc(`${origin}${sharePath(token)}`)}">`,
      `<meta property="og:image" content="${esc(imageUrl)}">`,
      `<meta property="og:image:type" content="image/jpeg">`,
      `<meta property="og:image:width" content="${img.width}">`,
      `<meta property="og:image:height" content="${img.height}">`,
      `<meta property="og:image:alt" content="${esc(`${AI_LABEL} try-on look${img.styleName ? `: ${img.styleName}` : ''}`)}">`,
      `<meta name="twitter:card" content="summary_large_image">`,
      `<meta name="twitter:title" content="${esc(v.title)}">`,
      `<meta name="twitter:description" content="${esc(v.description)}">`,
      `<meta name="twitter:image" content="${esc(imageUrl)}">`,
    ].join('');
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 404) throw err;
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><title>${esc(title)}</title>${meta}${spaTags}</head><body><div id="root"></div><noscript>This page needs JavaScript.</noscript></body></html>`;
  return { status, html };
}
