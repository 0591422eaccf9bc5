import { describe, expect, it } from 'vitest';
import { S3 } from '../../functions/lib/s3';
import { createPresignedPost } from '../../functions/lib/presigned-post';
import { checkPresignedPost } from './s3-post-check';

const client = new S3({ endpoint: 'http://127.0.0.1:9/s3', region: 'eu-west-1' });

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
    expect(checkPresignedPost('private', f.contentType, f.body)).toMatchObject({
      ok: true,
      bucket: 'private',
      key: 'uploads/tmp/u1/outfit.X',
      contentType: 'image/jpeg',
    });
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

/** A hand-written multipart body: each part's raw header lines and its value (what a browser never sends). */
function rawForm(parts: { header: string; value: string | Buffer }[], tail = '') {
  const boundary = 'XyZ123';
  const chunks: Buffer[] = [];
  for (const p of parts)
    chunks.push(Buffer.from(`--${boundary}\r\n${p.header}\r\n\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${boundary}--\r\n${tail}`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}
const field = (name: string, value: string) => ({ header: `Content-Disposition: form-data; name="${name}"`, value });
const filePart = (size = 10) => ({
  header: 'Content-Disposition: form-data; name="file"; filename="f"\r\nContent-Type: image/jpeg',
  value: Buffer.alloc(size),
});

describe('the form is read strictly (what is stored is rebuilt from the checked policy)', () => {
  async function signed() {
    const post = await createPresignedPost(client, {
      bucket: 'private',
      key: 'uploads/tmp/u1/outfit.X',
      contentType: 'image/jpeg',
      maxBytes: 100,
      expiresInSeconds: 600,
    });
    return Object.entries(post.fields).map(([k, v]) => field(k, v));
  }
  it('accepts the exact form a browser sends, and returns only the policy key', async () => {
    const f = rawForm([...(await signed()), filePart()]);
    expect(checkPresignedPost('private', f.contentType, f.body)).toMatchObject({
      ok: true,
      key: 'uploads/tmp/u1/outfit.X',
    });
  });
  it.each([
    [
      'a case variant of key (the old check read "Key" as "key"; s3rver stored the other one)',
      (p: ReturnType<typeof field>[]) => [
        field('key', 'users/victim/x.jpg'),
        ...p.filter((x) => !x.header.includes('"key"')),
        field('Key', 'uploads/tmp/u1/outfit.X'),
      ],
    ],
    ['a repeated key', (p: ReturnType<typeof field>[]) => [field('key', 'users/victim/x.jpg'), ...p]],
    [
      'an unquoted part name',
      (p: ReturnType<typeof field>[]) => [
        ...p,
        { header: 'Content-Disposition: form-data; name=key', value: 'users/victim/x.jpg' },
      ],
    ],
    [
      'an unpinned extra field',
      (p: ReturnType<typeof field>[]) => [...p, field('success_action_redirect', 'https://evil.example')],
    ],
    [
      'a second Content-Disposition line',
      (p: ReturnType<typeof field>[]) => [
        ...p,
        {
          header: 'Content-Disposition: form-data; name="acl"\r\nContent-Disposition: form-data; name="key"',
          value: 'x',
        },
      ],
    ],
  ])('refuses %s', async (_name, build) => {
    const f = rawForm([...build(await signed()), filePart()]);
    expect(checkPresignedPost('private', f.contentType, f.body)).toMatchObject({ ok: false });
  });
  it('refuses a field after the file and bytes after the closing boundary', async () => {
    const parts = await signed();
    const after = rawForm([...parts, filePart(), field('key', 'users/victim/x.jpg')]);
    expect(checkPresignedPost('private', after.contentType, after.body)).toMatchObject({ ok: false });
    const trailing = rawForm([...parts, filePart()], '--XyZ123\r\nContent-Disposition: form-data; name="key"\r\n\r\nx');
    expect(checkPresignedPost('private', trailing.contentType, trailing.body)).toMatchObject({ ok: false });
  });
  it('refuses a policy signed by another instance (the signing secret is random per instance, not "S3RVER")', async () => {
    const other = new S3({
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9/s3',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const post = await createPresignedPost(other, {
      bucket: 'private',
      key: 'uploads/tmp/u1/outfit.X',
      contentType: 'image/jpeg',
      maxBytes: 100,
      expiresInSeconds: 600,
    });
    const f = rawForm([...Object.entries(post.fields).map(([k, v]) => field(k, v)), filePart()]);
    expect(checkPresignedPost('private', f.contentType, f.body)).toMatchObject({ ok: false, status: 403 });
  });
});
