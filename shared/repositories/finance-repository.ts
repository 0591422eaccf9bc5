/**
 * Finance reads across users: ledger entries by day (gsi2) or one user's by time range (gsi1), the
 * accounting items for reconciliation (the one Scan in the product, admin only), and which grant entries
 * exist. The views and their rules live in functions/billing/finance-service.ts.
 */
import { keys } from './keys';
import { tableKeySchema } from './entity';
import { ledgerEntryEntity, stripEntry, type LedgerEntry } from './ledger-repository';
import { TABLE_SCHEMA, type Db } from './table';
import {
  batchGetAll,
  queryAll,
  queryPage,
  queryUpTo,
  scanAll,
  signedPage,
  signedPageAcross,
  type Item,
  type Key,
} from './toolkit';

const kindFilter = (kind?: string) =>
  kind ? { FilterExpression: '#k = :kind', ExpressionAttributeNames: { '#k': 'kind' } } : {};
const kindValue = (kind?: string) => (kind ? { ':kind': kind } : {});

/** One user's entries between two days (inclusive), newest first, up to `limit` from `start`. */
export async function userEntriesInRange(
  db: Db,
  q: { userId: string; from: string; to: string; kind?: string; limit: number; start?: Key },
): Promise<{ items: LedgerEntry[]; lastKey?: Key }> {
  const gsi1pk = keys.ledgerByUserPartition(q.userId);
  const page = await queryUpTo(
    db,
    {
      IndexName: TABLE_SCHEMA.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': gsi1pk, ':from': q.from, ':to': `${q.to}~`, ...kindValue(q.kind) },
      ...kindFilter(q.kind),
      ScanIndexForward: false,
      Limit: q.limit,
    },
    { max: q.limit, start: q.start },
  );
  return { items: page.items.map(stripEntry), lastKey: page.lastKey };
}

/** Entries of one day across users, newest first, up to `limit` from `start` (one page, not all of them). */
export async function dayEntriesPage(
  db: Db,
  q: { day: string; kind?: string; limit: number; start?: Key },
): Promise<{ items: LedgerEntry[]; lastKey?: Key }> {
  const page = await queryPage(
    db,
    {
      IndexName: TABLE_SCHEMA.gsi2.name,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.ledgerByDayPartition(q.day), ...kindValue(q.kind) },
      ...kindFilter(q.kind),
      ScanIndexForward: false,
      Limit: q.limit,
    },
    q.start,
  );
  return { items: page.items.map(stripEntry), lastKey: page.lastKey };
}

/**
 * The finance ledger a page at a time, newest first, behind a signed cursor bound to the query: one user's entries
 * in the range (gsi1), or every user's, day after day (gsi2), `days` newest first.
 */
export async function ledgerEntriesPage(
  db: Db,
  q: {
    userId?: string;
    from: string;
    to: string;
    days: readonly string[];
    kind?: string;
    limit: number;
    cursor?: string;
  },
): Promise<{ items: LedgerEntry[]; nextCursor: string | null }> {
  const { userId, from, to, kind, limit, cursor } = q;
  if (userId)
    return signedPage((max, start) => userEntriesInRange(db, { userId, from, to, kind, limit: max, start }), {
      limit,
      cursor,
      scope: `finance:user:${userId}:${from}:${to}:${kind ?? ''}`,
    });
  return signedPageAcross(q.days, (day, max, start) => dayEntriesPage(db, { day, kind, limit: max, start }), {
    limit,
    cursor,
    scope: `finance:days:${from}:${to}:${kind ?? ''}`,
  });
}

/** Kind and amount of every entry of one day (the day summaries). */
export async function dayMovements(db: Db, day: string): Promise<{ kind: string; amount: number }[]> {
  const items = await queryAll(db, {
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.ledgerByDayPartition(day) },
    ProjectionExpression: '#k, amount',
    ExpressionAttributeNames: { '#k': 'kind' },
  });
  return items.map((e) => ledgerEntryEntity.parsePick(e, ['kind', 'amount']));
}

export type AccountingItem =
  | { type: 'Balance'; userId: string; item: Item }
  | { type: 'LedgerEntry'; userId: string; item: Item }
  | { type: 'PackLot'; userId: string; item: Item };

/** Every balance, ledger entry and pack lot of every user (reconciliation: the one Scan). */
export async function scanAccounting(db: Db): Promise<AccountingItem[]> {
  const types = ['Balance', 'LedgerEntry', 'PackLot'];
  const values = Object.fromEntries(types.map((t, i) => [`:t${i}`, t]));
  const items = await scanAll(db, {
    FilterExpression: `#t IN (${Object.keys(values).join(', ')})`,
    ExpressionAttributeNames: { '#t': 'type' },
    ExpressionAttributeValues: values,
  });
  return items.flatMap((item): AccountingItem[] => {
    const userId = keys.userIdOfPartition(tableKeySchema.parse(item).pk);
    const type = item.type;
    return type === 'Balance' || type === 'LedgerEntry' || type === 'PackLot' ? [{ type, userId, item }] : [];
  });
}

/** Which of these (user, entry id) pairs exist, as `userId|entryId`. */
export async function existingEntries(db: Db, pairs: { userId: string; entryId: string }[]): Promise<Set<string>> {
  const found = await batchGetAll(
    db,
    pairs.map((p) => keys.ledgerEntry(p.userId, p.entryId)),
    { projection: 'userId, entryId' },
  );
  return new Set(
    found.map((it) => {
      const e = ledgerEntryEntity.parsePick(it, ['userId', 'entryId']);
      return `${e.userId}|${e.entryId}`;
    }),
  );
}
