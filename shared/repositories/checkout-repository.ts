/**
 * Our own record of every checkout session we open: the user, the product, the amount and currency we asked
 * for. Stripe fulfilment (functions/billing/stripe-events.ts) grants only what this record says, and only
 * when the paid session matches it; an event body is never trusted for who, what or how much.
 * Two items per session: CHECKOUT#<id>/SESSION (lookup by session id) and USER#<id>/CHECKOUT#<id> (a user's
 * sessions, to expire the other open ones of the same kind when one completes).
 */
import { GetCommand } from './dynamo-client';
import * as z from 'zod';
import { PRODUCT_TYPES } from '../domain/plans';
import { keys } from './keys';
import type { TransactItem } from './ledger-repository';
import { type Db } from './table';
import { entity, ITEM_ABSENT, ITEM_EXISTS, queryAll, transact, transactNamed, tx, type EntityRecord } from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

/** trial: once ever; subscription: at most one live; pack: any number. */
export const CHECKOUT_KINDS = ['trial', 'subscription', 'pack'] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];
export const CHECKOUT_STATUSES = ['open', 'complete', 'expired', 'refused'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

const checkoutSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    sessionId: z.string(),
    userId: z.string(),
    productType: z.enum(PRODUCT_TYPES),
    kind: z.enum(CHECKOUT_KINDS),
    mode: z.enum(['payment', 'subscription']),
    /** What we asked the customer to pay, in the smallest unit (cents). */
    expectedAmount: z.number(),
    /** Lower-case ISO code, as Stripe spells it. */
    currency: z.string(),
    status: z.enum(CHECKOUT_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string().optional(),
  }),
);

/** Our record of a checkout session, by session id (the one fulfilment reads). */
export const checkoutSessionEntity = entity({
  name: 'CheckoutSession',
  schema: checkoutSchema,
  key: (r) => keys.checkoutSession(r.sessionId),
});
/** The same record in its user's partition (a user's sessions, to expire the other open ones of a kind). */
export const userCheckoutSessionEntity = entity({
  name: 'CheckoutSession',
  schema: checkoutSchema,
  key: (r) => keys.userCheckoutSession(r.userId, r.sessionId),
});
export type CheckoutRecord = EntityRecord<typeof checkoutSessionEntity>;

const strip = (item: unknown): CheckoutRecord | null => checkoutSessionEntity.parseOrNull(item);

export async function putCheckoutRecord(db: Db, r: CheckoutRecord): Promise<void> {
  await transact(db, [
    tx.put(db, checkoutSessionEntity.item(r), ITEM_ABSENT),
    tx.put(db, userCheckoutSessionEntity.item(r)),
  ]);
}

export async function getCheckoutRecord(db: Db, sessionId: string): Promise<CheckoutRecord | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.checkoutSession(sessionId), ConsistentRead: true }),
  );
  return strip(res.Item);
}

/** The user's sessions of one kind still open (newest last). */
export async function listOpenCheckouts(db: Db, userId: string, kind: CheckoutKind): Promise<CheckoutRecord[]> {
  const k = keys.userCheckoutSessionPrefix(userId);
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': k.pk, ':p': k.skPrefix },
    ConsistentRead: true,
  });
  return items.map(userCheckoutSessionEntity.parse).filter((r) => r.kind === kind && r.status === 'open');
}

/** Transaction items setting a session's status on both of its items (written with the grant or refusal). */
export function checkoutStatusItems(
  db: Db,
  r: Pick<CheckoutRecord, 'sessionId' | 'userId'>,
  status: CheckoutStatus,
  now: Date,
  onlyFrom?: CheckoutStatus,
): TransactItem[] {
  return [keys.checkoutSession(r.sessionId), keys.userCheckoutSession(r.userId, r.sessionId)].map((key) =>
    tx.update(
      db,
      key,
      checkoutSessionEntity
        .update()
        .set({ status, updatedAt: now.toISOString() })
        .where(ITEM_EXISTS)
        .where((w) => onlyFrom && w.eq('status', onlyFrom)),
    ),
  );
}

/** Mark an open session expired; false when it is no longer open (completed or refused meanwhile). */
export async function expireOpenCheckout(
  db: Db,
  r: Pick<CheckoutRecord, 'sessionId' | 'userId'>,
  now = new Date(),
): Promise<boolean> {
  // conflicts are retried (the one policy); a failed condition (no longer open) is the answer
  const out = await transactNamed(db, { status: checkoutStatusItems(db, r, 'expired', now, 'open') });
  return out.applied;
}
