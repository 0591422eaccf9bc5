/**
 * Billing records: Stripe events (RECEIVED when verified, APPLIED in the same transaction as their effect),
 * what each payment granted (so a refund can remove it), which user owns a Stripe subscription, and the
 * user's plan fields as one transaction item, and an event's effect (its storage intents) composed into one
 * transaction (writeEventEffect). The rules live in functions/billing/stripe-events.ts; this
 * module only reads and writes the items (docs/data-model.md).
 */
import * as z from 'zod';
import { BUCKETS } from '../domain/ledger';
import { LIVE_SUBSCRIPTION_STATUSES } from '../domain/plans';
import { keys } from './keys';
import { checkoutStatusItems, type CheckoutRecord } from './checkout-repository';
import { ledgerItems, type LedgerWrite } from './ledger-repository';
import { errorName, isConditionFailure, TABLE_SCHEMA, type Db } from './table';
import {
  batchGetAll,
  buildUpdate,
  cancellationReasons,
  entity,
  getItem,
  isTransactionConflict,
  itemExists,
  putItem,
  queryAll,
  transact,
  type EntityRecord,
  type TransactItem,
} from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

/* ---------------- Stripe events ---------------- */

const receivedFacts = /* @__PURE__ */ lazySchema(() =>
  z.object({
    userId: z.string().nullable(),
    /** The grant a payment event must lead to (reconciliation: "payments without a grant"). */
    expectedEntryId: z.string().nullable().default(null),
    paymentRef: z.string().nullable().default(null),
    subscriptionId: z.string().nullable().default(null),
  }),
);
export type ReceivedFacts = z.output<typeof receivedFacts>;

/** A verified Stripe event's arrival (RECEIVED), by arrival time (gsi2, reconciliation). */
export const receivedEventEntity = entity({
  name: 'StripeEventReceived',
  schema: lazySchema(() =>
    receivedFacts.extend({
      eventId: z.string(),
      eventType: z.string(),
      eventCreated: z.string(),
      receivedAt: z.string(),
    }),
  ),
  key: (e) => keys.stripeEventReceived(e.eventId),
  indexes: { gsi2: (e) => keys.stripeEventIndex(e.receivedAt, e.eventId) },
});
export type ReceivedEvent = EntityRecord<typeof receivedEventEntity>;

/** An event's APPLIED marker, written in the same transaction as its effect. */
export const appliedEventEntity = entity({
  name: 'StripeEventApplied',
  schema: lazySchema(() =>
    z.object({
      eventId: z.string(),
      eventType: z.string(),
      outcome: z.string(),
      userId: z.string().nullable(),
      appliedAt: z.string(),
    }),
  ),
  key: (e) => keys.stripeEventApplied(e.eventId),
});

/** Record a verified event's arrival (the first arrival is kept). */
export async function recordEventReceived(db: Db, e: ReceivedEvent): Promise<void> {
  try {
    await putItem(db, receivedEventEntity.item(e), { ConditionExpression: 'attribute_not_exists(pk)' });
  } catch (err) {
    if (!isConditionFailure(err)) throw err; // received before: keep the first arrival
  }
}

export const isEventApplied = (db: Db, eventId: string): Promise<boolean> =>
  itemExists(db, keys.stripeEventApplied(eventId));

/** What an applied event's APPLIED item records. */
export interface AppliedEvent {
  eventId: string;
  eventType: string;
  outcome: string;
  userId: string | null;
  appliedAt: string;
}

/** The APPLIED marker of an event (attribute_not_exists: a duplicate delivery cancels the whole transaction). */
export function eventAppliedItem(db: Db, e: AppliedEvent): TransactItem {
  return {
    Put: {
      TableName: db.tableName,
      Item: appliedEventEntity.item(e),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Every received event, oldest first (reconciliation). */
export async function listReceivedEvents(db: Db): Promise<ReceivedEvent[]> {
  const items = await queryAll(db, {
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.stripeEventPartition() },
  });
  return items.map(receivedEventEntity.parse);
}

/** The ids among these events that have an APPLIED marker. */
export async function appliedEventIds(db: Db, eventIds: string[]): Promise<Set<string>> {
  const found = await batchGetAll(
    db,
    eventIds.map((id) => keys.stripeEventApplied(id)),
    { projection: 'eventId' },
  );
  return new Set(found.map((i) => appliedEventEntity.parsePick(i, ['eventId']).eventId));
}

/**
 * Write an effect together with its APPLIED marker (the marker first). 'duplicate' when the marker already
 * existed; 'conflict' when another condition failed or another transaction won (the caller re-reads and
 * decides); anything else is thrown.
 */
export async function writeApplied(db: Db, items: TransactItem[]): Promise<'written' | 'duplicate' | 'conflict'> {
  try {
    await transact(db, items);
    return 'written';
  } catch (err) {
    if (!isConditionFailure(err) && !isTransactionConflict(err) && errorName(err) !== 'TransactionCanceledException')
      throw err;
    return cancellationReasons(err)[0] === 'ConditionalCheckFailed' ? 'duplicate' : 'conflict';
  }
}

/* ---------------- payment grants ---------------- */

const paymentGrant = /* @__PURE__ */ lazySchema(() =>
  z.object({
    userId: z.string(),
    entryId: z.string(),
    bucket: z.enum(BUCKETS),
    amount: z.number(),
    lotKey: z.string().nullable(),
  }),
);
export type PaymentGrant = z.output<typeof paymentGrant>;

/** What a payment granted (so a refund can remove it) and how much of it was revoked since. */
export const paymentGrantEntity = entity({
  name: 'PaymentGrant',
  schema: lazySchema(() => paymentGrant.extend({ paymentRef: z.string(), revoked: z.number() })),
  key: (g) => keys.paymentGrant(g.paymentRef),
});
export type StoredPaymentGrant = EntityRecord<typeof paymentGrantEntity>;

/** Which user a Stripe subscription belongs to. */
export const subscriptionOwnerEntity = entity({
  name: 'SubscriptionOwner',
  schema: lazySchema(() => z.object({ userId: z.string(), subscriptionId: z.string() })),
  key: (o) => keys.subscriptionOwner(o.subscriptionId),
});

/** One item per payment reference naming what it granted (written with the grant). */
export function paymentGrantItems(db: Db, refs: string[], g: PaymentGrant): TransactItem[] {
  return [...new Set(refs.filter(Boolean))].map((ref) => ({
    Put: {
      TableName: db.tableName,
      Item: paymentGrantEntity.item({ paymentRef: ref, ...g, revoked: 0 }),
    },
  }));
}

/** The grant of the first of these references that has one. */
export async function findPaymentGrant(db: Db, refs: string[]): Promise<StoredPaymentGrant | null> {
  for (const ref of refs) {
    const item = await getItem(db, keys.paymentGrant(ref), { consistent: true });
    if (item) return paymentGrantEntity.parse(item);
  }
  return null;
}

/** Advance a grant's revoked total, only from the value it was computed from (optimistic). */
export function paymentRevokedItem(db: Db, paymentRef: string, prev: number, next: number): TransactItem {
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.paymentGrant(paymentRef),
      UpdateExpression: 'SET revoked = :next',
      ConditionExpression: 'revoked = :prev',
      ExpressionAttributeValues: { ':next': next, ':prev': prev },
    },
  };
}

/* ---------------- subscription owners ---------------- */

export async function getSubscriptionOwner(db: Db, subscriptionId: string): Promise<string | null> {
  const item = await getItem(db, keys.subscriptionOwner(subscriptionId), { consistent: true });
  return subscriptionOwnerEntity.parseOrNull(item)?.userId ?? null;
}

export function subscriptionOwnerItem(db: Db, subscriptionId: string, userId: string): TransactItem {
  return {
    Put: {
      TableName: db.tableName,
      Item: subscriptionOwnerEntity.item({ userId, subscriptionId }),
    },
  };
}

/** Owners of many subscriptions (reconciliation). */
export async function subscriptionOwners(db: Db, subscriptionIds: string[]): Promise<Map<string, string>> {
  const items = await batchGetAll(
    db,
    [...new Set(subscriptionIds)].map((s) => keys.subscriptionOwner(s)),
  );
  return new Map(
    items.map((it) => {
      const o = subscriptionOwnerEntity.parse(it);
      return [o.subscriptionId, o.userId];
    }),
  );
}

/* ---------------- the user's plan fields ---------------- */

export interface PlanUpdateGuard {
  /** Only when the user has not used the trial yet (the trial grant). */
  trialUnused?: boolean;
  /** At most one live subscription: the stored one must be this one, none, or ended. */
  liveSubscription?: string;
}

/** Transaction item: set these fields of an existing user (and updatedAt), with the optional guards. */
export function userFieldsItem(
  db: Db,
  userId: string,
  fields: Record<string, unknown>,
  now: Date,
  guard: PlanUpdateGuard = {},
): TransactItem {
  const conds = ['attribute_exists(pk)'];
  const values: Record<string, unknown> = {};
  if (guard.trialUnused) {
    conds.push('(attribute_not_exists(hasUsedTrial) OR hasUsedTrial = :notUsed)');
    values[':notUsed'] = false;
  }
  if (guard.liveSubscription !== undefined) {
    const live = Object.fromEntries(LIVE_SUBSCRIPTION_STATUSES.map((st, i) => [`:live${i}`, st]));
    conds.push(
      `(attribute_not_exists(subscriptionId) OR subscriptionId = :thisSub OR subscriptionId = :noSub OR NOT subscriptionStatus IN (${Object.keys(live).join(', ')}))`,
    );
    Object.assign(values, live, { ':thisSub': guard.liveSubscription, ':noSub': null });
  }
  const update = buildUpdate({ ...fields, updatedAt: now.toISOString() }, { undefinedAs: 'null', values });
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.user(userId),
      ...update,
      ConditionExpression: conds.join(' AND '),
    },
  };
}

/** Write one user's fields (and, optionally, ledger items) in one transaction; false when a condition failed. */
export async function writeUserFields(db: Db, items: TransactItem[]): Promise<boolean> {
  try {
    await transact(db, items);
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/* ---------------- an event's effect: intents composed into one transaction ---------------- */

/**
 * What an applied event writes besides its ledger movement, as storage intents (what, not how): this module
 * turns them into transaction items, so the rules in functions/<domain> never assemble DynamoDB items.
 */
export type BillingIntent =
  /** What a payment granted, under each of its references (so a refund can find and revoke it). */
  | { kind: 'payment-grant'; refs: string[]; grant: PaymentGrant }
  /** A payment's revoked total moves from `prev` to `next` (conditional on `prev`). */
  | { kind: 'payment-revoked'; paymentRef: string; prev: number; next: number }
  /** The user's plan fields, under the one-live-subscription and trial-once guards. */
  | { kind: 'user-fields'; userId: string; fields: Record<string, unknown>; guard?: PlanUpdateGuard }
  /** Which user owns a Stripe subscription. */
  | { kind: 'subscription-owner'; subscriptionId: string; userId: string }
  /** The checkout session's status on both of its items. */
  | { kind: 'checkout-status'; record: Pick<CheckoutRecord, 'sessionId' | 'userId'>; status: 'complete' | 'refused' };

function intentItems(db: Db, intent: BillingIntent, now: Date): TransactItem[] {
  switch (intent.kind) {
    case 'payment-grant':
      return paymentGrantItems(db, intent.refs, intent.grant);
    case 'payment-revoked':
      return [paymentRevokedItem(db, intent.paymentRef, intent.prev, intent.next)];
    case 'user-fields':
      return [userFieldsItem(db, intent.userId, intent.fields, now, intent.guard)];
    case 'subscription-owner':
      return [subscriptionOwnerItem(db, intent.subscriptionId, intent.userId)];
    case 'checkout-status':
      return checkoutStatusItems(db, intent.record, intent.status, now);
  }
}

/**
 * Write an event's effect in ONE transaction with its APPLIED item (first, so a duplicate delivery is told apart
 * from a lost race): the ledger movement and every intent. The items are composed before `beforeWrite` runs (the
 * provider calls that must precede the record: refunds, cancellations), so an effect that cannot be written
 * makes no call. 'duplicate': the event was applied meanwhile; 'conflict': an optimistic condition failed
 * (decide again from fresh reads).
 */
export async function writeEventEffect(
  db: Db,
  applied: AppliedEvent,
  effect: { ledger?: LedgerWrite; intents?: BillingIntent[] },
  now: Date,
  beforeWrite: () => Promise<void> = async () => undefined,
): Promise<'written' | 'duplicate' | 'conflict'> {
  const items = [
    eventAppliedItem(db, applied),
    ...(effect.ledger ? ledgerItems(db, effect.ledger, now) : []),
    ...(effect.intents ?? []).flatMap((i) => intentItems(db, i, now)),
  ];
  await beforeWrite();
  return writeApplied(db, items);
}
