import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '../../shared/schemas/user';
import { strictAddressPolicy, type AddressPolicy } from '../../functions/lib/safe-fetch';
import { downloadImage, scrapeUrl } from '../../functions/profiles/remote-image-service';
import { createSignedInUser, INFLUENCER_ROLE } from '../support/users';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { bucketClient, file, jpegWithGps, multipart, oversized, type Part } from '../support/media';

let ctx: IntegrationContext;
let s3: ReturnType<typeof bucketClient>;
let shopper: TestUser;
let influencer: TestUser;
let photo: Buffer;
const publicBucket = () => process.env.PUBLIC_BUCKET!;
const privateBucket = () => process.env.PRIVATE_BUCKET!;
const keyOf = (url: string) => url.replace(/^\/api\/(public|private)-image\//, '');

beforeAll(async () => {
  ctx = await setupIntegration();
  s3 = bucketClient(ctx.endpoints.s3);
  [shopper, influencer] = await Promise.all([createSignedInUser(ctx), createSignedInUser(ctx, INFLUENCER_ROLE)]);
  photo = await jpegWithGps(900, 400);
});

function post(u: TestUser, path: string, parts: Record<string, Part | undefined>) {
  const { body, headers } = multipart(parts);
  return ctx.invoke('POST', path, { token: u.idToken, body, headers });
}

describe('POST /api/upload', () => {
  it('is for influencers and admins only', async () => {
    const res = await post(shopper, '/api/upload', { type: 'style_cover', file: file(photo) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.forbidden');
    expect(await s3.list(publicBucket(), 'uploads/')).toEqual([]);
  });

  it('stores a re-encoded image in the private bucket (until its style is public) and answers its owner-only URL', async () => {
    const res = await post(influencer, '/api/upload', { type: 'style_cover', file: file(photo) });
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(new RegExp(`^/api/private-image/style-images/${influencer.sub}/[0-9A-Z]{26}\\.jpg$`));
    const stored = await s3.get(privateBucket(), keyOf(res.body.url));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    const signed = await ctx.invoke('GET', res.body.url, { token: influencer.idToken });
    expect(signed.status).toBe(200);
    expect((await ctx.invoke('GET', res.body.url, { token: shopper.idToken })).status).toBe(404);
  });

  it('keeps transparency of a prompt cut-out as WebP', async () => {
    const png = await sharp({
      create: { width: 80, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const res = await post(influencer, '/api/upload', {
      type: 'style_prompt',
      file: file(png, 'cutout.png', 'image/png'),
    });
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/api\/private-image\/style-images\/.+\.webp$/);
  });

  it('refuses bad types and files, storing nothing', async () => {
    const before = await s3.list(publicBucket(), 'uploads/');
    const cases: [Record<string, Part | undefined>, number, string][] = [
      [{ type: 'avatar', file: file(photo) }, 400, 'Type must be style_prompt or style_cover'],
      [{ type: 'style_cover' }, 400, 'File is required'],
      [
        { type: 'style_cover', file: file(Buffer.from('<?php echo 1; ?>'), 'x.jpg') },
        400,
        'Unsupported image type. Use JPEG, PNG, WebP or AVIF.',
      ],
      [
        { type: 'style_cover', file: file(oversized(10 * 1024 * 1024 + 10)) },
        413,
        'File too large. The maximum is 10 MB.',
      ],
    ];
    for (const [parts, status, message] of cases) {
      const res = await post(influencer, '/api/upload', parts);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect(await s3.list(publicBucket(), 'uploads/')).toEqual(before);
  });
});

describe('POST /api/user/profile-image', () => {
  it('stores a 512x512 avatar, answers the current user, and replaces the previous one', async () => {
    const u = await ctx.createUser();
    const first = await post(u, '/api/user/profile-image', { profileImage: file(photo) });
    expect(first.status).toBe(200);
    const me = currentUserSchema.parse(first.body);
    expect(me.profileImageUrl).toMatch(new RegExp(`^/api/public-image/avatars/${u.sub}/[0-9A-Z]{26}\\.jpg$`));
    const stored = await s3.get(publicBucket(), keyOf(me.profileImageUrl!));
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([512, 512, undefined]);

    const second = await post(u, '/api/user/profile-image', {
      profileImage: file(await sharp(photo).png().toBuffer(), 'a.png', 'image/png'),
    });
    expect(second.status).toBe(200);
    expect(second.body.profileImageUrl).not.toBe(me.profileImageUrl);
    expect(await s3.list(publicBucket(), `avatars/${u.sub}/`)).toEqual([keyOf(second.body.profileImageUrl)]);
    const current = await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
    expect(current.body.profileImageUrl).toBe(second.body.profileImageUrl);
  });

  it('refuses non-images ("Invalid file type") and files of 5 MB or more ("File too large"), changing nothing', async () => {
    const u = await ctx.createUser();
    const text = await post(u, '/api/user/profile-image', {
      profileImage: file(Buffer.from('hello'), 'me.png', 'image/png'),
    });
    expect([text.status, text.body]).toEqual([400, { message: 'Invalid file type', code: 'unsupported_media_type' }]);
    const big = await post(u, '/api/user/profile-image', { profileImage: file(oversized(5 * 1024 * 1024)) });
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/^File too large/);
    const none = await post(u, '/api/user/profile-image', {});
    expect([none.status, none.body.message]).toEqual([400, 'Profile image is required']);
    expect(await s3.list(publicBucket(), `avatars/${u.sub}/`)).toEqual([]);
    expect((await ctx.invoke('GET', '/api/auth/user', { token: u.idToken })).body.profileImageUrl).toBeNull();
  });
});

describe('remote images: refusals through the routes (strict policy)', () => {
  const refused: [string, string][] = [
    ['http://127.0.0.1/', 'This address is not allowed'],
    ['http://localhost:8080/x.jpg', 'This address is not allowed'],
    ['http://169.254.169.254/latest/meta-data', 'This address is not allowed'],
    ['http://[::1]/', 'This address is not allowed'],
    ['http://10.0.0.1/', 'This address is not allowed'],
    ['http://192.168.1.1/router.png', 'This address is not allowed'],
    ['file:///etc/passwd', 'Only http and https URLs are allowed'],
    ['ftp://x', 'Only http and https URLs are allowed'],
  ];

  // one user a case: remote fetches are rate limited per user (shared/domain/rate-limits.ts), not this test's subject
  it.each(refused)('download-image %s', async (url, message) => {
    const u = await createSignedInUser(ctx);
    const res = await ctx.invoke('POST', '/api/download-image', { token: u.idToken, body: { url } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each(refused)('scrape-url %s', async (url, message) => {
    const u = await createSignedInUser(ctx);
    const res = await ctx.invoke('POST', '/api/scrape-url', { token: u.idToken, body: { url } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('validates the body and needs a signed-in user; nothing was stored', async () => {
    expect((await ctx.invoke('POST', '/api/download-image', { token: shopper.idToken, body: {} })).body.message).toBe(
      'url: URL is required',
    );
    expect((await ctx.invoke('POST', '/api/scrape-url', { body: { url: 'https://example.com' } })).status).toBe(401);
    expect(await s3.list(publicBucket(), `uploads/remote/${shopper.sub}/`)).toEqual([]);
  });
});

describe('remote images: success against a local server (service called with a test address policy)', () => {
  let server: http.Server;
  let base: string;
  let jpeg: Buffer;
  // Admits only the local test server, and only for the URL as given: redirects get the strict policy.
  const testPolicy: AddressPolicy = (c) => (c.hop === 0 && c.address === '127.0.0.1') || strictAddressPolicy(c);
  const anyHopLocal: AddressPolicy = (c) => c.address === '127.0.0.1' || strictAddressPolicy(c);

  beforeAll(async () => {
    jpeg = await jpegWithGps(640, 480);
    server = http.createServer((req, res) => {
      const port = (server.address() as AddressInfo).port;
      switch (req.url) {
        case '/photo.jpg':
          return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
        case '/product':
          return res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(
              `<!doctype html><html><head><meta content="/photo.jpg" property="og:image"><title>Shirt</title></head><body></body></html>`,
            );
        case '/twitter-only':
          return res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(`<meta name='twitter:image' content='http://127.0.0.1:${port}/photo.jpg'>`);
        case '/no-image':
          return res
            .writeHead(200, { 'content-type': 'text/html' })
            .end('<html><head><title>Nothing</title></head></html>');
        case '/og-metadata':
          return res
            .writeHead(200, { 'content-type': 'text/html' })
            .end('<meta property="og:image" content="http://169.254.169.254/latest/meta-data/iam">');
        case '/redirect-loopback':
          return res.writeHead(302, { location: `http://127.0.0.1:${port}/photo.jpg` }).end();
        case '/text':
          return res.writeHead(200, { 'content-type': 'text/plain' }).end('plain text');
        case '/huge':
          res.writeHead(200, { 'content-type': 'image/jpeg' });
          for (let i = 0; i < 11; i++) res.write(Buffer.alloc(1024 * 1024));
          return res.end();
        default:
          return res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('download-image stores the re-encoded image and echoes the original URL', async () => {
    const res = await downloadImage(shopper.sub, { url: `${base}/photo.jpg` }, { addressPolicy: testPolicy });
    expect(res.originalUrl).toBe(`${base}/photo.jpg`);
    expect(res.url).toMatch(new RegExp(`^/api/public-image/uploads/remote/${shopper.sub}/[0-9A-Z]{26}\\.jpg$`));
    expect((await sharp(await s3.get(publicBucket(), keyOf(res.url))).metadata()).exif).toBeUndefined();
    const withOriginal = await downloadImage(
      shopper.sub,
      { url: `${base}/photo.jpg`, originalUrl: 'https://shop.example/item/1' },
      { addressPolicy: testPolicy },
    );
    expect(withOriginal.originalUrl).toBe('https://shop.example/item/1');
  });

  it('scrape-url takes an image as is, or the og:image / twitter:image of a page', async () => {
    expect((await scrapeUrl(shopper.sub, { url: `${base}/photo.jpg` }, { addressPolicy: testPolicy })).image).toMatch(
      /^\/api\/public-image\/uploads\/remote\//,
    );
    // the og:image is a second request (hop 0 of its own fetch) and is checked again
    const page = await scrapeUrl(shopper.sub, { url: `${base}/product` }, { addressPolicy: testPolicy });
    expect(page.image).toMatch(/\.jpg$/);
    expect(
      (await scrapeUrl(shopper.sub, { url: `${base}/twitter-only` }, { addressPolicy: testPolicy })).image,
    ).toMatch(/\.jpg$/);
  });

  it('refuses what is not an image, and guarded hops', async () => {
    const before = await s3.list(publicBucket(), `uploads/remote/${shopper.sub}/`);
    const msg = async (p: Promise<unknown>) =>
      p.then(
        () => 'resolved',
        (e: Error) => e.message,
      );
    expect(await msg(scrapeUrl(shopper.sub, { url: `${base}/no-image` }, { addressPolicy: testPolicy }))).toBe(
      'No image found at this address',
    );
    expect(await msg(scrapeUrl(shopper.sub, { url: `${base}/text` }, { addressPolicy: testPolicy }))).toBe(
      'No image found at this address',
    );
    expect(await msg(scrapeUrl(shopper.sub, { url: `${base}/og-metadata` }, { addressPolicy: anyHopLocal }))).toBe(
      'This address is not allowed',
    );
    expect(
      await msg(downloadImage(shopper.sub, { url: `${base}/redirect-loopback` }, { addressPolicy: testPolicy })),
    ).toBe('This address is not allowed');
    expect(await msg(downloadImage(shopper.sub, { url: `${base}/product` }, { addressPolicy: testPolicy }))).toBe(
      'Unsupported image type. Use JPEG, PNG, WebP or AVIF.',
    );
    expect(await msg(downloadImage(shopper.sub, { url: `${base}/huge` }, { addressPolicy: testPolicy }))).toBe(
      'The image is too large',
    );
    expect(await msg(downloadImage(shopper.sub, { url: `${base}/missing` }, { addressPolicy: testPolicy }))).toMatch(
      /^Could not fetch the image/,
    );
    expect(await s3.list(publicBucket(), `uploads/remote/${shopper.sub}/`)).toEqual(before);
  });
});
