/**
 * The Stripe adapter (the official SDK) at the HTTP boundary: a local fake of the Stripe API checks the
 * documented request shapes (form-encoded bodies, Bearer key, Stripe-Version, Idempotency-Key on POSTs).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeAdapter, STRIPE_API_VERSION, StripeApiError } from './stripe-adapter';

interface Seen {
  method: string;
  path: string;
  auth: string | undefined;
  form: URLSearchParams;
  version: string | undefined;
  idempotencyKey: string | undefined;
}

/** Paths that answer 500 this many more times before succeeding (the SDK's network retries). */
const failures = new Map<string, number>();

const seen: Seen[] = [];
let base = '';
let server: http.Server;

const subscription = (overrides: Record<string, unknown> = {}) => ({
  id: 'sub_123',
  object: 'subscription',
  status: 'active',
  customer: 'cus_1',
  cancel_at_period_end: false,
  items: {
    object: 'list',
    data: [
      {
        id: 'si_1',
        object: 'subscription_item',
        price: {
          object: 'price',
          unit_amount: 699,
          currency: 'eur',
          product: 'prod_1',
          recurring: { interval: 'month' },
        },
        current_period_start: 1_700_000_000,
        current_period_end: 1_702_592_000,
      },
    ],
  },
  metadata: { userId: 'u1', plan: 'starter' },
  ...overrides,
});

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const s: Seen = {
        method: req.method!,
        path: url.pathname,
        auth: req.headers.authorization,
        form: new URLSearchParams(req.method === 'GET' ? url.search : body),
        version: req.headers['stripe-version'] as string | undefined,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      };
      seen.push(s);
      const send = (status: number, obj: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seen.length}` });
        res.end(JSON.stringify(obj));
      };
      const left = failures.get(url.pathname) ?? 0;
      if (left > 0) {
        failures.set(url.pathname, left - 1);
        return send(500, { error: { type: 'api_error', message: 'try again' } });
      }
      if (req.headers.authorization !== 'Bearer sk_test_fake')
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (req.method === 'POST' && req.headers['content-type'] !== 'application/x-www-form-urlencoded')
        return send(400, { error: { message: 'form encoding expected' } });
      if (req.method === 'POST' && url.pathname === '/v1/refunds')
        return send(200, { id: 're_1', object: 'refund', status: 'succeeded' });
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions')
        return send(200, {
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_1',
        });
      if (req.method === 'GET' && url.pathname === '/v1/subscriptions/sub_123') return send(200, subscription());
      if (req.method === 'GET' && url.pathname === '/v1/subscriptions/sub_missing')
        return send(404, { error: { code: 'resource_missing', message: 'No such subscription' } });
      if (req.method === 'POST' && url.pathname === '/v1/subscriptions/sub_123') {
        const f = s.form;
        return send(
          200,
          subscription({
            cancel_at_period_end: f.get('cancel_at_period_end') === 'true',
            metadata: {
              userId: 'u1',
              plan: f.get('metadata[plan]') || 'starter',
              ...(f.get('metadata[scheduledPlan]') ? { scheduledPlan: f.get('metadata[scheduledPlan]') } : {}),
            },
          }),
        );
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions')
        return send(200, { id: 'bps_1', url: 'https://billing.stripe.com/p/session/bps_1' });
      send(404, { error: { message: `unexpected ${req.method} ${url.pathname}` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const adapter = () =>
  createStripeAdapter({ secretKey: 'sk_test_fake', webhookSecret: 'whsec_x', apiBase: base, maxNetworkRetries: 2 });
const last = () => {
  const request = seen.at(-1);
  if (!request) throw new Error('no request reached the fake Stripe');
  return request;
};

describe('the Stripe adapter', () => {
  it('sends the pinned API version, and an idempotency key on every POST', async () => {
    await adapter().createPortalSession({ customerId: 'cus_1', returnUrl: 'https://app/x y' });
    expect(last().version).toBe(STRIPE_API_VERSION);
    expect(last().idempotencyKey).toMatch(/\S{8,}/);
    // nested params and spaces in Stripe's form encoding
    expect(last().form.get('return_url')).toBe('https://app/x y');
  });

  it("retries a failed POST with the same idempotency key (the SDK's network retries)", async () => {
    failures.set('/v1/billing_portal/sessions', 1);
    const before = seen.length;
    expect(await adapter().createPortalSession({ customerId: 'cus_1', returnUrl: 'https://app/subscription' })).toEqual(
      { url: 'https://billing.stripe.com/p/session/bps_1' },
    );
    const tries = seen.slice(before);
    expect(tries.map((t) => t.path)).toEqual(['/v1/billing_portal/sessions', '/v1/billing_portal/sessions']);
    expect(tries[0]!.idempotencyKey).toBeTruthy();
    expect(tries[1]!.idempotencyKey).toBe(tries[0]!.idempotencyKey);
  }, 15_000);

  it("refunds a payment intent with the caller's idempotency key", async () => {
    await adapter().refundPayment('pi_123', 'refund:cs_1');
    expect([last().method, last().path, last().form.get('payment_intent'), last().idempotencyKey]).toEqual([
      'POST',
      '/v1/refunds',
      'pi_123',
      'refund:cs_1',
    ]);
  });

  it('creates a subscription-mode Checkout Session for a plan with a recurring EUR price', async () => {
    const s = await adapter().createCheckoutSession({
      userId: 'u1',
      email: 'a@b.test',
      productType: 'creator',
      successUrl: 'https://app/subscription?success=true',
      cancelUrl: 'https://app/subscription?canceled=true',
    });
    expect(s).toEqual({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const f = last().form;
    expect([last().method, last().path, last().auth]).toEqual(['POST', '/v1/checkout/sessions', 'Bearer sk_test_fake']);
    expect(Object.fromEntries(f)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1499',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][quantity]': '1',
      success_url: 'https://app/subscription?success=true',
      cancel_url: 'https://app/subscription?canceled=true',
      client_reference_id: 'u1',
      'metadata[productType]': 'creator',
      'subscription_data[metadata][userId]': 'u1',
      'subscription_data[metadata][plan]': 'creator',
      customer_email: 'a@b.test',
    });
  });

  it('creates a payment-mode session for the trial and packs, without a recurring price', async () => {
    await adapter().createCheckoutSession({
      userId: 'u1',
      email: 'a@b.test',
      productType: 'pack-150',
      successUrl: 's',
      cancelUrl: 'c',
      customerId: 'cus_1',
    });
    const f = last().form;
    expect(f.get('mode')).toBe('payment');
    expect(f.get('line_items[0][price_data][unit_amount]')).toBe('2599');
    expect(f.get('line_items[0][price_data][recurring][interval]')).toBeNull();
    expect(f.get('customer')).toBe('cus_1');
    expect(f.get('metadata[productType]')).toBe('pack-150');
    expect(f.get('payment_intent_data[metadata][userId]')).toBe('u1');
    await adapter().createCheckoutSession({
      userId: 'u1',
      email: 'a@b.test',
      productType: 'trial',
      successUrl: 's',
      cancelUrl: 'c',
    });
    expect(last().form.get('line_items[0][price_data][unit_amount]')).toBe('100');
    expect(last().form.get('customer_creation')).toBe('always');
  });

  it('retrieves, cancels at period end, resumes and changes plans on the subscription', async () => {
    const a = adapter();
    expect(await a.retrieveSubscription('sub_123')).toMatchObject({
      id: 'sub_123',
      status: 'active',
      plan: 'starter',
      userId: 'u1',
      currentPeriodEnd: new Date(1_702_592_000_000).toISOString(),
    });
    expect([last().method, last().path]).toEqual(['GET', '/v1/subscriptions/sub_123']);
    expect(await a.retrieveSubscription('sub_missing')).toBeNull();
    expect((await a.cancelAtPeriodEnd('sub_123')).cancelAtPeriodEnd).toBe(true);
    expect([last().method, last().path, last().form.get('cancel_at_period_end')]).toEqual([
      'POST',
      '/v1/subscriptions/sub_123',
      'true',
    ]);
    await a.resume('sub_123');
    expect(last().form.get('cancel_at_period_end')).toBe('false');
    expect((await a.changePlan('sub_123', 'creator', 'now')).plan).toBe('creator');
    expect(Object.fromEntries(last().form)).toMatchObject({
      'items[0][id]': 'si_1',
      'items[0][price_data][unit_amount]': '1499',
      'items[0][price_data][product]': 'prod_1',
      'items[0][price_data][recurring][interval]': 'month',
      proration_behavior: 'always_invoice',
      'metadata[plan]': 'creator',
    });
    expect((await a.changePlan('sub_123', 'creator', 'period_end')).scheduledPlan).toBe('creator');
    expect(last().form.get('proration_behavior')).toBe('none');
  });

  it('creates Billing Portal sessions, optionally on the payment-method flow', async () => {
    expect(
      await adapter().createPortalSession({
        customerId: 'cus_1',
        returnUrl: 'https://app/subscription',
        flow: 'payment_method_update',
      }),
    ).toEqual({ url: 'https://billing.stripe.com/p/session/bps_1' });
    expect(Object.fromEntries(last().form)).toEqual({
      customer: 'cus_1',
      return_url: 'https://app/subscription',
      'flow_data[type]': 'payment_method_update',
    });
  });

  it('raises Stripe errors with their status', async () => {
    const bad = createStripeAdapter({ secretKey: 'sk_wrong', webhookSecret: '', apiBase: base });
    await expect(bad.createPortalSession({ customerId: 'c', returnUrl: 'r' })).rejects.toBeInstanceOf(StripeApiError);
  });
});
