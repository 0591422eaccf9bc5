import { beforeAll, describe, expect, it } from 'vitest';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../../infra/local/s3-sdk';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';

let ctx: IntegrationContext;
let alice: TestUser;
let bob: TestUser;
const bytes = Buffer.from('fake-but-stored-bytes');

beforeAll(async () => {
  ctx = await setupIntegration();
  [alice, bob] = await Promise.all([ctx.createUser(), ctx.createUser()]);
  const s3 = createS3Client({ endpoint: ctx.endpoints.s3 });
  await s3.send(new PutObjectCommand({ Bucket: process.env.PUBLIC_BUCKET, Key: 'styles/s1/cover.webp', Body: bytes }));
  await s3.send(
    new PutObjectCommand({ Bucket: process.env.PRIVATE_BUCKET, Key: `users/${alice.sub}/photos/p1.jpg`, Body: bytes }),
  );
});

describe('GET /api/public-image/{key+}', () => {
  it('returns a URL that serves the object, the same URL for the whole signing hour, and a cacheable answer', async () => {
    const res = await ctx.invoke('GET', '/api/public-image/styles/s1/cover.webp');
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/X-Amz-Expires=7200/);
    const got = await fetch(res.body.url);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    // signed at the start of the hour, valid two hours: at least 55 minutes of reuse left
    const expiresAt = Date.parse(res.body.expiresAt);
    expect(expiresAt - Date.now()).toBeGreaterThan(60 * 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(2 * 60 * 60_000);
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers['cache-control']!)![1]);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(maxAge).toBeGreaterThanOrEqual(55 * 60 - 5);
    expect(Date.now() + maxAge * 1000).toBeLessThanOrEqual(expiresAt - 5 * 60_000 + 3000);
    const again = await ctx.invoke('GET', '/api/public-image/styles/s1/cover.webp');
    const sameHour =
      Math.floor(Date.parse(res.body.expiresAt) / 3_600_000) ===
      Math.floor(Date.parse(again.body.expiresAt) / 3_600_000);
    if (sameHour) expect(again.body.url).toBe(res.body.url);
  });
  it('answers 404 for a missing object and 400 for a traversal key', async () => {
    expect((await ctx.invoke('GET', '/api/public-image/styles/nope.webp')).status).toBe(404);
    const bad = await ctx.invoke('GET', '/api/public-image/styles/..%2F..%2Fetc');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('bad_request');
  });
});

describe('GET /api/private-image/{key+}', () => {
  const key = () => `users/${alice.sub}/photos/p1.jpg`;
  it("signs the owner's own key; the answer is cacheable by the browser only, per token", async () => {
    const res = await ctx.invoke('GET', `/api/private-image/${key()}`, { token: alice.idToken });
    expect(res.status).toBe(200);
    expect((await fetch(res.body.url)).status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.headers.vary).toBe('Authorization');
  });
  it('errors are never cached', async () => {
    const res = await ctx.invoke('GET', `/api/private-image/${key()}`, { token: bob.idToken });
    expect(res.headers['cache-control']).toBe('no-store');
  });
  it('answers 404 to another user, and 401 signed out', async () => {
    const res = await ctx.invoke('GET', `/api/private-image/${key()}`, { token: bob.idToken });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Image not found', code: 'not_found' });
    expect((await ctx.invoke('GET', `/api/private-image/${key()}`)).status).toBe(401);
  });
  it('does not sign private keys through the public route', async () => {
    expect((await ctx.invoke('GET', `/api/public-image/${key()}`)).status).toBe(404);
  });
});
