import { GetCommand, TransactWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
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
