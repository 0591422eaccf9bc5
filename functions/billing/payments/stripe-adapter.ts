/**
 * The Stripe adapter: the official `stripe` SDK behind the payments port (its form encoding, its network
 * retries with idempotency keys on POSTs, typed errors). Prices are created inline (price_data) from
 * shared/domain/plans.ts, so the plan rules stay in one place and no price ids need syncing.
 */
import Stripe from 'stripe';
import { PLANS, productInfo, type MonthlyPlanId } from '../../../shared/domain/plans';
import { parseSubscription, subscriptionItem } from './stripe-objects';
import {
  StripeApiError,
  type CheckoutInput,
  type PaymentsAdapter,
  type PortalInput,
  type SubscriptionView,
} from './types';

export { StripeApiError };

/** The API version every request and every webhook endpoint uses (stripe-objects.ts reads its shapes). */
export const STRIPE_API_VERSION = '2025-03-31.basil';

export interface StripeAdapterOptions {
  secretKey: string;
  webhookSecret: string;
  /** Default https://api.stripe.com (tests point the SDK at a local fake: protocol, host and port). */
  apiBase?: string;
  /** The SDK's automatic network retries (with idempotency keys); default 2. */
  maxNetworkRetries?: number;
}

/** The SDK client for these options (the API base split into the SDK's protocol, host and port). */
export function stripeClient(opts: Pick<StripeAdapterOptions, 'secretKey' | 'apiBase' | 'maxNetworkRetries'>): Stripe {
  const base = opts.apiBase ? new URL(opts.apiBase) : null;
  return new Stripe(opts.secretKey, {
    // the account's endpoints are pinned to this version; the SDK's types describe the latest one
    apiVersion: STRIPE_API_VERSION as Stripe.StripeConfig['apiVersion'],
    maxNetworkRetries: opts.maxNetworkRetries ?? 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          protocol: base.protocol === 'http:' ? 'http' : 'https',
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
        }
      : {}),
  });
}

/** SDK errors as StripeApiError (status and Stripe's error code); anything else unchanged. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) throw new StripeApiError(err.statusCode ?? 0, err.code, err.message);
    throw err;
  }
}

export function createStripeAdapter(opts: StripeAdapterOptions): PaymentsAdapter {
  const stripe = stripeClient(opts);

  const getSub = (id: string) => call(() => stripe.subscriptions.retrieve(id));
  const updateSub = async (id: string, params: Stripe.SubscriptionUpdateParams) =>
    parseSubscription(await call(() => stripe.subscriptions.update(id, params)));
  /** The product of a subscription item's price (an id, or the expanded object). */
  const productOf = (item: Stripe.SubscriptionItem): string =>
    typeof item.price.product === 'string' ? item.price.product : item.price.product.id;

  function priceData(plan: MonthlyPlanId, product: string): Stripe.SubscriptionUpdateParams.Item.PriceData {
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
      const params: Stripe.Checkout.SessionCreateParams = {
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
          ? { payment_intent_data: { metadata }, ...(i.customerId ? {} : { customer_creation: 'always' as const }) }
          : { subscription_data: { metadata: { ...metadata, plan: i.productType } } }),
      };
      const s = await call(() => stripe.checkout.sessions.create(params));
      return { id: s.id, url: s.url ?? '' };
    },
    async retrieveSubscription(id) {
      try {
        return parseSubscription(await getSub(id));
      } catch (err) {
        if (err instanceof StripeApiError && err.status === 404) return null;
        throw err;
      }
    },
    cancelAtPeriodEnd: (id) => updateSub(id, { cancel_at_period_end: true }),
    resume: (id) => updateSub(id, { cancel_at_period_end: false }),
    async changePlan(id, plan, when) {
      const sub = await getSub(id);
      const item = subscriptionItem(sub);
      const items = [{ id: item.id, price_data: priceData(plan, productOf(item)) }];
      if (when === 'now')
        return updateSub(id, {
          items,
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          metadata: { plan, scheduledPlan: '' },
        });
      // the next invoice bills the new price; the plan (metadata) changes when that invoice is paid
      return updateSub(id, { items, proration_behavior: 'none', metadata: { scheduledPlan: plan } });
    },
    async cancelScheduledChange(id) {
      const sub = await getSub(id);
      const current = parseSubscription(sub).plan;
      const item = subscriptionItem(sub);
      if (!current) throw new Error(`subscription ${id} has no plan`);
      return updateSub(id, {
        items: [{ id: item.id, price_data: priceData(current, productOf(item)) }],
        proration_behavior: 'none',
        metadata: { scheduledPlan: '' },
      });
    },
    applyScheduledPlan: (id, plan) => updateSub(id, { metadata: { plan, scheduledPlan: '' } }),
    async createPortalSession(i: PortalInput) {
      const s = await call(() =>
        stripe.billingPortal.sessions.create({
          customer: i.customerId,
          return_url: i.returnUrl,
          ...(i.flow ? { flow_data: { type: i.flow } } : {}),
        }),
      );
      return { url: s.url };
    },
    async retrieveCheckoutSession(id) {
      try {
        const s = await call(() => stripe.checkout.sessions.retrieve(id));
        return {
          id: s.id,
          status: s.status ?? 'open',
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
        await call(() => stripe.checkout.sessions.expire(id));
      } catch (err) {
        // only open sessions can be expired: one that completed or expired meanwhile is fine
        if (!(err instanceof StripeApiError && (err.status === 400 || err.status === 404))) throw err;
      }
    },
    async cancelSubscriptionNow(id) {
      try {
        await call(() => stripe.subscriptions.cancel(id));
      } catch (err) {
        if (!(err instanceof StripeApiError && (err.status === 400 || err.status === 404))) throw err;
      }
    },
    async refundPayment(paymentRef, idempotencyKey) {
      let paymentIntent: string | undefined = paymentRef;
      if (paymentRef.startsWith('in_')) {
        // an invoice: refund the payment intent that paid it (basil lists it under payments, older APIs inline)
        // read in either API shape (payments list or inline payment_intent)
        const inv: Record<string, any> = await call(() =>
          stripe.invoices.retrieve(paymentRef, { expand: ['payments'] }),
        );
        const pi = inv.payments?.data?.[0]?.payment?.payment_intent ?? inv.payment_intent;
        paymentIntent = typeof pi === 'string' ? pi : pi?.id;
        if (!paymentIntent) throw new Error(`invoice ${paymentRef} has no payment to refund`);
      }
      try {
        await call(() => stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey }));
      } catch (err) {
        // already refunded in full: nothing left to do
        if (!(err instanceof StripeApiError && err.stripeCode === 'charge_already_refunded')) throw err;
      }
    },
  } satisfies PaymentsAdapter;
}

export type { SubscriptionView };
