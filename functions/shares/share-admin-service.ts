/** Shared looks, the admins' use cases: the open reports of shared looks, and taking a reported look down. */
import { notFound } from '../../shared/errors';
import { isShareLive } from '../../shared/domain/shares';
import {
  endShare,
  getShare,
  getShareReport,
  listOpenShareReports,
  resolveShareReports,
} from '../../shared/repositories/share-repository';
import type { Db } from '../../shared/repositories/table';
import { deleteImages } from '../lib/media-store';
import { bindDb, type Store } from '../lib/bind-db';
import { logger } from '../lib/logger';
import { sharePath } from './share-access';

const repositories = { endShare, getShare, getShareReport, listOpenShareReports, resolveShareReports };

/** What the admins' share use cases work with: the share items and the private bucket's copies. */
export interface ShareAdminDeps {
  store: Store<typeof repositories>;
  deleteImages: (keys: string[]) => Promise<number>;
}

// ------------------------------------------------------------------------------------------------ admins

export interface ShareReportView {
  id: string;
  shareId: string;
  reason: string;
  createdAt: string;
  /** Only while the look is live: where the admin can look at it. */
  url: string | null;
  imageCount: number;
}

/** The admins' share use cases, on their collaborators. */
export function shareAdminUseCases(deps: ShareAdminDeps) {
  const { store } = deps;
  /** GET /api/admin/share-reports: open reports of shared looks, newest first. */
  async function listShareReports(now: Date): Promise<ShareReportView[]> {
    const reports = await store.listOpenShareReports();
    return Promise.all(
      reports.map(async (r) => {
        const s = await store.getShare(r.shareOwnerId, r.shareId);
        return {
          id: r.id,
          shareId: r.shareId,
          reason: r.reason,
          createdAt: r.createdAt,
          url: s && isShareLive(s, now) ? sharePath(s.token) : null,
          imageCount: s?.images.length ?? 0,
        };
      }),
    );
  }

  /** POST /api/admin/share-reports/{id}/take-down: the look ends (taken_down, copies deleted), its open reports close. */
  async function takeDownShare(reportId: string, now: Date): Promise<{ shareId: string; resolvedReports: number }> {
    const r = await store.getShareReport(reportId);
    if (!r) throw notFound('Report not found');
    const s = await store.getShare(r.shareOwnerId, r.shareId);
    if (s) {
      await store.endShare(s.userId, s.id, 'taken_down', now);
      await deps.deleteImages(s.images.map((i) => i.key));
    }
    const resolvedReports = await store.resolveShareReports(r.shareId, 'resolved', now);
    logger.info('share taken down', { shareId: r.shareId, reportId });
    return { shareId: r.shareId, resolvedReports };
  }
  return { listShareReports, takeDownShare };
}

const production = (db: Db): ShareAdminDeps => ({
  store: bindDb(db, repositories),
  deleteImages: (keys) => deleteImages('private', keys),
});

export const listShareReports = (db: Db, now = new Date()): Promise<ShareReportView[]> =>
  shareAdminUseCases(production(db)).listShareReports(now);

export const takeDownShare = (
  db: Db,
  reportId: string,
  now = new Date(),
): Promise<{ shareId: string; resolvedReports: number }> =>
  shareAdminUseCases(production(db)).takeDownShare(reportId, now);
