/**
 * Plans, Stripe billing and the credit ledger, end to end through the real handlers on DynamoDB Local with
 * the local payments adapter: checkout -> local "Pay" -> Stripe-format signed events -> the webhook route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '../../shared/repositories/dynamo-client';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { signPayload } from '../../functions/billing/payments/signature';
import {
  LOCAL_WEBHOOK_SECRET,
  advanceLocalCycle,
  getLocalSession,
  payLocalSession,
  type EventSink,
} from '../../functions/billing/payments/local-adapter';
import { stripeEvent, type StripeEvent } from '../../functions/billing/payments/stripe-objects';
import { expirePacks } from '../../functions/billing/expire-packs';
import { keys } from '../../shared/repositories/keys';
import { PACKS } from '../../shared/domain/plans';
import { listOpenCheckouts } from '../../shared/repositories/checkout-repository';
import {
  getBalance,
  listAllEntries,
  listLots,
  reconcileUser,
  recordMovement,
} from '../../shared/repositories/ledger-repository';
import { getUser, updateUser } from '../../shared/repositories/user-repository';

let ctx: IntegrationContext;

beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_SECRET_ARN;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  ctx = await setupIntegration();
  process.env.PUBLIC_ORIGIN = 'http://localhost:3000';
});
afterAll(() => undefined);

function post(event: StripeEvent, opts: { secret?: string; ts?: number; raw?: string } = {}) {
  const body = opts.raw ?? JSON.stringify(event);
  return ctx.invoke('POST', '/api/stripe/webhook', {
    body,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signPayload(body, opts.secret ?? LOCAL_WEBHOOK_SECRET, opts.ts),
    },
  });
}

const deliver: EventSink = async (e) => {
  const res = await post(e);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

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

async function checkout(u: TestUser, productType: string) {
  const res = await ctx.invoke('POST', '/api/subscriptions/checkout', { token: u.idToken, body: { productType } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.checkoutUrl).toMatch(/^http:\/\/localhost:3000\/local\/checkout\/cs_local_/);
  return res.body.sessionId as string;
}

async function buy(u: TestUser, productType: string, sink: EventSink = deliver) {
  const sessionId = await checkout(u, productType);
  const success = await payLocalSession(ctx.db, sessionId, sink);
  expect(success).toBe('http://localhost:3000/subscription?success=true');
  return sessionId;
}

async function assertInvariant(userId: string) {
  const r = await reconcileUser(ctx.db, userId);
  expect(r.problems).toEqual([]);
}

/** The observable state of a user: plan fields, balance and entries (kinds and amounts). */
async function stateOf(userId: string) {
  const u = (await getUser(ctx.db, userId))!;
  const entries = await listAllEntries(ctx.db, userId);
  return {
    plan: [u.currentPlan, u.subscriptionStatus, u.hasUsedTrial, u.nextScheduledPlan, u.cancelAtPeriodEnd],
    balance: await getBalance(ctx.db, userId),
    entries: entries.map((e) => `${e.kind}/${e.bucket}/${e.amount}`).sort(),
    lots: (await listLots(ctx.db, userId)).map((l) => [l.amount, l.remaining]),
  };
}

const shuffle = <T>(a: T[]): T[] => {
  const out = [...a];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

describe('checkout', () => {
  it('creates a session for every product type and refuses a second trial with 409', async () => {
    const u = await newUser();
    for (const p of ['pack-30', 'pack-150', 'pack-300', 'starter', 'creator', 'trial']) await checkout(u, p);
    expect(
      (await ctx.invoke('POST', '/api/subscriptions/checkout', { token: u.idToken, body: { productType: 'gold' } }))
        .status,
    ).toBe(400);
    await buy(u, 'trial');
    expect((await getUser(ctx.db, u.sub))!).toMatchObject({ currentPlan: 'trial', hasUsedTrial: true });
    const again = await ctx.invoke('POST', '/api/subscriptions/checkout', {
      token: u.idToken,
      body: { productType: 'trial' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: expect.stringMatching(/trial can be bought only once/i),
      code: 'billing.trial_used',
    });
    const credits = await ctx.invoke('GET', '/api/credits', { token: u.idToken });
    expect(credits.body).toMatchObject({ credits: 12, buckets: { trial: 12, monthly: 0, pack: 0 } });
    await assertInvariant(u.sub);
  });

  it('never fulfils from the redirect: an unpaid session grants nothing', async () => {
    const u = await newUser();
    await checkout(u, 'pack-30');
    expect((await getBalance(ctx.db, u.sub)).credits).toBe(0);
  });

  it('comes back to the page the checkout started from, after paying and after cancelling', async () => {
    const u = await newUser();
    const res = await ctx.invoke('POST', '/api/subscriptions/checkout', {
      token: u.idToken,
      body: { productType: 'pack-30', returnTo: '/style/seed-style-01?tab=shop&success=true#top' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const session = (await getLocalSession(ctx.db, res.body.sessionId))!;
    // the round trip's own parameters and the hash are dropped; the page's own query stays
    expect(session.cancel_url).toBe('http://localhost:3000/style/seed-style-01?tab=shop&canceled=true');
    expect(await payLocalSession(ctx.db, res.body.sessionId, deliver)).toBe(
      'http://localhost:3000/style/seed-style-01?tab=shop&success=true',
    );
    expect((await getBalance(ctx.db, u.sub)).credits).toBe(30);
  });

  it.each([
    '//evil.example/x',
    'https://evil.example/',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'style/abc',
    '/api/auth/logout',
    '',
    `/${'a'.repeat(2100)}`,
  ])('refuses the return path %j with 400 and starts no checkout', async (returnTo) => {
    const u = await newUser();
    const res = await ctx.invoke('POST', '/api/subscriptions/checkout', {
      token: u.idToken,
      body: { productType: 'pack-30', returnTo },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', message: expect.stringContaining('returnTo') });
    expect(await listOpenCheckouts(ctx.db, u.sub, 'pack')).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.invoke('POST', '/api/subscriptions/checkout', { body: { productType: 'trial' } })).status).toBe(
      401,
    );
  });
});

describe('the webhook', () => {
  it('a purchase flow delivered 5 times in shuffled order ends in the same state as one in-order delivery', async () => {
    const flow = async (u: TestUser, sink: EventSink) => {
      await buy(u, 'trial', sink);
      await buy(u, 'starter', sink);
      await buy(u, 'pack-150', sink);
    };
    const a = await newUser();
    await flow(a, deliver);
    const b = await newUser();
    const { events, sink } = collect();
    await flow(b, sink);
    expect(events.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const all = shuffle([...events, ...events, ...events, ...events, ...events]);
    const outcomes = [];
    for (const e of all) {
      const res = await post(e);
      expect(res.status).toBe(200);
      outcomes.push(res.body.outcome);
    }
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(20);
    const sa = await stateOf(a.sub);
    const sb = await stateOf(b.sub);
    expect(sb).toEqual(sa);
    expect(sa.balance).toMatchObject({ trial: 12, monthly: 30, pack: 150, credits: 192 });
    expect(sa.plan).toEqual(['starter', 'active', true, null, false]);
    await assertInvariant(a.sub);
    await assertInvariant(b.sub);
  });

  it('grants a one-time purchase once whether it arrives as completed or async_payment_succeeded', async () => {
    const u = await newUser();
    const { events, sink } = collect();
    await buy(u, 'pack-30', sink);
    const completed = events[0]!;
    const asyncOk = stripeEvent(
      `${completed.id}_async`,
      'checkout.session.async_payment_succeeded',
      completed.data.object,
    );
    expect((await post(asyncOk)).body.outcome).toBe('applied');
    expect((await post(completed)).body.outcome).toBe('already-applied');
    expect((await getBalance(ctx.db, u.sub)).pack).toBe(30);
    await assertInvariant(u.sub);
  });

  it('refuses a bad or stale signature and writes nothing', async () => {
    const u = await newUser();
    const { events, sink } = collect();
    await buy(u, 'pack-30', sink);
    const e = events[0]!;
    const now = Math.floor(Date.now() / 1000);
    for (const res of [
      await post(e, { secret: 'whsec_wrong' }),
      await post(e, { ts: now - 301 }),
      await post(e, { ts: now + 400 }),
      await ctx.invoke('POST', '/api/stripe/webhook', {
        body: JSON.stringify(e),
        headers: { 'content-type': 'application/json' },
      }),
      // signed body, different body sent
      await ctx.invoke('POST', '/api/stripe/webhook', {
        body: JSON.stringify({ ...e, id: 'evt_other' }),
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signPayload(JSON.stringify(e), LOCAL_WEBHOOK_SECRET),
        },
      }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('stripe.invalid_signature');
    }
    const received = await ctx.db.doc.send(
      new GetCommand({ TableName: ctx.db.tableName, Key: keys.stripeEventReceived(e.id) }),
    );
    expect(received.Item).toBeUndefined();
    expect(await getBalance(ctx.db, u.sub)).toMatchObject({ credits: 0, pack: 0 });
    expect(await listAllEntries(ctx.db, u.sub)).toEqual([]);
    // the same event correctly signed is applied
    expect((await post(e)).body.outcome).toBe('applied');
    expect((await getBalance(ctx.db, u.sub)).pack).toBe(30);
  });

  it('answers 2xx to unknown event types', async () => {
    const res = await post(stripeEvent('evt_unknown_1', 'payout.paid', { id: 'po_1', object: 'payout' }));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('ignored');
  });
});

async function subscriber(plan: 'starter' | 'creator') {
  const u = await newUser();
  await buy(u, plan);
  const user = (await getUser(ctx.db, u.sub))!;
  expect(user).toMatchObject({ currentPlan: plan, subscriptionStatus: 'active' });
  return { u, subId: user.subscriptionId! };
}

describe('subscriptions', () => {
  it('upgrade mid-cycle applies at once and grants the difference', async () => {
    const { u } = await subscriber('starter');
    await recordMovement(ctx.db, {
      userId: u.sub,
      kind: 'spend.generation',
      bucket: 'monthly',
      amount: -4,
      causeId: 'gen-upg#monthly',
    });
    const res = await ctx.invoke('POST', '/api/subscriptions/change', { token: u.idToken, body: { plan: 'creator' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      currentPlan: 'creator',
      hasPriorityQueue: true,
      hasAdvancedControls: true,
      maxProfiles: 12,
      nextScheduledPlan: null,
    });
    expect(await getBalance(ctx.db, u.sub)).toMatchObject({ monthly: 56 });
    const entries = await listAllEntries(ctx.db, u.sub);
    expect(entries.filter((e) => e.kind === 'upgrade.reconcile').map((e) => e.amount)).toEqual([30]);
    expect(
      (await ctx.invoke('POST', '/api/subscriptions/change', { token: u.idToken, body: { plan: 'creator' } })).status,
    ).toBe(409);
    await assertInvariant(u.sub);
  });

  it('a downgrade is scheduled for the period end, can be cancelled, and applies at renewal', async () => {
    const { u, subId } = await subscriber('creator');
    const res = await ctx.invoke('POST', '/api/subscriptions/change', { token: u.idToken, body: { plan: 'starter' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const user = (await getUser(ctx.db, u.sub))!;
    expect(res.body).toMatchObject({
      currentPlan: 'creator',
      nextScheduledPlan: 'starter',
      nextScheduledPlanDate: user.currentPeriodEnd,
    });
    // cancel is not offered while a change is scheduled
    expect((await ctx.invoke('DELETE', '/api/subscriptions/cancel', { token: u.idToken })).status).toBe(409);
    const undo = await ctx.invoke('DELETE', '/api/subscriptions/scheduled-change', { token: u.idToken });
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ currentPlan: 'creator', nextScheduledPlan: null, nextScheduledPlanDate: null });
    expect((await ctx.invoke('DELETE', '/api/subscriptions/scheduled-change', { token: u.idToken })).status).toBe(409);
    // scheduled again, then the cycle ends: Starter from the next period, its allowance granted
    expect(
      (await ctx.invoke('POST', '/api/subscriptions/change', { token: u.idToken, body: { plan: 'starter' } })).status,
    ).toBe(200);
    await advanceLocalCycle(ctx.db, subId, deliver);
    expect((await getUser(ctx.db, u.sub))!).toMatchObject({ currentPlan: 'starter', nextScheduledPlan: null });
    // 60 + 30 = 90, at the Starter cap
    expect((await getBalance(ctx.db, u.sub)).monthly).toBe(90);
    await assertInvariant(u.sub);
  });

  it('cancel at period end keeps access, then the subscription ends: no renewal, monthly credits expire', async () => {
    const { u, subId } = await subscriber('starter');
    const res = await ctx.invoke('DELETE', '/api/subscriptions/cancel', { token: u.idToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const user = (await getUser(ctx.db, u.sub))!;
    expect(res.body).toMatchObject({
      currentPlan: 'starter',
      nextScheduledPlan: 'none',
      nextScheduledPlanDate: user.currentPeriodEnd,
    });
    expect((await ctx.invoke('POST', '/api/subscriptions/cancel', { token: u.idToken })).status).toBe(409);
    const events = await advanceLocalCycle(ctx.db, subId, deliver);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect((await getUser(ctx.db, u.sub))!).toMatchObject({
      currentPlan: 'none',
      subscriptionStatus: 'canceled',
      nextScheduledPlan: null,
    });
    expect(await getBalance(ctx.db, u.sub)).toMatchObject({ monthly: 0 });
    const entries = await listAllEntries(ctx.db, u.sub);
    expect(entries.filter((e) => e.kind === 'grant.monthly')).toHaveLength(1);
    expect(entries.filter((e) => e.kind === 'expire').map((e) => e.amount)).toEqual([-30]);
    // the deletion delivered again changes nothing
    await deliver(events[0]!);
    expect((await listAllEntries(ctx.db, u.sub)).length).toBe(entries.length);
    await assertInvariant(u.sub);
  });

  it('resume after cancel (DELETE scheduled-change) keeps the subscription renewing', async () => {
    const { u, subId } = await subscriber('starter');
    expect((await ctx.invoke('POST', '/api/subscriptions/cancel', { token: u.idToken })).status).toBe(200);
    const res = await ctx.invoke('DELETE', '/api/subscriptions/scheduled-change', { token: u.idToken });
    expect(res.body).toMatchObject({ nextScheduledPlan: null });
    const events = await advanceLocalCycle(ctx.db, subId, deliver);
    expect(events[0]!.type).toBe('invoice.paid');
    expect((await getBalance(ctx.db, u.sub)).monthly).toBe(60);
  });

  it.each([
    ['starter', 30, 90],
    ['creator', 60, 180],
  ] as const)('rollover of %s is capped at 3x the allowance', async (plan, allowance, cap) => {
    const { u, subId } = await subscriber(plan);
    const seen = [(await getBalance(ctx.db, u.sub)).monthly];
    for (let i = 0; i < 4; i++) {
      await advanceLocalCycle(ctx.db, subId, deliver);
      seen.push((await getBalance(ctx.db, u.sub)).monthly);
    }
    expect(seen).toEqual([allowance, 2 * allowance, cap, cap, cap]);
    const capped = (await listAllEntries(ctx.db, u.sub)).filter((e) => e.kind === 'rollover.cap').map((e) => e.amount);
    expect(capped).toEqual([-allowance, -allowance]);
    const credits = await ctx.invoke('GET', '/api/credits', { token: u.idToken });
    expect(credits.body).toMatchObject({ monthlyAllowance: allowance, rolloverCap: cap });
    await assertInvariant(u.sub);
  });

  it('the summary counts usage from real data', async () => {
    const { u, subId } = await subscriber('starter');
    const res = await ctx.invoke('GET', '/api/subscriptions/current', { token: u.idToken });
    expect(res.body).toEqual(
      expect.objectContaining({
        currentPlan: 'starter',
        credits: 30,
        profilesUsed: 0,
        maxProfiles: 6,
        privateStylesUsed: 0,
        maxPrivateStyles: 20,
        publicStylesUsed: 0,
        maxPublicStyles: 0,
        isInfluencer: false,
        hasPriorityQueue: false,
        hasAdvancedControls: false,
        canPublish: false,
        subscriptionId: subId,
        nextScheduledPlan: null,
        nextScheduledPlanDate: null,
      }),
    );
    const portal = await ctx.invoke('GET', '/api/subscriptions/portal', { token: u.idToken });
    expect(portal.body.url).toMatch(/^http:\/\/localhost:3000\/local\/checkout\/portal\?customer=cus_local_/);
    const pm = await ctx.invoke('POST', '/api/subscriptions/update-payment-method', { token: u.idToken });
    expect(pm.body.url).toContain('flow=payment_method_update');
    const fresh = await newUser();
    expect((await ctx.invoke('GET', '/api/subscriptions/portal', { token: fresh.idToken })).status).toBe(409);
    expect(
      (await ctx.invoke('POST', '/api/subscriptions/checkout', { token: u.idToken, body: { productType: 'creator' } }))
        .status,
    ).toBe(409);
  });
});

describe('packs', () => {
  it('spends the soonest-expiring lot first and expires what is left 12 months after purchase', async () => {
    const u = await newUser();
    await buy(u, 'pack-30');
    await buy(u, 'pack-150');
    await recordMovement(ctx.db, {
      userId: u.sub,
      kind: 'spend.generation',
      bucket: 'pack',
      amount: -35,
      causeId: 'gen-p1#pack',
    });
    const lots = await listLots(ctx.db, u.sub);
    expect(lots.map((l) => [l.amount, l.remaining])).toEqual([
      [30, 0],
      [150, 145],
    ]);
    // nothing expires before 12 months
    expect(await expirePacks(ctx.db, new Date(Date.now() + 364 * 86_400_000))).toMatchObject({ lots: 0 });
    const later = new Date(Date.parse(lots[1]!.expiresAt) + 1000);
    const first = await expirePacks(ctx.db, later);
    expect(first.credits).toBeGreaterThanOrEqual(145);
    expect(await getBalance(ctx.db, u.sub)).toMatchObject({ pack: 0 });
    expect((await listAllEntries(ctx.db, u.sub)).filter((e) => e.kind === 'expire').map((e) => e.amount)).toEqual([
      -145,
    ]);
    expect((await expirePacks(ctx.db, later)).lots).toBe(0);
    const ledger = await ctx.invoke('GET', '/api/credits/ledger?limit=2', { token: u.idToken });
    expect(ledger.body.items).toHaveLength(2);
    expect(ledger.body.nextCursor).toEqual(expect.any(String));
    const next = await ctx.invoke('GET', `/api/credits/ledger?limit=10&cursor=${ledger.body.nextCursor}`, {
      token: u.idToken,
    });
    expect(next.body.items.length).toBe(2);
    expect(next.body.nextCursor).toBeNull();
    await assertInvariant(u.sub);
  });
});

describe('refunds', () => {
  const refund = (id: string, paymentIntent: string, amount: number, refunded: number) =>
    stripeEvent(`evt_${id}`, 'charge.refunded', {
      id,
      object: 'charge',
      amount,
      amount_refunded: refunded,
      refunded: refunded >= amount,
      payment_intent: paymentIntent,
      currency: 'eur',
    });

  it('removes the unspent credits of a refunded pack, never below zero, recording the shortfall', async () => {
    const u = await newUser();
    const sessionId = await buy(u, 'pack-30');
    await buy(u, 'pack-150');
    await recordMovement(ctx.db, {
      userId: u.sub,
      kind: 'spend.generation',
      bucket: 'pack',
      amount: -10,
      causeId: 'gen-r1#pack',
    });
    const pi = `pi_local_${sessionId.replace('cs_local_', '')}`;
    const e = refund(`ch_${sessionId}`, pi, 599, 599);
    expect((await post(e)).body.outcome).toBe('applied');
    expect((await post(e)).body.outcome).toBe('duplicate');
    expect(await getBalance(ctx.db, u.sub)).toMatchObject({ pack: 150 });
    const revoke = (await listAllEntries(ctx.db, u.sub)).find((x) => x.kind === 'revoke.refund')!;
    expect(revoke).toMatchObject({ amount: -20, bucket: 'pack', meta: { requested: 30, shortfall: 10 } });
    await assertInvariant(u.sub);
  });

  it('a refunded trial whose credits were all spent removes nothing and records the shortfall', async () => {
    const u = await newUser();
    const sessionId = await buy(u, 'trial');
    await recordMovement(ctx.db, {
      userId: u.sub,
      kind: 'spend.generation',
      bucket: 'trial',
      amount: -12,
      causeId: 'gen-t#trial',
    });
    await post(refund(`ch_${sessionId}`, `pi_local_${sessionId.replace('cs_local_', '')}`, 100, 100));
    expect((await getBalance(ctx.db, u.sub)).trial).toBe(0);
    expect((await listAllEntries(ctx.db, u.sub)).find((x) => x.kind === 'revoke.refund')).toMatchObject({
      amount: 0,
      meta: { shortfall: 12 },
    });
    await assertInvariant(u.sub);
  });
});

describe('finance (admin)', () => {
  it('is admin only and lists, sums, reconciles and exports', async () => {
    const shopper = await newUser();
    expect((await ctx.invoke('GET', '/api/admin/finance/summary', { token: shopper.idToken })).status).toBe(403);
    const admin = await newUser();
    await updateUser(ctx.db, admin.sub, { role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
    await buy(shopper, 'pack-30');
    const other = await newUser();
    await buy(other, 'pack-150');
    const ledger = await ctx.invoke('GET', `/api/admin/finance/ledger?userId=${shopper.sub}`, { token: admin.idToken });
    expect(ledger.status, JSON.stringify(ledger.body)).toBe(200);
    expect(ledger.body.items.map((e: { kind: string }) => e.kind)).toEqual(['grant.pack']);
    // issue 39: whose it is (the e-mail, not only an id) and the money behind it, in its currency
    expect(ledger.body.items[0]).toMatchObject({
      userId: shopper.sub,
      email: shopper.email,
      money: { amount: PACKS['pack-30'].priceCents, currency: 'eur' },
    });
    const all = await ctx.invoke('GET', '/api/admin/finance/ledger?kind=grant.pack&limit=1', { token: admin.idToken });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.items).toHaveLength(1);
    expect(all.body.items.every((e: { kind: string }) => e.kind === 'grant.pack')).toBe(true);
    expect(all.body.nextCursor).toEqual(expect.any(String));
    const page2 = await ctx.invoke(
      'GET',
      `/api/admin/finance/ledger?kind=grant.pack&limit=1&cursor=${all.body.nextCursor}`,
      { token: admin.idToken },
    );
    expect(page2.body.items[0].entryId).not.toBe(all.body.items[0].entryId);
    const summary = await ctx.invoke('GET', '/api/admin/finance/summary', { token: admin.idToken });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.totals.granted).toBeGreaterThan(0);
    const today = summary.body.days.at(-1);
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    const rec = await ctx.invoke('GET', '/api/admin/finance/reconciliation', { token: admin.idToken });
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);
    expect(rec.body.mismatches).toEqual([]);
    expect(rec.body.unappliedEvents).toEqual([]);
    expect(rec.body.paymentsWithoutGrant).toEqual([]);
    const csv = await ctx.invoke('GET', `/api/admin/finance/export.csv?userId=${shopper.sub}`, {
      token: admin.idToken,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(String(csv.body).split('\r\n')[0]).toBe(
      'createdAt,userId,email,entryId,kind,bucket,amount,money,currency,causeId,note',
    );
    expect(String(csv.body)).toContain(`${shopper.sub},${shopper.email},`);
    expect(String(csv.body)).toContain(',grant.pack,pack,30,5.99,EUR,');

    // a refund's row carries the money returned (negative); a spend moved no money
    const refundedSession = await buy(other, 'pack-30');
    await post(
      stripeEvent('evt_fin_refund', 'charge.refunded', {
        id: 'ch_fin_refund',
        object: 'charge',
        amount: 599,
        amount_refunded: 599,
        refunded: true,
        payment_intent: `pi_local_${refundedSession.replace('cs_local_', '')}`,
        currency: 'eur',
      }),
    );
    await recordMovement(ctx.db, {
      userId: other.sub,
      kind: 'spend.generation',
      bucket: 'pack',
      amount: -1,
      causeId: 'g-fin',
    });
    const otherRows = await ctx.invoke('GET', `/api/admin/finance/ledger?userId=${other.sub}`, {
      token: admin.idToken,
    });
    const byKind = (k: string) => otherRows.body.items.filter((e: { kind: string }) => e.kind === k);
    expect(byKind('revoke.refund')).toEqual([
      expect.objectContaining({ email: other.email, money: { amount: -599, currency: 'eur' } }),
    ]);
    expect(byKind('spend.generation')).toEqual([expect.objectContaining({ money: null })]);
  });
});
