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
 *      same Idempotency-Key answers the first generation; then an outfit photo is uploaded straight to the
 *      bucket and the process kills itself inside the finalize, after the image was stored, before answering;
 *   5. started again: the browser's retried finalize answers the same image, and there is one copy of it.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../infra/local/services';
import { connectApp, type AppClient } from '../../infra/ops/app-client';
import { startStackProcess, type StackProcess } from '../support/stack-process';
import {
  balanceAndLedger,
  generations,
  newShopper,
  startLook as start,
  type Gen,
  type Shopper,
} from '../support/app-shopper';
import { postForm } from '../support/media';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-crash-'));
let stack: StackProcess | undefined;
afterAll(async () => {
  await stack?.stop('SIGINT', 30_000); // a graceful stop ends its DynamoDB Local and cognito-local too
  rmSync(dataDir, { recursive: true, force: true });
});

/** The object keys s3rver keeps in the data folder (one `._S3rver_object` file per object). */
function storedKeys(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('._S3rver_object'))
    .map((f) => `/${f.split(path.sep).join('/')}`);
}

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
  const { credits, ledgerSum } = await balanceAndLedger(app, s);
  expect(ledgerSum).toBe(credits);
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

    // 4. started again: everything ends, the money adds up, a retried start answers the first generation;
    //    then a power cut inside a direct upload's finalize, after the image was stored
    stack = await boot({ FAULT_POINT: 'upload.after-store' });
    app = await connectApp(stack.url);
    await allEnded(app, shopper, [...first, ...second], 90_000);
    expect(await ledgerMatchesBalance(app, shopper)).toBe(before + 30 - second.length);
    const again = await start(app, shopper, keys[0]!);
    expect(again.status).toBe(200);
    expect(again.json!.id).toBe(first[0]);
    const photo = await sharp({ create: { width: 640, height: 800, channels: 3, background: '#3060a0' } })
      .jpeg()
      .toBuffer();
    const presigned = await app.api<{ uploadId: string; url: string; fields: Record<string, string> }>(
      shopper.token,
      'POST',
      '/api/uploads',
      { purpose: 'outfit', contentType: 'image/jpeg', size: photo.length },
    );
    expect(presigned.status).toBe(201);
    const { uploadId } = presigned.json!;
    const sent = await postForm(
      new URL(presigned.json!.url, stack.url).href,
      presigned.json!.fields,
      photo,
      'image/jpeg',
    );
    expect(sent.status).toBeLessThan(300);
    const finalize = () => app.api<{ url: string }>(shopper.token, 'POST', '/api/uploads/complete', { uploadId });
    await finalize().catch(() => undefined); // the process dies before it answers
    expect(await stack.exited).toBe('SIGKILL');

    // 5. started again: the retried finalize answers the same image, stored once, the quarantine emptied
    stack = await boot();
    app = await connectApp(stack.url);
    const retried = await finalize();
    expect(retried.status, retried.json?.message).toBe(201);
    expect(retried.json!.url).toBe(
      `/api/private-image/users/${shopper.id}/outfits/${uploadId.slice('outfit.'.length)}.jpg`,
    );
    expect((await finalize()).json!.url).toBe(retried.json!.url);
    const stored = storedKeys(path.join(dataDir, 's3'));
    expect(stored.filter((k) => k.includes(`/users/${shopper.id}/outfits/`))).toHaveLength(1);
    expect(stored.filter((k) => k.includes(`/uploads/tmp/${shopper.id}/`))).toEqual([]);
  });
});
