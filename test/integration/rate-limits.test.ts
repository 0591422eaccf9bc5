/**
 * Issue 40, item 8: routes that make the server do free image or model work are limited per user and per client
 * address (shared/domain/rate-limits.ts): the pipeline counts the call once the caller is known, before the body
 * is read, and answers 429 `rate_limited` with Retry-After. Before, 8 full-body photo replacements in 9 s and 8
 * outfit uploads in 1.6 s went through with no limit.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS, RATE_MESSAGES } from '../../shared/domain/rate-limits';
import { ROUTES } from '../../shared/routes';
import { setupIntegration, type IntegrationContext } from '../support/integration';
import { createSignedInUser } from '../support/users';

let ctx: IntegrationContext;

beforeAll(async () => {
  process.env.ORIGIN_VERIFY_SECRET = 'rate-limits-test-edge-token';
  ctx = await setupIntegration();
});

// The limits count in fixed windows: a loop of requests on a busy machine can cross a window's edge and start a
// fresh count. The clock stands still while a test runs (only Date is faked), so every request falls in one window.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A call the route refuses at its body (nothing is processed): the count is taken before the body is read. */
const fetchCall = (token: string, viewerIp: string) =>
  ctx.invoke('POST', '/api/download-image', { token, viewerIp, body: { imageUrl: 'not a url' } });

describe('free image work is rate limited', () => {
  it('every route that does free image or model work names its limit', () => {
    const limited = ROUTES.filter((r) => r.rateLimit).map((r) => `${r.method} ${r.path} ${r.rateLimit}`);
    expect(limited).toEqual(
      expect.arrayContaining([
        'POST /api/photo-profiles media.photo',
        'PATCH /api/photo-profiles/{id} media.photo',
        'POST /api/upload media.upload',
        'POST /api/uploads/outfit media.upload',
        'POST /api/user/profile-image media.upload',
        'POST /api/uploads/complete media.upload',
        'POST /api/download-image media.fetch',
        'POST /api/scrape-url media.fetch',
      ]),
    );
  });

  it('per user: the call over the limit is a 429 with Retry-After; another user is not affected', async () => {
    const user = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const limit = RATE_LIMITS['media.fetch'].limit.user;
    const ips = Array.from({ length: limit + 1 }, (_, i) => `198.51.100.${i + 1}`);
    const answers = [];
    // one address a call, so only the user's own count can stop it
    for (const ip of ips) answers.push(await fetchCall(user.idToken, ip));
    expect(answers.slice(0, limit).map((a) => a.status)).toEqual(Array(limit).fill(400));
    const over = answers[limit]!;
    expect([over.status, over.body]).toEqual([429, { message: RATE_MESSAGES['media.fetch'], code: 'rate_limited' }]);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS['media.fetch'].windowSeconds);
    expect((await fetchCall(other.idToken, '198.51.100.200')).status).toBe(400);
  });

  it('per address: many users behind one address are limited together, more loosely', async () => {
    const limit = RATE_LIMITS['media.upload'].limit.ip;
    const perUser = RATE_LIMITS['media.upload'].limit.user;
    const users = await Promise.all(
      Array.from({ length: Math.ceil((limit + 1) / perUser) }, () => createSignedInUser(ctx)),
    );
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const u = users[Math.floor(i / perUser)]!;
      const res = await ctx.invoke('POST', '/api/uploads/complete', {
        token: u.idToken,
        viewerIp: '203.0.113.77',
        body: { uploadId: 'not-an-upload-id!' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, limit).every((s) => s !== 429)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it('a stranger is refused (401) before anything is counted', async () => {
    const res = await ctx.invoke('POST', '/api/download-image', {
      token: null,
      bypassGateway: true,
      viewerIp: '203.0.113.99',
      body: { imageUrl: 'x' },
    });
    expect(res.status).toBe(401);
  });
});

describe('the local machine', () => {
  it('a loopback address is not counted per address (every local caller has it); each user still is', async () => {
    const limit = RATE_LIMITS['media.fetch'].limit.ip;
    const perUser = RATE_LIMITS['media.fetch'].limit.user;
    const users = await Promise.all(
      Array.from({ length: Math.ceil((limit + 1) / perUser) }, () => createSignedInUser(ctx)),
    );
    for (let i = 0; i <= limit; i++) {
      const res = await fetchCall(users[Math.floor(i / perUser)]!.idToken, '127.0.0.1');
      expect(res.status).toBe(400);
    }
  });
});
