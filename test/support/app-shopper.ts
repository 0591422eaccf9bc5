/**
 * A shopper on a running app, through its public API only (infra/ops/app-client.ts): signed up, confirmed, an
 * adult, credits granted by the demo admin, a photo profile whose full-body check passed. Used by the crash
 * tests and the restart figure of `npm run bench`, which both start looks, stop the stack and start it again.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { AppClient } from '../../infra/ops/app-client';
import { PHOTO_CONSENT } from '../../shared/domain/privacy';
import { FULL_BODY_FIXTURE } from './api-client';

export interface Shopper {
  email: string;
  password: string;
  id: string;
  token: string;
  profileId: string;
  styleId: string;
}

export type Gen = { id: string; status: string; error?: string };

/** Polls `check` (every `intervalMs`) until it returns true; throws with `what` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  intervalMs = 500,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs)); // the poll's interval, not a stand-in for a condition
  }
}

function ok<T>(res: { status: number; json: T }, status: number, what: string): NonNullable<T> {
  if (res.status !== status || res.json === null || res.json === undefined)
    throw new Error(`${what}: answered ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}

export async function newShopper(app: AppClient, credits = 10): Promise<Shopper> {
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
  const token = await app.signIn(email, password);
  if (!token) throw new Error('sign-in failed');
  const me = ok(await app.api(token, 'GET', '/api/auth/user'), 200, 'GET /api/auth/user');
  await app.api(token, 'POST', '/api/user/age', { birthDate: '1990-01-01' });
  const admin = await app.signIn('admin@example.com', process.env.DEMO_PASSWORD ?? 'Demo-pass-1');
  ok(
    await app.api(admin, 'POST', '/api/admin/credits/adjust', {
      userId: me.id,
      amount: credits,
      bucket: 'pack',
      reason: 'crash test',
      idempotencyKey: `crash-${me.id}`,
    }),
    201,
    'credit adjustment',
  );
  const fd = new FormData();
  fd.append('consent', PHOTO_CONSENT.version);
  fd.append('name', 'Crash');
  fd.append('gender', 'unisex');
  fd.append('bodyDescription', 'Average height, athletic build, broad shoulders.');
  const jpeg = (h: number) => sharp(readFileSync(FULL_BODY_FIXTURE)).resize({ height: h }).jpeg().toBuffer();
  fd.append('portrait', new Blob([new Uint8Array(await jpeg(700))], { type: 'image/jpeg' }), 'p.jpg');
  fd.append('fullBody', new Blob([new Uint8Array(await jpeg(900))], { type: 'image/jpeg' }), 'f.jpg');
  const profile = ok(await app.api(token, 'POST', '/api/photo-profiles', fd), 201, 'POST /api/photo-profiles');
  await waitUntil(
    'the full-body check',
    async () => {
      const list = (
        await app.api<{ id: string; bodyCheck: { status: string } | null }[]>(token, 'GET', '/api/photo-profiles')
      ).json;
      return list?.find((p) => p.id === profile.id)?.bodyCheck?.status === 'ok';
    },
    90_000,
  );
  const styles = ok(
    await app.api<{ items: { id: string }[] }>(null, 'GET', '/api/styles?limit=1'),
    200,
    'GET /api/styles',
  );
  return { email, password, id: me.id!, token, profileId: profile.id!, styleId: styles.items[0]!.id };
}

/** POST /api/generate/style for the shopper's first style, with the Idempotency-Key given. */
export const startLook = (app: AppClient, s: Shopper, key: string) =>
  app.api(
    s.token,
    'POST',
    '/api/generate/style',
    { styleId: s.styleId, photoProfileId: s.profileId, mode: 'exact' },
    { 'idempotency-key': key },
  );

export const generations = async (app: AppClient, s: Shopper): Promise<Gen[]> =>
  (await app.api<Gen[]>(s.token, 'GET', '/api/generations')).json ?? [];

/** The shopper's balance and the sum of their ledger, every page of it: equal when the money adds up. */
export async function balanceAndLedger(app: AppClient, s: Shopper): Promise<{ credits: number; ledgerSum: number }> {
  const credits = ok(
    await app.api<{ credits: number }>(s.token, 'GET', '/api/credits'),
    200,
    'GET /api/credits',
  ).credits;
  type Page = { items: { amount: number }[]; nextCursor: string | null };
  let ledgerSum = 0;
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const page: Page = ok(await app.api<Page>(s.token, 'GET', `/api/credits/ledger${query}`), 200, 'the ledger');
    ledgerSum += page.items.reduce((t, e) => t + e.amount, 0);
    cursor = page.nextCursor;
  } while (cursor);
  return { credits, ledgerSum };
}
