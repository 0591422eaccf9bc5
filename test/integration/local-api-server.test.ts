/** The local origin: gateway emulation, the same-origin proxies and their guards, the SPA fallback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { GetObjectCommand, S3 } from '../../functions/lib/s3';
import { createApiServer } from '../../infra/local/api-server';
import { PRERENDERED_PAGES } from '../../shared/domain/prerendered-pages';
import { freePort } from '../../infra/local/services';
import { createS3Client } from '../../infra/local/s3-sdk';
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
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>spa</title>');
  writeFileSync(path.join(webDir, 'assets', 'app-abc.js'), 'console.log(1)'.repeat(50));
  // a page prerendered at build time (issue 28; web/build/prerender.ts writes them)
  mkdirSync(path.join(webDir, 'prerendered'));
  writeFileSync(path.join(webDir, PRERENDERED_PAGES['/'].slice(1)), '<!doctype html><title>landing</title>');
  // the Fitly engine's browser assets: TensorFlow.js's WASM backend and a model's weights
  writeFileSync(
    path.join(webDir, 'assets', 'tfjs-backend-wasm-simd-abc.wasm'),
    Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]),
  );
  writeFileSync(path.join(webDir, 'assets', 'movenet-thunder-abc.bin'), Buffer.alloc(64));
  const server = createApiServer({
    port,
    webDir,
    cognitoUrl: ctx.endpoints.cognito,
    s3Url: ctx.endpoints.s3,
    publicBucket: process.env.PUBLIC_BUCKET,
  });
  await server.listen();
  close = server.close;
  const s3 = createS3Client({ endpoint: ctx.endpoints.s3 });
  await s3.send(
    new PutObjectCommand({ Bucket: process.env.PRIVATE_BUCKET, Key: 'users/u1/a.jpg', Body: 'secret-bytes' }),
  );
  await s3.send(
    new PutObjectCommand({
      Bucket: process.env.PUBLIC_BUCKET,
      Key: 'styles/s1/cover.webp',
      Body: 'cover-bytes',
      ContentType: 'image/webp',
    }),
  );
  await s3.send(
    new PutObjectCommand({
      Bucket: process.env.PUBLIC_BUCKET,
      Key: 'catalog/styles.json',
      Body: '{}',
      ContentType: 'application/json',
    }),
  );
  // a key that exists in the private bucket only
  await s3.send(
    new PutObjectCommand({ Bucket: process.env.PRIVATE_BUCKET, Key: 'styles/s1/private.webp', Body: 'private-bytes' }),
  );
});
afterAll(() => close?.());

// signed as the functions sign the URLs they hand out (functions/lib/s3.ts; the SDK's presigner adds x-id)
const presign = async (key: string, expiresIn = 60) =>
  new S3({ endpoint: `${base}/s3` }).presignGet(
    new GetObjectCommand({ Bucket: process.env.PRIVATE_BUCKET!, Key: key }),
    {
      expiresIn,
    },
  );

describe('the /s3 proxy', () => {
  it('serves a valid presigned GET', async () => {
    const res = await fetch(await presign('users/u1/a.jpg'));
    expect([res.status, await res.text()]).toEqual([200, 'secret-bytes']);
  });
  it('refuses unsigned, tampered and non-GET requests', async () => {
    expect((await fetch(`${base}/s3/${process.env.PRIVATE_BUCKET}/users/u1/a.jpg`)).status).toBe(403);
    const other = (await presign('users/u2/b.jpg')).replace('users/u2/b.jpg', 'users/u1/a.jpg');
    expect((await fetch(other)).status).toBe(403);
    const url = await presign('users/u1/a.jpg');
    expect((await fetch(url, { method: 'PUT', body: 'x' })).status).toBe(403);
    expect((await fetch(`${base}/s3/${process.env.PRIVATE_BUCKET}?list-type=2`)).status).toBe(403);
  });
});

describe("/media (the distribution's /media/* behaviour)", () => {
  it('serves public images from the public bucket with the immutable year-long Cache-Control', async () => {
    const res = await fetch(`${base}/media/styles/s1/cover.webp`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('cover-bytes');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // a revalidation answers 304 (s3rver's ETag)
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await fetch(`${base}/media/styles/s1/cover.webp`, { headers: { 'if-none-match': etag! } })).status).toBe(
      304,
    );
  });
  it('serves image folders of the public bucket only, read-only', async () => {
    for (const p of [
      '/media/catalog/styles.json',
      '/media/users/u1/a.jpg',
      '/media/styles/s1/missing.webp',
      '/media/styles/s1/private.webp',
      '/media/styles/%2e%2e/catalog/styles.json',
      '/media/',
    ])
      expect((await fetch(`${base}${p}`)).status, p).toBe(404);
    expect((await fetch(`${base}/media/styles/s1/cover.webp`, { method: 'PUT', body: 'x' })).status).toBe(405);
    expect((await fetch(`${base}/media/styles/s1/cover.webp`, { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(`${base}/media/styles/s1/cover.webp`)).status).toBe(200);
  });
});

describe('the /cognito proxy', () => {
  const call = (target: string, body: unknown) =>
    fetch(`${base}/cognito/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      },
      body: JSON.stringify(body),
    });
  it('serves the public API and the JWKS', async () => {
    const user = await ctx.createUser();
    const res = await call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: ctx.clientId,
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    });
    expect(res.status).toBe(200);
    expect((await fetch(`${base}/cognito/${ctx.userPoolId}/.well-known/jwks.json`)).status).toBe(200);
  });
  it('refuses admin operations (cognito-local checks no IAM credentials)', async () => {
    const res = await call('AdminGetUser', { UserPoolId: ctx.userPoolId, Username: 'x' });
    expect(res.status).toBe(400);
    expect((await call('ListUsers', { UserPoolId: ctx.userPoolId })).status).toBe(400);
  });
});

describe('gateway emulation and the SPA', () => {
  it('answers unknown routes, wrong methods and big bodies with JSON errors', async () => {
    expect(await (await fetch(`${base}/api/nope`)).json()).toEqual({ message: 'Not Found', code: 'not_found' });
    expect((await fetch(`${base}/api/auth/user`, { method: 'DELETE' })).status).toBe(405);
    const big = await fetch(`${base}/api/users/role`, { method: 'PATCH', body: Buffer.alloc(11 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect(await (await fetch(`${base}/api/auth/user`)).json()).toEqual({
      message: 'Unauthorized',
      code: 'auth.unauthorized',
    });
  });
  it('serves index.html for app paths, 404 for missing files, gzip and security headers', async () => {
    const page = await fetch(`${base}/gallery`);
    expect(await page.text()).toContain('<title>spa</title>');
    const csp = Object.fromEntries(
      (page.headers.get('content-security-policy') ?? '').split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    // exactly what the engine in the browser needs: WebAssembly compilation, no JS eval, workers from the site only
    expect(csp['script-src']).toBe("'self' 'wasm-unsafe-eval'");
    expect(csp['worker-src']).toBe("'self'");
    expect(csp['default-src']).toBe("'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect((await fetch(`${base}/missing.png`)).status).toBe(404);
    const js = await fetch(`${base}/assets/app-abc.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(js.headers.get('content-encoding')).toBe('gzip');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/..%2f..%2fetc%2fpasswd`)).status).not.toBe(500);
  });
  it('serves a prerendered page at its clean URL only, no-cache, with the same headers; its neighbours are the SPA', async () => {
    const page = await fetch(`${base}/`);
    expect(await page.text()).toContain('<title>landing</title>');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval';");
    // listed but not built here (/privacy): the SPA answers, as before the build made it
    expect(await (await fetch(`${base}/privacy`)).text()).toContain('<title>spa</title>');
    expect(await (await fetch(`${base}/explore`)).text()).toContain('<title>spa</title>');
    // the file itself, by its own name, is a file like any other
    expect(await (await fetch(`${base}${PRERENDERED_PAGES['/']}`)).text()).toContain('<title>landing</title>');
  });

  it("serves the engine's wasm as application/wasm and its model weights, both immutable", async () => {
    const wasm = await fetch(`${base}/assets/tfjs-backend-wasm-simd-abc.wasm`);
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect(wasm.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await wasm.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0, 97, 115, 109]));
    const weights = await fetch(`${base}/assets/movenet-thunder-abc.bin`);
    expect(weights.headers.get('content-type')).toBe('application/octet-stream');
    expect(weights.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(weights.headers.get('content-length')).toBe('64');
    expect((await weights.arrayBuffer()).byteLength).toBe(64);
  });
});
