/**
 * The local payments adapter (local mode only, never deployed): checkout sessions and subscriptions are
 * Stripe-shaped objects kept in DynamoDB (LOCALPAY# items); the checkout page (infra/local/checkout-page.ts)
 * calls pay(), which posts the same signed Stripe events a real payment would to the REAL webhook route.
 * advanceCycle() is the renewal Stripe would run at the period end (`npm run local:renew`).
 */
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { PLANS, isMonthlyPlan, productInfo, type MonthlyPlanId, type ProductType } from '../../../shared/domain/plans';
import {
  getLocalPaySession,
  getLocalPaySubscription,
  putLocalPayRefund,
  putLocalPaySession,
  putLocalPaySubscription,
} from '../../../shared/repositories/local-payments-repository';
import type { Db } from '../../../shared/repositories/table';
import {
  parseSubscription,
  stripeEvent,
  subscriptionItem,
  toUnix,
  type StripeEvent,
  type StripeSubscription,
} from './stripe-objects';
import type { CheckoutInput, PaymentsAdapter, SubscriptionView } from './types';

/** The fixed local webhook secret (overridable with STRIPE_WEBHOOK_SECRET); it protects nothing real. */
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_tryon_not_a_secret';
export const localWebhookSecret = (): string => process.env.STRIPE_WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET;

export const localOrigin = (): string => (process.env.PUBLIC_ORIGIN ?? 'http://localhost:3000').replace(/\/$/, '');

export interface LocalCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  client_reference_id: string;
  customer: string;
  customer_email: string;
  metadata: { productType: ProductType; userId: string };
  amount_total: number;
  currency: 'eur';
  success_url: string;
  cancel_url: string;
  url: string;
  created: number;
  subscription: string | null;
  payment_intent: string | null;
}

/** Delivers one event (default: signed POST to the webhook route over HTTP). */
export type EventSink = (event: StripeEvent) => Promise<void>;

export function httpEventSink(
  webhookUrl = process.env.LOCAL_WEBHOOK_URL ?? `${localOrigin()}/api/stripe/webhook`,
  secret = localWebhookSecret(),
): EventSink {
  return async (event) => {
    const body = JSON.stringify(event);
    // Signed with the Stripe SDK's own helper, loaded here: the SDK stays off the cold start of billing reads.
    const { signPayload } = await import('./signature');
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(body, secret) },
      body,
    });
    if (!res.ok) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
  };
}

const localCustomerId = (userId: string) =>
  `cus_local_${createHash('sha256').update(userId).digest('hex').slice(0, 14)}`;

export const getLocalSession = (db: Db, id: string): Promise<LocalCheckoutSession | null> =>
  getLocalPaySession<LocalCheckoutSession>(db, id);
const putSession = (db: Db, s: LocalCheckoutSession) => putLocalPaySession(db, s.id, s);
export const getLocalSubscription = (db: Db, id: string): Promise<StripeSubscription | null> =>
  getLocalPaySubscription<StripeSubscription>(db, id);
const putSubscription = (db: Db, s: StripeSubscription) => putLocalPaySubscription(db, s.id, s);

function addMonth(unix: number): number {
  const d = new Date(unix * 1000);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
  return toUnix(d);
}

/** The monthly plan a local session or subscription names (every local subscription has one). */
function planOf(value: string | undefined, owner: string): MonthlyPlanId {
  if (!isMonthlyPlan(value)) throw new Error(`${owner} names no monthly plan`);
  return value;
}

function setPlanPrice(s: StripeSubscription, plan: MonthlyPlanId) {
  subscriptionItem(s).price.unit_amount = PLANS[plan].priceCents;
}

function invoiceFor(
  sub: StripeSubscription,
  plan: MonthlyPlanId,
  reason: 'subscription_create' | 'subscription_cycle',
  n: number,
) {
  const id = `in_local_${sub.id.replace(/^sub_local_/, '')}_${n}`;
  const item = subscriptionItem(sub);
  return {
    id,
    object: 'invoice',
    status: 'paid',
    billing_reason: reason,
    customer: sub.customer,
    currency: 'eur',
    amount_paid: PLANS[plan].priceCents,
    amount_due: PLANS[plan].priceCents,
    payment_intent: `pi_local_${id.slice(9)}`,
    subscription: sub.id,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${id}`,
          object: 'line_item',
          amount: PLANS[plan].priceCents,
          price: { ...item.price, unit_amount: PLANS[plan].priceCents },
          metadata: { plan },
        },
      ],
    },
    created: toUnix(new Date()),
  };
}

export interface LocalAdapterOptions {
  db: Db;
  origin?: string;
}

export function createLocalAdapter(opts: LocalAdapterOptions): PaymentsAdapter {
  const { db } = opts;
  const origin = () => (opts.origin ?? localOrigin()).replace(/\/$/, '');
  async function mustSub(id: string): Promise<StripeSubscription> {
    const s = await getLocalSubscription(db, id);
    if (!s) throw new Error(`No such subscription: ${id}`);
    return s;
  }
  async function update(id: string, fn: (s: StripeSubscription) => void): Promise<SubscriptionView> {
    const s = await mustSub(id);
    fn(s);
    await putSubscription(db, s);
    return parseSubscription(s);
  }
  return {
    name: 'local',
    async webhookSecret() {
      return localWebhookSecret();
    },
    async createCheckoutSession(i: CheckoutInput) {
      const p = productInfo(i.productType);
      const id = `cs_local_${ulid()}`;
      const session: LocalCheckoutSession = {
        id,
        object: 'checkout.session',
        mode: p.mode,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: i.userId,
        customer: i.customerId ?? localCustomerId(i.userId),
        customer_email: i.email,
        metadata: { productType: i.productType, userId: i.userId },
        amount_total: p.priceCents,
        currency: 'eur',
        success_url: i.successUrl,
        cancel_url: i.cancelUrl,
        url: `${origin()}/local/checkout/${id}`,
        created: toUnix(new Date()),
        subscription: null,
        payment_intent: null,
      };
      await putSession(db, session);
      return { id, url: session.url };
    },
    async retrieveSubscription(id) {
      const s = await getLocalSubscription(db, id);
      return s ? parseSubscription(s) : null;
    },
    cancelAtPeriodEnd: (id) => update(id, (s) => void (s.cancel_at_period_end = true)),
    resume: (id) => update(id, (s) => void (s.cancel_at_period_end = false)),
    changePlan: (id, plan, when) =>
      update(id, (s) => {
        if (when === 'now') {
          s.metadata.plan = plan;
          delete s.metadata.scheduledPlan;
        } else s.metadata.scheduledPlan = plan;
        setPlanPrice(s, plan);
      }),
    cancelScheduledChange: (id) =>
      update(id, (s) => {
        delete s.metadata.scheduledPlan;
        setPlanPrice(s, planOf(s.metadata.plan, s.id));
      }),
    applyScheduledPlan: (id, plan) =>
      update(id, (s) => {
        s.metadata.plan = plan;
        delete s.metadata.scheduledPlan;
      }),
    async createPortalSession(i) {
      const q = new URLSearchParams({
        customer: i.customerId,
        return_url: i.returnUrl,
        ...(i.flow ? { flow: i.flow } : {}),
      });
      return { url: `${origin()}/local/checkout/portal?${q}` };
    },
    async retrieveCheckoutSession(id) {
      const s = await getLocalSession(db, id);
      if (!s) return null;
      return {
        id: s.id,
        status: s.status,
        paymentStatus: s.payment_status,
        amountTotal: s.amount_total,
        currency: s.currency,
        userId: s.client_reference_id,
        productType: s.metadata.productType,
        subscriptionId: s.subscription,
        paymentIntentId: s.payment_intent,
      };
    },
    async expireCheckoutSession(id) {
      const s = await getLocalSession(db, id);
      if (!s || s.status !== 'open') return;
      s.status = 'expired';
      await putSession(db, s);
    },
    async cancelSubscriptionNow(id) {
      const s = await getLocalSubscription(db, id);
      if (!s || s.status === 'canceled') return;
      s.status = 'canceled';
      s.canceled_at = s.ended_at = toUnix(new Date());
      await putSubscription(db, s);
    },
    async refundPayment(paymentRef, idempotencyKey) {
      // no money moves locally: the refund is recorded so tests and the checkout page can see it
      await putLocalPayRefund(db, idempotencyKey, paymentRef);
    },
  } satisfies PaymentsAdapter;
}

/**
 * "Pay" on the local checkout page: completes the session and delivers the events Stripe would send, in
 * order (checkout.session.completed; for a subscription also customer.subscription.created and the first
 * invoice.paid). Idempotent: a completed session delivers its events again (the webhook dedupes them).
 * Returns the success URL.
 */
export async function payLocalSession(
  db: Db,
  sessionId: string,
  deliver: EventSink,
  now = new Date(),
): Promise<string> {
  const session = await getLocalSession(db, sessionId);
  if (!session) throw new Error(`No such checkout session: ${sessionId}`);
  if (session.status === 'expired') throw new Error(`Checkout session ${sessionId} has expired`);
  const events: StripeEvent[] = [];
  if (session.mode === 'subscription') {
    const plan = planOf(session.metadata.productType, sessionId);
    let sub = session.subscription ? await getLocalSubscription(db, session.subscription) : null;
    if (!sub) {
      const start = toUnix(now);
      const end = addMonth(start);
      sub = {
        id: `sub_local_${sessionId.replace(/^cs_local_/, '')}`,
        object: 'subscription',
        status: 'active',
        customer: session.customer,
        cancel_at_period_end: false,
        created: start,
        current_period_start: start,
        current_period_end: end,
        items: {
          object: 'list',
          data: [
            {
              id: `si_${sessionId.slice(9)}`,
              object: 'subscription_item',
              price: {
                object: 'price',
                unit_amount: PLANS[plan].priceCents,
                currency: 'eur',
                product: `prod_local_${plan}`,
                recurring: { interval: 'month' },
              },
              current_period_start: start,
              current_period_end: end,
            },
          ],
        },
        metadata: { userId: session.client_reference_id, productType: plan, plan, cycle: '1' },
      };
      await putSubscription(db, sub);
    }
    session.subscription = sub.id;
    session.status = 'complete';
    session.payment_status = 'paid';
    await putSession(db, session);
    events.push(stripeEvent(`evt_${sessionId}_completed`, 'checkout.session.completed', session, now));
    events.push(stripeEvent(`evt_${sub.id}_created`, 'customer.subscription.created', sub, now));
    events.push(
      stripeEvent(`evt_${sub.id}_invoice_1`, 'invoice.paid', invoiceFor(sub, plan, 'subscription_create', 1), now),
    );
  } else {
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent ??= `pi_local_${sessionId.replace(/^cs_local_/, '')}`;
    await putSession(db, session);
    events.push(stripeEvent(`evt_${sessionId}_completed`, 'checkout.session.completed', session, now));
  }
  for (const e of events) await deliver(e);
  return session.success_url;
}

/**
 * One billing cycle passes: a subscription set to cancel at period end ends (customer.subscription.deleted);
 * otherwise the next period starts on the scheduled plan if any, and its invoice is paid (invoice.paid,
 * subscription_cycle). Returns the events delivered.
 */
export async function advanceLocalCycle(
  db: Db,
  subscriptionId: string,
  deliver: EventSink,
  now = new Date(),
): Promise<StripeEvent[]> {
  const sub = await getLocalSubscription(db, subscriptionId);
  if (!sub) throw new Error(`No such subscription: ${subscriptionId}`);
  if (sub.status === 'canceled') throw new Error(`Subscription ${subscriptionId} has ended`);
  const item = subscriptionItem(sub);
  const cycle = Number(sub.metadata.cycle ?? '1') + 1;
  const events: StripeEvent[] = [];
  if (sub.cancel_at_period_end) {
    sub.status = 'canceled';
    sub.ended_at = item.current_period_end ?? toUnix(now);
    sub.canceled_at = toUnix(now);
    await putSubscription(db, sub);
    events.push(stripeEvent(`evt_${sub.id}_deleted`, 'customer.subscription.deleted', sub, now));
  } else {
    const scheduled = sub.metadata.scheduledPlan;
    const plan = isMonthlyPlan(scheduled) ? scheduled : planOf(sub.metadata.plan, sub.id);
    sub.metadata.plan = plan;
    delete sub.metadata.scheduledPlan;
    sub.metadata.cycle = String(cycle);
    setPlanPrice(sub, plan);
    const start = item.current_period_end ?? toUnix(now);
    const end = addMonth(start);
    item.current_period_start = sub.current_period_start = start;
    item.current_period_end = sub.current_period_end = end;
    await putSubscription(db, sub);
    events.push(
      stripeEvent(
        `evt_${sub.id}_invoice_${cycle}`,
        'invoice.paid',
        invoiceFor(sub, plan, 'subscription_cycle', cycle),
        now,
      ),
    );
    events.push(stripeEvent(`evt_${sub.id}_updated_${cycle}`, 'customer.subscription.updated', sub, now));
  }
  for (const e of events) await deliver(e);
  return events;
}
