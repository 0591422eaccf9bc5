/**
 * Shared looks (issue 15), the owner's use cases: create, list, revoke. Viewers: share-viewer-service.ts;
 * admins: share-admin-service.ts; tokens, rate limits, vote counts: share-access.ts.
 * Rules, limits and texts: shared/domain/shares.ts. Storage: shared/repositories/share-repository.ts.
 *
 * Privacy: a share holds copies (downscaled to SHARE_IMAGE_MAX_SIDE, re-encoded without metadata, then
 * C2PA/IPTC-marked as AI-generated) of the chosen results, never the original key, never the photo profile;
 * the owner's name and handle appear only when the owner opted in.
 */
import { ulid } from 'ulid';
import { ERROR_CODES, badRequest, conflict, notFound } from '../../shared/errors';
import {
  DEFAULT_SHARE_EXPIRY_DAYS,
  SHARE_CODES,
  SHARE_FEEDBACK_KEEP_DAYS,
  SHARE_IMAGE_MAX_SIDE,
  SHARE_MESSAGES as M,
  isShareLive,
  shareExpiresAt,
  type ShareExpiryDays,
  type ShareStatus,
} from '../../shared/domain/shares';
import { getGeneration } from '../../shared/repositories/generation-repository';
import { type UserRecord } from '../../shared/repositories/user-repository';
import {
  endShare,
  getShare,
  listShareReactions,
  listShares,
  putShare,
  type ShareImage,
  type ShareRecord,
} from '../../shared/repositories/share-repository';
import type { Db } from '../../shared/repositories/table';
import { processImage, MB } from '../lib/image-pipeline';
import { markAsAiGenerated } from '../lib/provenance-loader';
import { deleteImages, mediaKeys, putImage, readImage } from '../lib/media-store';
import { logger } from '../lib/logger';
import {
  assertRate,
  countVotes,
  newShareToken,
  sharePath,
  shareImagePath,
  voteTally,
  type RateCaller,
  type ShareVoteCount,
} from './share-access';

// ------------------------------------------------------------------------------------------------- owner

export interface CreateShareInput {
  generationIds: string[];
  expiresInDays?: ShareExpiryDays;
  showOwner?: boolean;
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

async function ownerView(db: Db, s: ShareRecord, now: Date): Promise<OwnerShareView> {
  const [tally, reactions] = await Promise.all([voteTally(db, s), listShareReactions(db, s.id)]);
  const { counts, total } = countVotes(s, tally);
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
    reactions: reactions.map(({ text, updatedAt }) => ({ text, updatedAt })),
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
    voteCounters: true,
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
