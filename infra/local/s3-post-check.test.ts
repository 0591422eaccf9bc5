import { describe, expect, it } from 'vitest';
import { createS3Client } from '../../functions/lib/s3';
import { createPresignedPost } from '../../functions/lib/presigned-post';
import { checkPresignedPost } from './s3-post-check';

const client = createS3Client({ endpoint: 'http://127.0.0.1:9/s3', region: 'eu-west-1' });

async function form(opts: {
  size: number;
  type?: string;
  sentType?: string;
  maxBytes?: number;
  now?: Date;
  tamper?: (f: Record<string, string>) => void;
  key?: string;
}) {
  const post = await createPresignedPost(client, {
    bucket: 'private',
    key: 'uploads/tmp/u1/outfit.X',
    contentType: opts.type ?? 'image/jpeg',
    maxBytes: opts.maxBytes ?? 100,
    expiresInSeconds: 600,
    now: opts.now,
  });
  const fields = {
    ...post.fields,
    ...(opts.sentType ? { 'Content-Type': opts.sentType } : {}),
    ...(opts.key ? { key: opts.key } : {}),
  };
  opts.tamper?.(fields);
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([new Uint8Array(opts.size)], { type: 'image/jpeg' }), 'f');
  const req = new Request('http://x/', { method: 'POST', body: fd });
  return { post, contentType: req.headers.get('content-type')!, body: Buffer.from(await req.arrayBuffer()) };
}

describe('local presigned POST check (what S3 enforces and s3rver does not)', () => {
  it('accepts our own signed upload within the size range, path-style URL of the local endpoint', async () => {
    const f = await form({ size: 100 });
    expect(f.post.url).toBe('http://127.0.0.1:9/s3/private');
    expect(checkPresignedPost('private', f.contentType, f.body)).toEqual({ ok: true });
  });
  it('refuses a file over content-length-range, and an empty one', async () => {
    const f = await form({ size: 101 });
    expect(checkPresignedPost('private', f.contentType, f.body)).toMatchObject({
      ok: false,
      status: 400,
      code: 'EntityTooLarge',
    });
    const empty = await form({ size: 0 });
    expect(checkPresignedPost('private', empty.contentType, empty.body)).toMatchObject({ ok: false });
  });
  it('refuses another Content-Type, another key, another bucket', async () => {
    const t = await form({ size: 10, sentType: 'text/html' });
    expect(checkPresignedPost('private', t.contentType, t.body)).toMatchObject({ ok: false, status: 403 });
    const k = await form({ size: 10, key: 'users/u2/x.jpg' });
    expect(checkPresignedPost('private', k.contentType, k.body)).toMatchObject({ ok: false, status: 403 });
    const b = await form({ size: 10 });
    expect(checkPresignedPost('public', b.contentType, b.body)).toMatchObject({ ok: false, status: 403 });
  });
  it('refuses a tampered policy (raised size cap) and an expired one', async () => {
    const f = await form({
      size: 10,
      tamper: (fields) => {
        const p = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString());
        p.conditions[1] = ['content-length-range', 1, 10_000_000];
        fields.Policy = Buffer.from(JSON.stringify(p)).toString('base64');
      },
    });
    expect(checkPresignedPost('private', f.contentType, f.body)).toMatchObject({ ok: false, status: 403 });
    const old = await form({ size: 10, now: new Date(Date.now() - 601_000) });
    expect(checkPresignedPost('private', old.contentType, old.body)).toMatchObject({ ok: false, status: 403 });
  });
});
