/**
 * The retention job's writes on generations (docs/privacy.md "Retention"): which of a user's generations are
 * older than their setting, the table TTL stamped on (or removed from) each generation, and the deletion of an
 * expired final generation with its feedback.
 */
import { encodeTime } from 'ulid';
import { tableKeySchema } from './entity';
import { generationEntity } from './generation-repository';
import { keys, userItemKind } from './keys';
import type { Db } from './table';
import { ITEM_EXISTS, queryAll, transactNamed, tx, updateIf, update, type Item } from './toolkit';

export interface ExpiringGeneration {
  id: string;
  status: string;
  createdAt: string;
  resultKey: string | null;
  inputKeys: string[];
}

const toExpiring = (i: Item): ExpiringGeneration => {
  const g = generationEntity.parsePick(i, ['id', 'status', 'createdAt', 'resultKey', 'inputs']);
  return {
    id: g.id,
    status: g.status,
    createdAt: g.createdAt,
    resultKey: g.resultKey ?? null,
    inputKeys: [g.inputs.styleRefKey, g.inputs.backgroundKey].filter((k): k is string => !!k),
  };
};

/** The user's generations created before `cutoff` (ulid ids sort by creation time: one key range, no filter). */
export async function listGenerationsCreatedBefore(
  db: Db,
  userId: string,
  cutoff: Date,
): Promise<ExpiringGeneration[]> {
  const k = keys.generationBefore(userId, encodeTime(cutoff.getTime(), 10));
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
    ExpressionAttributeValues: { ':pk': k.pk, ':lo': k.skLow, ':hi': k.skHigh },
    ConsistentRead: true,
  });
  return items.filter((i) => userItemKind(String(i.sk)) === 'generation' && typeof i.id === 'string').map(toExpiring);
}

/**
 * Stamp every generation of the user with the DynamoDB TTL attribute (epoch seconds of its expiry), or remove
 * it when the user keeps their images. Returns how many items were updated.
 */
export async function setGenerationTtls(
  db: Db,
  userId: string,
  expiryOf: (createdAt: string) => Date | null,
): Promise<number> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: {
      ':pk': keys.generationPrefix(userId).pk,
      ':p': keys.generationPrefix(userId).skPrefix,
    },
    ProjectionExpression: 'pk, sk, createdAt',
  });
  for (const item of items) {
    const i = { ...tableKeySchema.parse(item), ...generationEntity.parsePick(item, ['createdAt']) };
    const expiry = expiryOf(i.createdAt);
    const u = update().where(ITEM_EXISTS);
    if (expiry) u.set({ ttl: Math.floor(expiry.getTime() / 1000) });
    else u.remove('ttl');
    await updateIf(db, { pk: i.pk, sk: i.sk }, u); // false: deleted meanwhile
  }
  return items.length;
}

/** Delete a final generation and its feedback (the ledger entries of its spend stay). False when not final. */
export async function deleteExpiredGeneration(db: Db, userId: string, id: string): Promise<boolean> {
  const out = await transactNamed(
    db,
    {
      generation: tx.delete(
        db,
        keys.generation(userId, id),
        generationEntity.where.in('status', ['completed', 'failed']),
      ),
      feedback: tx.delete(db, keys.feedback(userId, id)),
    },
    { retryConflicts: false },
  );
  if (out.conflict) throw out.error; // as before: only a generation that is not final is an answer
  return out.applied;
}
