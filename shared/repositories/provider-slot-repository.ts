/**
 * Bounded provider concurrency with a priority lane. A slot is a holder item per generation plus the
 * provider's in-flight counter, changed together in one transaction, so acquiring and releasing are each
 * idempotent (a retried task never takes or frees a slot twice). Standard work may use all slots but the
 * reserved ones; priority work (Creator plan, influencers) may use every slot, so it starts ahead of
 * standard work when the provider is saturated. Work that gets no slot waits (the workflow polls again);
 * nothing is dropped.
 */
import { TransactWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure, type Db } from './table';

const holderKey = (provider: string, generationId: string) => ({ pk: `PROVIDER#${provider}`, sk: `SLOT#${generationId}` });
const counterKey = (provider: string) => ({ pk: `PROVIDER#${provider}`, sk: 'SLOTS' });

export interface SlotPolicy {
  limit: number;
  reservedForPriority: number;
}

export async function acquireSlot(db: Db, provider: string, generationId: string, priority: boolean, policy: SlotPolicy, now = new Date()): Promise<boolean> {
  const max = priority ? policy.limit : Math.max(1, policy.limit - policy.reservedForPriority);
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.tableName,
              Item: { ...holderKey(provider, generationId), type: 'ProviderSlot', generationId, priority, acquiredAt: now.toISOString(), ttl: Math.floor(now.getTime() / 1000) + 24 * 3600 },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: db.tableName,
              Key: counterKey(provider),
              UpdateExpression: 'SET inFlight = if_not_exists(inFlight, :zero) + :one, #t = :type',
              ConditionExpression: 'attribute_not_exists(inFlight) OR inFlight < :max',
              ExpressionAttributeNames: { '#t': 'type' },
              ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': max, ':type': 'ProviderSlots' },
            },
          },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (!isConditionFailure(err)) {
      if ((err as Error).name === 'TransactionCanceledException') return false; // a conflict: try again later
      throw err;
    }
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    return reasons[0]?.Code === 'ConditionalCheckFailed'; // already holding it (a retried task)
  }
}

export async function releaseSlot(db: Db, provider: string, generationId: string): Promise<boolean> {
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: db.tableName, Key: holderKey(provider, generationId), ConditionExpression: 'attribute_exists(pk)' } },
          {
            Update: {
              TableName: db.tableName,
              Key: counterKey(provider),
              UpdateExpression: 'SET inFlight = inFlight - :one',
              ConditionExpression: 'inFlight > :zero',
              ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
            },
          },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false; // not held
    throw err;
  }
}

export async function inFlight(db: Db, provider: string): Promise<number> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: counterKey(provider) }));
  return Number(res.Item?.inFlight ?? 0);
}
