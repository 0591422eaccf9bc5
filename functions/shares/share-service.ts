/**
 * Shared looks (issue 15), the owner's use cases: create, list, revoke. Viewers: share-viewer-service.ts;
 * admins: share-admin-service.ts; tokens, rate limits, vote counts: share-access.ts.
 * Rules, limits and texts: shared/domain/shares.ts. Storage: shared/repositories/share-repository.ts.
 *
 * Privacy: a share holds copies (downscaled to SHARE_IMAGE_MAX_SIDE, re-encoded without metadata, then
 * C2PA/IPTC-marked as AI-generated) of the chosen results, never the original key, never the photo profile;
 * the owner's name and handle appear only when the owner opted in.
 *
 * `shareUseCases(deps)` is the use case on its collaborators (the share items, the rate limit, the private bucket,
 * the copy maker, the token maker); the functions taking `db` below are the production wiring the handlers call.
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
import type { MadeBy } from '../../shared/domain/provenance';
import { bindDb, type Store } from '../lib/bind-db';
import {
  assertRate,
  countVotes,
  newShareToken,
  shareAccessRepositories,
  sharePath,
  shareImagePath,
  tallyOf,
  type RateCaller,
  type RateCheck,
  type ShareVoteCount,
} from './share-access';

const repositories = {
  ...shareAccessRepositories,
  endShare,
  getGeneration,
  getShare,
  listShareReactions,
  listShares,
  putShare,
};

/** The private bucket, as the share use cases use it. */
export interface ShareMedia {
  read: (key: string) => Promise<Buffer | null>;
  put: (key: string, bytes: Buffer, contentType: string) => Promise<void>;
  delete: (keys: string[]) => Promise<number>;
}

/** What the owner's share use cases work with. */
export interface ShareDeps {
  store: Store<typeof repositories>;
  assertRate: RateCheck;
  media: ShareMedia;
  /** A result's shared copy: downscaled, re-encoded without metadata, marked as AI-generated (JPEG). */
  shareCopy: (
    original: Buffer,
    userId: string,
    madeBy: MadeBy,
  ) => Promise<{ buffer: Buffer; width: number; height: number }>;
  newToken: () => string;
}

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

/** The owner's share use cases, on their collaborators. */
export function shareUseCases(deps: ShareDeps) {
  const { store, media } = deps;

  async function ownerView(s: ShareRecord, now: Date): Promise<OwnerShareView> {
    const [tally, reactions] = await Promise.all([tallyOf(store, s), store.listShareReactions(s.id)]);
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
  async function createShare(
    user: UserRecord,
    input: CreateShareInput,
    caller: RateCaller,
    now = new Date(),
  ): Promise<OwnerShareView> {
    const ids = input.generationIds;
    if (new Set(ids).size !== ids.length) throw badRequest(M.duplicateIds, ERROR_CODES.validation);
    await deps.assertRate('share.create', { who: user.id, ipHash: caller.ipHash }, now);

    const found = await Promise.all(ids.map((id) => store.getGeneration(user.id, id)));
    // Another user's id and a missing id answer the same 404 (never a hint that the record exists).
    const gens = found.flatMap((g) => (g && g.kind !== 'style-cover' ? [g] : []));
    if (gens.length !== ids.length) throw notFound(M.notYours);
    const results = gens.flatMap((g) => (g.status === 'completed' && g.resultKey ? [{ g, key: g.resultKey }] : []));
    if (results.length !== gens.length) throw conflict(M.notShareable, SHARE_CODES.notShareable);

    const id = ulid(now.getTime());
    const images: ShareImage[] = [];
    try {
      for (const [n, { g, key: resultKey }] of results.entries()) {
        const original = await media.read(resultKey);
        if (!original) throw conflict(M.notShareable, SHARE_CODES.notShareable);
        const madeBy = g.madeBy ?? 'generative';
        const copy = await deps.shareCopy(original, user.id, madeBy);
        const key = mediaKeys.shareImage(id, n, 'jpg');
        await media.put(key, copy.buffer, 'image/jpeg');
        images.push({
          generationId: g.id,
          key,
          width: copy.width,
          height: copy.height,
          styleId: g.inputs.styleId ?? null,
          styleName: g.styleName ?? null,
          madeBy,
        });
      }
    } catch (err) {
      await media.delete(images.map((i) => i.key));
      throw err;
    }
    const share: ShareRecord = {
      id,
      token: deps.newToken(),
      userId: user.id,
      images,
      showOwner: input.showOwner === true,
      status: 'active',
      expiresAt: shareExpiresAt(input.expiresInDays ?? DEFAULT_SHARE_EXPIRY_DAYS, now),
      createdAt: now.toISOString(),
      endedAt: null,
      voteCounters: true,
    };
    await store.putShare(share, SHARE_FEEDBACK_KEEP_DAYS * 86_400);
    logger.info('share created', { shareId: id, images: images.length });
    return ownerView(share, now);
  }

  /** GET /api/shares: the caller's shares with their votes and reactions, newest first. */
  async function listMyShares(userId: string, now = new Date()): Promise<OwnerShareView[]> {
    const shares = await store.listShares(userId);
    return Promise.all(shares.map((s) => ownerView(s, now)));
  }

  /** DELETE /api/shares/{id}: revoke (idempotent for an already ended share); the copies are deleted. */
  async function revokeShare(userId: string, shareId: string, now = new Date()): Promise<OwnerShareView> {
    const s = await store.getShare(userId, shareId);
    if (!s) throw notFound(M.notFound);
    await store.endShare(userId, shareId, 'revoked', now);
    await media.delete(s.images.map((i) => i.key));
    const after = (await store.getShare(userId, shareId)) ?? s;
    return ownerView(after, now);
  }

  return { createShare, listMyShares, revokeShare };
}

type ShareUseCases = ReturnType<typeof shareUseCases>;

const production = (db: Db) =>
  shareUseCases({
    store: bindDb(db, repositories),
    assertRate: (action, caller, now) => assertRate(db, action, caller, now),
    media: {
      read: (key) => readImage('private', key),
      put: (key, bytes, contentType) => putImage('private', key, bytes, contentType),
      delete: (keys) => deleteImages('private', keys),
    },
    shareCopy: async (original, userId, madeBy) => {
      const small = await processImage(original, {
        maxBytes: 25 * MB,
        maxSide: SHARE_IMAGE_MAX_SIDE,
        alpha: 'flatten',
        safety: { kind: 'generation_result', userId },
      });
      const buffer = await markAsAiGenerated(small.buffer, small.contentType, madeBy);
      return { buffer, width: small.width, height: small.height };
    },
    newToken: newShareToken,
  });

export const createShare = (db: Db, ...a: Parameters<ShareUseCases['createShare']>) => production(db).createShare(...a);
export const listMyShares = (db: Db, ...a: Parameters<ShareUseCases['listMyShares']>) =>
  production(db).listMyShares(...a);
export const revokeShare = (db: Db, ...a: Parameters<ShareUseCases['revokeShare']>) => production(db).revokeShare(...a);
