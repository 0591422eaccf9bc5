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
import { logger } from '../lib/logger';
import { sharePath } from './share-access';

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

/** GET /api/admin/share-reports: open reports of shared looks, newest first. */
export async function listShareReports(db: Db, now = new Date()): Promise<ShareReportView[]> {
  const reports = await listOpenShareReports(db);
  return Promise.all(
    reports.map(async (r) => {
      const s = await getShare(db, r.shareOwnerId, r.shareId);
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
export async function takeDownShare(
  db: Db,
  reportId: string,
  now = new Date(),
): Promise<{ shareId: string; resolvedReports: number }> {
  const r = await getShareReport(db, reportId);
  if (!r) throw notFound('Report not found');
  const s = await getShare(db, r.shareOwnerId, r.shareId);
  if (s) {
    await endShare(db, s.userId, s.id, 'taken_down', now);
    await deleteImages(
      'private',
      s.images.map((i) => i.key),
    );
  }
  const resolvedReports = await resolveShareReports(db, r.shareId, 'resolved', now);
  logger.info('share taken down', { shareId: r.shareId, reportId });
  return { shareId: r.shareId, resolvedReports };
}
