import { GetCommand, PutCommand } from './dynamo-client';
import * as z from 'zod';
import { BUCKETS } from '../domain/ledger';
import type { MadeBy } from '../domain/provenance';
import { GENERATION_STATUSES, lookTitle, MODES } from '../domain/generation';
import { STYLE_IMAGE_TYPES } from '../domain/catalog';
import { GARMENT_SLOTS, OUTFIT_SLOTS, PIECE_SOURCES } from '../domain/outfit';
import { keys } from './keys';
import { InsufficientCredits, movementItems, type LotOp } from './ledger-repository';
import { errorName, TABLE_SCHEMA, type Db } from './table';
import { idempotencyPut, type IdempotencyClaim } from './idempotency-repository';
import {
  deleteIfReturning,
  entity,
  ITEM_ABSENT,
  ITEM_EXISTS,
  queryAll,
  queryPage,
  transactNamed,
  tx,
  updateIf,
  updateItem,
  WriteConflict,
  type EntityRecord,
} from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

/** The Idempotency-Key of a start is already recorded (by a concurrent or earlier request). */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('The idempotency key is already recorded');
    this.name = 'IdempotencyKeyTaken';
  }
}

/** 'style-cover': made by the style editor for a cover; not listed in the gallery, not counted as style usage. */
export const GENERATION_KINDS = [
  'raw-template',
  'style',
  'quick-try-style',
  'quick-try',
  'style-cover',
  'outfit',
] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];

const madeBy = /* @__PURE__ */ lazySchema(() => z.enum(['generative', 'engine']));
const styleImageType = /* @__PURE__ */ lazySchema(() => z.enum(STYLE_IMAGE_TYPES));

/** One piece of an outfit, resolved at start: the image reference the workflow reads, in layering order. */
const outfitPiece = /* @__PURE__ */ lazySchema(() =>
  z.object({
    slot: z.enum(OUTFIT_SLOTS),
    source: z.enum(PIECE_SOURCES),
    /** An /api/public-image or /api/private-image reference (owner checked), or an http(s) URL (SSRF guard). */
    imageUrl: z.string(),
    imageType: styleImageType,
    styleId: z.string().nullable(),
    productId: z.string().nullable(),
    label: z.string(),
  }),
);
export type OutfitPieceRecord = z.output<typeof outfitPiece>;

const generationInputs = /* @__PURE__ */ lazySchema(() =>
  z.object({
    photoProfileId: z.string(),
    styleId: z.string().nullable(),
    promptTemplateId: z.string().nullable(),
    rawTemplateId: z.string().nullable(),
    imageUrl: z.string().nullable(),
    imageType: styleImageType.nullable(),
    /** Private keys of the optional style reference and background uploads (raw templates). */
    styleRefKey: z.string().nullable(),
    backgroundKey: z.string().nullable(),
    /** Kind outfit: the pieces in layering order. */
    outfit: z.array(outfitPiece).optional(),
    /**
     * The slot the garment takes (issue 39): said by the person, or the style's; absent or null: the engine's guess
     * (older generations, old clients).
     */
    slot: z.enum(GARMENT_SLOTS).nullish(),
    /** The fit the preview drew for the chosen size (issue 39): the engine's width and length multipliers. */
    fit: z.object({ size: z.string(), ease: z.number(), length: z.number() }).nullish(),
  }),
);
export type GenerationInputs = z.output<typeof generationInputs>;

/** What places a generation in the sweeper's sparse work list (gsi2): pending or processing. */
type Activity = { id: string; createdAt: string; status: string };

/** A generation in its user's partition; in the active index (gsi2) until it is final. */
export const generationEntity = entity({
  name: 'Generation',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      userId: z.string(),
      status: z.enum(GENERATION_STATUSES),
      kind: z.enum(GENERATION_KINDS),
      mode: z.enum(MODES),
      inputs: generationInputs,
      styleName: z.string().nullable(),
      templateName: z.string().nullable(),
      cost: z.number(),
      /** Credits taken per bucket (refunded exactly once on failure). */
      reserved: z.partialRecord(z.enum(BUCKETS), z.number()),
      /** The pack lots the pack part was taken from (soonest-expiring first), restored exactly on a refund. */
      reservedLots: z.array(z.object({ lotKey: z.string(), take: z.number(), expiresAt: z.string() })).optional(),
      priority: z.boolean(),
      resultKey: z.string().nullable(),
      error: z.string().nullable(),
      createdAt: z.string(),
      startedAt: z.string().nullable(),
      completedAt: z.string().nullable(),
      updatedAt: z.string(),
      /** How many variants the run renders (absent = 1). A run with several is not a gallery item itself. */
      variantCount: z.number().optional(),
      /** The rendered variants' private keys (tagged to expire with the run), once completed. */
      variantKeys: z.array(z.string()).optional(),
      /** Variant index -> the generation id a kept variant became. */
      keptVariants: z.record(z.string(), z.string()).optional(),
      /** On a kept variant: the run it came from and its index there. */
      variantOf: z.string().nullish(),
      variantIndex: z.number().nullish(),
      /** How the result was made (absent on results from before the Fitly engine: generative). */
      madeBy: madeBy.optional(),
      /** When "Delete all my photos" removed the result image (the record stays). */
      resultDeletedAt: z.string().optional(),
    }),
  ),
  key: (g) => keys.generation(g.userId, g.id),
  indexes: {
    gsi2: (g: Activity) =>
      g.status === 'pending' || g.status === 'processing' ? keys.generationActiveIndex(g.createdAt, g.id) : null,
  },
});
export type GenerationRecord = EntityRecord<typeof generationEntity>;

const strip = (item: unknown): GenerationRecord | null => generationEntity.parseOrNull(item);

/** A final generation leaves the sweeper's work list. */
const FINAL_INDEX = generationEntity.indexUpdate('gsi2', null);

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
      note: lookTitle(gen),
    },
    gen.reserved,
    -1,
    new Date(gen.createdAt),
    (gen.reservedLots ?? []).map((l): LotOp => ({ op: 'consume', lotKey: l.lotKey, take: l.take })),
  );
  const out = await transactNamed(
    db,
    {
      generation: tx.put(db, generationEntity.item(gen), ITEM_ABSENT),
      movement,
      idempotency: idempotency && idempotencyPut(db, gen.userId, idempotency, gen.id, new Date(gen.createdAt)),
    },
    { retryConflicts: false, anyCancellationIsConflict: true },
  );
  if (out.applied) return;
  if (out.failed('idempotency')) throw new IdempotencyKeyTaken();
  if (out.failed('movement')) throw new InsufficientCredits();
  throw new WriteConflict(out.error);
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
  return items.map(generationEntity.parse);
}

/** pending -> processing, stamping startedAt (idempotent: already processing is fine). False when already final. */
export async function markProcessing(db: Db, userId: string, id: string, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const applied = await updateIf(
    db,
    keys.generation(userId, id),
    generationEntity
      .update()
      .set({ status: 'processing', startedAt: at, updatedAt: at })
      .where((w) => w.eq('status', 'pending')),
  );
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
  await updateItem(
    db,
    keys.generation(userId, id),
    generationEntity
      .update()
      .set({ resultKey, madeBy, updatedAt: now.toISOString() })
      .where((w) => w.eq('status', 'processing')),
  );
}

/** A run's variants are stored: the first is its result key (what completing the look needs), all are listed. */
export async function setVariantKeys(
  db: Db,
  userId: string,
  id: string,
  variantKeys: string[],
  madeBy: MadeBy = 'generative',
  now = new Date(),
): Promise<void> {
  await updateItem(
    db,
    keys.generation(userId, id),
    generationEntity
      .update()
      .set({ resultKey: variantKeys[0], variantKeys, madeBy, updatedAt: now.toISOString() })
      .where((w) => w.eq('status', 'processing')),
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
  const slot = ['keptVariants', String(index)] as const;
  const record = generationEntity.update().set({ updatedAt: kept.createdAt });
  if (run.keptVariants) record.setPath(slot, kept.id);
  else record.set({ keptVariants: { [String(index)]: kept.id } });
  record.where((w) =>
    w.and(
      w.eq('status', 'completed'),
      run.keptVariants ? (previous ? w.eq(slot, previous) : w.notExists(slot)) : w.notExists('keptVariants'),
    ),
  );
  const out = await transactNamed(
    db,
    {
      kept: tx.put(db, generationEntity.item(kept), ITEM_ABSENT),
      run: tx.update(db, keys.generation(run.userId, run.id), record),
    },
    { retryConflicts: false, anyCancellationIsConflict: true },
  );
  if (out.applied) return;
  if (!out.conflict || errorName(out.error) === 'TransactionConflictException') {
    const current = await getGeneration(db, run.userId, run.id);
    throw new VariantAlreadyKept(current?.keptVariants?.[String(index)] ?? null);
  }
  throw new WriteConflict(out.error);
}

/** processing -> completed (needs a stored result). Returns false when it was not processing. */
export async function markCompleted(db: Db, userId: string, id: string, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  return updateIf(
    db,
    keys.generation(userId, id),
    generationEntity
      .update()
      .set({ status: 'completed', completedAt: at, updatedAt: at })
      .index(FINAL_INDEX)
      .where((w) => w.and(w.eq('status', 'processing'), w.exists('resultKey'))),
  );
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
  const out = await transactNamed(
    db,
    {
      generation: tx.update(
        db,
        keys.generation(userId, id),
        generationEntity
          .update()
          .set({
            status: 'failed',
            error: error.slice(0, 500),
            completedAt: now.toISOString(),
            updatedAt: now.toISOString(),
          })
          .index(FINAL_INDEX)
          .where((w) => w.in('status', ['pending', 'processing'])),
      ),
      refund: movementItems(
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
    },
    { retryConflicts: false },
  );
  if (out.conflict) throw out.error; // as before: a lost race is the caller's to retry
  return out.applied;
}

/** Delete a final generation; returns the deleted record (for its result object) or null. */
export async function deleteGeneration(db: Db, userId: string, id: string): Promise<GenerationRecord | null> {
  const deleted = await deleteIfReturning(
    db,
    keys.generation(userId, id),
    generationEntity.where.in('status', ['completed', 'failed']),
  );
  return strip(deleted);
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
  return page.items.map((i) => generationEntity.parsePick(i, ['userId', 'id', 'createdAt']));
}

/** A user's rating of a generation. */
export const feedbackEntity = entity({
  name: 'Feedback',
  schema: lazySchema(() =>
    z.object({
      userId: z.string(),
      generationId: z.string(),
      /** The rated style; null for an outfit of uploaded pieces only. */
      styleId: z.string().nullable(),
      rating: z.number(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  key: (f) => keys.feedback(f.userId, f.generationId),
});
export type FeedbackRecord = Omit<EntityRecord<typeof feedbackEntity>, 'userId'>;

export async function putFeedback(db: Db, userId: string, f: FeedbackRecord): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: feedbackEntity.item({ userId, ...f }),
    }),
  );
}

export async function getFeedback(db: Db, userId: string, generationId: string): Promise<FeedbackRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.feedback(userId, generationId) }));
  const f = feedbackEntity.parseOrNull(res.Item);
  if (!f) return null;
  const { generationId: g, styleId, rating, createdAt, updatedAt } = f;
  return { generationId: g, styleId, rating, createdAt, updatedAt };
}

/** Every rating the user gave (one per generation): the data export. */
export async function listFeedback(db: Db, userId: string): Promise<FeedbackRecord[]> {
  const k = keys.feedbackPrefix(userId);
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :fb)',
    ExpressionAttributeValues: { ':pk': k.pk, ':fb': k.skPrefix },
  });
  return items.map((i) => {
    const { generationId, styleId, rating, createdAt, updatedAt } = feedbackEntity.parse(i);
    return { generationId, styleId, rating, createdAt, updatedAt };
  });
}

/**
 * "Delete all my photos": the result images are deleted with the rest of the user's media, so every
 * generation forgets its result key (its record, and the ledger entries of its spend, remain).
 */
export async function clearResultKeys(db: Db, userId: string, now = new Date()): Promise<number> {
  let cleared = 0;
  for (const g of await listGenerations(db, userId, 10_000)) {
    if (!g.resultKey && !g.inputs.styleRefKey && !g.inputs.backgroundKey && !g.variantKeys?.length) continue;
    // a run's variant images are deleted with the rest: it forgets them too (false: deleted meanwhile)
    await updateIf(
      db,
      keys.generation(userId, g.id),
      generationEntity
        .update()
        .set({ resultKey: null, resultDeletedAt: now.toISOString(), updatedAt: now.toISOString() })
        .setPath('inputs.styleRefKey', null)
        .setPath('inputs.backgroundKey', null)
        .remove('variantKeys')
        .where(ITEM_EXISTS),
    );
    cleared++;
  }
  return cleared;
}
