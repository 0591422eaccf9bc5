import * as z from 'zod';
import {
  BUCKETS,
  LEDGER_KINDS,
  emptyBuckets,
  ledgerEntryId,
  planLotConsumption,
  type Bucket,
  type Buckets,
  type LedgerKind,
  type PackLotView,
} from '../domain/ledger';
import { packExpiry } from '../domain/plans';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import {
  AGAIN,
  decodeCursor as decodeSigned,
  encodeCursor as encodeSigned,
  entity,
  getItem,
  ITEM_ABSENT,
  ITEM_EXISTS,
  queryAll,
  queryPage,
  transactNamed,
  tx,
  update,
  updateIf,
  withRetry,
  type EntityRecord,
  type Item,
  type Condition,
  type TransactItem,
  where,
} from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

/** A ledger entry: in its user's partition, by user and time (gsi1) and by day across users (gsi2). */
export const ledgerEntryEntity = entity({
  name: 'LedgerEntry',
  schema: lazySchema(() =>
    z.object({
      entryId: z.string(),
      userId: z.string(),
      kind: z.enum(LEDGER_KINDS),
      bucket: z.enum(BUCKETS),
      /** Signed amount: positive adds credits, negative removes them. */
      amount: z.number(),
      causeId: z.string(),
      note: z.string().nullable(),
      createdAt: z.string(),
      /** Optional facts about the movement (e.g. the shortfall of a refund revocation, the pack lot touched). */
      meta: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
  key: (e) => keys.ledgerEntry(e.userId, e.entryId),
  indexes: {
    gsi1: (e) => keys.ledgerByUserIndex(e.userId, e.createdAt, e.entryId),
    gsi2: (e) => keys.ledgerByDayIndex(e.createdAt, e.entryId, e.userId),
  },
});
export type LedgerEntry = EntityRecord<typeof ledgerEntryEntity>;

export interface Balance extends Buckets {
  credits: number;
}
/** The balance item's attributes (its type is written by every ledger write: the item has no declaration). */
type BalanceItem = Balance & { updatedAt: string };

export type { TransactItem };

export async function getBalance(db: Db, userId: string): Promise<Balance> {
  const item = await getItem(db, keys.balance(userId), { consistent: true });
  const b = emptyBuckets();
  for (const k of BUCKETS) b[k] = Number(item?.[k] ?? 0);
  return { ...b, credits: Number(item?.credits ?? 0) };
}

/* ---------------- pack lots ---------------- */

/** What places a lot in the expiry job's work list (gsi2): it is there while it may still hold credits. */
type LotExpiry = { userId: string; lotKey: string; expiresAt: string; remaining: number };

/** A pack purchase's credits; in the sparse expiry index (gsi2) while `remaining` > 0. */
export const packLotEntity = entity({
  name: 'PackLot',
  schema: lazySchema(() =>
    z.object({
      lotKey: z.string(),
      userId: z.string(),
      amount: z.number(),
      remaining: z.number(),
      expiresAt: z.string(),
      causeId: z.string(),
      createdAt: z.string(),
      expiredTotal: z.number().default(0),
      revokedTotal: z.number().default(0),
    }),
  ),
  key: (l) => keys.packLot(l.userId, l.lotKey),
  indexes: {
    gsi2: (l: LotExpiry) => (l.remaining > 0 ? keys.packLotExpiryIndex(l.expiresAt, l.userId, l.lotKey) : null),
  },
});
export type PackLot = EntityRecord<typeof packLotEntity> & PackLotView;

export const lotKeyOf = (expiresAt: string, causeId: string): string => `${expiresAt}#${causeId}`;

/** A user's pack lots, soonest-expiring first (the sort key starts with the expiry). */
export async function listLots(db: Db, userId: string): Promise<PackLot[]> {
  const k = keys.packLotPrefix(userId);
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': k.pk, ':p': k.skPrefix },
    ConsistentRead: true,
  });
  return items.map(packLotEntity.parse);
}

export async function getLot(db: Db, userId: string, lotKey: string): Promise<PackLot | null> {
  const item = await getItem(db, keys.packLot(userId, lotKey), { consistent: true });
  return packLotEntity.parseOrNull(item);
}

/** Lots whose expiry is before `now` and that may still hold credits (the expiry job's work list: gsi2). */
export async function listExpiredOpenLots(db: Db, now: Date): Promise<{ userId: string; lotKey: string }[]> {
  const items = await queryAll(db, {
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :now',
    ExpressionAttributeValues: { ':pk': keys.packLotExpiryPartition(), ':now': now.toISOString() },
  });
  return items.map((it) => packLotEntity.parsePick(it, ['userId', 'lotKey']));
}

/**
 * Expire what an expired lot still holds: an `expire` entry (id `expire:lot:<lotKey>:<expiredTotal>`), the
 * pack bucket and the lot in one transaction guarded by the lot's exact remaining; an empty lot only leaves
 * the expiry index. 'changed' when a spend or refund got there first (the next run sees the new remaining).
 */
export async function expireLot(db: Db, lot: PackLot, now: Date): Promise<'expired' | 'closed' | 'changed'> {
  if (lot.remaining <= 0) {
    const closed = await updateIf(
      db,
      keys.packLot(lot.userId, lot.lotKey),
      packLotEntity
        .update()
        .index(packLotEntity.indexUpdate('gsi2', null))
        .where((w) => w.eq('remaining', 0)),
    );
    return closed ? 'closed' : 'changed';
  }
  const out = await transactNamed(
    db,
    ledgerParts(
      db,
      {
        userId: lot.userId,
        entries: [
          {
            kind: 'expire',
            bucket: 'pack',
            amount: -lot.remaining,
            causeId: `lot:${lot.lotKey}:${lot.expiredTotal}`,
            note: 'Credit pack expired (12 months)',
            meta: { lotKey: lot.lotKey, expiresAt: lot.expiresAt },
          },
        ],
        lots: [
          {
            op: 'remove',
            lotKey: lot.lotKey,
            take: lot.remaining,
            expected: lot.remaining,
            expiresAt: lot.expiresAt,
            counter: 'expiredTotal',
          },
        ],
      },
      now,
    ),
    { retryConflicts: false },
  );
  return out.applied ? 'expired' : 'changed';
}

/** What a movement does to the pack lots (the pack bucket always equals the sum of the lots' `remaining`). */
export type LotOp =
  /** A new lot (a pack purchase, a positive pack adjustment). */
  | { op: 'create'; lotKey: string; amount: number; expiresAt: string; causeId: string }
  /** A spend takes credits (guarded: never below zero). */
  | { op: 'consume'; lotKey: string; take: number }
  /** A refunded spend puts them back (the lot re-enters the expiry index). */
  | { op: 'restore'; lotKey: string; amount: number; expiresAt: string }
  /** Expiry or revocation removes `take` of exactly `expected` remaining (optimistic). */
  | {
      op: 'remove';
      lotKey: string;
      take: number;
      expected: number;
      expiresAt: string;
      counter: 'expiredTotal' | 'revokedTotal';
    };

export interface EntryInput {
  kind: LedgerKind;
  bucket: Bucket;
  amount: number;
  /** The cause; the entry id is `<kind>:<causeId>`, so a cause is recorded at most once. */
  causeId: string;
  note?: string | null;
  meta?: Record<string, unknown>;
}

export interface LedgerWrite {
  userId: string;
  entries: EntryInput[];
  /** Exact bucket values the write was computed from (optimistic concurrency for caps and expiries). */
  expect?: Partial<Buckets>;
  lots?: LotOp[];
}

export function entryItem(db: Db, userId: string, e: EntryInput, createdAt: string): TransactItem {
  const entryId = ledgerEntryId(e.kind, e.causeId);
  return tx.put(
    db,
    ledgerEntryEntity.item({
      entryId,
      userId,
      kind: e.kind,
      bucket: e.bucket,
      amount: e.amount === 0 ? 0 : e.amount,
      causeId: e.causeId,
      note: e.note ?? null,
      createdAt,
      ...(e.meta ? { meta: e.meta } : {}),
    }),
    ITEM_ABSENT,
  );
}

/** A pack lot as its writes see it: the record and when a movement last changed it. */
const lotUpdate = () => update<EntityRecord<typeof packLotEntity> & { updatedAt: string }>();

function lotItem(db: Db, userId: string, op: LotOp, now: string): TransactItem {
  const key = keys.packLot(userId, op.lotKey);
  switch (op.op) {
    case 'create':
      return tx.put(
        db,
        packLotEntity.item({
          userId,
          lotKey: op.lotKey,
          amount: op.amount,
          remaining: op.amount,
          expiresAt: op.expiresAt,
          causeId: op.causeId,
          createdAt: now,
          expiredTotal: 0,
          revokedTotal: 0,
        }),
        ITEM_ABSENT,
      );
    case 'consume':
      return tx.update(
        db,
        key,
        lotUpdate()
          .add({ remaining: -op.take })
          .set({ updatedAt: now })
          .where((w) => w.ge('remaining', op.take)),
      );
    case 'restore': {
      // a restored lot holds credits again: back in the expiry index
      const idx = packLotEntity.indexUpdate('gsi2', { ...op, userId, remaining: op.amount });
      return tx.update(
        db,
        key,
        lotUpdate().set({ updatedAt: now }).index(idx).add({ remaining: op.amount }).where(ITEM_EXISTS),
      );
    }
    case 'remove': {
      const left = op.expected - op.take;
      const idx = packLotEntity.indexUpdate('gsi2', { ...op, userId, remaining: left });
      // an emptied lot leaves the expiry index; one that still holds credits keeps its (unchanged) index key
      return tx.update(
        db,
        key,
        lotUpdate()
          .set({ remaining: left, updatedAt: now })
          .add({ [op.counter]: op.take })
          .index({ set: {}, remove: idx.remove })
          .where((w) => w.eq('remaining', op.expected)),
      );
    }
  }
}

/** A ledger write's transaction items by part: the entries, the balance (absent when untouched), the lots. */
export interface LedgerParts {
  [part: string]: TransactItem | TransactItem[] | null;
  entries: TransactItem[];
  balance: TransactItem | null;
  lots: TransactItem[];
}

/**
 * The transaction items of a ledger write: one Put per entry (attribute_not_exists on its deterministic id),
 * ONE Update of the balance item (a transaction may touch an item once) guarded so no bucket goes negative
 * (or, with `expect`, so the buckets still hold what the write was computed from), and the lot changes.
 */
export function ledgerItems(db: Db, w: LedgerWrite, now = new Date()): TransactItem[] {
  const parts = ledgerParts(db, w, now);
  return [...parts.entries, ...(parts.balance ? [parts.balance] : []), ...parts.lots];
}

/** ledgerItems by part, so a transaction of them reads which part's condition failed by name. */
export function ledgerParts(db: Db, w: LedgerWrite, now = new Date()): LedgerParts {
  const createdAt = now.toISOString();
  const entries: TransactItem[] = w.entries.map((e) => {
    // a refund revocation may remove nothing (all spent): its entry still records the shortfall
    if (!Number.isInteger(e.amount) || (e.amount === 0 && e.kind !== 'revoke.refund'))
      throw new Error(`ledger amount must be a non-zero integer (${e.kind})`);
    return entryItem(db, w.userId, e, createdAt);
  });
  const net: Partial<Record<Bucket, number>> = {};
  for (const e of w.entries) net[e.bucket] = (net[e.bucket] ?? 0) + e.amount;
  const balance = update<BalanceItem>();
  const w2 = where<BalanceItem>();
  const conds: Condition[] = [];
  let total = 0;
  let touched = false;
  for (const bucket of BUCKETS) {
    const n = net[bucket];
    const expected = w.expect?.[bucket];
    if (n === undefined && expected === undefined) continue;
    touched = true;
    if (n !== undefined) {
      total += n;
      balance.add({ [bucket]: n });
    }
    if (expected !== undefined) {
      conds.push(expected === 0 ? w2.or(w2.notExists(bucket), w2.eq(bucket, 0)) : w2.eq(bucket, expected));
    } else if (n !== undefined && n < 0) {
      conds.push(w2.ge(bucket, -n));
    }
  }
  const balanceItem = touched
    ? tx.update(
        db,
        keys.balance(w.userId),
        balance
          .add({ credits: total })
          .set({ type: 'Balance', updatedAt: createdAt })
          .where(conds.length ? w2.and(...conds) : null),
      )
    : null;
  return { entries, balance: balanceItem, lots: (w.lots ?? []).map((op) => lotItem(db, w.userId, op, createdAt)) };
}

/** Lot ops for a pack-bucket amount: a credit creates a lot valid 12 months, a debit consumes the soonest-expiring lots. */
export async function packLotOpsFor(
  db: Db,
  userId: string,
  amount: number,
  causeId: string,
  now: Date,
): Promise<LotOp[]> {
  if (amount > 0) {
    const expiresAt = packExpiry(now).toISOString();
    return [{ op: 'create', lotKey: lotKeyOf(expiresAt, causeId), amount, expiresAt, causeId }];
  }
  const plan = planLotConsumption(await listLots(db, userId), -amount);
  if (!plan) throw new InsufficientCredits();
  return plan.map((p) => ({ op: 'consume', lotKey: p.lotKey, take: p.take }));
}

export interface MovementInput {
  userId: string;
  kind: LedgerKind;
  bucket: Bucket;
  amount: number;
  causeId: string;
  note?: string;
  meta?: Record<string, unknown>;
}

/**
 * Record one movement: the ledger entry (deterministic id, written at most once) and the balance change
 * in one transaction (with the pack lots for the pack bucket). A debit never takes the bucket below zero.
 * Returns false when the cause was already recorded (a duplicate), throws InsufficientCredits when a debit
 * would go negative, and StorageContention (never InsufficientCredits) when conflicting transactions kept
 * winning past the retry bound.
 */
export async function recordMovement(db: Db, m: MovementInput, now = new Date()): Promise<boolean> {
  if (!Number.isInteger(m.amount) || m.amount === 0) throw new Error('amount must be a non-zero integer');
  return withRetry(async () => {
    const lots = m.bucket === 'pack' ? await packLotOpsFor(db, m.userId, m.amount, m.causeId, now) : [];
    const entries = [
      { kind: m.kind, bucket: m.bucket, amount: m.amount, causeId: m.causeId, note: m.note, meta: m.meta },
    ];
    const out = await transactNamed(db, ledgerParts(db, { userId: m.userId, entries, lots }, now), {
      retryConflicts: false,
    });
    if (out.applied) return true;
    if (out.conflict) return AGAIN; // lost a race: read the lots again and retry (the one policy)
    if (out.failed('entries')) return false;
    // a lot changed under a pack debit: re-plan; otherwise the bucket is too small
    if (out.failed('lots')) return AGAIN;
    throw new InsufficientCredits();
  });
}

export class InsufficientCredits extends Error {
  constructor() {
    super('Insufficient credits');
    this.name = 'InsufficientCredits';
  }
}

export function stripEntry(i: Item): LedgerEntry {
  return ledgerEntryEntity.parse(i);
}

export async function listLedger(db: Db, userId: string, limit = 50): Promise<LedgerEntry[]> {
  return (await listLedgerPage(db, userId, { limit })).items;
}

/** Signed cursors (shared/repositories/cursor.ts); `scope` binds a cursor to the listing it came from. */
export const encodeCursor = (key: Record<string, unknown> | undefined, scope = 'ledger'): string | null =>
  encodeSigned(key, scope);

export function decodeCursor(cursor: string | undefined | null, scope = 'ledger'): Record<string, unknown> | undefined {
  return decodeSigned(cursor, scope);
}

/** A user's entries, newest first, a page at a time (`cursor` from the previous page). */
export async function listLedgerPage(
  db: Db,
  userId: string,
  opts: { limit?: number; cursor?: string | null } = {},
): Promise<{ items: LedgerEntry[]; nextCursor: string | null }> {
  const start = decodeCursor(opts.cursor, `ledger:${userId}`);
  const gsi1pk = keys.ledgerByUserPartition(userId);
  const page = await queryPage(
    db,
    {
      IndexName: TABLE_SCHEMA.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk },
      ScanIndexForward: false,
      Limit: Math.min(Math.max(opts.limit ?? 50, 1), 200),
    },
    start && start.gsi1pk === gsi1pk ? start : undefined,
  );
  return { items: page.items.map(stripEntry), nextCursor: encodeCursor(page.lastKey, `ledger:${userId}`) };
}

/** Every entry of a user (reconciliation, tests), oldest first. */
export async function listAllEntries(db: Db, userId: string): Promise<LedgerEntry[]> {
  const k = keys.ledgerEntryPrefix(userId);
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': k.pk, ':p': k.skPrefix },
    ConsistentRead: true,
  });
  return items.map(stripEntry).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function getEntry(db: Db, userId: string, entryId: string): Promise<LedgerEntry | null> {
  const item = await getItem(db, keys.ledgerEntry(userId, entryId), { consistent: true });
  return item ? stripEntry(item) : null;
}

/** True when this ledger entry exists (a grant already recorded by another event). */
export const entryExists = async (db: Db, userId: string, entryId: string): Promise<boolean> =>
  (await getEntry(db, userId, entryId)) !== null;

export interface UserReconciliation {
  userId: string;
  balance: Balance;
  sums: Buckets;
  lotsRemaining: number;
  ok: boolean;
  problems: string[];
}

/** The invariant for one user: balance per bucket == sum of entries, nothing negative, pack == sum of lots. */
export async function reconcileUser(db: Db, userId: string): Promise<UserReconciliation> {
  const [balance, entries, lots] = await Promise.all([
    getBalance(db, userId),
    listAllEntries(db, userId),
    listLots(db, userId),
  ]);
  const sums = emptyBuckets();
  for (const e of entries) sums[e.bucket] += e.amount;
  const lotsRemaining = lots.reduce((n, l) => n + l.remaining, 0);
  const problems: string[] = [];
  for (const b of BUCKETS) {
    if (balance[b] !== sums[b]) problems.push(`${b}: balance ${balance[b]} != entries ${sums[b]}`);
    if (balance[b] < 0) problems.push(`${b}: negative balance ${balance[b]}`);
  }
  const total = sums.trial + sums.monthly + sums.pack;
  if (balance.credits !== total) problems.push(`credits: ${balance.credits} != entries ${total}`);
  if (lotsRemaining !== balance.pack) problems.push(`pack: lots hold ${lotsRemaining}, bucket ${balance.pack}`);
  for (const l of lots) if (l.remaining < 0) problems.push(`lot ${l.lotKey}: negative ${l.remaining}`);
  return { userId, balance, sums, lotsRemaining, ok: problems.length === 0, problems };
}

/**
 * The transaction items of one movement per bucket part (entry Put with attribute_not_exists, balance
 * Update, guarded by `bucket >= amount` for debits), for callers that write them together with their cause
 * (a generation reserving its cost, a failed generation refunding it). Pack parts need their lot ops
 * (`lots`: consumed on a spend, restored on a refund) so the lots keep summing to the pack bucket.
 */
export function movementItems(
  db: Db,
  m: { userId: string; kind: LedgerKind; causeId: string; note?: string },
  parts: Partial<Buckets>,
  sign: 1 | -1,
  now = new Date(),
  lots: LotOp[] = [],
): TransactItem[] {
  const entries: EntryInput[] = [];
  for (const bucket of BUCKETS) {
    const n = parts[bucket];
    if (!n) continue;
    entries.push({ kind: m.kind, bucket, amount: sign * n, causeId: `${m.causeId}#${bucket}`, note: m.note ?? null });
  }
  if (!entries.length) return [];
  return ledgerItems(db, { userId: m.userId, entries, lots }, now);
}
