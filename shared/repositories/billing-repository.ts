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
import { tableKeySchema, type TableKey } from './entity';
import { TABLE_SCHEMA, type Db } from './table';
import type { UserPatch } from './user-repository';
import { userEntity } from './user-repository';
import {
  batchGetAll,
  entity,
  getItem,
  ITEM_ABSENT,
  ITEM_EXISTS,
  itemExists,
  putIf,
  queryAll,
  transactNamed,
  tx,
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
  await putIf(db, receivedEventEntity.item(e), ITEM_ABSENT); // false: received before, the first arrival is kept
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
  return tx.put(db, appliedEventEntity.item(e), ITEM_ABSENT);
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
 * Write an effect's items together with its APPLIED marker. 'duplicate' when the marker already existed;
 * 'conflict' when another condition failed or the transaction was cancelled otherwise (another one won: the
 * caller re-reads and decides); anything else is thrown.
 */
export async function writeApplied(
  db: Db,
  applied: TransactItem,
  effect: readonly TransactItem[],
): Promise<'written' | 'duplicate' | 'conflict'> {
  const out = await transactNamed(db, { applied, effect }, { retryConflicts: false, anyCancellationIsConflict: true });
  if (out.applied) return 'written';
  return out.failed('applied') ? 'duplicate' : 'conflict';
}

/** Received Stripe events of this user (finance records: pseudonymised on account deletion, not deleted). */
export async function listStripeEventKeysOf(db: Db, userId: string): Promise<TableKey[]> {
  const items = await queryAll(db, {
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    FilterExpression: 'userId = :u',
    ExpressionAttributeValues: { ':pk': keys.stripeEventIndex('', '').gsi2pk, ':u': userId },
  });
  return items.map((i) => tableKeySchema.parse(i));
}

/** A payment-provider event about a deleted account: recorded (received and applied, as ignored) under the pseudonym. */
export async function recordDeletedAccountEvent(
  db: Db,
  e: { eventId: string; eventType: string; eventCreated: string; pseudonym: string },
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  // not applied: a repeated delivery (both items exist already)
  await transactNamed(db, {
    received: tx.put(
      db,
      receivedEventEntity.item({
        eventId: e.eventId,
        eventType: e.eventType,
        eventCreated: e.eventCreated,
        receivedAt: at,
        userId: e.pseudonym,
        expectedEntryId: null,
        paymentRef: null,
        subscriptionId: null,
      }),
      ITEM_ABSENT,
    ),
    applied: tx.put(
      db,
      appliedEventEntity.item({
        eventId: e.eventId,
        eventType: e.eventType,
        outcome: 'ignored: account deleted',
        userId: e.pseudonym,
        appliedAt: at,
      }),
      ITEM_ABSENT,
    ),
  });
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
  return [...new Set(refs.filter(Boolean))].map((ref) =>
    tx.put(db, paymentGrantEntity.item({ paymentRef: ref, ...g, revoked: 0 })),
  );
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
  return tx.update(
    db,
    keys.paymentGrant(paymentRef),
    paymentGrantEntity
      .update()
      .set({ revoked: next })
      .where((w) => w.eq('revoked', prev)),
  );
}

/* ---------------- subscription owners ---------------- */

export async function getSubscriptionOwner(db: Db, subscriptionId: string): Promise<string | null> {
  const item = await getItem(db, keys.subscriptionOwner(subscriptionId), { consistent: true });
  return subscriptionOwnerEntity.parseOrNull(item)?.userId ?? null;
}

export function subscriptionOwnerItem(db: Db, subscriptionId: string, userId: string): TransactItem {
  return tx.put(db, subscriptionOwnerEntity.item({ userId, subscriptionId }));
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

/** Transaction item: set these fields of an existing user (and updatedAt; undefined ones written as null), with the optional guards. */
export function userFieldsItem(
  db: Db,
  userId: string,
  fields: UserPatch,
  now: Date,
  guard: PlanUpdateGuard = {},
): TransactItem {
  const w = userEntity.where;
  return tx.update(
    db,
    keys.user(userId),
    userEntity
      .update()
      // a field given as undefined is cleared (stored null), as the plan fields' readers expect
      .set({ ...fields, updatedAt: now.toISOString() }, { undefinedAs: 'null' })
      .where(ITEM_EXISTS)
      .where(guard.trialUnused && w.or(w.notExists('hasUsedTrial'), w.eq('hasUsedTrial', false)))
      .where(
        guard.liveSubscription !== undefined &&
          w.or(
            w.notExists('subscriptionId'),
            w.eq('subscriptionId', guard.liveSubscription),
            w.eq('subscriptionId', null),
            w.not(w.in('subscriptionStatus', LIVE_SUBSCRIPTION_STATUSES)),
          ),
      ),
  );
}

/** Write one user's fields (and, optionally, ledger items) in one transaction; false when a condition failed. */
export async function writeUserFields(db: Db, items: TransactItem[]): Promise<boolean> {
  return (await transactNamed(db, { items })).applied;
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
  | { kind: 'user-fields'; userId: string; fields: UserPatch; guard?: PlanUpdateGuard }
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
  const marker = eventAppliedItem(db, applied);
  const items = [
    ...(effect.ledger ? ledgerItems(db, effect.ledger, now) : []),
    ...(effect.intents ?? []).flatMap((i) => intentItems(db, i, now)),
  ];
  await beforeWrite();
  return writeApplied(db, marker, items);
}
