/**
 * Property: random sequences of grants (trial, packs, subscriptions via the webhook), spends and generation
 * refunds (the generation repository's two-phase reservation), renewals, upgrades, cancellations, payment
 * refunds, pack expiries and duplicate deliveries, run against the real repository and webhook code on
 * DynamoDB Local, keep the invariant (balance per bucket == sum of entries, pack == sum of lots) and never
 * take a bucket below zero.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { setupIntegration, type IntegrationContext } from '../support/integration';
import {
  createLocalAdapter,
  advanceLocalCycle,
  payLocalSession,
  type EventSink,
} from '../../functions/billing/payments/local-adapter';
import { stripeEvent, type StripeEvent } from '../../functions/billing/payments/stripe-objects';
import { applyStripeEvent } from '../../functions/billing/stripe-events';
import { sdkEvent } from '../support/stripe-sdk-event';
import {
  grantUpgradeReconcile,
  startCheckout,
  syncUserFromSubscription,
} from '../../functions/billing/billing-service';
import { expirePacks } from '../../functions/billing/expire-packs';
import { planLotConsumption, splitCost } from '../../shared/domain/ledger';
import { isLiveSubscriptionStatus, purchaseBlocker, type ProductType } from '../../shared/domain/plans';
import { getBalance, listAllEntries, listLots, reconcileUser } from '../../shared/repositories/ledger-repository';
import {
  createGenerationWithReservation,
  failWithRefund,
  type GenerationRecord,
} from '../../shared/repositories/generation-repository';
import { createUserIfMissing, getUser } from '../../shared/repositories/user-repository';
import type { PaymentsAdapter } from '../../functions/billing/payments/types';

let ctx: IntegrationContext;
let payments: PaymentsAdapter;
/** Entry kinds seen over all runs (the operations really exercised the ledger). */
const kindsSeen = new Set<string>();

beforeAll(async () => {
  ctx = await setupIntegration();
  payments = createLocalAdapter({ db: ctx.db, origin: 'http://localhost:3000' });
});

type Op =
  | { t: 'buy'; product: ProductType }
  | { t: 'spend'; cost: number }
  | { t: 'fail' }
  | { t: 'renew' }
  | { t: 'upgrade' }
  | { t: 'downgrade' }
  | { t: 'cancel' }
  | { t: 'refund'; share: number }
  | { t: 'expire' }
  | { t: 'replay' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      t: fc.constant('buy' as const),
      product: fc.constantFrom<ProductType>('trial', 'starter', 'creator', 'pack-30', 'pack-150'),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ t: fc.constant('spend' as const), cost: fc.integer({ min: 1, max: 40 }) }), weight: 2 },
  fc.constant({ t: 'fail' as const }),
  { arbitrary: fc.constant({ t: 'renew' as const }), weight: 3 },
  fc.constant({ t: 'upgrade' as const }),
  fc.constant({ t: 'downgrade' as const }),
  fc.constant({ t: 'cancel' as const }),
  fc.record({ t: fc.constant('refund' as const), share: fc.double({ min: 0.1, max: 1, noNaN: true }) }),
  fc.constant({ t: 'expire' as const }),
  fc.constant({ t: 'replay' as const }),
);

async function runScenario(ops: Op[]) {
  const userId = `prop-${randomUUID()}`;
  await createUserIfMissing(ctx.db, { id: userId, email: `${userId}@example.test` });
  const delivered: StripeEvent[] = [];
  const payRefs: { ref: string; amount: number }[] = [];
  const pending: GenerationRecord[] = [];
  let expiryClock = Date.now();
  const sink: EventSink = async (e) => {
    delivered.push(e);
    await applyStripeEvent(ctx.db, payments, sdkEvent(e));
    const o = e.data.object as Record<string, any>;
    if (e.type === 'checkout.session.completed' && o.mode === 'payment')
      payRefs.push({ ref: o.payment_intent, amount: o.amount_total });
    if (e.type === 'invoice.paid') payRefs.push({ ref: o.payment_intent, amount: o.amount_paid });
  };
  for (const op of ops) {
    const user = (await getUser(ctx.db, userId))!;
    const live =
      user.subscriptionId &&
      isLiveSubscriptionStatus(user.subscriptionStatus) &&
      (user.currentPlan === 'starter' || user.currentPlan === 'creator');
    switch (op.t) {
      case 'buy': {
        if (purchaseBlocker(user, op.product)) break;
        // through the service, which keeps our own record of the session (fulfilment trusts only that)
        const s = await startCheckout(ctx.db, payments, user, op.product, 'http://localhost:3000');
        await payLocalSession(ctx.db, s.sessionId, sink);
        break;
      }
      case 'spend': {
        const split = splitCost(await getBalance(ctx.db, userId), op.cost);
        if (!split) break;
        const lots = await listLots(ctx.db, userId);
        const plan = split.pack ? planLotConsumption(lots, split.pack) : [];
        expect(plan, 'the lots always cover the pack bucket').not.toBeNull();
        const now = new Date().toISOString();
        // a whole generation record (items are parsed on read): only the money fields matter here
        const gen: GenerationRecord = {
          id: randomUUID(),
          userId,
          status: 'pending',
          kind: 'style',
          mode: 'exact',
          inputs: {
            photoProfileId: 'profile',
            styleId: 'style',
            promptTemplateId: null,
            rawTemplateId: null,
            imageUrl: null,
            imageType: null,
            styleRefKey: null,
            backgroundKey: null,
          },
          styleName: null,
          templateName: null,
          cost: op.cost,
          reserved: split,
          reservedLots: plan!.map((p) => ({ ...p, expiresAt: lots.find((l) => l.lotKey === p.lotKey)!.expiresAt })),
          priority: false,
          resultKey: null,
          error: null,
          createdAt: now,
          startedAt: null,
          completedAt: null,
          updatedAt: now,
        };
        await createGenerationWithReservation(ctx.db, gen);
        pending.push(gen);
        break;
      }
      case 'fail': {
        const gen = pending.shift();
        if (gen) expect(await failWithRefund(ctx.db, userId, gen.id, 'failed')).toBe(true);
        break;
      }
      case 'renew':
        if (user.subscriptionId && isLiveSubscriptionStatus(user.subscriptionStatus))
          await advanceLocalCycle(ctx.db, user.subscriptionId, sink);
        break;
      case 'upgrade':
        if (live && user.currentPlan === 'starter' && user.nextScheduledPlan == null) {
          const sub = await payments.changePlan(user.subscriptionId!, 'creator', 'now');
          await grantUpgradeReconcile(ctx.db, userId, sub, 'starter', 'creator');
        }
        break;
      case 'downgrade':
        if (live && user.currentPlan === 'creator' && user.nextScheduledPlan == null)
          await syncUserFromSubscription(
            ctx.db,
            userId,
            await payments.changePlan(user.subscriptionId!, 'starter', 'period_end'),
          );
        break;
      case 'cancel':
        if (live && user.nextScheduledPlan == null)
          await syncUserFromSubscription(ctx.db, userId, await payments.cancelAtPeriodEnd(user.subscriptionId!));
        break;
      case 'refund': {
        const p = payRefs[Math.floor(Math.random() * payRefs.length)];
        if (!p) break;
        const refunded = Math.max(1, Math.round(p.amount * op.share));
        const id = `ch_${p.ref}`;
        await applyStripeEvent(
          ctx.db,
          payments,
          sdkEvent(
            stripeEvent(`evt_${id}_${refunded}`, 'charge.refunded', {
              id,
              object: 'charge',
              amount: p.amount,
              amount_refunded: refunded,
              payment_intent: p.ref,
            }),
          ),
        );
        break;
      }
      case 'expire':
        expiryClock += 400 * 86_400_000;
        await expirePacks(ctx.db, new Date(expiryClock));
        break;
      case 'replay': {
        const e = delivered[Math.floor(Math.random() * delivered.length)];
        if (e)
          expect(['duplicate', 'already-applied']).toContain(await applyStripeEvent(ctx.db, payments, sdkEvent(e)));
        break;
      }
    }
    const r = await reconcileUser(ctx.db, userId);
    for (const e of await listAllEntries(ctx.db, userId)) kindsSeen.add(e.kind);
    expect(r.problems, `after ${JSON.stringify(op)}`).toEqual([]);
    for (const b of ['trial', 'monthly', 'pack'] as const) expect(r.balance[b]).toBeGreaterThanOrEqual(0);
  }
}

describe('the credit ledger under random operations', () => {
  it('keeps balance == entries per bucket and never goes negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 10, maxLength: 15 }), async (ops) => runScenario(ops)),
      {
        numRuns: 30,
        endOnFailure: true,
        // one hand-written history that reaches every kind, besides the random ones
        examples: [
          [
            [
              { t: 'buy', product: 'trial' },
              { t: 'buy', product: 'starter' },
              { t: 'spend', cost: 5 },
              { t: 'fail' },
              { t: 'renew' },
              { t: 'renew' },
              { t: 'renew' },
              { t: 'upgrade' },
              { t: 'buy', product: 'pack-30' },
              { t: 'spend', cost: 40 },
              { t: 'expire' },
              { t: 'refund', share: 1 },
              { t: 'replay' },
              { t: 'cancel' },
              { t: 'renew' },
            ],
          ],
        ],
      },
    );
    for (const k of [
      'grant.trial',
      'grant.monthly',
      'grant.pack',
      'spend.generation',
      'refund.generation',
      'expire',
      'rollover.cap',
      'upgrade.reconcile',
      'revoke.refund',
    ])
      expect(kindsSeen, k).toContain(k);
  }, 120_000);
});
