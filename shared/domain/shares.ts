/**
 * Shared looks ("Share a look for feedback", issue 15) and the compare view: the one place for the rules,
 * limits, texts and error codes that the share service, its handlers and the SPA all use.
 *
 * - A share shows 1 to 4 of the owner's completed generations through an unguessable link /l/{token}
 *   (32 random bytes, base64url: 256 bits; at least 128 are required).
 * - It expires after 1, 7 (default) or 30 days; the owner can revoke it at any time; an admin can take it
 *   down from the report queue. Gone = 404, and every share answer carries Cache-Control max-age <= 60 s,
 *   so a CDN or browser cache forgets it within a minute.
 * - Viewers (signed out too) vote for one favourite (one vote per viewer and share, changeable) and leave one
 *   short plain-text reaction (changeable); they can report the look.
 * - Creation, votes, reactions and reports are rate limited per user (or anonymous viewer) and per IP.
 */
import { isSafeText, normalizeText } from './text-rules';

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

export const SHARE_MIN_IMAGES = 1;
export const SHARE_MAX_IMAGES = 4;

export const SHARE_EXPIRY_DAYS = [1, 7, 30] as const;
export type ShareExpiryDays = (typeof SHARE_EXPIRY_DAYS)[number];
export const DEFAULT_SHARE_EXPIRY_DAYS: ShareExpiryDays = 7;

/** Bytes of randomness in a share token (256 bits; base64url gives 43 characters). */
export const SHARE_TOKEN_BYTES = 32;
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const isShareToken = (s: unknown): s is string => typeof s === 'string' && SHARE_TOKEN_PATTERN.test(s);

/** Longest side of the shared (downscaled, AI-marked) copy; Open Graph previews look best at about 1200 px. */
export const SHARE_IMAGE_MAX_SIDE = 1200;

/** Max-age (seconds) of every share answer (page, API, image): a revoked or expired share is gone within a minute. */
export const SHARE_CACHE_SECONDS = 60;
export const SHARE_CACHE_CONTROL = `public, max-age=${SHARE_CACHE_SECONDS}, s-maxage=${SHARE_CACHE_SECONDS}`;

/** Votes and reactions are kept this long after the share ends (the owner still sees them in "My shares"). */
export const SHARE_FEEDBACK_KEEP_DAYS = 30;

/**
 * Write shards of a share's vote counters (issue 28, docs/capacity.md): a vote moves one counter item in the same
 * transaction as the vote item, and a page view sums the shards (one BatchGet of this many small items, whatever
 * the number of votes). A vote transaction writes 2 WCU on its shard, so one shard holds ~500 votes a second
 * (30,000 a minute); 4 shards hold 12x the viral case of 10,000 votes a minute. May only grow (reads sum 0..N-1).
 */
export const SHARE_VOTE_SHARDS = 4;

/** FNV-1a (32 bit) of a string: a stable spread of ids over shards, the same in Node and in the browser. */
export function stableHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The counter shard a viewer's vote is counted on: always the same one, so a change or withdrawal moves it there. */
export const voteShardOf = (viewerId: string): number => stableHash(viewerId) % SHARE_VOTE_SHARDS;

export const REACTION_MAX_LENGTH = 140;
export const REPORT_REASON_MAX_LENGTH = 300;

/** The anonymous viewer cookie (HttpOnly; random 128 bits) that identifies a signed-out viewer's vote. */
export const VIEWER_COOKIE = 'fitly_viewer';
export const VIEWER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const VIEWER_COOKIE_MAX_AGE_DAYS = 90;

/** A viewer id: `user:<sub>` for a signed-in viewer, `anon:<cookie id>` for a signed-out one. */
export const userViewerId = (userId: string): string => `user:${userId}`;
/** The user id of a signed-in viewer's id, or null for an anonymous viewer (whose feedback belongs to no account). */
export const userIdOfViewer = (viewerId: string): string | null =>
  viewerId.startsWith('user:') ? viewerId.slice('user:'.length) : null;

export type ShareStatus = 'active' | 'revoked' | 'taken_down';
/** What the owner's list shows of a share: live, expired, revoked or taken down. */
export const SHARE_VIEW_STATES = ['live', 'expired', 'revoked', 'taken_down'] as const;

/** A share is live while active and before its expiry. */
export const isShareLive = (s: { status: ShareStatus; expiresAt: string }, now = new Date()): boolean =>
  s.status === 'active' && s.expiresAt > now.toISOString();

export const shareExpiresAt = (days: ShareExpiryDays, now = new Date()): string =>
  new Date(now.getTime() + days * 86_400_000).toISOString();

/** A reaction as stored and shown: NFC, whitespace collapsed, trimmed; null when it is not acceptable. */
export function cleanReaction(text: unknown): { ok: true; text: string } | { ok: false; message: string } {
  if (typeof text !== 'string') return { ok: false, message: SHARE_MESSAGES.reactionInvalid };
  const t = normalizeText(text).replace(/\s+/g, ' ').trim();
  if (!t) return { ok: false, message: SHARE_MESSAGES.reactionEmpty };
  if ([...t].length > REACTION_MAX_LENGTH) return { ok: false, message: SHARE_MESSAGES.reactionTooLong };
  if (!isSafeText(t)) return { ok: false, message: SHARE_MESSAGES.reactionInvalid };
  return { ok: true, text: t };
}

// ---------------------------------------------------------------------------------------------- rate limits
// The shares' limits are among every rate limit of the product: shared/domain/rate-limits.ts.
export {
  RATE_ACTIONS,
  RATE_LIMITS,
  rateRetryAfter,
  rateWindowStart,
  withinLimit,
  type RateAction,
  type RateRule,
  type RateSubject,
} from './rate-limits';

import { RATE_MESSAGES } from './rate-limits';

export const SHARE_CODES = {
  notShareable: 'share.not_shareable',
  alreadyReported: 'share.already_reported',
} as const;

export const SHARE_MESSAGES = {
  created: 'Link created',
  revoked: 'Link revoked',
  notFound: 'This look is no longer shared.',
  notYours: 'One or more of these results do not exist.',
  notShareable: 'Only finished results with an image can be shared.',
  notInShare: 'That image is not part of this look.',
  duplicateIds: 'Choose each result only once.',
  reactionEmpty: 'Write a reaction first.',
  reactionTooLong: `Keep your reaction to ${REACTION_MAX_LENGTH} characters.`,
  reactionInvalid: 'This reaction cannot contain control or invisible characters.',
  alreadyReported: 'You already reported this look. Thank you.',
  rateLimited: RATE_MESSAGES,
  compareCount: `Choose ${COMPARE_MIN} to ${COMPARE_MAX} results to compare.`,
} as const;

/** The label every AI image carries wherever it is shown (one definition: shared/domain/provenance.ts). */
import { AI_LABEL, type MadeBy } from './provenance';

export { AI_LABEL };

/** GET /api/l/{token}: what a viewer of a shared look sees (the API answers it, the SPA renders it). */
export interface PublicShareView {
  title: string;
  description: string;
  label: typeof AI_LABEL;
  images: {
    index: number;
    generationId: string;
    url: string;
    width: number;
    height: number;
    styleName: string | null;
    votes: number;
    label: typeof AI_LABEL;
    /** 'engine': rendered by the Fitly engine (the page says so, with its preview-quality label). */
    madeBy: MadeBy;
  }[];
  styles: {
    id: string;
    name: string;
    products: {
      name: string;
      brand: string | null;
      links: { retailer: string; url: string; price: number | null; currency: string | null }[];
    }[];
  }[];
  owner: { name: string | null; handle: string } | null;
  totalVotes: number;
  myVote: string | null;
  myReaction: string | null;
  expiresAt: string;
}
