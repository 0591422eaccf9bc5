/**
 * Shared looks (docs/data-model.md, "Shared looks"): the share item in its owner's partition (looked up by
 * token on gsi1), viewers' votes and reactions (one each per viewer, overwritten when changed, so a changed
 * vote never counts twice), reports of a shared look (in the same open-report index as style reports, type
 * ShareReport). The rate-limit counters: rate-limit-repository.ts.
 */
import { GetCommand, QueryCommand } from './dynamo-client';
import * as z from 'zod';
import {
  AGAIN,
  batchGetAll,
  entity,
  getItem,
  ITEM_ABSENT,
  ITEM_EXISTS,
  putItem,
  queryAll,
  transactNamed,
  tx,
  update,
  updateIf,
  where,
  withRetry,
  type EntityRecord,
} from './toolkit';
import { SHARE_VOTE_SHARDS, userIdOfViewer, voteShardOf, type ShareStatus } from '../domain/shares';
import {
  closeReport,
  createReportWithLock,
  reportByReporterIndex,
  listOpenReportRecords,
  openReportIndex,
  reportKey,
  reportSchema,
} from './report-repository';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import { lazySchema } from '../schemas/lazy-schema';

const shareImage = /* @__PURE__ */ lazySchema(() =>
  z.object({
    generationId: z.string(),
    /** Private-bucket key of the downscaled, AI-marked copy (never the original result). */
    key: z.string(),
    width: z.number(),
    height: z.number(),
    styleId: z.string().nullable(),
    styleName: z.string().nullable(),
    /** How the generation was made (absent on shares from before the Fitly engine: generative). */
    madeBy: z.enum(['generative', 'engine']).optional(),
  }),
);
export type ShareImage = z.output<typeof shareImage>;

/** A shared look in its owner's partition (removed with the account), found by its token on gsi1; TTL-expired. */
export const shareEntity = entity({
  name: 'Share',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      token: z.string(),
      userId: z.string(),
      images: z.array(shareImage),
      /** The owner chose to show their name and handle. */
      showOwner: z.boolean(),
      status: z.enum(['active', 'revoked', 'taken_down']),
      expiresAt: z.string(),
      createdAt: z.string(),
      endedAt: z.string().nullable(),
      /** Votes are counted on the share's counter shards (issue 28); absent on older shares: count the vote items. */
      voteCounters: z.boolean().optional(),
    }),
  ),
  key: (s) => keys.share(s.userId, s.id),
  indexes: { gsi1: (s) => keys.shareTokenIndex(s.token) },
});
export type ShareRecord = EntityRecord<typeof shareEntity>;

const toSec = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

export async function putShare(db: Db, s: ShareRecord, keepSeconds: number): Promise<void> {
  await putItem(db, shareEntity.item(s, { ttl: toSec(s.expiresAt) + keepSeconds }), ITEM_ABSENT);
}

export async function getShare(db: Db, userId: string, shareId: string): Promise<ShareRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.share(userId, shareId) }));
  return shareEntity.parseOrNull(res.Item);
}

/** The share of a token (gsi1; an item past its TTL that DynamoDB has not deleted yet still comes back: callers check expiry). */
export async function findShareByToken(db: Db, token: string): Promise<ShareRecord | null> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: TABLE_SCHEMA.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: {
        ':pk': keys.shareTokenIndex(token).gsi1pk,
        ':sk': keys.shareTokenIndex(token).gsi1sk,
      },
      Limit: 1,
    }),
  );
  return shareEntity.parseOrNull(res.Items?.[0]);
}

/** A user's shares, newest first (ulid ids). */
export async function listShares(db: Db, userId: string, limit = 200): Promise<ShareRecord[]> {
  const p = keys.sharePrefix(userId);
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': p.pk, ':p': p.skPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map(shareEntity.parse);
}

/** End an active share (revoked by its owner or taken down by an admin). False when it was not active. */
export async function endShare(
  db: Db,
  userId: string,
  shareId: string,
  status: Exclude<ShareStatus, 'active'>,
  now = new Date(),
): Promise<boolean> {
  return updateIf(
    db,
    keys.share(userId, shareId),
    shareEntity
      .update()
      .set({ status, endedAt: now.toISOString() })
      .where((w) => w.and(ITEM_EXISTS, w.eq('status', 'active'))),
  );
}

// ------------------------------------------------------------------------------------ votes and reactions

/** A share's votes per look (generation id -> votes); looks nobody voted for are absent. */
export type VoteTally = Map<string, number>;

export interface ShareReaction {
  viewerId: string;
  text: string;
  updatedAt: string;
}

/** The per-user index keys of a signed-in viewer's vote or reaction (none for an anonymous viewer). */
function castByIndex(kind: 'ShareVote' | 'ShareReaction', shareId: string, viewerId: string) {
  const userId = userIdOfViewer(viewerId);
  return userId ? keys.shareFeedbackByUserIndex(userId, kind === 'ShareVote' ? 'VOTE' : 'REACT', shareId) : {};
}

/** A viewer's vote item (a changed vote replaces it, its index keys with it: one entry per share and kind). */
const voteItem = (shareId: string, viewerId: string, generationId: string, ttl: number, now: Date) => ({
  ...keys.shareVote(shareId, viewerId),
  ...castByIndex('ShareVote', shareId, viewerId),
  type: 'ShareVote',
  shareId,
  viewerId,
  generationId,
  updatedAt: now.toISOString(),
  ttl,
});

/** The counter attribute of one look on a shard item (top-level, so ADD can move it). */
const VOTES_OF = 'votes#';
/** A vote shard's attributes: a counter per look, the share, and the votes' TTL. */
type VoteShard = { [look: `${typeof VOTES_OF}${string}`]: number } & { shareId: string };
/** A vote item's attributes (the look it is for). */
type VoteItem = { generationId: string };
/**
 * The shard update that moves a viewer's vote: +1 on `add`, -1 on `remove` (either may be absent), on the viewer's
 * own shard (voteShardOf), so every shard stays >= 0. The shard carries the votes' TTL and expires with them.
 */
function moveCounts(
  db: Db,
  shareId: string,
  viewerId: string,
  moves: { add?: string; remove?: string },
  ttl: number | null,
) {
  const u = update<VoteShard>().set({ type: 'ShareVoteCounter', shareId });
  if (ttl !== null) u.setIfNotExists({ ttl });
  if (moves.add) u.addTo(`${VOTES_OF}${moves.add}`, 1);
  if (moves.remove) u.addTo(`${VOTES_OF}${moves.remove}`, -1);
  return tx.update(db, keys.shareVoteCounter(shareId, voteShardOf(viewerId)), u);
}

/** The look a viewer voted for on a share, or null (consistent: the vote transactions decide on it). */
async function currentVote(db: Db, shareId: string, viewerId: string): Promise<string | null> {
  const item = await getItem(db, keys.shareVote(shareId, viewerId), { consistent: true, projection: 'generationId' });
  return typeof item?.generationId === 'string' ? item.generationId : null;
}

/** The vote item's condition: it is still what was read (absent, or for the look read). */
const stillIs = (previous: string | null) =>
  previous === null ? ITEM_ABSENT : where<VoteItem>().eq('generationId', previous);

export type VoteOutcome = 'added' | 'changed' | 'same';

/**
 * One vote per viewer and share, changeable: the vote item and its shard's counters move in one transaction on
 * the condition that the vote is still what was read, so a repeated, changed or concurrent vote moves the counts
 * exactly once (a lost race reads again, on the one retry policy).
 */
export function putVote(
  db: Db,
  shareId: string,
  viewerId: string,
  generationId: string,
  ttl: number,
  now = new Date(),
): Promise<VoteOutcome> {
  return withRetry(async () => {
    const previous = await currentVote(db, shareId, viewerId);
    if (previous === generationId) return 'same';
    const cond = stillIs(previous);
    const out = await transactNamed(db, {
      vote: tx.put(db, voteItem(shareId, viewerId, generationId, ttl, now), cond),
      counts: moveCounts(db, shareId, viewerId, { add: generationId, remove: previous ?? undefined }, ttl),
    });
    if (!out.applied) return AGAIN;
    return previous === null ? 'added' : 'changed';
  });
}

/** Withdraw a viewer's vote (account deletion): the item goes and its count drops, exactly once. */
export function deleteVote(db: Db, shareId: string, viewerId: string): Promise<'removed' | 'absent'> {
  return withRetry(async () => {
    const previous = await currentVote(db, shareId, viewerId);
    if (previous === null) return 'absent';
    const out = await transactNamed(db, {
      vote: tx.delete(db, keys.shareVote(shareId, viewerId), stillIs(previous)),
      counts: moveCounts(db, shareId, viewerId, { remove: previous }, null),
    });
    return out.applied ? 'removed' : AGAIN;
  });
}

/**
 * A share's votes per look: the sum of its counter shards (one BatchGet of SHARE_VOTE_SHARDS items, whatever the
 * votes); consistent right after the viewer's own vote, so its answer counts it.
 */
export async function getVoteTally(db: Db, shareId: string, consistent = false): Promise<VoteTally> {
  const shardKeys = Array.from({ length: SHARE_VOTE_SHARDS }, (_, n) => keys.shareVoteCounter(shareId, n));
  const tally: VoteTally = new Map();
  for (const item of await batchGetAll(db, shardKeys, { consistent }))
    for (const [name, value] of Object.entries(item))
      if (name.startsWith(VOTES_OF) && typeof value === 'number') {
        const g = name.slice(VOTES_OF.length);
        tally.set(g, (tally.get(g) ?? 0) + value);
      }
  return tally;
}

/**
 * The votes of a share made before the counters (issue 28) counted item by item (a Query of its vote items):
 * such shares end within 30 days of the change and their feedback 30 days later; no backfill.
 */
export async function countVoteItems(db: Db, shareId: string): Promise<VoteTally> {
  const p = keys.shareVotePrefix(shareId);
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': p.pk, ':p': p.skPrefix },
    ProjectionExpression: 'generationId',
  });
  const tally: VoteTally = new Map();
  for (const i of items) tally.set(String(i.generationId), (tally.get(String(i.generationId)) ?? 0) + 1);
  return tally;
}

/** A viewer's own vote and reaction on a share (one BatchGet of two keys). */
export async function getViewerFeedback(
  db: Db,
  shareId: string,
  viewerId: string,
  consistent = false,
): Promise<{ vote: string | null; reaction: string | null }> {
  const items = await batchGetAll(db, [keys.shareVote(shareId, viewerId), keys.shareReaction(shareId, viewerId)], {
    consistent,
  });
  const vote = items.find((i) => i.type === 'ShareVote');
  const reaction = items.find((i) => i.type === 'ShareReaction');
  return {
    vote: typeof vote?.generationId === 'string' ? vote.generationId : null,
    reaction: typeof reaction?.text === 'string' ? reaction.text : null,
  };
}

/** One reaction per viewer and share: a Put on the viewer's own item (a changed reaction replaces the old one). */
export const putReaction = (db: Db, shareId: string, viewerId: string, text: string, ttl: number, now = new Date()) =>
  putItem(db, {
    ...keys.shareReaction(shareId, viewerId),
    ...castByIndex('ShareReaction', shareId, viewerId),
    type: 'ShareReaction',
    shareId,
    viewerId,
    text,
    updatedAt: now.toISOString(),
    ttl,
  });

/** A share's reactions, newest first (a Query of its reaction items only: the owner's list and export). */
export async function listShareReactions(db: Db, shareId: string): Promise<ShareReaction[]> {
  const p = keys.shareReactionPrefix(shareId);
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': p.pk, ':p': p.skPrefix },
  });
  return items
    .filter((i) => i.type === 'ShareReaction')
    .map((i) => ({ viewerId: String(i.viewerId), text: String(i.text), updatedAt: String(i.updatedAt) }))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** A vote or reaction a signed-in user cast, found through the per-user index (gsi2). */
export interface CastFeedback {
  kind: 'vote' | 'reaction';
  shareId: string;
  /** The look voted for (a vote), or null. */
  generationId: string | null;
  /** The reaction's text, or null. */
  text: string | null;
  updatedAt: string;
  key: { pk: string; sk: string };
}

/** Every vote and reaction the user cast on any share (one Query of the per-user index, no scan). */
export async function listFeedbackCastBy(db: Db, userId: string): Promise<CastFeedback[]> {
  const items = await queryAll(db, {
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.shareFeedbackByUserPartition(userId) },
  });
  return items
    .filter((i) => i.type === 'ShareVote' || i.type === 'ShareReaction')
    .map((i) => ({
      kind: i.type === 'ShareVote' ? ('vote' as const) : ('reaction' as const),
      shareId: String(i.shareId),
      generationId: i.type === 'ShareVote' ? String(i.generationId) : null,
      text: i.type === 'ShareReaction' ? String(i.text) : null,
      updatedAt: String(i.updatedAt),
      key: { pk: String(i.pk), sk: String(i.sk) },
    }));
}

// ------------------------------------------------------------------------------------------------- reports

/** A report of a shared look (the open-report index is the reports' common declaration). */
export const shareReportEntity = entity({
  name: 'ShareReport',
  schema: lazySchema(() => reportSchema.extend({ shareId: z.string(), shareOwnerId: z.string() })),
  key: reportKey,
  indexes: { gsi1: openReportIndex, gsi2: (r) => reportByReporterIndex(userIdOfViewer(r.reporterId), r) },
});
export type ShareReportRecord = EntityRecord<typeof shareReportEntity>;

/** An open report of a shared look with its per-reporter lock; false when this reporter already has one open. */
export async function createShareReport(db: Db, r: ShareReportRecord): Promise<boolean> {
  const lock = keys.shareReportLock(r.shareId, r.reporterId);
  return createReportWithLock(db, 'ShareReport', lock, r, shareReportEntity.item(r));
}

/** Open reports of shared looks, newest first (the open-report index, type ShareReport). */
export async function listOpenShareReports(db: Db, limit = 500): Promise<ShareReportRecord[]> {
  return listOpenReportRecords(db, shareReportEntity, limit);
}

export async function getShareReport(db: Db, id: string): Promise<ShareReportRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.styleReport(id) }));
  return res.Item?.type === shareReportEntity.name ? shareReportEntity.parse(res.Item) : null;
}

/** Close every open report of a share (out of the open index, reporters' locks released). */
export async function resolveShareReports(
  db: Db,
  shareId: string,
  resolution: 'resolved' | 'dismissed',
  now = new Date(),
): Promise<number> {
  const open = (await listOpenShareReports(db, 10_000)).filter((r) => r.shareId === shareId);
  for (const r of open) await closeReport(db, r.id, keys.shareReportLock(r.shareId, r.reporterId), resolution, now);
  return open.length;
}
