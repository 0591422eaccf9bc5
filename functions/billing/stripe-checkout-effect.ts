/**
 * A paid checkout session (checkout.session.completed or async_payment_succeeded, whichever is paid first):
 * a one-time purchase (trial, pack) is granted once per session (entry `grant.<trial|pack>:<session id>`); a
 * subscription checkout syncs the subscription. Our own checkout record decides who gets what for how much;
 * the event body and the provider's session only have to agree with it.
 */
import type Stripe from 'stripe';
import { isPackId, packExpiry, PACKS, PLANS, type ProductType } from '../../shared/domain/plans';
import { ledgerEntryId, moneyMeta, type Bucket } from '../../shared/domain/ledger';
import { lotKeyOf, type LedgerWrite } from '../../shared/repositories/ledger-repository';
import type { UserPatch } from '../../shared/repositories/user-repository';
import type { CheckoutKind, CheckoutRecord } from '../../shared/repositories/checkout-repository';
import { refused, type Effect, type EffectContext } from './stripe-effect';
import { subscriptionSyncEffect } from './stripe-subscription-effects';

/** Which once-rules a product falls under: trial once ever, one live subscription, packs any number. */
export const checkoutKindOf = (productType: ProductType): CheckoutKind =>
  productType === 'trial' ? 'trial' : isPackId(productType) ? 'pack' : 'subscription';

/** Expire the user's other open sessions of the same kind (best effort, after the grant is recorded). */
function expireOtherOpen({ store, payments }: EffectContext, record: CheckoutRecord): (() => Promise<void>)[] {
  if (record.kind === 'pack') return [];
  return [
    async () => {
      for (const other of await store.listOpenCheckouts(record.userId, record.kind)) {
        if (other.sessionId === record.sessionId) continue;
        // our record first, only while still open (a concurrent fulfilment of that session wins), then the provider
        if (await store.expireOpenCheckout(other)) await payments.expireCheckoutSession(other.sessionId);
      }
    },
  ];
}

export async function checkoutEffect(ctx: EffectContext, s: Stripe.Checkout.Session): Promise<Effect> {
  const { store, payments, now } = ctx;
  const sessionId: string | null = typeof s.id === 'string' ? s.id : null;
  const claimedUser: string | null = s.client_reference_id ?? s.metadata?.userId ?? null;
  // Our own record decides who gets what for how much; the event body only has to agree with it.
  const record = sessionId ? await store.getCheckoutRecord(sessionId) : null;
  if (!record) return refused('unknown checkout session', { sessionId, userId: null, claimedUser });
  const userId = record.userId;
  const facts = { sessionId, userId, productType: record.productType };
  if (record.status === 'complete' || record.status === 'refused')
    return { outcome: `already-applied (session ${record.status})`, userId };
  if (claimedUser !== null && claimedUser !== userId) return refused(`event names user ${claimedUser}`, facts);
  const claimedProduct = s.metadata?.productType;
  if (claimedProduct !== undefined && claimedProduct !== record.productType)
    return refused(`event names product ${claimedProduct}`, facts);
  // Re-read the session from the provider: its status, amount and currency now, not as the body says.
  const live = await payments.retrieveCheckoutSession(record.sessionId);
  if (!live) return refused('session unknown to the payments provider', facts);
  if ((live.userId && live.userId !== userId) || (live.productType && live.productType !== record.productType))
    return refused('provider session differs from our record', facts);
  const customerId = typeof s.customer === 'string' ? s.customer : null;
  const user = await store.getUser(userId);
  if (!user) return refused('unknown user', facts);
  const status = (value: 'complete' | 'refused') => ({ kind: 'checkout-status' as const, record, status: value });

  if (record.mode === 'subscription') {
    if (live.status !== 'complete' || !live.subscriptionId) return { outcome: 'awaiting payment', userId };
    const eff = await subscriptionSyncEffect(ctx, live.subscriptionId, userId, customerId);
    const ok = !eff.outcome.startsWith('refused');
    return {
      ...eff,
      userId,
      intents: [...(eff.intents ?? []), status(ok ? 'complete' : 'refused')],
      after: ok ? expireOtherOpen(ctx, record) : [],
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
        { intents: [status('refused')] },
      );
  }
  const createdAt = typeof s.created === 'number' ? new Date(s.created * 1000) : now;
  const userSets: UserPatch = {};
  if (customerId && !user.stripeCustomerId) userSets.stripeCustomerId = customerId;
  const productType = record.productType;
  let grant: {
    kind: 'grant.trial' | 'grant.pack';
    bucket: Bucket;
    amount: number;
    lot?: { lotKey: string; expiresAt: string };
  };
  let trialUnused = false;
  if (productType === 'trial') {
    // once ever per user: refused (and refunded) when used, and re-checked in the grant's own transaction
    if (user.hasUsedTrial)
      return refused('trial already used', facts, { intents: [status('refused')], before: refundIt });
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
      lot: { lotKey: lotKeyOf(expiresAt, record.sessionId), expiresAt },
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
        meta: {
          sessionId: record.sessionId,
          paymentRef,
          ...(grant.lot ? { expiresAt: grant.lot.expiresAt } : {}),
          // what was paid (checked above against the event and the provider)
          ...moneyMeta(record.expectedAmount, record.currency),
        },
      },
    ],
    lots: grant.lot ? [{ op: 'create', ...grant.lot, amount: grant.amount, causeId: record.sessionId }] : [],
  };
  return {
    outcome: `granted ${grant.amount} ${grant.bucket}`,
    userId,
    write,
    intents: [
      {
        kind: 'payment-grant',
        refs: [paymentRef, record.sessionId],
        grant: { userId, entryId, bucket: grant.bucket, amount: grant.amount, lotKey: grant.lot?.lotKey ?? null },
      },
      ...(Object.keys(userSets).length
        ? [{ kind: 'user-fields' as const, userId, fields: userSets, guard: { trialUnused } }]
        : []),
      status('complete'),
    ],
    witness: { userId, entryId },
    after: expireOtherOpen(ctx, record),
  };
}
