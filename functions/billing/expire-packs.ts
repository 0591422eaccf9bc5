/**
 * Scheduled job (daily in AWS, hourly in the local stack): every pack lot past its expiry that still holds
 * credits gets an `expire` entry for its remaining credits, in one transaction with the pack bucket and the
 * lot (guarded by the lot's exact remaining, so a concurrent spend makes it retry next run, never double).
 * Entry id: `expire:lot:<lotKey>:<expiredTotal>` (a lot refilled by a late generation refund expires again).
 */
import { QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../shared/repositories/keys';
import { getLot, ledgerItems } from '../../shared/repositories/ledger-repository';
import { isConditionFailure, TABLE_SCHEMA, type Db } from '../../shared/repositories/table';
import { getDb } from '../lib/aws';
import { logger } from '../lib/logger';

export async function expirePacks(db: Db = getDb(), now = new Date()): Promise<{ lots: number; credits: number }> {
  let lots = 0;
  let credits = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: TABLE_SCHEMA.gsi2.name,
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :now',
        ExpressionAttributeValues: { ':pk': 'PACKLOT#OPEN', ':now': now.toISOString() },
        ExclusiveStartKey: start,
      }),
    );
    for (const it of res.Items ?? []) {
      const lot = await getLot(db, it.userId as string, it.lotKey as string);
      if (!lot || lot.expiresAt > now.toISOString()) continue;
      try {
        if (lot.remaining <= 0) {
          await db.doc.send(
            new UpdateCommand({
              TableName: db.tableName,
              Key: keys.packLot(lot.userId, lot.lotKey),
              UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
              ConditionExpression: 'remaining = :zero',
              ExpressionAttributeValues: { ':zero': 0 },
            }),
          );
          continue;
        }
        await db.doc.send(
          new TransactWriteCommand({
            TransactItems: ledgerItems(
              db,
              {
                userId: lot.userId,
                entries: [{ kind: 'expire', bucket: 'pack', amount: -lot.remaining, causeId: `lot:${lot.lotKey}:${lot.expiredTotal}`, note: 'Credit pack expired (12 months)', meta: { lotKey: lot.lotKey, expiresAt: lot.expiresAt } }],
                lots: [{ op: 'remove', lotKey: lot.lotKey, take: lot.remaining, expected: lot.remaining, expiresAt: lot.expiresAt, counter: 'expiredTotal' }],
              },
              now,
            ),
          }),
        );
        lots++;
        credits += lot.remaining;
      } catch (err) {
        if (!isConditionFailure(err) && (err as Error).name !== 'TransactionConflictException') throw err;
        // changed meanwhile (a spend, a refund): the next run sees the new remaining
      }
    }
    start = res.LastEvaluatedKey;
  } while (start);
  if (lots) logger.info('expired pack lots', { lots, credits });
  return { lots, credits };
}

/** The scheduled Lambda's entry point. */
export const handler = async (): Promise<{ lots: number; credits: number }> => expirePacks();
