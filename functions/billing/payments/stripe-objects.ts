/**
 * Stripe JSON shapes: builders for the events the local adapter (and the tests) post, and parsers for what
 * billing reads from events and from the API. Both old (invoice.subscription, subscription.current_period_end)
 * and current (invoice.parent.subscription_details, items.data[].current_period_end) API shapes are read.
 */
import { monthlyPlanForPrice, isMonthlyPlan, type MonthlyPlanId } from '../../../shared/domain/plans';
import type { SubscriptionView } from './types';

export interface StripeEvent<T = Record<string, any>> {
  id: string;
  object: 'event';
  api_version?: string;
  type: string;
  created: number;
  livemode: boolean;
  data: { object: T; previous_attributes?: Record<string, unknown> };
}

export const toUnix = (d: Date | string): number => Math.floor(new Date(d).getTime() / 1000);
export const fromUnix = (s: number | null | undefined): string | null =>
  typeof s === 'number' ? new Date(s * 1000).toISOString() : null;

export function stripeEvent<T>(id: string, type: string, object: T, created = new Date()): StripeEvent<T> {
  return {
    id,
    object: 'event',
    api_version: '2025-03-31.basil',
    type,
    created: toUnix(created),
    livemode: false,
    data: { object },
  };
}

/** A Stripe subscription object (the fields billing reads). */
export interface StripeSubscription {
  id: string;
  object: 'subscription';
  status: string;
  customer: string | null;
  cancel_at_period_end: boolean;
  canceled_at?: number | null;
  ended_at?: number | null;
  created?: number;
  current_period_start?: number;
  current_period_end?: number;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: {
        id?: string;
        object: 'price';
        unit_amount: number | null;
        currency: string;
        product: string;
        recurring: { interval: string } | null;
      };
      current_period_start?: number;
      current_period_end?: number;
    }[];
  };
  metadata: Record<string, string>;
}

/** What billing reads of a subscription: the SDK's Stripe.Subscription and our local StripeSubscription both are. */
export interface SubscriptionLike {
  id: string;
  status: string;
  customer: string | { id?: string } | null;
  cancel_at_period_end: boolean;
  current_period_start?: number;
  current_period_end?: number;
  items: {
    data: {
      id: string;
      price: { unit_amount: number | null };
      current_period_start?: number;
      current_period_end?: number;
    }[];
  };
  metadata: Record<string, string> | null;
}

/** The one item of a subscription (Fitly subscriptions carry exactly one price); a subscription without one is refused. */
export function subscriptionItem<S extends SubscriptionLike>(s: S): S['items']['data'][number] {
  const item = s.items.data[0];
  if (!item) throw new Error(`Subscription ${s.id} has no item`);
  return item;
}

export function parseSubscription(s: SubscriptionLike): SubscriptionView {
  const item = s.items?.data?.[0];
  const meta = s.metadata ?? {};
  const plan: MonthlyPlanId | null = isMonthlyPlan(meta.plan)
    ? meta.plan
    : monthlyPlanForPrice(item?.price?.unit_amount);
  const start = s.current_period_start ?? item?.current_period_start;
  const end = s.current_period_end ?? item?.current_period_end;
  return {
    id: s.id,
    status: s.status,
    customerId: typeof s.customer === 'string' ? s.customer : (s.customer?.id ?? null),
    userId: meta.userId || null,
    plan,
    scheduledPlan: isMonthlyPlan(meta.scheduledPlan) && meta.scheduledPlan !== plan ? meta.scheduledPlan : null,
    cancelAtPeriodEnd: !!s.cancel_at_period_end,
    currentPeriodStart: fromUnix(start),
    currentPeriodEnd: fromUnix(end),
  };
}

/** The subscription an invoice belongs to, in either API shape. */
export function invoiceSubscriptionId(inv: Record<string, any>): string | null {
  const v =
    inv.subscription ??
    inv.parent?.subscription_details?.subscription ??
    inv.lines?.data?.[0]?.parent?.subscription_item_details?.subscription;
  if (typeof v === 'string') return v;
  return v?.id ?? null;
}

/** The user an invoice names in its subscription's metadata, in either API shape. */
export function invoiceUserId(inv: Record<string, any>): string | null {
  const v = inv.parent?.subscription_details?.metadata?.userId ?? inv.subscription_details?.metadata?.userId;
  return typeof v === 'string' ? v : null;
}

/** The unit price an invoice billed for the plan (first line with a recurring price). */
export function invoicePlan(inv: Record<string, any>): MonthlyPlanId | null {
  for (const line of inv.lines?.data ?? []) {
    const amount = line.price?.unit_amount ?? line.pricing?.unit_amount_decimal ?? null;
    const plan =
      monthlyPlanForPrice(amount === null ? null : Number(amount)) ??
      (isMonthlyPlan(line.metadata?.plan) ? line.metadata.plan : null);
    if (plan) return plan;
  }
  return null;
}

/** The payment reference a refund names: the payment intent, else the invoice. */
export function chargePaymentRefs(charge: Record<string, any>): string[] {
  const refs: string[] = [];
  const pi = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (pi) refs.push(pi);
  const inv = typeof charge.invoice === 'string' ? charge.invoice : charge.invoice?.id;
  if (inv) refs.push(inv);
  return refs;
}

export function invoicePaymentRefs(inv: Record<string, any>): string[] {
  const refs: string[] = [inv.id];
  const pi = typeof inv.payment_intent === 'string' ? inv.payment_intent : inv.payment_intent?.id;
  if (pi) refs.push(pi);
  for (const p of inv.payments?.data ?? []) {
    const ppi = p.payment?.payment_intent;
    if (typeof ppi === 'string') refs.push(ppi);
  }
  return refs;
}
