import { GetCommand, TransactWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { BUCKETS, emptyBuckets, ledgerEntryId, type Bucket, type Buckets, type LedgerKind } from '../domain/ledger';
import { keys } from './keys';
import { isConditionFailure, TABLE_SCHEMA, type Db } from './table';

export interface LedgerEntry {
  entryId: string;
  userId: string;
  kind: LedgerKind;
  bucket: Bucket;
  /** Signed amount: positive adds credits, negative removes them. */
  amount: number;
  causeId: string;
  note: string | null;
  createdAt: string;
}

export interface Balance extends Buckets {
  credits: number;
}

export async function getBalance(db: Db, userId: string): Promise<Balance> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.balance(userId) }));
  const b = emptyBuckets();
  for (const k of BUCKETS) b[k] = Number(res.Item?.[k] ?? 0);
  return { ...b, credits: Number(res.Item?.credits ?? 0) };
}

export interface MovementInput {
  userId: string;
  kind: LedgerKind;
  bucket: Bucket;
  amount: number;
  causeId: string;
  note?: string;
}

/**
 * Record one movement: the ledger entry (deterministic id, written at most once) and the balance change
 * in one transaction. A debit never takes the bucket below zero. Returns false when the cause was
 * already recorded (a duplicate), throws InsufficientCredits when a debit would go negative.
 */
export async function recordMovement(db: Db, m: MovementInput, now = new Date()): Promise<boolean> {
  if (!Number.isInteger(m.amount) || m.amount === 0) throw new Error('amount must be a non-zero integer');
  const entryId = ledgerEntryId(m.kind, m.causeId);
  const createdAt = now.toISOString();
  const entry: LedgerEntry = {
    entryId,
    userId: m.userId,
    kind: m.kind,
    bucket: m.bucket,
    amount: m.amount,
    causeId: m.causeId,
    note: m.note ?? null,
    createdAt,
  };
  const debit = m.amount < 0;
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.tableName,
              Item: {
                ...keys.ledgerEntry(m.userId, entryId),
                ...keys.ledgerByUserIndex(m.userId, createdAt, entryId),
                type: 'LedgerEntry',
                ...entry,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: db.tableName,
              Key: keys.balance(m.userId),
              UpdateExpression: 'ADD #b :n, credits :n SET #t = :type, updatedAt = :now',
              ...(debit ? { ConditionExpression: '#b >= :need' } : {}),
              ExpressionAttributeNames: { '#b': m.bucket, '#t': 'type' },
              ExpressionAttributeValues: {
                ':n': m.amount,
                ':type': 'Balance',
                ':now': createdAt,
                ...(debit ? { ':need': -m.amount } : {}),
              },
            },
          },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (reasons[0]?.Code === 'ConditionalCheckFailed') return false;
    throw new InsufficientCredits();
  }
}

export class InsufficientCredits extends Error {
  constructor() {
    super('Insufficient credits');
    this.name = 'InsufficientCredits';
  }
}

export async function listLedger(db: Db, userId: string, limit = 50): Promise<LedgerEntry[]> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: TABLE_SCHEMA.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `LEDGER#${userId}` },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map((i) => {
    const { pk, sk, gsi1pk, gsi1sk, type, ...rest } = i;
    void pk; void sk; void gsi1pk; void gsi1sk; void type;
    return rest as LedgerEntry;
  });
}

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The transaction items of one movement per bucket part (entry Put with attribute_not_exists, balance
 * Update, guarded by `bucket >= amount` for debits), for callers that write them together with their cause
 * (a generation reserving its cost, a failed generation refunding it).
 */
export function movementItems(
  db: Db,
  m: { userId: string; kind: LedgerKind; causeId: string; note?: string },
  parts: Partial<Buckets>,
  sign: 1 | -1,
  now = new Date(),
): TransactItem[] {
  const createdAt = now.toISOString();
  const items: TransactItem[] = [];
  const adds: string[] = [];
  const conds: string[] = [];
  const names: Record<string, string> = { '#t': 'type' };
  const values: Record<string, unknown> = { ':type': 'Balance', ':now': createdAt };
  let total = 0;
  for (const bucket of BUCKETS) {
    const n = parts[bucket];
    if (!n) continue;
    const amount = sign * n;
    total += amount;
    const entryId = ledgerEntryId(m.kind, `${m.causeId}#${bucket}`);
    items.push({
      Put: {
        TableName: db.tableName,
        Item: {
          ...keys.ledgerEntry(m.userId, entryId),
          ...keys.ledgerByUserIndex(m.userId, createdAt, entryId),
          type: 'LedgerEntry',
          entryId,
          userId: m.userId,
          kind: m.kind,
          bucket,
          amount,
          causeId: m.causeId,
          note: m.note ?? null,
          createdAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    names[`#${bucket}`] = bucket;
    values[`:${bucket}`] = amount;
    adds.push(`#${bucket} :${bucket}`);
    if (amount < 0) {
      values[`:need_${bucket}`] = -amount;
      conds.push(`#${bucket} >= :need_${bucket}`);
    }
  }
  if (!items.length) return items;
  values[':total'] = total;
  // One Update of the balance item: a transaction may touch each item only once.
  items.push({
    Update: {
      TableName: db.tableName,
      Key: keys.balance(m.userId),
      UpdateExpression: `ADD ${adds.join(', ')}, credits :total SET #t = :type, updatedAt = :now`,
      ...(conds.length ? { ConditionExpression: conds.join(' AND ') } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  });
  return items;
}
