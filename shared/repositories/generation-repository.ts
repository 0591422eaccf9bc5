import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Buckets } from '../domain/ledger';
import type { MadeBy } from '../domain/provenance';
import type { GenerationStatus, Mode } from '../domain/generation';
import type { StyleImageType } from '../domain/catalog';
import type { OutfitSlot, PieceSource } from '../domain/outfit';
import { keys } from './keys';
import { InsufficientCredits, movementItems, type LotOp } from './ledger-repository';
import { isConditionFailure, TABLE_SCHEMA, type Db } from './table';
import { idempotencyPut, type IdempotencyClaim } from './idempotency-repository';
import { isCancelledTransaction, queryAll, queryPage, updateIf, WriteConflict } from './toolkit';

/** The Idempotency-Key of a start is already recorded (by a concurrent or earlier request). */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('The idempotency key is already recorded');
    this.name = 'IdempotencyKeyTaken';
  }
}

/** 'style-cover': made by the style editor for a cover; not listed in the gallery, not counted as style usage. */
export type GenerationKind = 'raw-template' | 'style' | 'quick-try-style' | 'quick-try' | 'style-cover' | 'outfit';

/** One piece of an outfit, resolved at start: the image reference the workflow reads, in layering order. */
export interface OutfitPieceRecord {
  slot: OutfitSlot;
  source: PieceSource;
  /** An /api/public-image or /api/private-image reference (owner checked), or an http(s) URL (SSRF guard). */
  imageUrl: string;
  imageType: StyleImageType;
  styleId: string | null;
  productId: string | null;
  label: string;
}

export interface GenerationInputs {
  photoProfileId: string;
  styleId: string | null;
  promptTemplateId: string | null;
  rawTemplateId: string | null;
  imageUrl: string | null;
  imageType: StyleImageType | null;
  /** Private keys of the optional style reference and background uploads (raw templates). */
  styleRefKey: string | null;
  backgroundKey: string | null;
  /** Kind outfit: the pieces in layering order. */
  outfit?: OutfitPieceRecord[];
}

export interface GenerationRecord {
  id: string;
  userId: string;
  status: GenerationStatus;
  kind: GenerationKind;
  mode: Mode;
  inputs: GenerationInputs;
  styleName: string | null;
  templateName: string | null;
  cost: number;
  /** Credits taken per bucket (refunded exactly once on failure). */
  reserved: Partial<Buckets>;
  /** The pack lots the pack part was taken from (soonest-expiring first), restored exactly on a refund. */
  reservedLots?: { lotKey: string; take: number; expiresAt: string }[];
  priority: boolean;
  resultKey: string | null;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  updatedAt: string;
  /** How many variants the run renders (absent = 1). A run with several is not a gallery item itself. */
  variantCount?: number;
  /** The rendered variants' private keys (tagged to expire with the run), once completed. */
  variantKeys?: string[];
  /** Variant index -> the generation id a kept variant became. */
  keptVariants?: Record<string, string>;
  /** On a kept variant: the run it came from and its index there. */
  variantOf?: string | null;
  variantIndex?: number | null;
  /** How the result was made (absent on results from before the Fitly engine: generative). */
  madeBy?: MadeBy;
}

const strip = (item: Record<string, unknown> | undefined): GenerationRecord | null => {
  if (!item) return null;
  const { pk, sk, gsi2pk, gsi2sk, type, ...rest } = item;
  void pk;
  void sk;
  void gsi2pk;
  void gsi2sk;
  void type;
  return rest as unknown as GenerationRecord;
};

/**
 * Write the pending generation and reserve its cost in one transaction (no reservation when unlimited); with
 * an idempotency claim, the key is recorded in the same transaction (IdempotencyKeyTaken when it is held).
 * A balance that changed since it was read is InsufficientCredits; any other lost race is WriteConflict.
 */
export async function createGenerationWithReservation(
  db: Db,
  gen: GenerationRecord,
  idempotency?: IdempotencyClaim,
): Promise<void> {
  const movement = movementItems(
    db,
    {
      userId: gen.userId,
      kind: 'spend.generation',
      causeId: gen.id,
      note: gen.styleName ?? gen.templateName ?? undefined,
    },
    gen.reserved,
    -1,
    new Date(gen.createdAt),
    (gen.reservedLots ?? []).map((l): LotOp => ({ op: 'consume', lotKey: l.lotKey, take: l.take })),
  );
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.tableName,
              Item: {
                ...keys.generation(gen.userId, gen.id),
                ...keys.generationActiveIndex(gen.createdAt, gen.id),
                type: 'Generation',
                ...gen,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...movement,
          ...(idempotency ? [idempotencyPut(db, gen.userId, idempotency, gen.id, new Date(gen.createdAt))] : []),
        ],
      }),
    );
  } catch (err) {
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    const failed = (i: number) => reasons[i]?.Code === 'ConditionalCheckFailed';
    if (idempotency && failed(1 + movement.length)) throw new IdempotencyKeyTaken();
    if (isConditionFailure(err) && reasons.slice(1, 1 + movement.length).some((_, i) => failed(1 + i)))
      throw new InsufficientCredits();
    throw isCancelledTransaction(err) ? new WriteConflict(err) : err;
  }
}

export async function getGeneration(db: Db, userId: string, id: string): Promise<GenerationRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.generation(userId, id) }));
  return strip(res.Item);
}

export async function listGenerations(db: Db, userId: string, limit = 200): Promise<GenerationRecord[]> {
  const k = keys.generationPrefix(userId);
  const items = await queryAll(
    db,
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :gen)',
      ExpressionAttributeValues: { ':pk': k.pk, ':gen': k.skPrefix },
      ScanIndexForward: false,
      Limit: 100,
    },
    { max: limit },
  );
  return items.map((i) => strip(i)!);
}

/** pending -> processing, stamping startedAt (idempotent: already processing is fine). False when already final. */
export async function markProcessing(db: Db, userId: string, id: string, now = new Date()): Promise<boolean> {
  const applied = await updateIf(db, {
    Key: keys.generation(userId, id),
    UpdateExpression: 'SET #s = :processing, startedAt = :now, updatedAt = :now',
    ConditionExpression: '#s = :pending',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':processing': 'processing', ':pending': 'pending', ':now': now.toISOString() },
  });
  if (applied) return true;
  const current = await getGeneration(db, userId, id);
  return current?.status === 'processing';
}

export async function setResultKey(
  db: Db,
  userId: string,
  id: string,
  resultKey: string,
  madeBy: MadeBy = 'generative',
  now = new Date(),
): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.generation(userId, id),
      UpdateExpression: 'SET resultKey = :k, madeBy = :by, updatedAt = :now',
      ConditionExpression: '#s = :processing',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':k': resultKey,
        ':by': madeBy,
        ':now': now.toISOString(),
        ':processing': 'processing',
      },
    }),
  );
}

/** A run's variants are stored: the first is its result key (what MarkCompleted needs), all are listed. */
export async function setVariantKeys(
  db: Db,
  userId: string,
  id: string,
  variantKeys: string[],
  madeBy: MadeBy = 'generative',
  now = new Date(),
): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.generation(userId, id),
      UpdateExpression: 'SET resultKey = :k, variantKeys = :all, madeBy = :by, updatedAt = :now',
      ConditionExpression: '#s = :processing',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':k': variantKeys[0],
        ':all': variantKeys,
        ':by': madeBy,
        ':now': now.toISOString(),
        ':processing': 'processing',
      },
    }),
  );
}

/** The variant is already kept (by an earlier or concurrent call): its generation id. */
export class VariantAlreadyKept extends Error {
  constructor(readonly generationId: string | null) {
    super('The variant is already kept');
    this.name = 'VariantAlreadyKept';
  }
}

/**
 * Keep one variant of a completed run: put the new gallery generation and record it on the run in one
 * transaction, conditional on the variant not being kept yet (or kept as a generation since deleted).
 * VariantAlreadyKept when that condition failed; WriteConflict for any other lost race.
 */
export async function keepVariant(db: Db, run: GenerationRecord, index: number, kept: GenerationRecord): Promise<void> {
  const previous = run.keptVariants?.[String(index)];
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.tableName,
              Item: { ...keys.generation(kept.userId, kept.id), type: 'Generation', ...kept },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: db.tableName,
              Key: keys.generation(run.userId, run.id),
              UpdateExpression: run.keptVariants
                ? 'SET keptVariants.#i = :id, updatedAt = :now'
                : 'SET keptVariants = :map, updatedAt = :now',
              ConditionExpression: [
                '#s = :completed',
                run.keptVariants
                  ? previous
                    ? 'keptVariants.#i = :previous'
                    : 'attribute_not_exists(keptVariants.#i)'
                  : 'attribute_not_exists(keptVariants)',
              ].join(' AND '),
              ExpressionAttributeNames: { '#s': 'status', ...(run.keptVariants ? { '#i': String(index) } : {}) },
              ExpressionAttributeValues: {
                ':completed': 'completed',
                ':now': kept.createdAt,
                ...(run.keptVariants ? { ':id': kept.id } : { ':map': { [String(index)]: kept.id } }),
                ...(run.keptVariants && previous ? { ':previous': previous } : {}),
              },
            },
          },
        ],
      }),
    );
  } catch (err) {
    if (isConditionFailure(err) || (err as Error).name === 'TransactionConflictException') {
      const current = await getGeneration(db, run.userId, run.id);
      throw new VariantAlreadyKept(current?.keptVariants?.[String(index)] ?? null);
    }
    throw isCancelledTransaction(err) ? new WriteConflict(err) : err;
  }
}

/** processing -> completed (needs a stored result). Returns false when it was not processing. */
export async function markCompleted(db: Db, userId: string, id: string, now = new Date()): Promise<boolean> {
  return updateIf(db, {
    Key: keys.generation(userId, id),
    UpdateExpression: 'SET #s = :completed, completedAt = :now, updatedAt = :now REMOVE gsi2pk, gsi2sk',
    ConditionExpression: '#s = :processing AND attribute_exists(resultKey)',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':completed': 'completed', ':processing': 'processing', ':now': now.toISOString() },
  });
}

/**
 * pending|processing -> failed with the error text, refunding exactly what was reserved, in one transaction.
 * Returns false (and refunds nothing) when the generation was already final.
 */
export async function failWithRefund(
  db: Db,
  userId: string,
  id: string,
  error: string,
  now = new Date(),
): Promise<boolean> {
  const gen = await getGeneration(db, userId, id);
  if (!gen || (gen.status !== 'pending' && gen.status !== 'processing')) return false;
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: db.tableName,
              Key: keys.generation(userId, id),
              UpdateExpression:
                'SET #s = :failed, #e = :error, completedAt = :now, updatedAt = :now REMOVE gsi2pk, gsi2sk',
              ConditionExpression: '#s IN (:pending, :processing)',
              ExpressionAttributeNames: { '#s': 'status', '#e': 'error' },
              ExpressionAttributeValues: {
                ':failed': 'failed',
                ':error': error.slice(0, 500),
                ':now': now.toISOString(),
                ':pending': 'pending',
                ':processing': 'processing',
              },
            },
          },
          ...movementItems(
            db,
            { userId, kind: 'refund.generation', causeId: id, note: 'Generation failed' },
            gen.reserved ?? {},
            1,
            now,
            (gen.reservedLots ?? []).map((l): LotOp => ({
              op: 'restore',
              lotKey: l.lotKey,
              amount: l.take,
              expiresAt: l.expiresAt,
            })),
          ),
        ],
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Delete a final generation; returns the deleted record (for its result object) or null. */
export async function deleteGeneration(db: Db, userId: string, id: string): Promise<GenerationRecord | null> {
  try {
    const res = await db.doc.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: keys.generation(userId, id),
        ConditionExpression: '#s IN (:completed, :failed)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':completed': 'completed', ':failed': 'failed' },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return strip(res.Attributes);
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** Pending or processing generations created before `before` (the sweeper's work list). */
export async function listActiveBefore(
  db: Db,
  before: string,
  limit = 100,
): Promise<{ userId: string; id: string; createdAt: string }[]> {
  const page = await queryPage(db, {
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :before',
    ExpressionAttributeValues: { ':pk': keys.generationActivePartition(), ':before': before },
    Limit: limit,
  });
  return page.items.map((i) => ({ userId: i.userId as string, id: i.id as string, createdAt: i.createdAt as string }));
}

export interface FeedbackRecord {
  generationId: string;
  styleId: string;
  rating: number;
  createdAt: string;
  updatedAt: string;
}

export async function putFeedback(db: Db, userId: string, f: FeedbackRecord): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...keys.feedback(userId, f.generationId), type: 'Feedback', userId, ...f },
    }),
  );
}

export async function getFeedback(db: Db, userId: string, generationId: string): Promise<FeedbackRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.feedback(userId, generationId) }));
  if (!res.Item) return null;
  const { generationId: g, styleId, rating, createdAt, updatedAt } = res.Item;
  return { generationId: g, styleId, rating, createdAt, updatedAt };
}

/**
 * "Delete all my photos": the result images are deleted with the rest of the user's media, so every
 * generation forgets its result key (its record, and the ledger entries of its spend, remain).
 */
export async function clearResultKeys(db: Db, userId: string, now = new Date()): Promise<number> {
  let cleared = 0;
  for (const g of await listGenerations(db, userId, 10_000)) {
    if (!g.resultKey && !g.inputs.styleRefKey && !g.inputs.backgroundKey && !g.variantKeys?.length) continue;
    await db.doc
      .send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: keys.generation(userId, g.id),
          // a run's variant images are deleted with the rest: it forgets them too
          UpdateExpression:
            'SET resultKey = :null, inputs.styleRefKey = :null, inputs.backgroundKey = :null, resultDeletedAt = :now, updatedAt = :now REMOVE variantKeys',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':null': null, ':now': now.toISOString() },
        }),
      )
      .catch((err) => {
        if (!isConditionFailure(err)) throw err;
      });
    cleared++;
  }
  return cleared;
}
