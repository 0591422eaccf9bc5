import { describe, expect, it } from 'vitest';
import { isMissingObject } from './s3';
import { thrownInfo } from '../../shared/errors';
import { S3_ERROR_SHAPES, s3Error } from '../../test/support/s3-error-shapes';

describe('isMissingObject: the one storage error mapping (issues 24, 41)', () => {
  it.each(['getMissingWithList', 'headMissingWithList'] as const)(
    'a read that S3 answers %s (404: our readers may list the bucket) is a missing object',
    (shape) => {
      expect(isMissingObject(s3Error(S3_ERROR_SHAPES[shape]))).toBe(true);
    },
  );
  it.each(['getMissingWithoutList', 'headMissingWithoutList', 'noSuchBucket', 'slowDown', 'internal'] as const)(
    '%s is not (a 403 is a refusal; it must surface as an error)',
    (shape) => {
      expect(isMissingObject(s3Error(S3_ERROR_SHAPES[shape]))).toBe(false);
    },
  );
  it('nor is anything that is not an S3 answer', () => {
    expect(isMissingObject(new Error('socket hang up'))).toBe(false);
    expect(isMissingObject(null)).toBe(false);
  });
});

/* ---------------------------------------------------------------- the functions' client against a fake S3 */

import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3 } from './s3';
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

describe('the functions’ S3 client on the wire (the SDK, configured for a local endpoint)', () => {
  it('PutObject goes path-style, signed, with the bytes as they are (no aws-chunked framing, no checksum trailer)', async () => {
    const s3 = fresh();
    answers.push({ status: 200, headers: { etag: '"abc"' }, body: '' });
    const body = Buffer.from('jpeg bytes');
    const out = await s3.send(
      new PutObjectCommand({
        Bucket: 'media',
        Key: 'users/u 1/a+b.jpg',
        Body: body,
        ContentType: 'image/jpeg',
        Tagging: 'lifecycle=variant',
      }),
    );
    expect(out.ETag).toBe('"abc"');
    const [req] = seen;
    expect(req).toMatchObject({ method: 'PUT', url: '/s3/media/users/u%201/a%2Bb.jpg?x-id=PutObject' });
    expect(req!.body.equals(body)).toBe(true);
    expect(req!.headers).toMatchObject({ 'content-type': 'image/jpeg', 'x-amz-tagging': 'lifecycle=variant' });
    expect(req!.headers['content-encoding']).toBeUndefined();
    expect(Object.keys(req!.headers).filter((h) => h.startsWith('x-amz-checksum') || h === 'x-amz-trailer')).toEqual(
      [],
    );
    expect(req!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, /,
    );
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
      expect(seen).toHaveLength(retried ? 3 : 1); // 5xx retried: three attempts in all (the SDK's standard mode)
    },
  );
});

describe('presigned GET (the SDK presigner)', () => {
  it('signs a path-style URL locally, the same for the same signing date, with the address the POST uses', async () => {
    const s3 = fresh();
    const signingDate = new Date('2026-11-27T01:02:03Z');
    const sign = () =>
      s3.presignGet(new GetObjectCommand({ Bucket: 'tryon-media', Key: 'exports/u 1/x+(é).zip' }), {
        expiresIn: 900,
        signingDate,
      });
    const url = new URL(await sign());
    expect(await sign()).toBe(url.href);
    expect(url.pathname).toBe(s3.address('tryon-media', 'exports/u 1/x+(é).zip').path);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Date')).toBe('20261127T010203Z');
    expect(url.searchParams.get('X-Amz-Credential')).toBe('AKIDEXAMPLE/20261127/eu-west-1/s3/aws4_request');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
