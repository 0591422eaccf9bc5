/** The admins' share use cases on in-memory collaborators: the open reports, and taking a reported look down. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ShareRecord, ShareReportRecord } from '../../shared/repositories/share-repository';
import { shareAdminUseCases, type ShareAdminDeps } from './share-admin-service';

const now = new Date('2026-11-01T12:00:00.000Z');
let shares: Map<string, ShareRecord>;
let reports: ShareReportRecord[];
let deleted: string[];
let admin: ReturnType<typeof shareAdminUseCases>;

const share = (id: string, overrides: Partial<ShareRecord> = {}): ShareRecord => ({
  id,
  token: `tok-${id}`,
  userId: 'owner',
  images: [
    { generationId: 'g1', key: `shares/${id}/0.jpg`, width: 10, height: 10, styleId: null, styleName: null },
    { generationId: 'g2', key: `shares/${id}/1.jpg`, width: 10, height: 10, styleId: null, styleName: null },
  ],
  showOwner: false,
  status: 'active',
  expiresAt: '2026-12-01T00:00:00.000Z',
  createdAt: '2026-10-01T00:00:00.000Z',
  endedAt: null,
  ...overrides,
});
const report = (id: string, shareId: string): ShareReportRecord => ({
  id,
  reporterId: 'anon:viewer',
  reason: 'spam',
  status: 'open',
  createdAt: '2026-10-31T00:00:00.000Z',
  shareId,
  shareOwnerId: 'owner',
});

beforeEach(() => {
  shares = new Map([
    ['live', share('live')],
    ['ended', share('ended', { status: 'revoked' })],
  ]);
  reports = [report('r1', 'live'), report('r2', 'live'), report('r3', 'ended'), report('r4', 'gone')];
  deleted = [];
  const deps: ShareAdminDeps = {
    store: {
      listOpenShareReports: () => Promise.resolve(reports.filter((r) => r.status === 'open')),
      getShareReport: (id) => Promise.resolve(reports.find((r) => r.id === id) ?? null),
      getShare: (_owner, id) => Promise.resolve(shares.get(id) ?? null),
      endShare: (_owner, id, status, at) => {
        const s = shares.get(id);
        if (!s || s.status !== 'active') return Promise.resolve(false);
        shares.set(id, { ...s, status, endedAt: at!.toISOString() });
        return Promise.resolve(true);
      },
      resolveShareReports: (shareId, resolution) => {
        const open = reports.filter((r) => r.shareId === shareId && r.status === 'open');
        for (const r of open) r.status = resolution;
        return Promise.resolve(open.length);
      },
    },
    deleteImages: (keys) => {
      deleted.push(...keys);
      return Promise.resolve(keys.length);
    },
  };
  admin = shareAdminUseCases(deps);
});

describe('share reports for admins', () => {
  it('lists open reports with a link only while the look is live', async () => {
    const list = await admin.listShareReports(now);
    expect(list.map((r) => [r.id, r.url, r.imageCount])).toEqual([
      ['r1', '/l/tok-live', 2],
      ['r2', '/l/tok-live', 2],
      ['r3', null, 2],
      ['r4', null, 0],
    ]);
  });

  it('taking a look down ends it, deletes its copies and closes every open report of it', async () => {
    expect(await admin.takeDownShare('r1', now)).toEqual({ shareId: 'live', resolvedReports: 2 });
    expect(shares.get('live')).toMatchObject({ status: 'taken_down', endedAt: now.toISOString() });
    expect(deleted).toEqual(['shares/live/0.jpg', 'shares/live/1.jpg']);
    expect(reports.filter((r) => r.status === 'open').map((r) => r.id)).toEqual(['r3', 'r4']);
  });

  it('a report of a look that is gone still closes; an unknown report is 404', async () => {
    expect(await admin.takeDownShare('r4', now)).toEqual({ shareId: 'gone', resolvedReports: 1 });
    expect(deleted).toEqual([]);
    await expect(admin.takeDownShare('nope', now)).rejects.toMatchObject({ status: 404 });
  });
});
