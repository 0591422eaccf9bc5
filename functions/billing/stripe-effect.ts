/**
 * What applying a Stripe event does, before it is written: the outcome recorded on its APPLIED item, the ledger
 * movement, the storage intents (billing-repository.ts composes them into the one transaction), the entry whose
 * existence proves another event already carried the same cause, and the provider calls around the write.
 * Shared by the event handlers (stripe-events.ts and the stripe-*-effect(s).ts modules).
 */
import { isLiveSubscriptionStatus } from '../../shared/domain/plans';
import { entryExists, getBalance, getLot, type LedgerWrite } from '../../shared/repositories/ledger-repository';
import { getUser, type UserRecord } from '../../shared/repositories/user-repository';
import {
  findPaymentGrant,
  getSubscriptionOwner,
  isEventApplied,
  recordEventReceived,
  writeEventEffect,
  type BillingIntent,
} from '../../shared/repositories/billing-repository';
import {
  expireOpenCheckout,
  getCheckoutRecord,
  listOpenCheckouts,
} from '../../shared/repositories/checkout-repository';
import type { Store } from '../lib/bind-db';
import type { PaymentsAdapter, SubscriptionView } from './payments/types';
import { logger } from '../lib/logger';

/** The repository functions applying an event reads and writes through (bound to the table in production). */
export const stripeRepositories = {
  entryExists,
  expireOpenCheckout,
  findPaymentGrant,
  getBalance,
  getCheckoutRecord,
  getLot,
  getSubscriptionOwner,
  getUser,
  isEventApplied,
  listOpenCheckouts,
  recordEventReceived,
  writeEventEffect,
};
export type StripeStore = Store<typeof stripeRepositories>;

/** The collaborators every event handler receives: the store, the payments provider and the event's clock. */
export interface EffectContext {
  store: StripeStore;
  payments: PaymentsAdapter;
  now: Date;
}

/** A user's ledger entry, by id. */
export interface Witness {
  userId: string;
  entryId: string;
}

export interface Effect {
  /** What the event did, stored on its APPLIED item. */
  outcome: string;
  userId?: string | null;
  write?: LedgerWrite;
  /** What else the transaction writes (payment grants, plan fields, the checkout status...). */
  intents?: BillingIntent[];
  /** A ledger entry whose existence proves the effect was already applied by another event (the grant entry). */
  witness?: Witness;
  /** Provider calls that must happen before the effect is recorded (refunds, cancellations); idempotent. */
  before?: (() => Promise<void>)[];
  /** Best-effort provider calls after the effect is recorded (expiring other open sessions). */
  after?: (() => Promise<void>)[];
}

export const ignored = (why?: string): Effect => ({ outcome: why ? `ignored: ${why}` : 'ignored' });

/**
 * Fulfilment refused: nothing is granted, the event is recorded as applied with the reason (so Stripe stops
 * retrying), and one error line `stripe fulfilment refused` is logged for the alarm (docs/security.md).
 */
export function refused(
  reason: string,
  facts: { sessionId?: string | null; userId?: string | null; [k: string]: unknown },
  parts: Partial<Effect> = {},
): Effect {
  logger.error('stripe fulfilment refused', { reason, ...facts });
  return { outcome: `refused: ${reason}`, userId: facts.userId ?? null, ...parts };
}

/** True when `sub` would be a second live subscription next to the user's current one. */
export function otherLiveSubscription(
  user: Pick<UserRecord, 'subscriptionId' | 'subscriptionStatus'>,
  subId: string,
): boolean {
  return !!user.subscriptionId && user.subscriptionId !== subId && isLiveSubscriptionStatus(user.subscriptionStatus);
}

export const ENDED_STATUSES = ['canceled', 'incomplete_expired', 'unpaid'];

/** Who owns a subscription: the caller's hint, the subscription's metadata, else our owner record. */
export async function ownerOf(store: StripeStore, sub: SubscriptionView, hint: string | null): Promise<string | null> {
  if (hint) return hint;
  if (sub.userId) return sub.userId;
  return store.getSubscriptionOwner(sub.id);
}

/** The witness entry exists: another event (or an earlier delivery) already carried the same cause. */
export const witnessed = (store: StripeStore, w: Witness): Promise<boolean> => store.entryExists(w.userId, w.entryId);
