/**
 * Issue 17, item 6 (the local origin): the /s3 proxy serves only the signed query (an unsigned
 * response-content-type cannot turn an image into a page) with nosniff and a sandboxing CSP; a 401 carries
 * our code locally; the local renew endpoint is bound to the local admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { GetObjectCommand, S3 } from '../../functions/lib/s3';
import { createApiServer } from '../../infra/local/api-server';
import { checkoutRoute } from '../../infra/local/checkout-page';
import { freePort } from '../../infra/local/services';
import { createS3Client } from '../../infra/local/s3-sdk';
import { updateUser } from '../../shared/repositories/user-repository';
import { setupIntegration, type IntegrationContext } from '../support/integration';

let ctx: IntegrationContext;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ctx = await setupIntegration();
  const port = await freePort();
  base = `http://localhost:${port}`;
  process.env.S3_PUBLIC_ENDPOINT = `${base}/s3`;
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>spa</title>');
  const server = createApiServer({
    port,
    webDir,
    cognitoUrl: ctx.endpoints.cognito,
    s3Url: ctx.endpoints.s3,
    localRoutes: [checkoutRoute({ db: () => ctx.db, sink: () => async () => undefined })],
  });
  await server.listen();
  close = server.close;
  await createS3Client({ endpoint: ctx.endpoints.s3 }).send(
    new PutObjectCommand({
      Bucket: process.env.PUBLIC_BUCKET,
      Key: 'uploads/x/u1/a.jpg',
      Body: '<script>alert(document.domain)</script>',
      ContentType: 'image/jpeg',
    }),
  );
});
afterAll(() => close?.());

// signed as the functions sign the URLs they hand out (functions/lib/s3.ts; the SDK's presigner adds x-id)
const presign = async (key: string) =>
  new S3({ endpoint: `${base}/s3` }).presignGet(
    new GetObjectCommand({ Bucket: process.env.PUBLIC_BUCKET!, Key: key }),
    {
      expiresIn: 60,
    },
  );

describe('the /s3 proxy', () => {
  it('refuses a presigned URL with an unsigned response-content-type (or any extra parameter)', async () => {
    const url = await presign('uploads/x/u1/a.jpg');
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/jpeg');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ok.headers.get('content-security-policy')).toContain('sandbox');
    await ok.arrayBuffer();
    for (const extra of [
      'response-content-type=text%2Fhtml',
      'response-content-disposition=inline',
      'X-Amz-Signature=0',
    ]) {
      const res = await fetch(`${url}&${extra}`);
      expect(res.status, extra).toBe(403);
      expect(res.headers.get('content-type')).not.toContain('text/html');
      await res.arrayBuffer();
    }
  });
});

describe('401 from the local gateway', () => {
  it('carries { message, code }', async () => {
    const res = await fetch(`${base}/api/auth/user`);
    expect([res.status, await res.json()]).toEqual([401, { message: 'Unauthorized', code: 'auth.unauthorized' }]);
    const bad = await fetch(`${base}/api/auth/user`, { headers: { authorization: 'Bearer x.y.z' } });
    expect(await bad.json()).toEqual({ message: 'Unauthorized', code: 'auth.unauthorized' });
  });
});

describe('the local renew endpoint', () => {
  it('needs the local admin', async () => {
    const renew = (token?: string) =>
      fetch(`${base}/local/checkout/renew?email=nobody%40example.test`, {
        method: 'POST',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await renew()).status).toBe(401);
    expect((await renew('not-a-token')).status).toBe(401);
    const shopper = await ctx.createUser();
    await ctx.invoke('GET', '/api/auth/user', { token: shopper.idToken });
    expect((await renew(shopper.idToken)).status).toBe(403);
    const admin = await ctx.createUser();
    await ctx.invoke('GET', '/api/auth/user', { token: admin.idToken });
    await updateUser(ctx.db, admin.sub, { role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
    // the admin gets through to the lookup (no such subscriber: 404)
    expect((await renew(admin.idToken)).status).toBe(404);
  });
});

describe('DynamoDB Local', () => {
  it('answers no browser origin (CORS is not *): a web page cannot drive the local database', async () => {
    const preflight = (origin: string) =>
      fetch(`${ctx.endpoints.dynamodb}/`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-amz-target',
        },
      });
    for (const origin of ['http://evil.example', 'http://localhost:3000', 'null']) {
      const res = await preflight(origin);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      await res.arrayBuffer();
    }
  });
});
