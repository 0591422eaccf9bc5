/**
 * Issue 17, items 2 and 3: fulfilment rules. The trial is granted once ever per user (checked in the grant's
 * own transaction), at most one subscription is live, other open sessions of the same kind expire when one
 * completes, and a validly signed event is fulfilled only from our own record of the session (user, product,
 * amount, currency) and the provider's current view of it; mismatches grant nothing and answer 200 (no 500).
 * Which mismatches are refused is a rule of the checkout effect, unit-tested on in-memory collaborators
 * (functions/billing/stripe-events.test.ts); here the races, the real transactions and the route's answers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand } from '../../shared/repositories/dynamo-client';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { signPayload } from '../../functions/billing/payments/signature';
import {
  LOCAL_WEBHOOK_SECRET,
  getLocalSession,
  getLocalSubscription,
  payLocalSession,
  type EventSink,
} from '../../functions/billing/payments/local-adapter';
import { stripeEvent, type StripeEvent } from '../../functions/billing/payments/stripe-objects';
import { PLANS } from '../../shared/domain/plans';
import { keys } from '../../shared/repositories/keys';
import { getCheckoutRecord } from '../../shared/repositories/checkout-repository';
import { getBalance, listAllEntries, reconcileUser } from '../../shared/repositories/ledger-repository';
import { getUser } from '../../shared/repositories/user-repository';

let ctx: IntegrationContext;

beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_SECRET_ARN;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  ctx = await setupIntegration();
  process.env.PUBLIC_ORIGIN = 'http://localhost:3000';
});

function post(event: StripeEvent) {
  const body = JSON.stringify(event);
  return ctx.invoke('POST', '/api/stripe/webhook', {
    body,
    headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(body, LOCAL_WEBHOOK_SECRET) },
  });
}

const collect = () => {
  const events: StripeEvent[] = [];
  const sink: EventSink = async (e) => void events.push(e);
  return { events, sink };
};

async function newUser(): Promise<TestUser> {
  const u = await ctx.createUser();
  expect((await ctx.invoke('GET', '/api/auth/user', { token: u.idToken })).status).toBe(200);
  return u;
}

async function checkout(u: TestUser, productType: string): Promise<string> {
  const res = await ctx.invoke('POST', '/api/subscriptions/checkout', { token: u.idToken, body: { productType } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.sessionId as string;
}

const refundRecorded = async (key: string) =>
  !!(await ctx.db.doc.send(new GetCommand({ TableName: ctx.tableName, Key: keys.localPayRefund(key) }))).Item;
const kinds = async (userId: string) =>
  (await listAllEntries(ctx.db, userId)).map((e) => `${e.kind}:${e.amount}`).sort();

describe('the trial, once ever', () => {
  it('four trial checkouts opened before paying, all paid and delivered at once, grant the trial once and refund the rest', async () => {
    const u = await newUser();
    const sessions = [];
    for (let i = 0; i < 4; i++) sessions.push(await checkout(u, 'trial'));
    const { events, sink } = collect();
    for (const id of sessions) await payLocalSession(ctx.db, id, sink);
    const results = await Promise.all(events.map((e) => post(e)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const outcomes = results.map((r) => r.body.outcome);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(4);
    expect((await getBalance(ctx.db, u.sub)).trial).toBe(PLANS.trial.credits);
    expect(await kinds(u.sub)).toEqual([`grant.trial:${PLANS.trial.credits}`]);
    const statuses = await Promise.all(sessions.map(async (id) => (await getCheckoutRecord(ctx.db, id))!.status));
    expect(statuses.filter((s) => s === 'complete')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'refused')).toHaveLength(3);
    const refunded = await Promise.all(sessions.map((id) => refundRecorded(`refund:${id}`)));
    expect(refunded.filter(Boolean)).toHaveLength(3);
    expect((await reconcileUser(ctx.db, u.sub)).problems).toEqual([]);
  });

  it('expires the other open trial sessions when one completes (they can no longer be paid)', async () => {
    const u = await newUser();
    const a = await checkout(u, 'trial');
    const b = await checkout(u, 'trial');
    const pack = await checkout(u, 'pack-30');
    const { events, sink } = collect();
    await payLocalSession(ctx.db, a, sink);
    expect((await post(events[0]!)).body.outcome).toBe('applied');
    expect((await getLocalSession(ctx.db, b))!.status).toBe('expired');
    expect((await getCheckoutRecord(ctx.db, b))!.status).toBe('expired');
    await expect(payLocalSession(ctx.db, b, sink)).rejects.toThrow(/expired/);
    // packs are not once-only: an open pack session stays open
    expect((await getLocalSession(ctx.db, pack))!.status).toBe('open');
  });
});

describe('at most one live subscription', () => {
  it('Starter and Creator opened together and both paid: one becomes the plan, the other is ended and refunded, credits granted once', async () => {
    const u = await newUser();
    const starter = await checkout(u, 'starter');
    const creator = await checkout(u, 'creator');
    const first = collect();
    const second = collect();
    await payLocalSession(ctx.db, starter, first.sink);
    await payLocalSession(ctx.db, creator, second.sink);
    for (const e of first.events) expect((await post(e)).status).toBe(200);
    for (const e of second.events) expect((await post(e)).status).toBe(200);
    const user = (await getUser(ctx.db, u.sub))!;
    const starterSub = (await getLocalSession(ctx.db, starter))!.subscription!;
    const creatorSub = (await getLocalSession(ctx.db, creator))!.subscription!;
    expect([user.currentPlan, user.subscriptionId, user.subscriptionStatus]).toEqual(['starter', starterSub, 'active']);
    expect((await getLocalSubscription(ctx.db, creatorSub))!.status).toBe('canceled');
    expect((await getLocalSubscription(ctx.db, starterSub))!.status).toBe('active');
    expect((await kinds(u.sub)).filter((k) => k.startsWith('grant.'))).toEqual([
      `grant.monthly:${PLANS.starter.credits}`,
    ]);
    const creatorInvoice = second.events.find((e) => e.type === 'invoice.paid')!.data.object as { id: string };
    expect(await refundRecorded(`refund:${creatorInvoice.id}`)).toBe(true);
    expect((await reconcileUser(ctx.db, u.sub)).problems).toEqual([]);
  });
});

describe('a validly signed event is fulfilled only from our own record', () => {
  it('a session we never opened, or one for a user who no longer exists, answers 200 and grants nothing (no 500)', async () => {
    const u = await newUser();
    const ghost = stripeEvent('evt_ghost', 'checkout.session.completed', {
      id: 'cs_local_ghost',
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: u.sub,
      metadata: { productType: 'pack-300', userId: u.sub },
      amount_total: 4500,
      currency: 'eur',
      payment_intent: 'pi_ghost',
      created: Math.floor(Date.now() / 1000),
    });
    const res = await post(ghost);
    expect([res.status, res.body.outcome]).toEqual([200, 'applied']);
    expect(await kinds(u.sub)).toEqual([]);

    const gone = await newUser();
    const id = await checkout(gone, 'pack-30');
    const { events, sink } = collect();
    await payLocalSession(ctx.db, id, sink);
    await ctx.db.doc.send(new DeleteCommand({ TableName: ctx.tableName, Key: keys.user(gone.sub) }));
    const res2 = await post(events[0]!);
    expect(res2.status, JSON.stringify(res2.body)).toBe(200);
    expect(await kinds(gone.sub)).toEqual([]);

    const unknownSub = stripeEvent('evt_unknown_sub', 'invoice.paid', {
      id: 'in_ghost',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      subscription: 'sub_ghost',
      parent: { subscription_details: { subscription: 'sub_ghost', metadata: { userId: u.sub } } },
    });
    expect((await post(unknownSub)).status).toBe(200);
  });
});
