/**
 * The post-deploy check (`npm run smoke -- <url>`), also run against the local stack by the tests: a synthetic
 * user signs up, gets one credit through the admin path, uploads a photo (a photo profile), generates one look
 * with the stage's engine or provider, the result carries a valid C2PA manifest, and the account is deleted.
 *
 * In AWS the sign-up is confirmed with the operator's credentials (`aws cognito-idp admin-confirm-sign-up`) and
 * the credit is given by an admin account named by SMOKE_ADMIN_EMAIL / SMOKE_ADMIN_PASSWORD; locally by the
 * fixed confirmation code and the local admin.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { JPEG } from '@trustnxt/c2pa-ts/asset';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import { ManifestStore } from '@trustnxt/c2pa-ts/manifest';
import { PHOTO_CONSENT } from '../../shared/domain/privacy';
import { awsCli } from './target';
import { connectApp } from './app-client';

/** The photo the smoke check dresses (a computer-generated person, head to feet). */
const SMOKE_PERSON = fileURLToPath(new URL('../../test/fixtures/people/cgi-model-27.jpg', import.meta.url));

export interface SmokeStep {
  step: string;
  ok: boolean;
  detail: string;
}

export interface SmokeOptions {
  /** An admin's e-mail and password (gives the credit). Default: SMOKE_ADMIN_*, locally the demo admin. */
  admin?: { email: string; password: string };
  /** How long to wait for the generation. */
  timeoutMs?: number;
  log?: (step: SmokeStep) => void;
}

class SmokeFailure extends Error {}

/**
 * The synthetic user's address: SES's mailbox simulator, which accepts the sign-up code as delivered (also from an
 * account still in the SES sandbox) without a real mailbox, a bounce or a mark on the account's reputation; the
 * label (`+smoke-...`, which the simulator supports) makes each run's user new. An address at example.com hard-
 * bounced on every run.
 */
export const SMOKE_EMAIL_DOMAIN = 'simulator.amazonses.com';
export const smokeEmail = (id: string = randomUUID().slice(0, 8)): string =>
  `success+smoke-${id}@${SMOKE_EMAIL_DOMAIN}`;

export async function runSmoke(baseUrl: string, opts: SmokeOptions = {}): Promise<SmokeStep[]> {
  const url = baseUrl.replace(/\/$/, '');
  const steps: SmokeStep[] = [];
  const record = (step: string, ok: boolean, detail: string) => {
    const s = { step, ok, detail };
    steps.push(s);
    opts.log?.(s);
    if (!ok) throw new SmokeFailure(`${step}: ${detail}`);
  };
  try {
    const app = await connectApp(url);
    const { api, cognito, signIn } = app;
    const cfg = app.config;
    record('config', true, 'GET /api/config 200');

    // 1. a synthetic user signs up and is confirmed
    const email = smokeEmail();
    const password = `Smoke-${randomUUID()}-1a`;
    const up = await cognito('SignUp', {
      ClientId: cfg.auth.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: 'Smoke' },
        { Name: 'family_name', Value: 'Test' },
      ],
    });
    record('sign up', up.status === 200, `${email}: ${up.status} ${up.json?.message ?? ''}`);
    if (cfg.auth.localConfirmationCode) {
      const c = await cognito('ConfirmSignUp', {
        ClientId: cfg.auth.userPoolClientId,
        Username: email,
        ConfirmationCode: cfg.auth.localConfirmationCode,
      });
      record('confirm', c.status === 200, `local code: ${c.status}`);
    } else {
      awsCli(
        ['cognito-idp', 'admin-confirm-sign-up', '--user-pool-id', cfg.auth.userPoolId, '--username', email],
        cfg.auth.region,
      );
      record('confirm', true, 'admin-confirm-sign-up (operator credentials)');
    }
    const token = await signIn(email, password);
    record('sign in', !!token, token ? 'ID token' : 'no token');
    const me = await api(token, 'GET', '/api/auth/user');
    record('user', me.status === 200, `GET /api/auth/user ${me.status}`);
    const userId = me.json?.id ?? '';
    const age = await api(token, 'POST', '/api/user/age', { birthDate: '1990-01-01' });
    record('age statement', age.status < 300, `POST /api/user/age ${age.status}`);

    // 2. one credit through the admin path
    const admin = opts.admin ??
      (process.env.SMOKE_ADMIN_EMAIL
        ? { email: process.env.SMOKE_ADMIN_EMAIL, password: process.env.SMOKE_ADMIN_PASSWORD ?? '' }
        : cfg.auth.localConfirmationCode
          ? {
              email: process.env.ADMIN_EMAIL ?? 'admin@example.com',
              password: process.env.DEMO_PASSWORD ?? 'Demo-pass-1',
            }
          : null) ?? { email: '', password: '' };
    const adminToken = admin.email ? await signIn(admin.email, admin.password) : null;
    record(
      'admin sign in',
      !!adminToken,
      adminToken ? admin.email : 'set SMOKE_ADMIN_EMAIL and SMOKE_ADMIN_PASSWORD (an admin: npm run admin:grant)',
    );
    const credit = await api(adminToken, 'POST', '/api/admin/credits/adjust', {
      userId,
      amount: 1,
      bucket: 'pack',
      reason: 'smoke test',
      idempotencyKey: `smoke-${userId}`,
    });
    record(
      'credit',
      credit.status === 201,
      `POST /api/admin/credits/adjust ${credit.status} ${credit.json?.message ?? ''}`,
    );

    // 3. a photo: a photo profile with a portrait and a full-body photo
    const jpeg = (w: number, h: number, c: string) =>
      sharp({ create: { width: w, height: h, channels: 3, background: c } })
        .jpeg()
        .toBuffer();
    const fd = new FormData();
    fd.append('consent', PHOTO_CONSENT.version);
    fd.append('name', 'Smoke');
    fd.append('gender', 'unisex');
    fd.append('bodyDescription', 'Average height, athletic build, broad shoulders.');
    fd.append('portrait', new Blob([new Uint8Array(await jpeg(420, 420, '#c08040'))], { type: 'image/jpeg' }), 'p.jpg');
    // a computer-generated person from head to feet (test/fixtures/people, MIT): the full-body check must pass
    const person = await sharp(readFileSync(SMOKE_PERSON)).resize({ height: 900 }).jpeg().toBuffer();
    fd.append('fullBody', new Blob([new Uint8Array(person)], { type: 'image/jpeg' }), 'f.jpg');
    const profile = await api(token, 'POST', '/api/photo-profiles', fd);
    record(
      'photo upload',
      profile.status === 201,
      `POST /api/photo-profiles ${profile.status} ${profile.json?.message ?? ''}`,
    );
    // its full-body check (the render worker, where the models are)
    let check = 'checking';
    const checkDeadline = Date.now() + 60_000;
    while (check === 'checking' && Date.now() < checkDeadline) {
      const list =
        (await api<{ id: string; bodyCheck: { status: string } | null }[]>(token, 'GET', '/api/photo-profiles')).json ??
        [];
      check = list.find((x) => x.id === profile.json?.id)?.bodyCheck?.status ?? 'none';
      if (check === 'checking') await new Promise((r) => setTimeout(r, 500)); // polling interval, not a condition
    }
    record('full-body check', check === 'ok', `full-body check: ${check}`);

    // 4. one look
    const styles = await api<{ items: { id: string }[] }>(null, 'GET', '/api/styles?limit=1');
    const style = styles.json?.items[0];
    record('catalogue', !!style, style ? style.id : 'no public style: npm run catalog:seed');
    const gen = await api(
      token,
      'POST',
      '/api/generate/style',
      { styleId: style!.id, photoProfileId: profile.json?.id, mode: 'exact' },
      { 'idempotency-key': `smoke-${randomUUID()}` },
    );
    record(
      'generate',
      gen.status === 201,
      `POST /api/generate/style ${gen.status} ${gen.json?.message ?? ''}${
        gen.json?.code === 'provider_unavailable'
          ? ' (fill the provider secret first: docs/operations.md "Secrets you bring", then run the smoke again)'
          : ''
      }`,
    );
    const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
    let g: { status: string; resultUrl: string | null; error?: string } = { status: 'pending', resultUrl: null };
    while (Date.now() < deadline) {
      g = (await api<typeof g>(token, 'GET', `/api/generations/${gen.json?.id}`)).json ?? g;
      if (g.status === 'completed' || g.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 1000)); // polling interval, not a condition
    }
    record('render', g.status === 'completed', `generation ${gen.json?.id}: ${g.status} ${g.error ?? ''}`);

    // 5. the result is C2PA-marked
    const link = await api(token, 'GET', g.resultUrl!);
    const imageUrl = new URL(link.json?.url ?? '', url).href;
    const bytes = new Uint8Array(await (await fetch(imageUrl)).arrayBuffer());
    const asset = new JPEG(bytes);
    const jumbf = asset.getManifestJUMBF();
    const store = jumbf ? ManifestStore.read(SuperBox.fromBuffer(new Uint8Array(jumbf))) : null;
    const validation = store ? await store.validate(asset) : null;
    record('C2PA', !!validation?.isValid, validation ? `manifest valid: ${validation.isValid}` : 'no manifest');

    // 6. the account is deleted
    const del = await api(token, 'DELETE', '/api/user/account', { confirm: 'DELETE', password });
    record('delete account', del.status === 200, `DELETE /api/user/account ${del.status}`);
    const after = await api(token, 'GET', '/api/auth/user');
    record('gone', after.status === 401, `GET /api/auth/user after deletion ${after.status}`);
  } catch (err) {
    if (!(err instanceof SmokeFailure)) steps.push({ step: 'error', ok: false, detail: (err as Error).message });
  }
  return steps;
}
