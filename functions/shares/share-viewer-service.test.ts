/** The viewers' shared-look use cases on in-memory collaborators: view, images, vote, react, report, Open Graph. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import { AI_LABEL, SHARE_CODES, SHARE_FEEDBACK_KEEP_DAYS, SHARE_MESSAGES } from '../../shared/domain/shares';
import type { ShareRecord } from '../../shared/repositories/share-repository';
import { aStyle, aUser } from '../../test/support/in-memory-start-deps';
import { inMemoryShares, type InMemoryShares } from '../../test/support/in-memory-shares';
import { shareHtmlOf, shareViewerUseCases } from './share-viewer-service';

const now = new Date('2026-11-01T12:00:00.000Z');
const TOKEN = 'a'.repeat(43);
const viewer = { who: 'viewer-1', ipHash: 'ip-1' };
let m: InMemoryShares;
let v: ReturnType<typeof shareViewerUseCases>;

const link = (id: string, retailer: string, url: string, price: number | null) => ({
  id,
  productId: 'p1',
  styleId: 's1',
  retailer,
  url,
  price,
  currency: price === null ? null : 'EUR',
  affiliateCode: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const aShare = (overrides: Partial<ShareRecord> = {}): ShareRecord => ({
  id: 'sh1',
  token: TOKEN,
  userId: 'owner',
  images: [
    { generationId: 'g1', key: 'shares/sh1/0.jpg', width: 600, height: 800, styleId: 's1', styleName: 'Summer' },
    { generationId: 'g2', key: 'shares/sh1/1.jpg', width: 600, height: 800, styleId: null, styleName: null },
  ],
  showOwner: false,
  status: 'active',
  expiresAt: '2026-11-08T12:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  endedAt: null,
  voteCounters: true,
  ...overrides,
});

beforeEach(() => {
  m = inMemoryShares();
  m.shares.set('sh1', aShare());
  m.objects.set('shares/sh1/0.jpg', Buffer.from('copy 0'));
  m.objects.set('shares/sh1/1.jpg', Buffer.from('copy 1'));
  m.users.set('owner', aUser({ id: 'owner', firstName: 'Ada', lastName: 'Lovelace', handle: 'ada' }));
  m.styles.set('s1', aStyle({ id: 's1', name: 'Summer dress', isPublic: true, createdBy: 'creator' }));
  m.products.set('s1', [
    {
      id: 'p1',
      styleId: 's1',
      name: 'Dress',
      description: null,
      brand: 'Brand',
      category: null,
      imageUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      links: [link('l1', 'Shop', 'https://shop.example/dress', 50), link('l2', 'Evil', 'javascript:alert(1)', null)],
    },
  ]);
  v = shareViewerUseCases(m.viewer);
});

describe('viewing a share', () => {
  it('shows only the chosen copies, labelled, no owner unless opted in, shop links only to the web', async () => {
    const view = await v.viewShare(TOKEN, null, now);
    expect(view.images.map((i) => [i.url, i.label, i.madeBy])).toEqual([
      [`/api/l/${TOKEN}/images/0`, AI_LABEL, 'generative'],
      [`/api/l/${TOKEN}/images/1`, AI_LABEL, 'generative'],
    ]);
    expect(view.owner).toBeNull();
    expect(view.title).toBe('Which look should I pick?');
    expect(view.description).toBe('2 AI-generated try-on looks: Summer. Vote for your favourite on Fitly.');
    expect(view.styles).toEqual([
      {
        id: 's1',
        name: 'Summer dress',
        products: [
          {
            name: 'Dress',
            brand: 'Brand',
            links: [{ retailer: 'Shop', url: 'https://shop.example/dress', price: 50, currency: 'EUR' }],
          },
        ],
      },
    ]);
    const text = JSON.stringify(view);
    for (const secret of ['Ada', 'Lovelace', '"userId"', 'shares/sh1']) expect(text).not.toContain(secret);
  });

  it('names the owner when they opted in', async () => {
    m.shares.set('sh1', aShare({ showOwner: true }));
    const view = await v.viewShare(TOKEN, null, now);
    expect(view.owner).toEqual({ name: 'Ada Lovelace', handle: 'ada' });
    expect(view.title).toBe('Which look should Ada Lovelace pick?');
  });

  it('a style taken down or gone private shows no shop links, only the name kept on the share', async () => {
    m.styles.set(
      's1',
      aStyle({ id: 's1', name: 'Renamed', isPublic: true, createdBy: 'creator', takenDownAt: now.toISOString() }),
    );
    expect((await v.viewShare(TOKEN, null, now)).styles).toEqual([{ id: 's1', name: 'Summer', products: [] }]);
    m.styles.set('s1', aStyle({ id: 's1', name: 'Renamed', isPublic: false, createdBy: 'creator' }));
    expect((await v.viewShare(TOKEN, null, now)).styles).toEqual([{ id: 's1', name: 'Summer', products: [] }]);
  });

  it('an unknown token, a revoked, a taken-down and an expired share are 404 (view and images)', async () => {
    await expect(v.viewShare('b'.repeat(43), null, now)).rejects.toMatchObject({ status: 404 });
    for (const gone of [
      aShare({ status: 'revoked' }),
      aShare({ status: 'taken_down' }),
      aShare({ expiresAt: '2026-11-01T11:59:59.000Z' }),
    ]) {
      m.shares.set('sh1', gone);
      await expect(v.viewShare(TOKEN, null, now)).rejects.toMatchObject({
        status: 404,
        message: SHARE_MESSAGES.notFound,
      });
      await expect(v.shareImage(TOKEN, 0, now)).rejects.toMatchObject({ status: 404 });
    }
  });

  it('serves a copy by its index; an index outside the share, or a fraction, is 404', async () => {
    expect((await v.shareImage(TOKEN, 1, now)).toString()).toBe('copy 1');
    for (const index of [2, -1, 0.5, Number.NaN])
      await expect(v.shareImage(TOKEN, index, now)).rejects.toMatchObject({ status: 404 });
  });
});

describe('votes and reactions', () => {
  it('one vote per viewer: a changed vote moves, never counts twice; the answer shows the viewer’s vote', async () => {
    expect((await v.voteOnShare(TOKEN, 'viewer-1', 'g1', viewer, now)).totalVotes).toBe(1);
    await v.voteOnShare(TOKEN, 'viewer-2', 'g1', viewer, now);
    const changed = await v.voteOnShare(TOKEN, 'viewer-1', 'g2', viewer, now);
    expect(changed.images.map((i) => i.votes)).toEqual([1, 1]);
    expect(changed.totalVotes).toBe(2);
    expect(changed.myVote).toBe('g2');
  });

  it('a vote for a look that is not in the share is 400 and nothing is stored', async () => {
    await expect(v.voteOnShare(TOKEN, 'viewer-1', 'elsewhere', viewer, now)).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.validation,
      message: SHARE_MESSAGES.notInShare,
    });
    expect(m.votes.size).toBe(0);
  });

  it('votes and reactions are rate-limited (429) before anything is stored', async () => {
    m.limited.add('share.vote');
    m.limited.add('share.reaction');
    await expect(v.voteOnShare(TOKEN, 'viewer-1', 'g1', viewer, now)).rejects.toMatchObject({ status: 429 });
    await expect(v.reactToShare(TOKEN, 'viewer-1', 'Nice', viewer, now)).rejects.toMatchObject({ status: 429 });
    expect(m.votes.size + m.reactions.size).toBe(0);
  });

  it('a reaction is plain, limited text, one per viewer (a new one replaces it)', async () => {
    await v.reactToShare(TOKEN, 'viewer-1', 'Nice', viewer, now);
    const again = await v.reactToShare(TOKEN, 'viewer-1', '  Even better  ', viewer, now);
    expect(again.myReaction).toBe('Even better');
    expect([...(m.reactions.get('sh1')?.values() ?? [])].map((r) => r.text)).toEqual(['Even better']);
    for (const bad of ['', '   ', 'x'.repeat(141), 42, null]) {
      await expect(v.reactToShare(TOKEN, 'viewer-2', bad, viewer, now)).rejects.toMatchObject({
        status: 400,
        code: ERROR_CODES.validation,
      });
    }
    expect(m.reactions.get('sh1')?.has('viewer-2')).toBe(false);
  });

  it('votes on an ended share are 404 and change nothing', async () => {
    m.shares.set('sh1', aShare({ status: 'revoked' }));
    await expect(v.voteOnShare(TOKEN, 'viewer-1', 'g1', viewer, now)).rejects.toMatchObject({ status: 404 });
    expect(m.votes.size).toBe(0);
  });
});

describe('reports', () => {
  it('one open report per viewer and look (409 already_reported), for the share’s owner', async () => {
    const { id } = await v.reportShare(TOKEN, 'viewer-1', 'spam', viewer, now);
    expect(m.reports).toEqual([
      expect.objectContaining({ id, shareId: 'sh1', shareOwnerId: 'owner', reporterId: 'viewer-1', status: 'open' }),
    ]);
    await expect(v.reportShare(TOKEN, 'viewer-1', 'again', viewer, now)).rejects.toMatchObject({
      status: 409,
      code: SHARE_CODES.alreadyReported,
    });
    await v.reportShare(TOKEN, 'viewer-2', 'spam', viewer, now);
    expect(m.reports).toHaveLength(2);
  });
});

describe('the Open Graph page', () => {
  const page = (token: string) =>
    shareHtmlOf(v.viewShare, token, 'https://fitly.example', '<script src="/a.js"></script>', now);

  it('fills the preview tags with the first copy (escaped), never an original key, and keeps the SPA tags', async () => {
    m.shares.set('sh1', aShare({ showOwner: true }));
    m.users.set('owner', aUser({ id: 'owner', firstName: 'Ada "<b>"', lastName: null, handle: 'ada' }));
    const { status, html } = await page(TOKEN);
    expect(status).toBe(200);
    expect(html).toContain(`<meta property="og:image" content="https://fitly.example/api/l/${TOKEN}/images/0">`);
    expect(html).toContain('<meta property="og:title" content="Which look should Ada &quot;&lt;b&gt;&quot; pick?">');
    expect(html).toContain('<script src="/a.js"></script>');
    expect(html).not.toContain('shares/sh1');
    expect(html).not.toContain('<b>');
  });

  it('a gone share answers 404 with the shell, noindex and no preview', async () => {
    m.shares.set('sh1', aShare({ status: 'taken_down' }));
    const { status, html } = await page(TOKEN);
    expect(status).toBe(404);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('og:image');
    expect(html).toContain('<script src="/a.js"></script>');
  });
});

describe('feedback expiry', () => {
  it('votes are kept SHARE_FEEDBACK_KEEP_DAYS after the share expires', async () => {
    const ttls: number[] = [];
    const store = m.viewer.store;
    const deps = {
      ...m.viewer,
      store: {
        ...store,
        putVote: (shareId: string, viewerId: string, generationId: string, ttl: number) => {
          ttls.push(ttl);
          return store.putVote(shareId, viewerId, generationId, ttl);
        },
      },
    };
    await shareViewerUseCases(deps).voteOnShare(TOKEN, 'viewer-1', 'g1', viewer, now);
    const [ttl] = ttls;
    expect(ttl).toBe(Date.parse('2026-11-08T12:00:00.000Z') / 1000 + SHARE_FEEDBACK_KEEP_DAYS * 86_400);
  });
});
