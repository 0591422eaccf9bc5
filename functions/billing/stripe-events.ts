/**
 * Applying Stripe events to the ledger and the user's plan. Every event's effect is written in ONE
 * transaction together with its `STRIPE_EVENT#<id>/APPLIED` item (attribute_not_exists), so a duplicate
 * delivery is a no-op. Effects are also idempotent per cause, whichever event carries it:
 *   - a one-time purchase (trial, pack) is granted once per checkout session (completed or
 *     async_payment_succeeded, whichever is paid first): entry `grant.<trial|pack>:<session id>`;
 *   - monthly credits once per invoice (`grant.monthly:<invoice id>`, with `rollover.cap:<invoice id>`);
 *   - the monthly bucket expires once per subscription (`expire:sub-end:<subscription id>`);
 *   - a refund revokes once per charge and refunded amount (`revoke.refund:<charge id>:<amount refunded>`).
 * Subscription state is never taken from the event body: the subscription is re-read from the payments
 * adapter, so late or reordered deliveries converge on the current truth.
 * One handler per event type, on the Stripe SDK's own event types (HANDLERS below); each builds an Effect
 * (stripe-effect.ts) that billing-repository.ts writes as one transaction.
 */
import type Stripe from 'stripe';
import { isPackId } from '../../shared/domain/plans';
import { ledgerEntryId } from '../../shared/domain/ledger';
import { STRIPE_WEBHOOK_EVENTS, type StripeWebhookEvent } from '../../shared/domain/stripe-webhook';
import type { Db } from '../../shared/repositories/table';
import type { ReceivedFacts } from '../../shared/repositories/billing-repository';
import { AGAIN, withRetry } from '../../shared/repositories/toolkit';
import type { PaymentsAdapter } from './payments/types';
import { bindDb } from '../lib/bind-db';
import { logger } from '../lib/logger';
import { chargePaymentRefs, invoiceSubscriptionId, invoiceUserId } from './payments/stripe-objects';
import {
  ignored,
  stripeRepositories,
  witnessed,
  type Effect,
  type EffectContext,
  type StripeStore,
} from './stripe-effect';
import { checkoutEffect } from './stripe-checkout-effect';
import { invoicePaidEffect, subscriptionSyncEffect } from './stripe-subscription-effects';
import { revocationEffect } from './stripe-refund-effect';

export type EventOutcome = 'applied' | 'duplicate' | 'already-applied' | 'ignored';

/** The events the webhook handles: the list registered at Stripe (shared/domain/stripe-webhook.ts), one handler each. */
export const HANDLED_EVENT_TYPES = STRIPE_WEBHOOK_EVENTS;

type HandledType = StripeWebhookEvent;
/** The SDK's event type for each handled type (e.g. Stripe.InvoicePaidEvent for 'invoice.paid'). */
type EventMap = { [K in HandledType]: Extract<Stripe.Event, { type: K }> };
type Handlers = { [K in HandledType]: (event: EventMap[K], ctx: EffectContext) => Promise<Effect> };

const syncInvoiceSubscription = (event: Stripe.InvoicePaymentFailedEvent, ctx: EffectContext) => {
  const subId = invoiceSubscriptionId(event.data.object);
  return subId ? subscriptionSyncEffect(ctx, subId, null) : Promise.resolve(ignored());
};
const syncSubscription = (
  event:
    | Stripe.CustomerSubscriptionCreatedEvent
    | Stripe.CustomerSubscriptionUpdatedEvent
    | Stripe.CustomerSubscriptionDeletedEvent,
  ctx: EffectContext,
) => {
  const subId = event.data.object.id;
  return subId ? subscriptionSyncEffect(ctx, subId, null) : Promise.resolve(ignored());
};

/** What each handled event does. */
const HANDLERS: Handlers = {
  'checkout.session.completed': (event, ctx) => checkoutEffect(ctx, event.data.object),
  'checkout.session.async_payment_succeeded': (event, ctx) => checkoutEffect(ctx, event.data.object),
  'invoice.paid': (event, ctx) => invoicePaidEffect(ctx, event.data.object),
  'invoice.payment_failed': syncInvoiceSubscription,
  'customer.subscription.created': syncSubscription,
  'customer.subscription.updated': syncSubscription,
  'customer.subscription.deleted': syncSubscription,
  'charge.refunded': (event, ctx) => {
    const charge = event.data.object;
    return revocationEffect(
      ctx,
      chargePaymentRefs(charge),
      `${charge.id}:${charge.amount_refunded}`,
      Number(charge.amount_refunded ?? 0),
      Number(charge.amount ?? 0),
      charge.currency ?? null,
    );
  },
  'charge.dispute.created': (event, ctx) => {
    const dispute = event.data.object;
    const amount = Number(dispute.amount ?? 1);
    return revocationEffect(
      ctx,
      chargePaymentRefs(dispute),
      `dispute:${dispute.id}`,
      amount,
      amount,
      dispute.currency ?? null,
    );
  },
};

const isHandled = (event: Stripe.Event): event is EventMap[HandledType] =>
  HANDLED_EVENT_TYPES.some((t) => t === event.type);

/** One handler call, typed per event type (the correlated-union form TypeScript checks). */
function runHandler<K extends HandledType>(type: K, event: EventMap[K], ctx: EffectContext): Promise<Effect> {
  return HANDLERS[type](event, ctx);
}

const buildEffect = (event: Stripe.Event, ctx: EffectContext): Promise<Effect> =>
  isHandled(event) ? runHandler(event.type, event, ctx) : Promise.resolve(ignored());

/* ---------------- received / applied bookkeeping ---------------- */

function receivedFacts(event: Stripe.Event): ReceivedFacts {
  const none: ReceivedFacts = { userId: null, expectedEntryId: null, paymentRef: null, subscriptionId: null };
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const o = event.data.object;
    const userId = o.client_reference_id ?? o.metadata?.userId ?? null;
    const pt = o.metadata?.productType;
    const paid = o.mode === 'payment' && o.payment_status === 'paid';
    return {
      userId,
      expectedEntryId:
        paid && (pt === 'trial' || isPackId(pt))
          ? ledgerEntryId(pt === 'trial' ? 'grant.trial' : 'grant.pack', o.id)
          : null,
      paymentRef: paid ? o.id : null,
      subscriptionId: typeof o.subscription === 'string' ? o.subscription : null,
    };
  }
  if (event.type === 'invoice.paid') {
    const o = event.data.object;
    const reason = o.billing_reason;
    const subscriptionId = invoiceSubscriptionId(o);
    const isGrant = subscriptionId && (reason === 'subscription_create' || reason === 'subscription_cycle');
    return {
      userId: invoiceUserId(o),
      expectedEntryId: isGrant ? ledgerEntryId('grant.monthly', o.id) : null,
      paymentRef: o.id,
      subscriptionId,
    };
  }
  return none;
}

const outcomeOf = (effect: Effect): EventOutcome =>
  effect.outcome === 'ignored'
    ? 'ignored'
    : effect.outcome.startsWith('already-applied')
      ? 'already-applied'
      : 'applied';

/** What the webhook works with: the store (ledger, user, checkout and event records) and the payments provider. */
export interface StripeEventDeps {
  store: StripeStore;
  payments: PaymentsAdapter;
}

/** Applying verified events, on their collaborators. */
export function stripeEventUseCases({ store, payments }: StripeEventDeps) {
  /** What the event announces (for reconciliation), recorded whether or not it is applied. */
  const recordReceived = (event: Stripe.Event, now: Date): Promise<void> =>
    store.recordEventReceived({
      eventId: event.id,
      eventType: event.type,
      eventCreated: new Date(event.created * 1000).toISOString(),
      receivedAt: now.toISOString(),
      ...receivedFacts(event),
    });

  /**
   * Apply one verified event: its effect and its APPLIED marker in one transaction. Optimistic writes that lost
   * a race are rebuilt from fresh reads and retried.
   */
  async function applyStripeEvent(event: Stripe.Event, now: Date): Promise<EventOutcome> {
    const ctx: EffectContext = { store, payments, now };
    const applied = (effect: Effect) => ({
      eventId: event.id,
      eventType: event.type,
      outcome: effect.outcome,
      userId: effect.userId ?? null,
      appliedAt: now.toISOString(),
    });
    await recordReceived(event, now);
    return withRetry(async (): Promise<EventOutcome | typeof AGAIN> => {
      if (await store.isEventApplied(event.id)) return 'duplicate';
      const effect = await buildEffect(event, ctx);
      const written = await store.writeEventEffect(
        applied(effect),
        { ledger: effect.write, intents: effect.intents },
        now,
        async () => {
          for (const call of effect.before ?? []) await call();
        },
      );
      if (written === 'duplicate') return 'duplicate';
      if (written === 'written') {
        for (const call of effect.after ?? []) {
          await call().catch((err: Error) =>
            logger.error('stripe follow-up failed', { eventId: event.id, error: err }),
          );
        }
        return outcomeOf(effect);
      }
      if (effect.witness && (await witnessed(store, effect.witness))) {
        // another event (or an earlier delivery) carried the same cause: record this event as done
        await store.writeEventEffect(applied({ ...effect, outcome: `already-applied (${effect.outcome})` }), {}, now);
        return 'already-applied';
      }
      return AGAIN; // optimistic writes lost a race: rebuilt from fresh reads
    });
  }
  return { applyStripeEvent };
}

/** Production wiring: the use case on the table and the configured payments provider. */
export const applyStripeEvent = (
  db: Db,
  payments: PaymentsAdapter,
  event: Stripe.Event,
  now = new Date(),
): Promise<EventOutcome> =>
  stripeEventUseCases({ store: bindDb(db, stripeRepositories), payments }).applyStripeEvent(event, now);
