/**
 * Issue 24, item 7: browser uploads through the local origin's /s3 endpoint. The endpoint stores exactly the
 * bucket, key and Content-Type of a policy this instance signed (the form is never forwarded as received), the
 * policy allows the size declared at presign, and presigned URLs are relative to the page's origin, so the app
 * opened at http://127.0.0.1:<port> uploads and reads its images like http://localhost:<port>.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiServer } from '../../infra/local/api-server';
import { freePort } from '../../infra/local/services';
import { presignUploadResultSchema } from '../../shared/schemas/upload';
import { mediaKeys, presignGet, putImage } from '../../functions/lib/media-store';
import { bucketClient, postForm } from '../support/media';
import { createSignedInUser } from '../support/users';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';

let ctx: IntegrationContext;
let s3: ReturnType<typeof bucketClient>;
let port: number;
let close: () => Promise<void>;
let attacker: TestUser;
let victim: TestUser;
const privateBucket = () => process.env.PRIVATE_BUCKET!;

beforeAll(async () => {
  ctx = await setupIntegration();
  s3 = bucketClient(ctx.endpoints.s3);
  port = await freePort();
  // as the local stack sets them: the app's origin, and a path for the browser's S3 endpoint
  process.env.PUBLIC_ORIGIN = `http://localhost:${port}`;
  process.env.S3_PUBLIC_ENDPOINT = '/s3';
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>spa</title>');
  const server = createApiServer({ port, webDir, cognitoUrl: ctx.endpoints.cognito, s3Url: ctx.endpoints.s3 });
  await server.listen();
  close = server.close;
  [attacker, victim] = await Promise.all([createSignedInUser(ctx), createSignedInUser(ctx)]);
});
afterAll(() => close?.());

const origins = () => [`http://127.0.0.1:${port}`, `http://localhost:${port}`];

async function presign(u: TestUser, size: number, contentType = 'image/jpeg') {
  const res = await ctx.invoke('POST', '/api/uploads', {
    token: u.idToken,
    body: { purpose: 'outfit', contentType, size },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return presignUploadResultSchema.parse(res.body);
}

/** A multipart body written by hand (a browser's FormData cannot send case variants or unquoted names). */
function rawForm(parts: { header: string; value: string | Buffer }[]) {
  const boundary = 'b0undary24';
  const chunks: Buffer[] = [];
  for (const p of parts)
    chunks.push(Buffer.from(`--${boundary}\r\n${p.header}\r\n\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.concat(chunks) };
}
const field = (name: string, value: string) => ({ header: `Content-Disposition: form-data; name="${name}"`, value });
const file = (bytes: Buffer) => ({
  header: 'Content-Disposition: form-data; name="file"; filename="x.jpg"\r\nContent-Type: image/jpeg',
  value: bytes,
});

describe('the /s3 POST endpoint stores only what this instance signed', () => {
  it('a policy for my own key cannot write another key (case variant, unquoted name, repeated key)', async () => {
    const victimKey = mediaKeys.outfit(victim.sub, '01J0000000000000000000VICT', 'jpg');
    const payload = Buffer.from('raw bytes that skipped the image pipeline');
    for (const variant of ['case', 'unquoted', 'repeated'] as const) {
      const post = await presign(attacker, payload.length);
      const signed = Object.entries(post.fields).map(([k, v]) => field(k, v));
      const parts =
        variant === 'case'
          ? // the old check lower-cased names (last one wins: mine); s3rver read "key" (the victim's)
            [
              field('key', victimKey),
              ...signed.filter((p) => !p.header.endsWith('name="key"')),
              field('Key', post.fields.key!),
            ]
          : variant === 'unquoted'
            ? [...signed, { header: 'Content-Disposition: form-data; name=key', value: victimKey }]
            : [field('key', victimKey), ...signed];
      const form = rawForm([...parts, file(payload)]);
      const res = await fetch(new URL(post.url, origins()[0]), { method: 'POST', ...form });
      await res.arrayBuffer();
      expect(await s3.list(privateBucket(), `users/${victim.sub}/`), variant).toEqual([]);
      expect(await s3.list(privateBucket(), post.fields.key!), variant).toEqual([]);
      expect(res.status, variant).toBeGreaterThanOrEqual(400);
      expect(res.status, variant).toBeLessThan(500);
    }
  });

  it('refuses a body larger than the size declared at presign', async () => {
    const post = await presign(attacker, 1000);
    expect(post.maxBytes).toBe(1000);
    const res = await postForm(`${origins()[0]}${post.url}`, post.fields, Buffer.alloc(1001, 1), 'image/jpeg');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('EntityTooLarge');
    expect(await s3.list(privateBucket(), post.fields.key!)).toEqual([]);
  });
});

describe('presigned URLs work on the origin the page was opened at', () => {
  it('relative upload and image URLs: a direct upload and its read from 127.0.0.1 and from localhost', async () => {
    for (const origin of origins()) {
      const bytes = Buffer.from(`jpeg-ish bytes for ${origin}`);
      const post = await presign(attacker, bytes.length);
      expect(post.url).toBe(`/s3/${privateBucket()}`);
      const res = await postForm(`${origin}${post.url}`, post.fields, bytes, 'image/jpeg');
      expect(res.status, origin).toBe(204);
      expect(await s3.get(privateBucket(), post.fields.key!)).toEqual(bytes);

      const key = mediaKeys.outfit(attacker.sub, `01J00000000000000000000${origins().indexOf(origin)}AB`, 'jpg');
      await putImage('private', key, bytes, 'image/jpeg');
      const url = await presignGet('private', key, { expiresIn: 60 });
      expect(url.startsWith('/s3/')).toBe(true);
      const read = await fetch(`${origin}${url}`);
      expect(read.status, origin).toBe(200);
      expect(Buffer.from(await read.arrayBuffer())).toEqual(bytes);
    }
  });
});
