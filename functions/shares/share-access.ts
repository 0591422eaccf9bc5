/**
 * What every shared-look use case shares: tokens and paths, the rate limits (per user or viewer and per IP),
 * a live share by its token, and the vote counts. Rules, limits and texts: shared/domain/shares.ts.
 */
import { randomBytes } from 'node:crypto';
import { notFound } from '../../shared/errors';
import { SHARE_MESSAGES as M, SHARE_TOKEN_BYTES, isShareLive } from '../../shared/domain/shares';
import {
  countVoteItems,
  findShareByToken,
  getVoteTally,
  type ShareRecord,
  type VoteTally,
} from '../../shared/repositories/share-repository';
import type { Db } from '../../shared/repositories/table';
import type { RateAction } from '../../shared/domain/rate-limits';
import { bindDb, type Store } from '../lib/bind-db';
import type { RateCaller } from '../lib/rate-limit';

/** A new share token: SHARE_TOKEN_BYTES random bytes, base64url (URL-safe, no padding). */
export const newShareToken = (): string => randomBytes(SHARE_TOKEN_BYTES).toString('base64url');

/** A new anonymous viewer id: 16 random bytes (128 bits), base64url. */
export const newViewerId = (): string => randomBytes(16).toString('base64url');

export const sharePath = (token: string) => `/l/${token}`;
export const shareImagePath = (token: string, index: number) => `/api/l/${token}/images/${index}`;

// --------------------------------------------------------------------------------------------- rate limits
// (functions/lib/rate-limit.ts: every rate limit of the product)
export { RateLimited, assertRate, type RateCaller } from '../lib/rate-limit';

/** A rate limit as a use case's collaborator: counts the request, throws RateLimited (429) once over. */
export type RateCheck = (action: RateAction, caller: RateCaller, now: Date) => Promise<void>;

/** The repository functions every share use case reads a live share and its votes with. */
export const shareAccessRepositories = { countVoteItems, findShareByToken, getVoteTally };
export type ShareAccessStore = Store<typeof shareAccessRepositories>;

export interface ShareVoteCount {
  generationId: string;
  votes: number;
}

/** A share's votes per look: its counter shards (bounded reads), or its vote items on a share made before them. */
export const tallyOf = (store: ShareAccessStore, s: ShareRecord, consistent = false): Promise<VoteTally> =>
  s.voteCounters ? store.getVoteTally(s.id, consistent) : store.countVoteItems(s.id);

/** tallyOf on the table (the data export reads it). */
export const voteTally = (db: Db, s: ShareRecord, consistent = false): Promise<VoteTally> =>
  tallyOf(bindDb(db, shareAccessRepositories), s, consistent);

/** The votes of each of the share's looks, in its order, and their total (votes for anything else are not counted). */
export function countVotes(s: ShareRecord, tally: VoteTally): { counts: ShareVoteCount[]; total: number } {
  const counts = s.images.map((i) => ({
    generationId: i.generationId,
    votes: Math.max(0, tally.get(i.generationId) ?? 0),
  }));
  return { counts, total: counts.reduce((sum, c) => sum + c.votes, 0) };
}

/** The live share of a token; a missing, ended or expired one is 404. */
export async function liveShare(store: ShareAccessStore, token: string, now: Date): Promise<ShareRecord> {
  const s = await store.findShareByToken(token);
  if (!s || !isShareLive(s, now)) throw notFound(M.notFound);
  return s;
}
