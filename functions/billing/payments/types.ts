/**
 * The payments port: what billing needs from a payment provider. Two adapters implement it: `stripe` (the
 * official `stripe` SDK, stripe-adapter.ts) and `local` (sessions and subscriptions in DynamoDB, a checkout
 * page at the local origin, Stripe-format signed events posted to the real webhook route).
 */
import type { MonthlyPlanId, ProductType } from '../../../shared/domain/plans';

export interface CheckoutInput {
  userId: string;
  email: string;
  productType: ProductType;
  successUrl: string;
  cancelUrl: string;
  /** The user's Stripe customer, when known (reused so the portal shows one customer). */
  customerId?: string | null;
}

/** A subscription as billing sees it (parsed from Stripe's object, wherever it came from). */
export interface SubscriptionView {
  id: string;
  /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  customerId: string | null;
  userId: string | null;
  /** The plan in effect now (metadata.plan, else the price). */
  plan: MonthlyPlanId | null;
  /** A downgrade taking effect at the period end (metadata.scheduledPlan). */
  scheduledPlan: MonthlyPlanId | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
}

export interface PortalInput {
  customerId: string;
  returnUrl: string;
  /** Open the portal straight on "update payment method". */
  flow?: 'payment_method_update';
}

/** A checkout session as the provider knows it now (re-read at fulfilment, never taken from an event body). */
export interface CheckoutSessionView {
  id: string;
  /** open, complete or expired. */
  status: string;
  /** paid, unpaid or no_payment_required. */
  paymentStatus: string;
  amountTotal: number | null;
  currency: string | null;
  userId: string | null;
  productType: string | null;
  subscriptionId: string | null;
  paymentIntentId: string | null;
}

export interface PaymentsAdapter {
  readonly name: 'local' | 'stripe';
  webhookSecret(): Promise<string>;
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** Null when the provider does not know it. */
  retrieveSubscription(id: string): Promise<SubscriptionView | null>;
  cancelAtPeriodEnd(id: string): Promise<SubscriptionView>;
  /** Undo a cancellation at period end. */
  resume(id: string): Promise<SubscriptionView>;
  /** 'now': an upgrade, prorated and charged at once. 'period_end': a downgrade billed from the next cycle. */
  changePlan(id: string, plan: MonthlyPlanId, when: 'now' | 'period_end'): Promise<SubscriptionView>;
  /** Drop a scheduled downgrade: the next cycle bills the current plan again. */
  cancelScheduledChange(id: string): Promise<SubscriptionView>;
  /** At renewal: the scheduled plan is now the plan (metadata follows the price). */
  applyScheduledPlan(id: string, plan: MonthlyPlanId): Promise<SubscriptionView>;
  createPortalSession(input: PortalInput): Promise<{ url: string }>;
  /** Null when the provider does not know it. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionView | null>;
  /** Expire a session that is still open (no-op when it completed or expired already). */
  expireCheckoutSession(id: string): Promise<void>;
  /** End a subscription at once (a second live subscription refused at fulfilment). */
  cancelSubscriptionNow(id: string): Promise<void>;
  /** Refund a payment in full (a payment intent or invoice id); idempotent per key. */
  refundPayment(paymentRef: string, idempotencyKey: string): Promise<void>;
}

export class PaymentsUnavailable extends Error {
  constructor(message = 'Billing is not configured') {
    super(message);
    this.name = 'PaymentsUnavailable';
  }
}

/** A Stripe API failure as the port reports it (status and Stripe's error code). */
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
