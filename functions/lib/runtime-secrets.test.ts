/**
 * The operator's secrets (Stripe, provider keys) are cached a short while once filled and never while empty
 * (issue 41): a function that first ran before `put-secret-value` must not answer 503 until its container is
 * recycled. Secrets Manager is a fake fetcher; time is vitest's fake clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILLED_SECRET_CACHE_MS, filledSecret, setSecretFetcherForTests } from './runtime-secrets';
import { loadProviderKeys, providerReady } from '../generations/providers';
import { getPayments, PaymentsUnavailable } from '../billing/payments';

const env = { ...process.env };
let stored: Record<string, string | null>;
let reads: string[];
let failNext = false;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T10:00:00Z'));
  stored = {};
  reads = [];
  failNext = false;
  setSecretFetcherForTests(async (arn) => {
    reads.push(arn);
    if (failNext) {
      failNext = false;
      throw Object.assign(new Error('throttled'), { name: 'ThrottlingException' });
    }
    return stored[arn] ?? null;
  });
});
afterEach(() => {
  setSecretFetcherForTests(null);
  vi.useRealTimers();
  process.env = { ...env };
});

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
const text = (raw: string | null) => raw ?? '';

describe('filledSecret', () => {
  it('never caches an empty value: the value put afterwards is read by the next call', async () => {
    expect(await filledSecret('arn:s', text, Boolean)).toBe('');
    expect(await filledSecret('arn:s', text, Boolean)).toBe('');
    stored['arn:s'] = 'sk_live_1';
    expect(await filledSecret('arn:s', text, Boolean)).toBe('sk_live_1');
    expect(reads).toHaveLength(3);
  });

  it('caches a filled value for FILLED_SECRET_CACHE_MS, then reads the rotated one', async () => {
    stored['arn:s'] = 'old';
    expect(await filledSecret('arn:s', text, Boolean)).toBe('old');
    stored['arn:s'] = 'new';
    later(FILLED_SECRET_CACHE_MS - 1);
    expect(await filledSecret('arn:s', text, Boolean)).toBe('old');
    expect(reads).toHaveLength(1);
    later(1);
    expect(await filledSecret('arn:s', text, Boolean)).toBe('new');
    expect(reads).toHaveLength(2);
    expect(FILLED_SECRET_CACHE_MS).toBeLessThanOrEqual(5 * 60_000); // "within minutes", as the docs say
  });

  it('a failed read is not cached; concurrent first calls share one read', async () => {
    stored['arn:s'] = 'v';
    failNext = true;
    await expect(filledSecret('arn:s', text, Boolean)).rejects.toThrow('throttled');
    const both = await Promise.all([filledSecret('arn:s', text, Boolean), filledSecret('arn:s', text, Boolean)]);
    expect(both).toEqual(['v', 'v']);
    expect(reads).toHaveLength(2);
  });
});

describe('the keys a deployed function reads', () => {
  it('provider keys put after the first request are in use at the next one (no recycle)', async () => {
    Object.assign(process.env, { APP_STAGE: 'prod', PROVIDER_SECRET_ARN: 'arn:providers' });
    delete process.env.FASHN_API_KEY;
    delete process.env.EXACT_PROVIDER;
    stored['arn:providers'] = '{"fashnApiKey":"","geminiApiKey":""}'; // the secret as the deploy creates it
    expect(await providerReady('exact')).toBe(false); // 503 provider_unavailable, before any spend
    stored['arn:providers'] = '{"fashnApiKey":"fa-key","geminiApiKey":""}';
    expect(await providerReady('exact')).toBe(true);
    expect((await loadProviderKeys()).fashnApiKey).toBe('fa-key');
  });

  it('Stripe keys put after the first request are in use at the next one (no recycle)', async () => {
    Object.assign(process.env, {
      APP_STAGE: 'prod',
      STRIPE_SECRET_ARN: 'arn:stripe',
      // what every deployed function has (read by the adapter choice)
      TABLE_NAME: 'Tryon-prod-table',
      COGNITO_USER_POOL_ID: 'eu-west-1_pool',
      COGNITO_CLIENT_ID: 'client',
    });
    delete process.env.STRIPE_SECRET_KEY;
    stored['arn:stripe'] = '{"secretKey":"","webhookSecret":""}';
    await expect(getPayments()).rejects.toBeInstanceOf(PaymentsUnavailable);
    stored['arn:stripe'] = '{"secretKey":"sk_test_1","webhookSecret":"whsec_1"}';
    expect((await getPayments()).name).toBe('stripe');
  });
});
