/**
 * Shared looks, the viewers' use cases: the public view of /l/{token} with its images, votes, reactions and
 * reports, and its Open Graph page. Only the chosen copies are shown; the owner's name only when opted in.
 * `shareViewerUseCases(deps)` is the use case on its collaborators (the share, style and user items, the rate
 * limit, the private bucket's reads); the functions taking `db` below are the production wiring.
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
import { bindDb, type Store } from '../lib/bind-db';
import {
  assertRate,
  countVotes,
  liveShare,
  shareAccessRepositories,
  sharePath,
  shareImagePath,
  tallyOf,
  type RateCaller,
  type RateCheck,
} from './share-access';

const repositories = {
  ...shareAccessRepositories,
  createShareReport,
  getStyle,
  getUser,
  getViewerFeedback,
  listStyleProducts,
  putReaction,
  putVote,
};

/** What the viewers' share use cases work with. */
export interface ShareViewerDeps {
  store: Store<typeof repositories>;
  assertRate: RateCheck;
  /** Reads an object of the private bucket (null when missing). */
  readImage: (key: string) => Promise<Buffer | null>;
}

// ------------------------------------------------------------------------------------------------ viewers

const httpUrl = (u: string) => /^https?:\/\//i.test(u);

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

const feedbackTtl = (s: ShareRecord) =>
  Math.floor(new Date(s.expiresAt).getTime() / 1000) + SHARE_FEEDBACK_KEEP_DAYS * 86_400;

/** The viewers' share use cases, on their collaborators. */
export function shareViewerUseCases(deps: ShareViewerDeps) {
  const { store } = deps;

  /**
   * GET /api/l/{token}: what a viewer sees (only the chosen copies, styles, shop links; owner only when opted in).
   * `fresh`: the answer to the viewer's own vote or reaction reads the counts and their feedback consistently.
   */
  async function viewShare(
    token: string,
    viewerId: string | null,
    now = new Date(),
    fresh = false,
  ): Promise<PublicShareView> {
    const s = await liveShare(store, token, now);
    const [tally, mine] = await Promise.all([
      tallyOf(store, s, fresh),
      viewerId ? store.getViewerFeedback(s.id, viewerId, fresh) : { vote: null, reaction: null },
    ]);
    const { counts, total } = countVotes(s, tally);
    const styleIds = [...new Set(s.images.map((i) => i.styleId).filter((x): x is string => !!x))];
    const styles = await Promise.all(
      styleIds.map(async (id) => {
        // shop links only of a style that is still public (or the owner's own), never of one taken down
        const style = await store.getStyle(id);
        const shown = !!style && !style.takenDownAt && (style.isPublic || style.createdBy === s.userId);
        const products = shown ? await store.listStyleProducts(id) : [];
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
      const u = await store.getUser(s.userId);
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

  /** GET /api/l/{token}/images/{index}: the bytes of a shared copy, only while the share is live. */
  async function shareImage(token: string, index: number, now = new Date()): Promise<Buffer> {
    const s = await liveShare(store, token, now);
    const img = Number.isInteger(index) ? s.images[index] : undefined;
    if (!img) throw notFound('Image not found');
    const bytes = await deps.readImage(img.key);
    if (!bytes) throw notFound('Image not found');
    return bytes;
  }

  /** PUT /api/l/{token}/vote: one vote per viewer, changeable (the item and its counter shard move together). */
  async function voteOnShare(
    token: string,
    viewerId: string,
    generationId: string,
    caller: RateCaller,
    now = new Date(),
  ): Promise<PublicShareView> {
    await deps.assertRate('share.vote', caller, now);
    const s = await liveShare(store, token, now);
    if (!s.images.some((i) => i.generationId === generationId)) throw badRequest(M.notInShare, ERROR_CODES.validation);
    await store.putVote(s.id, viewerId, generationId, feedbackTtl(s), now);
    return viewShare(token, viewerId, now, true);
  }

  /** PUT /api/l/{token}/reaction: one short plain-text reaction per viewer, changeable. */
  async function reactToShare(
    token: string,
    viewerId: string,
    text: unknown,
    caller: RateCaller,
    now = new Date(),
  ): Promise<PublicShareView> {
    const clean = cleanReaction(text);
    if (!clean.ok) throw badRequest(clean.message, ERROR_CODES.validation);
    await deps.assertRate('share.reaction', caller, now);
    const s = await liveShare(store, token, now);
    await store.putReaction(s.id, viewerId, clean.text, feedbackTtl(s), now);
    return viewShare(token, viewerId, now, true);
  }

  /** POST /api/l/{token}/report: into the admins' report queue (one open report per viewer and look). */
  async function reportShare(
    token: string,
    viewerId: string,
    reason: string,
    caller: RateCaller,
    now = new Date(),
  ): Promise<{ id: string }> {
    await deps.assertRate('share.report', caller, now);
    const s = await liveShare(store, token, now);
    const id = ulid(now.getTime());
    const ok = await store.createShareReport({
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

  return { viewShare, shareImage, voteOnShare, reactToShare, reportShare };
}

type ShareViewerUseCases = ReturnType<typeof shareViewerUseCases>;

const production = (db: Db) =>
  shareViewerUseCases({
    store: bindDb(db, repositories),
    assertRate: (action, caller, now) => assertRate(db, action, caller, now),
    readImage: (key) => readImage('private', key),
  });

export const viewShare = (db: Db, ...a: Parameters<ShareViewerUseCases['viewShare']>) => production(db).viewShare(...a);
export const shareImage = (db: Db, ...a: Parameters<ShareViewerUseCases['shareImage']>) =>
  production(db).shareImage(...a);
export const voteOnShare = (db: Db, ...a: Parameters<ShareViewerUseCases['voteOnShare']>) =>
  production(db).voteOnShare(...a);
export const reactToShare = (db: Db, ...a: Parameters<ShareViewerUseCases['reactToShare']>) =>
  production(db).reactToShare(...a);
export const reportShare = (db: Db, ...a: Parameters<ShareViewerUseCases['reportShare']>) =>
  production(db).reportShare(...a);

// ------------------------------------------------------------------------------------ Open Graph page

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * GET /l/{token}: the SPA's page with the Open Graph / Twitter card tags filled in (crawlers do not run
 * JavaScript); the SPA's own script and style tags (from its built index.html) then take over. A gone share
 * answers the same shell with status 404 and no preview.
 */
export function shareHtml(
  db: Db,
  token: string,
  origin: string,
  spaTags: string,
  now = new Date(),
): Promise<{ status: number; html: string }> {
  return shareHtmlOf(production(db).viewShare, token, origin, spaTags, now);
}

/** The Open Graph page on the viewers' read of the share. */
export async function shareHtmlOf(
  view: ShareViewerUseCases['viewShare'],
  token: string,
  origin: string,
  spaTags: string,
  now = new Date(),
): Promise<{ status: number; html: string }> {
  let meta = '<meta name="robots" content="noindex">';
  let status = 404;
  let title = 'Shared look not found · Fitly';
  try {
    const v = await view(token, null, now);
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
