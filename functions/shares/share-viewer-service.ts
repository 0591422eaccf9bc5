/**
 * Shared looks, the viewers' use cases: the public view of /l/{token} with its images, votes, reactions and
 * reports, and its Open Graph page. Only the chosen copies are shown; the owner's name only when opted in.
 */
import { ulid } from 'ulid';
import { ERROR_CODES, HttpError, badRequest, conflict, notFound } from '../../shared/errors';
import {
  AI_LABEL,
  SHARE_CODES,
  SHARE_FEEDBACK_KEEP_DAYS,
  SHARE_MESSAGES as M,
  cleanReaction,
  type PublicShareView,
} from '../../shared/domain/shares';
import { fullName } from '../../shared/domain/user-display';
import { getStyle, listStyleProducts } from '../../shared/repositories/catalog-repository';
import { getUser } from '../../shared/repositories/user-repository';
import {
  createShareReport,
  getViewerFeedback,
  putReaction,
  putVote,
  type ShareRecord,
} from '../../shared/repositories/share-repository';
import type { Db } from '../../shared/repositories/table';
import { readImage } from '../lib/media-store';
import { logger } from '../lib/logger';
import {
  assertRate,
  countVotes,
  liveShare,
  sharePath,
  shareImagePath,
  voteTally,
  type RateCaller,
} from './share-access';

// ------------------------------------------------------------------------------------------------ viewers

const httpUrl = (u: string) => /^https?:\/\//i.test(u);

/**
 * GET /api/l/{token}: what a viewer sees (only the chosen copies, styles, shop links; owner only when opted in).
 * `fresh`: the answer to the viewer's own vote or reaction reads the counts and their feedback consistently.
 */
export async function viewShare(
  db: Db,
  token: string,
  viewerId: string | null,
  now = new Date(),
  fresh = false,
): Promise<PublicShareView> {
  const s = await liveShare(db, token, now);
  const [tally, mine] = await Promise.all([
    voteTally(db, s, fresh),
    viewerId ? getViewerFeedback(db, s.id, viewerId, fresh) : { vote: null, reaction: null },
  ]);
  const { counts, total } = countVotes(s, tally);
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
    myVote: mine.vote,
    myReaction: mine.reaction,
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

/** PUT /api/l/{token}/vote: one vote per viewer, changeable (the item and its counter shard move together). */
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
  return viewShare(db, token, viewerId, now, true);
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
  return viewShare(db, token, viewerId, now, true);
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
