import { describe, expect, it } from 'vitest';
import { isMissingObject } from './s3';
import { thrownInfo } from '../../shared/errors';
import { S3_ERROR_SHAPES, s3Error } from '../../test/support/s3-error-shapes';

describe('isMissingObject: the one storage error mapping (issue 24)', () => {
  it.each(['getMissingWithoutList', 'getMissingWithList', 'headMissingWithoutList', 'headMissingWithList'] as const)(
    'a read of a key we own that S3 answers %s is a missing object',
    (shape) => {
      expect(isMissingObject(s3Error(S3_ERROR_SHAPES[shape]))).toBe(true);
    },
  );
  it.each(['noSuchBucket', 'slowDown', 'internal'] as const)('%s is not (it must surface as an error)', (shape) => {
    expect(isMissingObject(s3Error(S3_ERROR_SHAPES[shape]))).toBe(false);
  });
  it('nor is anything that is not an S3 answer', () => {
    expect(isMissingObject(new Error('socket hang up'))).toBe(false);
    expect(isMissingObject(null)).toBe(false);
  });
});

/* ---------------------------------------------------------------- the functions' client against a fake S3 */

import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutObjectCommand,
  S3,
} from './s3';
import { S3_WIRE_ANSWERS } from '../../test/support/s3-error-shapes';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
let server: Server;
let endpoint: string;
const seen: Seen[] = [];
let answers: { status: number; headers?: Record<string, string>; body: string | Buffer }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      const a = answers.shift() ?? { status: 200, body: '' };
      res.writeHead(a.status, a.headers ?? {});
      res.end(req.method === 'HEAD' ? undefined : a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  endpoint = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/s3`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const fresh = () => {
  seen.length = 0;
  answers = [];
  return new S3({
    endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  });
};

describe('the functions’ S3 client on the wire (S3’s documented REST/XML, path-style locally)', () => {
  it('PutObject sends the bytes with the headers S3 stores, signed (SigV4, payload hash)', async () => {
    const s3 = fresh();
    answers.push({ status: 200, headers: { etag: '"abc"' }, body: '' });
    const body = Buffer.from('jpeg bytes');
    const out = await s3.send(
      new PutObjectCommand({
        Bucket: 'media',
        Key: 'users/u 1/a+b.jpg',
        Body: body,
        ContentType: 'image/jpeg',
        CacheControl: 'private, max-age=31536000, immutable',
        Tagging: 'lifecycle=variant',
        Metadata: { Sha: 'x1' },
      }),
    );
    expect(out).toEqual({ ETag: '"abc"' });
    const [req] = seen;
    expect(req).toMatchObject({ method: 'PUT', url: '/s3/media/users/u%201/a%2Bb.jpg' });
    expect(req!.body.equals(body)).toBe(true);
    expect(req!.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'private, max-age=31536000, immutable',
      'x-amz-tagging': 'lifecycle=variant',
      'x-amz-meta-sha': 'x1',
      'content-length': String(body.length),
      'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
    });
    expect(req!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
  });

  it('GetObject answers the bytes, type, length, ETag and metadata; MaxBytes stops before a larger body', async () => {
    const s3 = fresh();
    const bytes = Buffer.alloc(5000, 7);
    const headers = { 'content-type': 'image/png', etag: '"e1"', 'x-amz-meta-source': 'upload' };
    answers.push(
      { status: 200, headers: { ...headers, 'content-length': '5000' }, body: bytes },
      { status: 200, headers: { ...headers, 'content-length': '5000' }, body: bytes }, // refused by its length
      { status: 200, headers, body: bytes }, // chunked: refused while it is read
      { status: 200, headers, body: bytes },
    );
    const got = await s3.send(new GetObjectCommand({ Bucket: 'media', Key: 'k.png', IfNoneMatch: '"e0"' }));
    expect(got).toMatchObject({ ContentType: 'image/png', ContentLength: 5000, ETag: '"e1"', OverMaxBytes: false });
    expect(got.Body.equals(bytes)).toBe(true);
    expect(got.Metadata).toEqual({ source: 'upload' });
    expect(seen[0]!.headers['if-none-match']).toBe('"e0"');
    for (let i = 0; i < 2; i++) {
      const capped = await s3.send(new GetObjectCommand({ Bucket: 'media', Key: 'k.png', MaxBytes: 4999 }));
      expect(capped.OverMaxBytes).toBe(true);
      expect(capped.Body.length).toBe(0);
    }
    const fits = await s3.send(new GetObjectCommand({ Bucket: 'media', Key: 'k.png', MaxBytes: 5000 }));
    expect(fits.Body.equals(bytes)).toBe(true);
  });

  it('DeleteObjects posts the keys as XML with Content-MD5 and reads the per-key errors', async () => {
    const s3 = fresh();
    answers.push({
      status: 200,
      headers: { 'content-type': 'application/xml' },
      body: '<?xml version="1.0" encoding="UTF-8"?><DeleteResult><Error><Key>a&amp;b</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error></DeleteResult>',
    });
    const out = await s3.send(
      new DeleteObjectsCommand({
        Bucket: 'media',
        Delete: { Objects: [{ Key: 'a&b' }, { Key: 'c', VersionId: 'v1' }], Quiet: true },
      }),
    );
    expect(out.Errors).toEqual([{ Key: 'a&b', Code: 'AccessDenied', Message: 'Access Denied' }]);
    const [req] = seen;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/s3/media?delete=');
    const xml = req!.body.toString();
    expect(xml).toContain('<Quiet>true</Quiet><Object><Key>a&amp;b</Key></Object>');
    expect(xml).toContain('<Object><Key>c</Key><VersionId>v1</VersionId></Object>');
    expect(req!.headers['content-md5']).toBe(createHash('md5').update(req!.body).digest('base64'));
  });

  it('ListObjectsV2 and ListObjectVersions read S3’s XML (entities, pages, markers)', async () => {
    const s3 = fresh();
    answers.push(
      {
        status: 200,
        headers: { 'content-type': 'application/xml' },
        body: '<ListBucketResult><Contents><Key>u/a&amp;1.jpg</Key><LastModified>2026-11-27T00:00:00.000Z</LastModified></Contents><Contents><Key>u/b.jpg</Key></Contents><IsTruncated>true</IsTruncated><NextContinuationToken>t+2/=</NextContinuationToken></ListBucketResult>',
      },
      {
        status: 200,
        headers: { 'content-type': 'application/xml' },
        body: '<ListVersionsResult><IsTruncated>false</IsTruncated><VersionIdMarker></VersionIdMarker><Version><Key>u/a</Key><VersionId>v1</VersionId></Version><DeleteMarker><Key>u/a</Key><VersionId>v2</VersionId></DeleteMarker></ListVersionsResult>',
      },
    );
    const page = await s3.send(new ListObjectsV2Command({ Bucket: 'media', Prefix: 'u/', ContinuationToken: 't+1/=' }));
    expect(page).toEqual({
      Contents: [{ Key: 'u/a&1.jpg', LastModified: new Date('2026-11-27T00:00:00.000Z') }, { Key: 'u/b.jpg' }],
      IsTruncated: true,
      NextContinuationToken: 't+2/=',
    });
    const q = new URL(seen[0]!.url, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toEqual({ 'list-type': '2', prefix: 'u/', 'continuation-token': 't+1/=' });
    const versions = await s3.send(new ListObjectVersionsCommand({ Bucket: 'media', Prefix: 'u/', MaxKeys: 1000 }));
    expect(versions).toEqual({
      Versions: [{ Key: 'u/a', VersionId: 'v1' }],
      DeleteMarkers: [{ Key: 'u/a', VersionId: 'v2' }],
      IsTruncated: false,
    });
  });

  it.each(Object.keys(S3_WIRE_ANSWERS) as (keyof typeof S3_WIRE_ANSWERS)[])(
    'S3’s answer %s becomes the error the SDK would throw (name, Code, status), and isMissingObject reads it so',
    async (shape) => {
      const s3 = fresh();
      const answer = S3_WIRE_ANSWERS[shape];
      const retried = answer.status >= 500;
      for (let i = 0; i < (retried ? 3 : 1); i++)
        answers.push({ status: answer.status, headers: { 'content-type': 'application/xml' }, body: answer.body });
      const input = { Bucket: 'media', Key: 'users/u1/x.jpg' };
      const sent = shape.startsWith('head')
        ? s3.send(new HeadObjectCommand(input))
        : s3.send(new GetObjectCommand(input));
      const err: unknown = await sent.then(
        () => null,
        (e: unknown) => e,
      );
      const sdk = S3_ERROR_SHAPES[shape];
      expect(err).toMatchObject({
        name: sdk.name,
        message: sdk.message,
        $metadata: { httpStatusCode: sdk.$metadata.httpStatusCode },
      });
      expect(thrownInfo(err).code).toBe('Code' in sdk ? sdk.Code : undefined);
      expect(isMissingObject(err)).toBe(isMissingObject(s3Error(sdk)));
      expect(seen).toHaveLength(retried ? 3 : 1); // 5xx retried three times in all, as the SDK does
    },
  );

  it('a connection that fails twice is retried; the third attempt answers', async () => {
    const s3 = fresh();
    let drops = 2;
    const flaky = createServer((req, res) => {
      if (drops-- > 0) return req.socket.destroy();
      res.writeHead(200, { etag: '"ok"' });
      res.end();
    });
    await new Promise<void>((r) => flaky.listen(0, '127.0.0.1', r));
    const addr = flaky.address();
    const client = new S3({
      endpoint: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`,
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
    });
    try {
      expect(await client.send(new HeadObjectCommand({ Bucket: 'b', Key: 'k' }))).toEqual({ ETag: '"ok"' });
      expect(drops).toBe(-1);
    } finally {
      await new Promise<void>((r) => flaky.close(() => r()));
    }
    expect(s3).toBeDefined();
  });
});

describe('presigned GET: the same signature as the SDK’s presigner', () => {
  class Sha256 {
    private readonly h;
    constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
      this.h = secret
        ? createHmac('sha256', typeof secret === 'string' ? secret : Buffer.from(secret as ArrayBuffer))
        : createHash('sha256');
    }
    update(data: string | ArrayBuffer | ArrayBufferView) {
      this.h.update(typeof data === 'string' ? data : Buffer.from(data as ArrayBuffer));
    }
    async digest() {
      return new Uint8Array(this.h.digest());
    }
  }

  it.each([
    ['a plain key, AWS virtual-hosted', undefined, 'users/u1/generations/01J.jpg', undefined],
    [
      'spaces, +, unicode and parentheses, local path-style',
      'http://localhost:3000/s3',
      'exports/u 1/x+(é).zip',
      undefined,
    ],
    ['with a session token', undefined, 'styles/s1/abc.jpg', 'FQoGZXIvYXdzE//token+/='],
  ])('%s', async (_what, endpointUrl, key, sessionToken) => {
    const credentials = {
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG',
      ...(sessionToken ? { sessionToken } : {}),
    };
    const s3 = new S3({ region: 'eu-west-1', credentials, ...(endpointUrl ? { endpoint: endpointUrl } : {}) });
    const signingDate = new Date('2026-11-27T01:02:03Z');
    const ours = new URL(
      s3.presignGet(new GetObjectCommand({ Bucket: 'tryon-media', Key: key }), { expiresIn: 900, signingDate }),
    );
    const { protocol, host, path } = s3.address('tryon-media', key);
    const [hostname, port] = host.split(':');
    const presigner = new S3RequestPresigner({ credentials, region: 'eu-west-1', sha256: Sha256 });
    const sdk = await presigner.presign(
      {
        method: 'GET',
        protocol,
        hostname: hostname!,
        port: port ? Number(port) : undefined,
        path, // already URI-encoded, as the SDK's S3 serializer hands it to the signer
        query: {},
        headers: { host },
      },
      { expiresIn: 900, signingDate },
    );
    expect(ours.pathname).toBe(path);
    expect(ours.searchParams.get('X-Amz-Signature')).toBe(sdk.query?.['X-Amz-Signature']);
    expect(ours.searchParams.get('X-Amz-Credential')).toBe(sdk.query?.['X-Amz-Credential']);
    expect(ours.searchParams.get('X-Amz-Security-Token')).toBe(sdk.query?.['X-Amz-Security-Token'] ?? null);
    expect(ours.searchParams.get('X-Amz-Expires')).toBe('900');
  });
});
