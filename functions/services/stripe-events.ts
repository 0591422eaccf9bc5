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
 */
import {
  isLiveSubscriptionStatus,
  isPackId,
  monthlyAllowance,
  packExpiry,
  PACKS,
  PLANS,
  rolloverCapOf,
  type PlanId,
  type ProductType,
} from '../../shared/domain/plans';
import { ledgerEntryId, renewalAmounts, type Bucket } from '../../shared/domain/ledger';
import {
  entryExists,
  getBalance,
  getLot,
  ledgerItems,
  lotKeyOf,
  type LedgerWrite,
  type TransactItem,
} from '../../shared/repositories/ledger-repository';
import { getUser, type UserRecord } from '../../shared/repositories/user-repository';
import type { Db } from '../../shared/repositories/table';
import {
  eventAppliedItem,
  findPaymentGrant,
  getSubscriptionOwner,
  isEventApplied,
  paymentGrantItems,
  paymentRevokedItem,
  recordEventReceived,
  subscriptionOwnerItem,
  userFieldsItem,
  writeApplied,
  type ReceivedFacts,
} from '../../shared/repositories/billing-repository';
import { AGAIN, withRetry } from '../../shared/repositories/toolkit';
import type { PaymentsAdapter, SubscriptionView } from '../payments/types';
import {
  checkoutStatusItems,
  expireOpenCheckout,
  getCheckoutRecord,
  listOpenCheckouts,
  type CheckoutKind,
  type CheckoutRecord,
} from '../../shared/repositories/checkout-repository';
import { logger } from '../lib/logger';
import {
  chargePaymentRefs,
  invoicePaymentRefs,
  invoicePlan,
  invoiceSubscriptionId,
  type StripeEvent,
} from '../payments/stripe-objects';

export type EventOutcome = 'applied' | 'duplicate' | 'already-applied' | 'ignored';

export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'charge.dispute.created',
] as const;

/** A user's ledger entry, by id. */
interface Witness {
  userId: string;
  entryId: string;
}

interface Effect {
  /** What the event did, stored on its APPLIED item. */
  outcome: string;
  userId?: string | null;
  write?: LedgerWrite;
  extra?: TransactItem[];
  /** A ledger entry whose existence proves the effect was already applied by another event (the grant entry). */
  witness?: Witness;
  /** Provider calls that must happen before the effect is recorded (refunds, cancellations); idempotent. */
  before?: (() => Promise<void>)[];
  /** Best-effort provider calls after the effect is recorded (expiring other open sessions). */
  after?: (() => Promise<void>)[];
}

/** Which once-rules a product falls under: trial once ever, one live subscription, packs any number. */
export const checkoutKindOf = (productType: ProductType): CheckoutKind =>
  productType === 'trial' ? 'trial' : isPackId(productType) ? 'pack' : 'subscription';

/**
 * Fulfilment refused: nothing is granted, the event is recorded as applied with the reason (so Stripe stops
 * retrying), and one error line `stripe fulfilment refused` is logged for the alarm (docs/security.md).
 */
function refused(
  reason: string,
  facts: { sessionId?: string | null; userId?: string | null; [k: string]: unknown },
  parts: Partial<Effect> = {},
): Effect {
  logger.error('stripe fulfilment refused', { reason, ...facts });
  return { outcome: `refused: ${reason}`, userId: facts.userId ?? null, ...parts };
}

/** True when `sub` would be a second live subscription next to the user's current one. */
function otherLiveSubscription(
  user: Pick<UserRecord, 'subscriptionId' | 'subscriptionStatus'>,
  subId: string,
): boolean {
  return !!user.subscriptionId && user.subscriptionId !== subId && isLiveSubscriptionStatus(user.subscriptionStatus);
}

/** Expire the user's other open sessions of the same kind (best effort, after the grant is recorded). */
function expireOtherOpen(db: Db, payments: PaymentsAdapter, record: CheckoutRecord): (() => Promise<void>)[] {
  if (record.kind === 'pack') return [];
  return [
    async () => {
      for (const other of await listOpenCheckouts(db, record.userId, record.kind)) {
        if (other.sessionId === record.sessionId) continue;
        // our record first, only while still open (a concurrent fulfilment of that session wins), then the provider
        if (await expireOpenCheckout(db, other)) await payments.expireCheckoutSession(other.sessionId);
      }
    },
  ];
}

const ENDED_STATUSES = ['canceled', 'incomplete_expired', 'unpaid'];

/* ---------------- received / applied bookkeeping ---------------- */

function receivedFacts(event: StripeEvent): ReceivedFacts {
  const o = event.data.object as Record<string, any>;
  const none: ReceivedFacts = { userId: null, expectedEntryId: null, paymentRef: null, subscriptionId: null };
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
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
    const reason = o.billing_reason;
    const subscriptionId = invoiceSubscriptionId(o);
    const isGrant = subscriptionId && (reason === 'subscription_create' || reason === 'subscription_cycle');
    return {
      userId: o.parent?.subscription_details?.metadata?.userId ?? o.subscription_details?.metadata?.userId ?? null,
      expectedEntryId: isGrant ? ledgerEntryId('grant.monthly', o.id) : null,
      paymentRef: o.id,
      subscriptionId,
    };
  }
  return none;
}

export async function recordReceived(db: Db, event: StripeEvent, now = new Date()): Promise<void> {
  await recordEventReceived(db, {
    eventId: event.id,
    eventType: event.type,
    eventCreated: new Date(event.created * 1000).toISOString(),
    receivedAt: now.toISOString(),
    ...receivedFacts(event),
  });
}

const witnessed = (db: Db, w: Witness): Promise<boolean> => entryExists(db, w.userId, w.entryId);

function appliedItem(db: Db, event: StripeEvent, effect: Effect, now: Date): TransactItem {
  return eventAppliedItem(db, {
    eventId: event.id,
    eventType: event.type,
    outcome: effect.outcome,
    userId: effect.userId ?? null,
    appliedAt: now.toISOString(),
  });
}

/**
 * Apply one verified event: its effect and its APPLIED marker in one transaction. Optimistic writes that lost
 * a race are rebuilt from fresh reads and retried.
 */
export async function applyStripeEvent(
  db: Db,
  payments: PaymentsAdapter,
  event: StripeEvent,
  now = new Date(),
): Promise<EventOutcome> {
  await recordReceived(db, event, now);
  return withRetry(async (): Promise<EventOutcome | typeof AGAIN> => {
    if (await isEventApplied(db, event.id)) return 'duplicate';
    const effect = await buildEffect(db, payments, event, now);
    const items = [
      appliedItem(db, event, effect, now),
      ...(effect.write ? ledgerItems(db, effect.write, now) : []),
      ...(effect.extra ?? []),
    ];
    for (const call of effect.before ?? []) await call();
    const written = await writeApplied(db, items);
    if (written === 'duplicate') return 'duplicate';
    if (written === 'written') {
      for (const call of effect.after ?? []) {
        await call().catch((err: Error) => logger.error('stripe follow-up failed', { eventId: event.id, error: err }));
      }
      return effect.outcome === 'ignored'
        ? 'ignored'
        : effect.outcome.startsWith('already-applied')
          ? 'already-applied'
          : 'applied';
    }
    if (effect.witness && (await witnessed(db, effect.witness))) {
      // another event (or an earlier delivery) carried the same cause: record this event as done
      await writeApplied(db, [
        appliedItem(db, event, { ...effect, outcome: `already-applied (${effect.outcome})` }, now),
      ]);
      return 'already-applied';
    }
    return AGAIN; // optimistic writes lost a race: rebuilt from fresh reads
  });
}

/* ---------------- the effects ---------------- */

async function buildEffect(db: Db, payments: PaymentsAdapter, event: StripeEvent, now: Date): Promise<Effect> {
  const o = event.data.object as Record<string, any>;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutEffect(db, payments, o, now);
    case 'invoice.paid':
      return invoicePaidEffect(db, payments, o, now);
    case 'invoice.payment_failed':
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subId = event.type.startsWith('invoice.') ? invoiceSubscriptionId(o) : (o.id as string);
      if (!subId) return { outcome: 'ignored' };
      return subscriptionSyncEffect(db, payments, subId, null, now);
    }
    case 'charge.refunded':
      return revocationEffect(
        db,
        chargePaymentRefs(o),
        `${o.id}:${o.amount_refunded}`,
        Number(o.amount_refunded ?? 0),
        Number(o.amount ?? 0),
      );
    case 'charge.dispute.created': {
      const refs = chargePaymentRefs(o);
      return revocationEffect(db, refs, `dispute:${o.id}`, Number(o.amount ?? 1), Number(o.amount ?? 1));
    }
    default:
      return { outcome: 'ignored' };
  }
}

async function checkoutEffect(db: Db, payments: PaymentsAdapter, s: Record<string, any>, now: Date): Promise<Effect> {
  const sessionId: string | null = typeof s.id === 'string' ? s.id : null;
  const claimedUser: string | null = s.client_reference_id ?? s.metadata?.userId ?? null;
  // Our own record decides who gets what for how much; the event body only has to agree with it.
  const record = sessionId ? await getCheckoutRecord(db, sessionId) : null;
  if (!record) return refused('unknown checkout session', { sessionId, userId: null, claimedUser });
  const userId = record.userId;
  const facts = { sessionId, userId, productType: record.productType };
  if (record.status === 'complete' || record.status === 'refused')
    return { outcome: `already-applied (session ${record.status})`, userId };
  if (claimedUser !== null && claimedUser !== userId) return refused(`event names user ${claimedUser}`, facts);
  if (s.metadata?.productType !== undefined && s.metadata.productType !== record.productType)
    return refused(`event names product ${s.metadata.productType}`, facts);
  // Re-read the session from the provider: its status, amount and currency now, not as the body says.
  const live = await payments.retrieveCheckoutSession(record.sessionId);
  if (!live) return refused('session unknown to the payments provider', facts);
  if ((live.userId && live.userId !== userId) || (live.productType && live.productType !== record.productType))
    return refused('provider session differs from our record', facts);
  const customerId = typeof s.customer === 'string' ? s.customer : null;
  const user = await getUser(db, userId);
  if (!user) return refused('unknown user', facts);

  if (record.mode === 'subscription') {
    if (live.status !== 'complete' || !live.subscriptionId) return { outcome: 'awaiting payment', userId };
    const eff = await subscriptionSyncEffect(db, payments, live.subscriptionId, userId, now, customerId);
    const ok = !eff.outcome.startsWith('refused');
    return {
      ...eff,
      userId,
      extra: [...(eff.extra ?? []), ...checkoutStatusItems(db, record, ok ? 'complete' : 'refused', now)],
      after: ok ? expireOtherOpen(db, payments, record) : [],
    };
  }
  if (live.paymentStatus !== 'paid') return { outcome: 'awaiting payment', userId };
  const paymentRef =
    live.paymentIntentId ?? (typeof s.payment_intent === 'string' ? s.payment_intent : record.sessionId);
  const refundIt = [() => payments.refundPayment(paymentRef, `refund:${record.sessionId}`)];
  for (const [who, amount, currency] of [
    ['event', s.amount_total, s.currency],
    ['provider', live.amountTotal, live.currency],
  ] as const) {
    if (amount !== record.expectedAmount || String(currency ?? '').toLowerCase() !== record.currency)
      return refused(
        `${who} amount ${String(amount)} ${String(currency)} is not the expected ${record.expectedAmount} ${record.currency}`,
        facts,
        {
          extra: checkoutStatusItems(db, record, 'refused', now),
        },
      );
  }
  const createdAt = typeof s.created === 'number' ? new Date(s.created * 1000) : now;
  const userSets: Record<string, unknown> = {};
  if (customerId && !user.stripeCustomerId) userSets.stripeCustomerId = customerId;
  const productType = record.productType;
  let grant: {
    kind: 'grant.trial' | 'grant.pack';
    bucket: Bucket;
    amount: number;
    lotKey?: string;
    expiresAt?: string;
  };
  let trialUnused = false;
  if (productType === 'trial') {
    // once ever per user: refused (and refunded) when used, and re-checked in the grant's own transaction
    if (user.hasUsedTrial)
      return refused('trial already used', facts, {
        extra: checkoutStatusItems(db, record, 'refused', now),
        before: refundIt,
      });
    grant = { kind: 'grant.trial', bucket: 'trial', amount: PLANS.trial.credits };
    userSets.hasUsedTrial = true;
    trialUnused = true;
    if ((user.currentPlan ?? 'none') === 'none') userSets.currentPlan = 'trial';
  } else if (isPackId(productType)) {
    const expiresAt = packExpiry(createdAt).toISOString();
    grant = {
      kind: 'grant.pack',
      bucket: 'pack',
      amount: PACKS[productType].credits,
      lotKey: lotKeyOf(expiresAt, record.sessionId),
      expiresAt,
    };
  } else return refused(`product ${String(productType)} is not a one-time purchase`, facts);
  const entryId = ledgerEntryId(grant.kind, record.sessionId);
  const write: LedgerWrite = {
    userId,
    entries: [
      {
        kind: grant.kind,
        bucket: grant.bucket,
        amount: grant.amount,
        causeId: record.sessionId,
        note: productType,
        meta: { sessionId: record.sessionId, paymentRef, ...(grant.expiresAt ? { expiresAt: grant.expiresAt } : {}) },
      },
    ],
    lots: grant.lotKey
      ? [
          {
            op: 'create',
            lotKey: grant.lotKey,
            amount: grant.amount,
            expiresAt: grant.expiresAt!,
            causeId: record.sessionId,
          },
        ]
      : [],
  };
  const userItem = userFieldsItem(db, userId, userSets, now, { trialUnused });
  const extra: TransactItem[] = [
    ...paymentGrantItems(db, [paymentRef, record.sessionId], {
      userId,
      entryId,
      bucket: grant.bucket,
      amount: grant.amount,
      lotKey: grant.lotKey ?? null,
    }),
    ...(Object.keys(userSets).length ? [userItem] : []),
    ...checkoutStatusItems(db, record, 'complete', now),
  ];
  return {
    outcome: `granted ${grant.amount} ${grant.bucket}`,
    userId,
    write,
    extra,
    witness: { userId, entryId },
    after: expireOtherOpen(db, payments, record),
  };
}

async function ownerOf(db: Db, sub: SubscriptionView, hint: string | null): Promise<string | null> {
  if (hint) return hint;
  if (sub.userId) return sub.userId;
  return getSubscriptionOwner(db, sub.id);
}

async function invoicePaidEffect(
  db: Db,
  payments: PaymentsAdapter,
  inv: Record<string, any>,
  now: Date,
): Promise<Effect> {
  const subId = invoiceSubscriptionId(inv);
  if (!subId) return { outcome: 'ignored: not a subscription invoice' };
  let sub = await payments.retrieveSubscription(subId);
  if (!sub) return refused(`subscription ${subId} unknown to the payments provider`, { invoiceId: inv.id });
  const userId = await ownerOf(db, sub, null);
  if (!userId) return refused(`no owner for subscription ${subId}`, { invoiceId: inv.id });
  const owner = await getUser(db, userId);
  if (!owner) return refused('unknown user', { invoiceId: inv.id, userId });
  if (otherLiveSubscription(owner, subId)) {
    // a second subscription paid while another is live: nothing granted, ended at once and refunded
    return refused(
      `second live subscription ${subId} next to ${owner.subscriptionId}`,
      { invoiceId: inv.id, userId },
      {
        before: [
          () => payments.cancelSubscriptionNow(subId),
          ...invoicePaymentRefs(inv)
            .slice(0, 1)
            .map((ref) => () => payments.refundPayment(ref, `refund:${inv.id}`)),
        ],
      },
    );
  }
  const reason = inv.billing_reason;
  if (reason !== 'subscription_create' && reason !== 'subscription_cycle')
    return subscriptionSyncEffect(db, payments, subId, userId, now);
  const plan = invoicePlan(inv) ?? sub.plan;
  if (!plan) throw new Error(`invoice ${inv.id}: no plan`);
  if (!isLiveSubscriptionStatus(sub.status)) {
    // paid for a period of a subscription that has since ended: its monthly credits would already be expired
    const synced = await subscriptionSyncEffect(db, payments, subId, userId, now);
    return { ...synced, outcome: `no grant: subscription ${sub.status}` };
  }
  if (reason === 'subscription_cycle' && sub.scheduledPlan === plan)
    sub = await payments.applyScheduledPlan(subId, plan);
  const balance = await getBalance(db, userId);
  const allowance = monthlyAllowance(plan);
  const { grant, capped } = renewalAmounts(balance.monthly, allowance, rolloverCapOf(plan)!);
  const entryId = ledgerEntryId('grant.monthly', inv.id);
  const write: LedgerWrite = {
    userId,
    entries: [
      {
        kind: 'grant.monthly',
        bucket: 'monthly',
        amount: grant,
        causeId: inv.id,
        note: `${PLANS[plan].name} ${reason === 'subscription_create' ? 'first month' : 'renewal'}`,
        meta: { invoiceId: inv.id, subscriptionId: subId },
      },
      ...(capped > 0
        ? [
            {
              kind: 'rollover.cap' as const,
              bucket: 'monthly' as const,
              amount: -capped,
              causeId: inv.id,
              note: `Rollover capped at ${rolloverCapOf(plan)}`,
            },
          ]
        : []),
    ],
    expect: { monthly: balance.monthly },
  };
  const sync = await subscriptionSyncParts(db, sub, userId, now, null, { skipExpire: true });
  const extra: TransactItem[] = [
    ...paymentGrantItems(db, invoicePaymentRefs(inv), {
      userId,
      entryId,
      bucket: 'monthly',
      amount: grant,
      lotKey: null,
    }),
    ...sync.extra,
  ];
  return {
    outcome: `granted ${grant} monthly${capped ? `, capped ${capped}` : ''}`,
    userId,
    write,
    extra,
    witness: { userId, entryId },
  };
}

/** The user's plan fields for the subscription as it is now (null: leave the user alone). */
export function planFieldsFor(
  user: Pick<UserRecord, 'subscriptionId'>,
  sub: SubscriptionView,
): Record<string, unknown> | null {
  if (isLiveSubscriptionStatus(sub.status) && sub.plan) {
    const scheduled: PlanId | null = sub.cancelAtPeriodEnd ? 'none' : sub.scheduledPlan;
    return {
      currentPlan: sub.plan,
      subscriptionStatus: sub.status,
      subscriptionId: sub.id,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      nextScheduledPlan: scheduled,
      nextScheduledPlanDate: scheduled ? sub.currentPeriodEnd : null,
      ...(sub.customerId ? { stripeCustomerId: sub.customerId } : {}),
    };
  }
  if (ENDED_STATUSES.includes(sub.status)) {
    // an old subscription ending must not clobber a newer one
    if (user.subscriptionId && user.subscriptionId !== sub.id) return null;
    return {
      currentPlan: 'none',
      subscriptionStatus: sub.status,
      subscriptionId: sub.id,
      cancelAtPeriodEnd: false,
      nextScheduledPlan: null,
      nextScheduledPlanDate: null,
    };
  }
  return null; // incomplete: the first payment has not gone through
}

async function subscriptionSyncParts(
  db: Db,
  sub: SubscriptionView,
  userId: string,
  now: Date,
  customerId: string | null,
  opts: { skipExpire?: boolean } = {},
): Promise<{ extra: TransactItem[]; write?: LedgerWrite; witness?: Witness; outcome: string; secondLive?: boolean }> {
  const user = await getUser(db, userId);
  if (!user) return { extra: [], outcome: refused('unknown user', { subscriptionId: sub.id, userId }).outcome };
  if (isLiveSubscriptionStatus(sub.status) && otherLiveSubscription(user, sub.id))
    return {
      extra: [],
      outcome: refused(`second live subscription ${sub.id} next to ${user.subscriptionId}`, {
        subscriptionId: sub.id,
        userId,
      }).outcome,
      secondLive: true,
    };
  const extra: TransactItem[] = [subscriptionOwnerItem(db, sub.id, userId)];
  const fields = planFieldsFor(user, sub);
  if (fields) {
    // at most one live subscription, checked in the same write: the stored one is this one, none, or ended
    const guard = isLiveSubscriptionStatus(sub.status) ? { liveSubscription: sub.id } : {};
    extra.push(
      userFieldsItem(
        db,
        userId,
        { ...(customerId && !user.stripeCustomerId ? { stripeCustomerId: customerId } : {}), ...fields },
        now,
        guard,
      ),
    );
  }
  let write: LedgerWrite | undefined;
  let witness: Witness | undefined;
  let outcome = fields ? `synced ${sub.status} ${sub.plan ?? ''}`.trim() : `no change (${sub.status})`;
  if (fields && ENDED_STATUSES.includes(sub.status) && !opts.skipExpire) {
    const causeId = `sub-end:${sub.id}`;
    witness = { userId, entryId: ledgerEntryId('expire', causeId) };
    const balance = await getBalance(db, userId);
    if (balance.monthly > 0 && !(await witnessed(db, witness))) {
      write = {
        userId,
        entries: [
          {
            kind: 'expire',
            bucket: 'monthly',
            amount: -balance.monthly,
            causeId,
            note: 'Subscription ended: monthly credits expire',
          },
        ],
        expect: { monthly: balance.monthly },
      };
      outcome += `, expired ${balance.monthly} monthly`;
    } else witness = undefined;
  }
  return { extra, write, witness, outcome };
}

async function subscriptionSyncEffect(
  db: Db,
  payments: PaymentsAdapter,
  subId: string,
  userHint: string | null,
  now: Date,
  customerId: string | null = null,
): Promise<Effect> {
  const sub = await payments.retrieveSubscription(subId);
  if (!sub) return { outcome: `ignored: subscription ${subId} not found` };
  const userId = await ownerOf(db, sub, userHint);
  if (!userId) return refused(`no owner for subscription ${subId}`, { subscriptionId: subId });
  const parts = await subscriptionSyncParts(db, sub, userId, now, customerId);
  // a second live subscription is ended at once (its first invoice is refunded when invoice.paid arrives)
  const before = parts.secondLive ? [() => payments.cancelSubscriptionNow(subId)] : undefined;
  return { outcome: parts.outcome, userId, extra: parts.extra, write: parts.write, witness: parts.witness, before };
}

/**
 * A refund or dispute: remove what the payment granted and is still unspent (never below zero). A partial
 * refund revokes the same share of the grant (rounded up); the shortfall (credits already spent) is recorded
 * on the entry. Each payment ref's `revoked` total is advanced in the same transaction.
 */
async function revocationEffect(
  db: Db,
  refs: string[],
  causeId: string,
  refunded: number,
  paid: number,
): Promise<Effect> {
  const g = await findPaymentGrant(db, refs);
  if (!g) return { outcome: 'ignored: no grant for this payment' };
  const share = paid > 0 ? Math.min(1, refunded / paid) : 1;
  const target = Math.ceil(g.amount * share);
  const toRevoke = target - Number(g.revoked ?? 0);
  if (toRevoke <= 0) return { outcome: 'ignored: already revoked', userId: g.userId };
  const balance = await getBalance(db, g.userId);
  let available = Math.max(0, balance[g.bucket]);
  let lot = null;
  if (g.bucket === 'pack' && g.lotKey) {
    lot = await getLot(db, g.userId, g.lotKey);
    available = Math.max(0, lot?.remaining ?? 0);
  }
  const take = Math.min(toRevoke, available);
  const shortfall = toRevoke - take;
  const entryId = ledgerEntryId('revoke.refund', causeId);
  const write: LedgerWrite = {
    userId: g.userId,
    entries: [
      {
        kind: 'revoke.refund',
        bucket: g.bucket,
        amount: take === 0 ? 0 : -take,
        causeId,
        note: shortfall ? `Refund: ${shortfall} credits were already spent` : 'Refund',
        meta: { paymentRef: g.paymentRef, grantEntryId: g.entryId, requested: toRevoke, shortfall },
      },
    ],
    ...(g.bucket === 'pack' ? {} : { expect: { [g.bucket]: balance[g.bucket] } }),
    lots:
      lot && take > 0
        ? [
            {
              op: 'remove',
              lotKey: lot.lotKey,
              take,
              expected: lot.remaining,
              expiresAt: lot.expiresAt,
              counter: 'revokedTotal',
            },
          ]
        : [],
  };
  const extra: TransactItem[] = [paymentRevokedItem(db, g.paymentRef, Number(g.revoked ?? 0), target)];
  return {
    outcome: `revoked ${take}${shortfall ? ` (shortfall ${shortfall})` : ''}`,
    userId: g.userId,
    write,
    extra,
    witness: { userId: g.userId, entryId },
  };
}
