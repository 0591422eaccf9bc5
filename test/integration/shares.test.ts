/**
 * Shared looks through the real handlers (DynamoDB Local, s3rver, cognito-local): create, list, revoke and
 * expire shares; other users' ids refused; signed-out votes and reactions (one per viewer, changes never
 * counted twice); revoked/expired = 404; rate limits per user and per IP (429 { message, code }); a report
 * lands in the admins' queue and the takedown ends the share; the Open Graph page has its tags and never the
 * original image key.
 */
import { EDGE_ERROR_CODE, EDGE_ERROR_MESSAGE, ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../shared/domain/edge';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { setModeratorForTests } from '../../functions/lib/moderation';
import { mediaKeys, putImage, readImage } from '../../functions/lib/media-store';
import { readProvenance } from '../support/provenance';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import {
  createGenerationWithReservation,
  markCompleted,
  markProcessing,
  setResultKey,
} from '../../shared/repositories/generation-repository';
import { updateUser } from '../../shared/repositories/user-repository';
import { getShare } from '../../shared/repositories/share-repository';
import { ERROR_CODES } from '../../shared/errors';
import {
  RATE_LIMITS,
  SHARE_CACHE_SECONDS,
  SHARE_IMAGE_MAX_SIDE,
  SHARE_TOKEN_PATTERN,
  VIEWER_COOKIE,
} from '../../shared/domain/shares';
import { TRAINED_ALGORITHMIC_MEDIA } from '../../shared/domain/provenance';
import { createS3Client } from '../../infra/local/s3-sdk';
import { seedCatalog, seedStyleId } from '../../infra/local/seed-catalog';
import { listStyleProducts } from '../../shared/repositories/catalog-repository';

let ctx: IntegrationContext;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
const gens: string[] = [];
let otherGen: string;
let n = 0;

/** A completed generation with a real 1600x2000 JPEG result, as the workflow leaves it. */
async function completedGeneration(
  u: TestUser,
  styleName = 'Summer Linen',
  styleId: string | null = null,
): Promise<string> {
  const id = `01JSHARE${String(++n).padStart(18, '0')}`;
  const now = new Date().toISOString();
  await createGenerationWithReservation(ctx.db, {
    id,
    userId: u.sub,
    status: 'pending',
    kind: 'style',
    mode: 'creative',
    inputs: {
      photoProfileId: 'p1',
      styleId,
      promptTemplateId: null,
      rawTemplateId: null,
      imageUrl: null,
      imageType: null,
      styleRefKey: null,
      backgroundKey: null,
    },
    styleName,
    templateName: null,
    cost: 0,
    reserved: {},
    priority: false,
    resultKey: null,
    error: null,
    createdAt: now,
    startedAt: null,
    completedAt: null,
    updatedAt: now,
  });
  await markProcessing(ctx.db, u.sub, id);
  const bytes = await sharp({
    create: { width: 1600, height: 2000, channels: 3, background: { r: 30 * n, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const key = mediaKeys.generationResult(u.sub, id, 'jpg');
  await putImage('private', key, bytes, 'image/jpeg');
  await setResultKey(ctx.db, u.sub, id, key);
  await markCompleted(ctx.db, u.sub, id);
  return id;
}

const cookieOf = (res: { raw: { cookies?: string[] } }) =>
  res.raw.cookies?.find((c) => c.startsWith(`${VIEWER_COOKIE}=`))?.split(';')[0];

async function share(u: TestUser, body: unknown, ip = '198.51.100.1') {
  return ctx.invoke('POST', '/api/shares', {
    token: u.idToken,
    body,
    viewerIp: ip,
  });
}

beforeAll(async () => {
  ctx = await setupIntegration();
  // this file runs behind the (emulated) edge: invoke adds CloudFront's token and the viewer address
  process.env.ORIGIN_VERIFY_SECRET = 'shares-test-edge-token';
  setModeratorForTests({ name: 'test-safe', moderate: async () => ({ safe: true, reasons: [], labels: [] }) });
  [owner, other, admin] = await Promise.all([
    ctx.createUser({ firstName: 'Ada', lastName: 'Owner' }),
    ctx.createUser(),
    ctx.createUser(),
  ]);
  for (const u of [owner, other, admin]) await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
  await updateUser(ctx.db, admin.sub, { role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
  gens.push(await completedGeneration(owner, 'Summer Linen'), await completedGeneration(owner, 'City Denim'));
  otherGen = await completedGeneration(other);
}, 120_000);
afterAll(() => setModeratorForTests(null));

describe('creating a share', () => {
  it('makes an unguessable link to downscaled, AI-marked copies (never the original), listed for the owner', async () => {
    const res = await share(owner, { generationIds: gens });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(SHARE_TOKEN_PATTERN);
    expect(res.body.url).toBe(`/l/${res.body.token}`);
    expect(res.body.state).toBe('live');
    expect(res.body.showOwner).toBe(false);
    const days = (new Date(res.body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const stored = (await getShare(ctx.db, owner.sub, res.body.id))!;
    expect(stored.images).toHaveLength(2);
    for (const img of stored.images) {
      expect(img.key.startsWith('shares/')).toBe(true);
      expect(img.key).not.toContain(owner.sub);
      const bytes = (await readImage('private', img.key))!;
      const meta = await sharp(bytes).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(SHARE_IMAGE_MAX_SIDE);
      const prov = await readProvenance(bytes);
      expect(prov?.validation.isValid).toBe(true);
      expect(prov!.actions).toEqual([expect.objectContaining({ digitalSourceType: TRAINED_ALGORITHMIC_MEDIA })]);
      expect(bytes.includes(Buffer.from('Iptc4xmpExt:DigitalSourceType'))).toBe(true);
    }

    // two shares of the same results: two different tokens
    const again = await share(owner, { generationIds: [gens[0]], expiresInDays: 1 });
    expect(again.status).toBe(201);
    expect(again.body.token).not.toBe(res.body.token);

    const list = await ctx.invoke('GET', '/api/shares', { token: owner.idToken });
    expect(list.status).toBe(200);
    expect(list.body.map((s: { id: string }) => s.id)).toEqual([again.body.id, res.body.id]);
    expect(list.headers['cache-control']).toBe('no-store');
    const otherList = await ctx.invoke('GET', '/api/shares', { token: other.idToken });
    expect(otherList.body).toEqual([]);
  });

  it("refuses other users' ids, unknown ids, duplicates, bad counts and expiries, and changes nothing", async () => {
    const before = (await ctx.invoke('GET', '/api/shares', { token: owner.idToken })).body.length;
    const foreign = await share(owner, { generationIds: [gens[0], otherGen] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe(ERROR_CODES.notFound);
    expect((await share(owner, { generationIds: ['01JNOPE0000000000000000000'] })).status).toBe(404);
    for (const body of [
      { generationIds: [] },
      { generationIds: [gens[0], gens[0]] },
      { generationIds: [gens[0], gens[1], gens[0], gens[1], gens[0]] },
      { generationIds: [gens[0]], expiresInDays: 3 },
      { generationIds: [gens[0]], showOwner: 'yes' },
      { generationIds: ['../x'] },
    ]) {
      const r = await share(owner, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    expect((await ctx.invoke('POST', '/api/shares', { body: { generationIds: gens } })).status).toBe(401);
    expect((await ctx.invoke('GET', '/api/shares', { token: owner.idToken })).body.length).toBe(before);
  });
});

describe('viewing, voting and reacting (signed out)', () => {
  let token: string;
  let shareId: string;
  beforeAll(async () => {
    const res = await share(owner, { generationIds: gens, showOwner: false });
    token = res.body.token;
    shareId = res.body.id;
  });

  it('shows only the chosen copies, labelled, with no owner data unless opted in', async () => {
    const res = await ctx.invoke('GET', `/api/l/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.images.map((i: { generationId: string }) => i.generationId)).toEqual(gens);
    expect(res.body.images.every((i: { label: string }) => i.label === 'AI-generated')).toBe(true);
    expect(res.body.owner).toBeNull();
    const text = JSON.stringify(res.body);
    for (const secret of [owner.sub, owner.email, 'Ada', 'photoProfile', 'users/']) expect(text).not.toContain(secret);

    const img = await ctx.invoke('GET', `/api/l/${token}/images/0`);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['cache-control']).toContain(`max-age=${SHARE_CACHE_SECONDS}`);
    expect((await sharp(Buffer.from(img.raw.body!, 'base64')).metadata()).width).toBeLessThanOrEqual(
      SHARE_IMAGE_MAX_SIDE,
    );
    expect((await ctx.invoke('GET', `/api/l/${token}/images/2`)).status).toBe(404);
    expect((await ctx.invoke('GET', `/api/l/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await ctx.invoke('GET', `/api/l/short`)).status).toBe(404);

    const named = await share(owner, { generationIds: [gens[0]], showOwner: true });
    const v = await ctx.invoke('GET', `/api/l/${named.body.token}`);
    expect(v.body.owner).toEqual({ name: 'Ada Owner', handle: expect.any(String) });
  });

  it('one vote per viewer: a changed vote moves, never double counts; reactions are plain, limited text', async () => {
    const first = await ctx.invoke('PUT', `/api/l/${token}/vote`, { body: { generationId: gens[0] } });
    expect(first.status).toBe(200);
    const cookie = cookieOf(first)!;
    expect(cookie).toMatch(new RegExp(`^${VIEWER_COOKIE}=[A-Za-z0-9_-]{22}$`));
    expect(first.raw.cookies![0]).toContain('HttpOnly');
    expect(first.headers['cache-control']).toContain('no-store');
    expect(first.body.myVote).toBe(gens[0]);

    // the same viewer votes again for the same and then the other image
    await ctx.invoke('PUT', `/api/l/${token}/vote`, { body: { generationId: gens[0] }, headers: { cookie } });
    const changed = await ctx.invoke('PUT', `/api/l/${token}/vote`, {
      body: { generationId: gens[1] },
      headers: { cookie },
    });
    expect(changed.status).toBe(200);
    expect(cookieOf(changed)).toBeUndefined();
    expect(changed.body.totalVotes).toBe(1);
    expect(changed.body.images.map((i: { votes: number }) => i.votes)).toEqual([0, 1]);

    // a second signed-out viewer and a signed-in one
    const second = await ctx.invoke('PUT', `/api/l/${token}/vote`, { body: { generationId: gens[1] } });
    expect(cookieOf(second)).not.toBe(cookie);
    await ctx.invoke('PUT', `/api/l/${token}/vote`, { token: other.idToken, body: { generationId: gens[0] } });

    // an image that is not in the share, or garbage: refused, nothing counted
    expect(
      (await ctx.invoke('PUT', `/api/l/${token}/vote`, { body: { generationId: otherGen }, headers: { cookie } }))
        .status,
    ).toBe(400);
    expect((await ctx.invoke('PUT', `/api/l/${token}/vote`, { body: {}, headers: { cookie } })).status).toBe(400);

    const reaction = await ctx.invoke('PUT', `/api/l/${token}/reaction`, {
      body: { text: '  <b>Love</b>   the   second!  ' },
      headers: { cookie },
    });
    expect(reaction.status).toBe(200);
    expect(reaction.body.myReaction).toBe('<b>Love</b> the second!');
    const changedReaction = await ctx.invoke('PUT', `/api/l/${token}/reaction`, {
      body: { text: 'Second one.' },
      headers: { cookie },
    });
    expect(changedReaction.body.myReaction).toBe('Second one.');
    for (const text of ['', '   ', 'x'.repeat(141), 'hi\u202Ethere', 42]) {
      const r = await ctx.invoke('PUT', `/api/l/${token}/reaction`, { body: { text }, headers: { cookie } });
      expect(r.status, String(text)).toBe(400);
    }

    const mine = await ctx.invoke('GET', '/api/shares', { token: owner.idToken });
    const s = mine.body.find((x: { id: string }) => x.id === shareId);
    expect(s.totalVotes).toBe(3);
    expect(s.votes).toEqual([
      { generationId: gens[0], votes: 1 },
      { generationId: gens[1], votes: 2 },
    ]);
    expect(s.reactions).toEqual([{ text: 'Second one.', updatedAt: expect.any(String) }]);
  });

  it("a report lands in the admins' queue; the takedown ends the share (404) and closes the report", async () => {
    const target = await share(owner, { generationIds: [gens[1]] });
    const t = target.body.token;
    const rep = await ctx.invoke('POST', `/api/l/${t}/report`, { body: { reason: 'Not appropriate' } });
    expect(rep.status).toBe(201);
    const cookie = cookieOf(rep)!;
    const dup = await ctx.invoke('POST', `/api/l/${t}/report`, { body: { reason: 'Again' }, headers: { cookie } });
    expect(dup.status).toBe(409);
    expect((await ctx.invoke('POST', `/api/l/${t}/report`, { body: { reason: '' } })).status).toBe(400);

    expect((await ctx.invoke('GET', '/api/admin/share-reports', { token: owner.idToken })).status).toBe(403);
    const queue = await ctx.invoke('GET', '/api/admin/share-reports', { token: admin.idToken });
    expect(queue.status).toBe(200);
    const report = queue.body.find((r: { shareId: string }) => r.shareId === target.body.id);
    expect(report).toMatchObject({ reason: 'Not appropriate', url: `/l/${t}`, imageCount: 1 });
    // style reports stay style reports
    const styleQueue = await ctx.invoke('GET', '/api/admin/style-reports', { token: admin.idToken });
    expect(styleQueue.body.some((r: { id: string }) => r.id === report.id)).toBe(false);
    // a share report is not a style report to take down
    expect(
      (await ctx.invoke('POST', `/api/admin/style-reports/${report.id}/take-down`, { token: admin.idToken })).status,
    ).toBe(404);

    const down = await ctx.invoke('POST', `/api/admin/share-reports/${report.id}/take-down`, { token: admin.idToken });
    expect(down.status).toBe(200);
    expect(down.body).toEqual({ shareId: target.body.id, resolvedReports: 1 });
    expect((await ctx.invoke('GET', `/api/l/${t}`)).status).toBe(404);
    expect((await ctx.invoke('GET', `/api/l/${t}/images/0`)).status).toBe(404);
    const after = await ctx.invoke('GET', '/api/admin/share-reports', { token: admin.idToken });
    expect(after.body.some((r: { id: string }) => r.id === report.id)).toBe(false);
    const mine = await ctx.invoke('GET', '/api/shares', { token: owner.idToken });
    expect(mine.body.find((x: { id: string }) => x.id === target.body.id).state).toBe('taken_down');
  });
});

describe('shop links', () => {
  it("shows the look's style with its products' web links", async () => {
    await seedCatalog({
      db: ctx.db,
      s3: createS3Client({ endpoint: ctx.endpoints.s3 }),
      publicBucket: process.env.PUBLIC_BUCKET!,
      owners: { influencer: admin.sub, admin: admin.sub },
    });
    const styleId = seedStyleId(0);
    const products = await listStyleProducts(ctx.db, styleId);
    expect(products.some((p) => p.links.length)).toBe(true);
    const g = await completedGeneration(owner, 'Weekend Denim', styleId);
    const res = await share(owner, { generationIds: [g] });
    const view = await ctx.invoke('GET', `/api/l/${res.body.token}`);
    expect(view.body.styles).toHaveLength(1);
    expect(view.body.styles[0].id).toBe(styleId);
    const links = view.body.styles[0].products.flatMap((p: { links: { url: string }[] }) => p.links.map((l) => l.url));
    expect(links.sort()).toEqual(
      products
        .flatMap((p) => p.links.map((l) => l.url))
        .filter((u) => /^https?:/.test(u))
        .sort(),
    );
    expect(links.length).toBeGreaterThan(0);
  });
});

describe('revoking and expiry', () => {
  it('revoked: the page, API, images and votes answer 404 (page and images cacheable at most a minute, JSON never); the copies are deleted; only the owner can revoke', async () => {
    const res = await share(owner, { generationIds: gens });
    const { id, token } = res.body;
    const stored = (await getShare(ctx.db, owner.sub, id))!;
    expect((await ctx.invoke('DELETE', `/api/shares/${id}`, { token: other.idToken })).status).toBe(404);
    expect((await ctx.invoke('GET', `/api/l/${token}`)).status).toBe(200);

    const revoked = await ctx.invoke('DELETE', `/api/shares/${id}`, { token: owner.idToken });
    expect(revoked.status).toBe(200);
    expect(revoked.body.state).toBe('revoked');
    // a repeated revoke is harmless
    expect((await ctx.invoke('DELETE', `/api/shares/${id}`, { token: owner.idToken })).body.state).toBe('revoked');

    const gone = await ctx.invoke('GET', `/api/l/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    const goneImage = await ctx.invoke('GET', `/api/l/${token}/images/0`);
    expect(goneImage.status).toBe(404);
    expect(goneImage.headers['cache-control']).toContain(`max-age=${SHARE_CACHE_SECONDS}`);
    expect((await ctx.invoke('PUT', `/api/l/${token}/vote`, { body: { generationId: gens[0] } })).status).toBe(404);
    const page = await ctx.invoke('GET', `/l/${token}`);
    expect(page.status).toBe(404);
    expect(page.headers['cache-control']).toContain(`max-age=${SHARE_CACHE_SECONDS}`);
    expect(page.body).not.toContain('og:image');
    for (const img of stored.images) expect(await readImage('private', img.key)).toBeNull();
  });
});

describe('Open Graph page', () => {
  it('answers the HTML with the preview tags (the marked copy, never the original key) and the SPA tags', async () => {
    process.env.SPA_TAGS = '<script type="module" crossorigin src="/assets/index-abc.js"></script>';
    try {
      const res = await share(owner, { generationIds: gens });
      const page = await ctx.invoke('GET', `/l/${res.body.token}`);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toContain(`max-age=${SHARE_CACHE_SECONDS}`);
      const html = String(page.body);
      expect(html).toContain('<meta property="og:title" content="Which look should I pick?">');
      expect(html).toMatch(
        /<meta property="og:description" content="2 AI-generated try-on looks: Summer Linen, City Denim\. [^"]*">/,
      );
      expect(html).toContain(`<meta property="og:image" content="http://localhost/api/l/${res.body.token}/images/0">`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(html).toContain('src="/assets/index-abc.js"');
      expect(html).toContain('<div id="root">');
      expect(html).not.toContain('users/');
      expect(html).not.toContain(owner.sub);
      expect(html).not.toContain('/api/private-image/');
      const unknown = await ctx.invoke('GET', `/l/${'B'.repeat(43)}`);
      expect(unknown.status).toBe(404);
      expect(String(unknown.body)).toContain('src="/assets/index-abc.js"');
    } finally {
      delete process.env.SPA_TAGS;
    }
  });
});

describe('rate limits', () => {
  // The limits count in fixed windows (shared/domain/rate-limits.ts); a loop of 120 requests on a busy machine can
  // cross a window's edge and start a fresh count. The clock stands still while a test runs (only Date is faked):
  // every request of the test falls in one window.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('share creation: per user, then 429 { message, code } with Retry-After, and nothing is created', async () => {
    const u = await ctx.createUser();
    await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
    const g = await completedGeneration(u);
    const limit = RATE_LIMITS['share.create'].limit.user;
    // failed attempts count too (each costs a request): use invalid-but-counted requests to reach the limit fast
    for (let i = 0; i < limit; i++)
      expect((await share(u, { generationIds: ['01JNOPE0000000000000000000'] }, `203.0.113.${i}`)).status).toBe(404);
    const blocked = await share(u, { generationIds: [g] }, '203.0.113.200');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: expect.stringMatching(/too quickly/), code: ERROR_CODES.rateLimited });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ctx.invoke('GET', '/api/shares', { token: u.idToken })).body).toEqual([]);
  });

  it('votes: per IP across anonymous viewers (a fresh cookie does not reset it)', async () => {
    const res = await share(owner, { generationIds: gens }, '198.51.100.77');
    const t = res.body.token;
    const ip = { viewerIp: '192.0.2.9' };
    const limit = RATE_LIMITS['share.vote'].limit.ip;
    for (let i = 0; i < limit; i++)
      expect((await ctx.invoke('PUT', `/api/l/${t}/vote`, { body: { generationId: gens[i % 2] }, ...ip })).status).toBe(
        200,
      );
    const blocked = await ctx.invoke('PUT', `/api/l/${t}/vote`, { body: { generationId: gens[0] }, ...ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(ERROR_CODES.rateLimited);
    // another address is not affected
    expect(
      (
        await ctx.invoke('PUT', `/api/l/${t}/vote`, {
          body: { generationId: gens[0] },
          viewerIp: '192.0.2.10',
        })
      ).status,
    ).toBe(200);
    const mine = (await ctx.invoke('GET', '/api/shares', { token: owner.idToken })).body.find(
      (s: { id: string }) => s.id === res.body.id,
    );
    expect(mine.totalVotes).toBe(limit + 1);
  }, 60_000);

  it('a spoofed CloudFront-Viewer-Address or X-Forwarded-For does not make a new viewer (issue 24)', async () => {
    const res = await share(owner, { generationIds: gens }, '198.51.100.79');
    const t = res.body.token;
    const limit = RATE_LIMITS['share.vote'].limit.ip;
    const codes: number[] = [];
    // a fresh anonymous viewer each time (no cookie), every request claiming another address
    for (let i = 0; i <= limit + 2; i++)
      codes.push(
        (
          await ctx.invoke('PUT', `/api/l/${t}/vote`, {
            body: { generationId: gens[0] },
            headers: {
              'cloudfront-viewer-address': `203.0.113.${i + 1}:443`,
              'x-forwarded-for': `203.0.113.${i + 1}`,
              [VIEWER_IP_HEADER]: `203.0.113.${i + 1}`,
            },
            viewerIp: '192.0.2.33',
          })
        ).status,
      );
    expect(codes.filter((c) => c === 200)).toHaveLength(limit);
    expect(codes.slice(limit)).toEqual([429, 429, 429]);
  }, 60_000);

  it('a request around the edge (no token, a wrong one, a forged viewer address) is refused with 403', async () => {
    const res = await share(owner, { generationIds: gens }, '198.51.100.80');
    const t = res.body.token;
    const attempts: Record<string, string>[] = [
      { [VIEWER_IP_HEADER]: '203.0.113.77' },
      { [ORIGIN_VERIFY_HEADER]: 'guess', [VIEWER_IP_HEADER]: '203.0.113.78' },
      { 'cloudfront-viewer-address': '203.0.113.79:443' },
    ];
    for (const headers of attempts) {
      const direct = await ctx.invoke('PUT', `/api/l/${t}/vote`, {
        body: { generationId: gens[0] },
        headers,
        aroundEdge: true,
      });
      expect(direct.status, JSON.stringify(headers)).toBe(403);
      expect(direct.body).toEqual({ message: EDGE_ERROR_MESSAGE, code: EDGE_ERROR_CODE });
    }
    const config = await ctx.invoke('GET', '/api/config', { aroundEdge: true });
    expect(config.status).toBe(403);
  });

  it('reactions: per viewer', async () => {
    const res = await share(owner, { generationIds: gens }, '198.51.100.78');
    const t = res.body.token;
    const first = await ctx.invoke('PUT', `/api/l/${t}/reaction`, {
      body: { text: 'one' },
      viewerIp: '192.0.2.50',
    });
    const cookie = cookieOf(first)!;
    const limit = RATE_LIMITS['share.reaction'].limit.user;
    for (let i = 1; i < limit; i++)
      expect(
        (
          await ctx.invoke('PUT', `/api/l/${t}/reaction`, {
            body: { text: `r${i}` },
            headers: { cookie },
            viewerIp: `192.0.2.${60 + i}`,
          })
        ).status,
      ).toBe(200);
    const blocked = await ctx.invoke('PUT', `/api/l/${t}/reaction`, {
      body: { text: 'too many' },
      headers: { cookie },
      viewerIp: '192.0.2.99',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many reactions/);
  });
});

describe('account deletion', () => {
  it('ends every share of the account and deletes its copies (receipt counts them)', async () => {
    const u = await ctx.createUser();
    await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
    const g = await completedGeneration(u);
    const res = await share(u, { generationIds: [g] }, '198.51.100.90');
    expect(res.status).toBe(201);
    const stored = (await getShare(ctx.db, u.sub, res.body.id))!;
    const del = await ctx.invoke('DELETE', '/api/user/account', {
      token: u.idToken,
      body: { confirm: 'DELETE', password: u.password },
    });
    expect(del.status).toBe(200);
    expect(del.body.counts.shares).toBe(1);
    expect((await ctx.invoke('GET', `/api/l/${res.body.token}`)).status).toBe(404);
    expect(await readImage('private', stored.images[0]!.key)).toBeNull();
  });
});
