/**
 * The local payments adapter's own records (functions/billing/payments/local-adapter.ts; never deployed): its
 * checkout sessions, subscriptions and refunds, stored as opaque Stripe-shaped objects.
 */
import * as z from 'zod';
import { keys } from './keys';
import type { Db } from './table';
import { entity, getItem, putItem } from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

/** A refund the local adapter "made", by its idempotency key. */
const localPayRefundEntity = entity({
  name: 'LocalPayRefund',
  schema: lazySchema(() => z.object({ idempotencyKey: z.string(), paymentRef: z.string(), createdAt: z.string() })),
  key: (r) => keys.localPayRefund(r.idempotencyKey),
});

// The sessions and subscriptions are the adapter's own Stripe-shaped objects, stored whole and opaque to the
// table: the adapter names their type (the two casts below), as Stripe's SDK does for its own responses.
export async function getLocalPaySession<T>(db: Db, id: string): Promise<T | null> {
  return ((await getItem(db, keys.localPaySession(id), { consistent: true }))?.session as T | undefined) ?? null;
}

export async function putLocalPaySession(db: Db, id: string, session: unknown): Promise<void> {
  await putItem(db, { ...keys.localPaySession(id), type: 'LocalPaySession', session });
}

export async function getLocalPaySubscription<T>(db: Db, id: string): Promise<T | null> {
  return (
    ((await getItem(db, keys.localPaySubscription(id), { consistent: true }))?.subscription as T | undefined) ?? null
  );
}

export async function putLocalPaySubscription(db: Db, id: string, subscription: unknown): Promise<void> {
  await putItem(db, { ...keys.localPaySubscription(id), type: 'LocalPaySubscription', subscription });
}

/** A refund the local adapter "made" (no money moves locally), by its idempotency key. */
export async function putLocalPayRefund(
  db: Db,
  idempotencyKey: string,
  paymentRef: string,
  now = new Date(),
): Promise<void> {
  await putItem(db, localPayRefundEntity.item({ idempotencyKey, paymentRef, createdAt: now.toISOString() }));
}

export async function getLocalPayRefund(
  db: Db,
  idempotencyKey: string,
): Promise<{ paymentRef: string; createdAt: string } | null> {
  const item = await getItem(db, keys.localPayRefund(idempotencyKey), { consistent: true });
  return item ? localPayRefundEntity.parsePick(item, ['paymentRef', 'createdAt']) : null;
}
