/**
 * Crash-safe generations (issue 27): the whole local stack, as `npm start` runs it, is killed at the points that
 * matter and started again on the same data. One run shares its restarts across the faults:
 *   1. four looks started; the process kills itself right after the first result is stored (before it is
 *      reported): the others are rendering or queued;
 *   2. started again (the executions are resumed, the cut-off renders rendered again, the stored result
 *      reported without a second render): every look completes; then a credit pack is paid and the process
 *      kills itself after the webhook applied the event, before answering it;
 *   3. started again: the checkout's outbox delivers the event again and the webhook dedupes it (credited once);
 *      three more looks, Ctrl-C while they render;
 *   4. started again: every look completes, the ledger's sum equals the balance, and a retried start with the
 *      same Idempotency-Key answers the first generation.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../infra/local/services';
import { connectApp, type AppClient } from '../../infra/ops/app-client';
import { PHOTO_CONSENT } from '../../shared/domain/privacy';
import { startStackProcess, type StackProcess } from '../support/stack-process';
import { FULL_BODY_FIXTURE } from '../support/api-client';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-crash-'));
let stack: StackProcess | undefined;
afterAll(async () => {
  await stack?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Shopper {
  token: string;
  profileId: string;
  styleId: string;
}

async function newShopper(app: AppClient): Promise<Shopper> {
  const email = `crash-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Crash-${randomUUID()}-1a`;
  const { userPoolClientId: ClientId, localConfirmationCode } = app.config.auth;
  await app.cognito('SignUp', {
    ClientId,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'given_name', Value: 'Crash' },
      { Name: 'family_name', Value: 'Test' },
    ],
  });
  await app.cognito('ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: localConfirmationCode });
  const token = (await app.signIn(email, password))!;
  const me = await app.api(token, 'GET', '/api/auth/user');
  await app.api(token, 'POST', '/api/user/age', { birthDate: '1990-01-01' });
  const admin = (await app.signIn('admin@example.com', process.env.DEMO_PASSWORD ?? 'Demo-pass-1'))!;
  const credit = await app.api(admin, 'POST', '/api/admin/credits/adjust', {
    userId: me.json!.id,
    amount: 10,
    bucket: 'pack',
    reason: 'crash test',
    idempotencyKey: `crash-${me.json!.id}`,
  });
  expect(credit.status).toBe(201);
  const fd = new FormData();
  fd.append('consent', PHOTO_CONSENT.version);
  fd.append('name', 'Crash');
  fd.append('gender', 'unisex');
  fd.append('bodyDescription', 'Average height, athletic build, broad shoulders.');
  const jpeg = (file: string, h: number) => sharp(readFileSync(file)).resize({ height: h }).jpeg().toBuffer();
  fd.append(
    'portrait',
    new Blob([new Uint8Array(await jpeg(FULL_BODY_FIXTURE, 480))], { type: 'image/jpeg' }),
    'p.jpg',
  );
  fd.append(
    'fullBody',
    new Blob([new Uint8Array(await jpeg(FULL_BODY_FIXTURE, 900))], { type: 'image/jpeg' }),
    'f.jpg',
  );
  const profile = await app.api(token, 'POST', '/api/photo-profiles', fd);
  expect(profile.status, profile.json?.message).toBe(201);
  await vi.waitFor(
    async () => {
      const list = (
        await app.api<{ id: string; bodyCheck: { status: string } | null }[]>(token, 'GET', '/api/photo-profiles')
      ).json!;
      expect(list.find((p) => p.id === profile.json!.id)?.bodyCheck?.status).toBe('ok');
    },
    { timeout: 90_000, interval: 500 },
  );
  const styles = await app.api<{ id: string }[]>(null, 'GET', '/api/styles');
  return { token, profileId: profile.json!.id!, styleId: styles.json![0]!.id };
}

const start = (app: AppClient, s: Shopper, key: string) =>
  app.api(
    s.token,
    'POST',
    '/api/generate/style',
    { styleId: s.styleId, photoProfileId: s.profileId, mode: 'exact' },
    { 'idempotency-key': key },
  );

type Gen = { id: string; status: string; error?: string };
const generations = async (app: AppClient, s: Shopper) =>
  (await app.api<Gen[]>(s.token, 'GET', '/api/generations')).json ?? [];

async function allEnded(app: AppClient, s: Shopper, ids: string[], timeout: number): Promise<Gen[]> {
  let last: Gen[] = [];
  await vi.waitFor(
    async () => {
      last = (await generations(app, s)).filter((g) => ids.includes(g.id));
      expect(last.map((g) => g.status).sort()).toEqual(ids.map(() => 'completed'));
    },
    { timeout, interval: 500 },
  );
  return last;
}

async function ledgerMatchesBalance(app: AppClient, s: Shopper): Promise<number> {
  const credits = (await app.api<{ credits: number }>(s.token, 'GET', '/api/credits')).json!.credits;
  let sum = 0;
  let cursor: string | null = null;
  do {
    const page: { items: { amount: number }[]; nextCursor: string | null } = (
      await app.api<{
        items: { amount: number }[];
        nextCursor: string | null;
      }>(s.token, 'GET', `/api/credits/ledger${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)
    ).json!;
    sum += page.items.reduce((t, e) => t + e.amount, 0);
    cursor = page.nextCursor;
  } while (cursor);
  expect(sum).toBe(credits);
  return credits;
}

describe('crash-safe generations: the stack killed at each point that matters, started again', () => {
  it('ends every look, credits every payment once, and keeps every answer', { timeout: 480_000 }, async () => {
    const port = await freePort();
    const boot = (env: Record<string, string> = {}) =>
      startStackProcess({ port, dataDir, env, readyTimeoutMs: 180_000 });

    // 1. a power cut right after the first result is stored
    stack = await boot({ FAULT_POINT: 'render.after-store' });
    let app = await connectApp(stack.url);
    const shopper = await newShopper(app);
    const keys = [0, 1, 2, 3].map(() => randomUUID());
    const first: string[] = [];
    for (const k of keys) {
      const r = await start(app, shopper, k);
      expect(r.status).toBe(201);
      first.push(r.json!.id!);
    }
    expect(await Promise.race([stack.exited, new Promise((r) => setTimeout(() => r('still running'), 120_000))])).toBe(
      'SIGKILL',
    );

    // 2. started again: every look completes; then a payment cut off inside the webhook
    stack = await boot({ FAULT_POINT: 'stripe.after-apply' });
    app = await connectApp(stack.url);
    await allEnded(app, shopper, first, 90_000);
    const before = await ledgerMatchesBalance(app, shopper);
    const checkout = await app.api<{ checkoutUrl: string }>(shopper.token, 'POST', '/api/subscriptions/checkout', {
      productType: 'pack-30',
    });
    expect(checkout.status).toBe(201);
    await fetch(new URL(`${checkout.json!.checkoutUrl}/pay`, stack.url), { method: 'POST', redirect: 'manual' }).catch(
      () => undefined, // the process dies while answering
    );
    expect(await stack.exited).toBe('SIGKILL');
    expect(readdirSync(path.join(dataDir, 'stripe-outbox')).filter((f) => f.endsWith('.json')).length).toBeGreaterThan(
      0,
    );

    // 3. started again: the event is delivered again and credited once; Ctrl-C while three looks render
    stack = await boot();
    app = await connectApp(stack.url);
    await vi.waitFor(
      () => expect(readdirSync(path.join(dataDir, 'stripe-outbox')).filter((f) => f.endsWith('.json'))).toEqual([]),
      { timeout: 30_000, interval: 250 },
    );
    expect(await ledgerMatchesBalance(app, shopper)).toBe(before + 30);
    const second: string[] = [];
    for (let i = 0; i < 3; i++) second.push((await start(app, shopper, randomUUID())).json!.id!);
    await vi.waitFor(
      async () =>
        expect((await generations(app, shopper)).some((g) => second.includes(g.id) && g.status === 'processing')).toBe(
          true,
        ),
      { timeout: 30_000, interval: 100 },
    );
    expect(await stack.stop('SIGINT', 30_000)).toBe(0);

    // 4. started again: everything ends, the money adds up, a retried start answers the first generation
    stack = await boot();
    app = await connectApp(stack.url);
    await allEnded(app, shopper, [...first, ...second], 90_000);
    expect(await ledgerMatchesBalance(app, shopper)).toBe(before + 30 - second.length);
    const again = await start(app, shopper, keys[0]!);
    expect(again.status).toBe(200);
    expect(again.json!.id).toBe(first[0]);
  });
});
