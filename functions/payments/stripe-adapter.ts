/**
 * The Stripe adapter: the REST API with form-encoded bodies over fetch (no SDK). Prices are created inline
 * (price_data) from shared/domain/plans.ts, so the plan rules stay in one place and no price ids need syncing.
 */
import { PLANS, productInfo, type MonthlyPlanId } from '../../shared/domain/plans';
import { parseSubscription, type StripeSubscription } from './stripe-objects';
import type { CheckoutInput, PaymentsAdapter, PortalInput, SubscriptionView } from './types';

export interface StripeAdapterOptions {
  secretKey: string;
  webhookSecret: string;
  /** Default https://api.stripe.com (tests point it at a local fake). */
  apiBase?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly stripeCode: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'StripeApiError';
  }
}

/** Stripe's form encoding: nested objects as a[b][c]=v, arrays as a[0][b]=v. */
export function encodeForm(obj: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined || v === null) continue;
    const key = prefix ? `${prefix}[${k}]` : k;
    if (Array.isArray(v)) v.forEach((item, i) => (typeof item === 'object' && item !== null ? out.push(...encodeForm(item as Record<string, unknown>, `${key}[${i}]`)) : out.push(`${encodeURIComponent(`${key}[${i}]`)}=${encodeURIComponent(String(item))}`)));
    else if (typeof v === 'object') out.push(...encodeForm(v as Record<string, unknown>, key));
    else out.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`);
  }
  return out;
}

export function createStripeAdapter(opts: StripeAdapterOptions): PaymentsAdapter {
  const base = (opts.apiBase ?? 'https://api.stripe.com').replace(/\/$/, '');

  async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, params?: Record<string, unknown>, idempotencyKey?: string): Promise<T> {
    const body = params ? encodeForm(params).join('&') : undefined;
    const res = await fetch(`${base}${path}${method === 'GET' && body ? `?${body}` : ''}`, {
      method,
      headers: {
        authorization: `Bearer ${opts.secretKey}`,
        'stripe-version': '2025-03-31.basil',
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: method === 'POST' ? (body ?? '') : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    const data = text ? JSON.parse(text) : {};
    if (!res.ok) throw new StripeApiError(res.status, data?.error?.code, data?.error?.message ?? `Stripe answered ${res.status}`);
    return data as T;
  }

  const getSub = (id: string) => call<StripeSubscription>('GET', `/v1/subscriptions/${encodeURIComponent(id)}`);
  const updateSub = async (id: string, params: Record<string, unknown>) =>
    parseSubscription(await call<StripeSubscription>('POST', `/v1/subscriptions/${encodeURIComponent(id)}`, params));

  function priceData(plan: MonthlyPlanId, product: string) {
    return { currency: 'eur', product, unit_amount: PLANS[plan].priceCents, recurring: { interval: 'month' } };
  }

  return {
    name: 'stripe',
    async webhookSecret() {
      return opts.webhookSecret;
    },
    async createCheckoutSession(i: CheckoutInput) {
      const p = productInfo(i.productType);
      const metadata = { productType: i.productType, userId: i.userId };
      const params: Record<string, unknown> = {
        mode: p.mode,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: p.priceCents,
              product_data: { name: p.name },
              ...(p.interval ? { recurring: { interval: p.interval } } : {}),
            },
          },
        ],
        success_url: i.successUrl,
        cancel_url: i.cancelUrl,
        client_reference_id: i.userId,
        metadata,
        ...(i.customerId ? { customer: i.customerId } : { customer_email: i.email }),
        ...(p.mode === 'payment'
          ? { payment_intent_data: { metadata }, ...(i.customerId ? {} : { customer_creation: 'always' }) }
          : { subscription_data: { metadata: { ...metadata, plan: i.productType } } }),
      };
      const s = await call<{ id: string; url: string }>('POST', '/v1/checkout/sessions', params);
      return { id: s.id, url: s.url };
    },
    async retrieveSubscription(id) {
      try {
        return parseSubscription(await getSub(id));
      } catch (err) {
        if (err instanceof StripeApiError && err.status === 404) return null;
        throw err;
      }
    },
    cancelAtPeriodEnd: (id) => updateSub(id, { cancel_at_period_end: 'true' }),
    resume: (id) => updateSub(id, { cancel_at_period_end: 'false' }),
    async changePlan(id, plan, when) {
      const sub = await getSub(id);
      const item = sub.items.data[0];
      const items = [{ id: item.id, price_data: priceData(plan, item.price.product) }];
      if (when === 'now')
        return updateSub(id, { items, proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete', metadata: { plan, scheduledPlan: '' } });
      // the next invoice bills the new price; the plan (metadata) changes when that invoice is paid
      return updateSub(id, { items, proration_behavior: 'none', metadata: { scheduledPlan: plan } });
    },
    async cancelScheduledChange(id) {
      const sub = await getSub(id);
      const current = parseSubscription(sub).plan;
      const item = sub.items.data[0];
      if (!current) throw new Error(`subscription ${id} has no plan`);
      return updateSub(id, { items: [{ id: item.id, price_data: priceData(current, item.price.product) }], proration_behavior: 'none', metadata: { scheduledPlan: '' } });
    },
    applyScheduledPlan: (id, plan) => updateSub(id, { metadata: { plan, scheduledPlan: '' } }),
    async createPortalSession(i: PortalInput) {
      const s = await call<{ url: string }>('POST', '/v1/billing_portal/sessions', {
        customer: i.customerId,
        return_url: i.returnUrl,
        ...(i.flow ? { flow_data: { type: i.flow } } : {}),
      });
      return { url: s.url };
    },
    async retrieveCheckoutSession(id) {
      try {
        const s = await call<Record<string, any>>('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`);
        return {
          id: s.id,
          status: s.status,
          paymentStatus: s.payment_status,
          amountTotal: typeof s.amount_total === 'number' ? s.amount_total : null,
          currency: s.currency ?? null,
          userId: s.client_reference_id ?? s.metadata?.userId ?? null,
          productType: s.metadata?.productType ?? null,
          subscriptionId: typeof s.subscription === 'string' ? s.subscription : (s.subscription?.id ?? null),
          paymentIntentId: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
        };
      } catch (err) {
        if (err instanceof StripeApiError && err.status === 404) return null;
        throw err;
      }
    },
    async expireCheckoutSession(id) {
      try {
        await call('POST', `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`);
      } catch (err) {
        // only open sessions can be expired: one that completed or expired meanwhile is fine
        if (!(err instanceof StripeApiError && (err.status === 400 || err.status === 404))) throw err;
      }
    },
    async cancelSubscriptionNow(id) {
      try {
        await call('DELETE', `/v1/subscriptions/${encodeURIComponent(id)}`);
      } catch (err) {
        if (!(err instanceof StripeApiError && (err.status === 400 || err.status === 404))) throw err;
      }
    },
    async refundPayment(paymentRef, idempotencyKey) {
      let paymentIntent = paymentRef;
      if (paymentRef.startsWith('in_')) {
        // an invoice: refund the payment intent that paid it (basil lists it under payments, older APIs inline)
        const inv = await call<Record<string, any>>('GET', `/v1/invoices/${encodeURIComponent(paymentRef)}`, { expand: ['payments'] });
        const pi = inv.payments?.data?.[0]?.payment?.payment_intent ?? inv.payment_intent;
        paymentIntent = typeof pi === 'string' ? pi : pi?.id;
        if (!paymentIntent) throw new Error(`invoice ${paymentRef} has no payment to refund`);
      }
      try {
        await call('POST', '/v1/refunds', { payment_intent: paymentIntent }, idempotencyKey);
      } catch (err) {
        // already refunded in full: nothing left to do
        if (!(err instanceof StripeApiError && err.stripeCode === 'charge_already_refunded')) throw err;
      }
    },
  } satisfies PaymentsAdapter;
}

export type { SubscriptionView };
