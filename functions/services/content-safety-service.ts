/**
 * Content safety in the admin area: what the checks refused (counts and reasons, never the image) and the
 * takedown of a reported public image (TAKE IT DOWN Act: removal within 48 h of a valid request, identical
 * copies included).
 *
 * Takedown of a reported style: its public images (cover, prompt image) are hashed (sha256 of the stored
 * bytes); every public object with the same hash (media-store indexes each public put) is deleted; every
 * public style showing one of those objects is made private with the image cleared; the open reports of
 * those styles are resolved, they leave every collection, are marked `takenDownAt` (the owner cannot make them
 * public again); their explore postings go with the update (GET /api/styles and explore stop listing them). Private copies (the owner's own generation
 * the cover came from) are the owner's data and stay.
 */
import { AGAIN, retryOptimistic } from '../../shared/repositories/toolkit';
import { IMAGE_CHECK_KINDS, type ImageCheckKind } from '../../shared/domain/content-safety';
import { notFound } from '../../shared/errors';
import {
  deletePublicImageHash,
  getStyleReportById,
  listContentRefusals,
  listKeysWithHash,
  resolveStyleReports,
} from '../../shared/repositories/content-safety-repository';
import { listPublicStyles } from '../../shared/repositories/catalog-repository';
import { getStoredStyle, updateStyle } from '../../shared/repositories/style-editor-repository';
import { removeStyleFromAllCollections } from '../../shared/repositories/collection-repository';
import type { Db } from '../../shared/repositories/table';
import { deleteImages, PUBLIC_IMAGE_PATH_PREFIX, publicImagePath, readImage, sha256 } from '../lib/media-store';
import { logger } from '../lib/logger';

export const REFUSAL_WINDOW_DAYS = 30;

export interface RefusalSummary {
  since: string;
  total: number;
  byKind: Record<ImageCheckKind, number>;
  byReason: Record<string, number>;
  recent: { id: string; kind: ImageCheckKind; reasons: string[]; moderator: string; createdAt: string }[];
}

/** GET /api/admin/content-safety: refusals of the last 30 days. */
export async function refusalSummary(db: Db, now = new Date()): Promise<RefusalSummary> {
  const since = new Date(now.getTime() - REFUSAL_WINDOW_DAYS * 86_400_000);
  const months: string[] = [];
  for (
    let d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    d >= new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), 1));
    d.setUTCMonth(d.getUTCMonth() - 1)
  )
    months.push(d.toISOString().slice(0, 7));
  const rows = (await listContentRefusals(db, months)).filter((r) => r.createdAt >= since.toISOString());
  const byKind = Object.fromEntries(IMAGE_CHECK_KINDS.map((k) => [k, 0])) as Record<ImageCheckKind, number>;
  const byReason: Record<string, number> = {};
  for (const r of rows) {
    byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
    for (const reason of r.reasons) byReason[reason] = (byReason[reason] ?? 0) + 1;
  }
  return {
    since: since.toISOString(),
    total: rows.length,
    byKind,
    byReason,
    recent: rows
      .slice(0, 50)
      .map(({ id, kind, reasons, moderator, createdAt }) => ({ id, kind, reasons, moderator, createdAt })),
  };
}

const keyOf = (url: string | null | undefined): string | null =>
  url?.startsWith(PUBLIC_IMAGE_PATH_PREFIX) && !url.includes('..') ? url.slice(PUBLIC_IMAGE_PATH_PREFIX.length) : null;

export interface TakedownResult {
  styleIds: string[];
  deletedImages: number;
  resolvedReports: number;
}

/** POST /api/admin/style-reports/{id}/take-down */
export async function takeDownReportedStyle(db: Db, reportId: string, now = new Date()): Promise<TakedownResult> {
  const report = await getStyleReportById(db, reportId);
  if (!report) throw notFound('Report not found');
  const style = await getStoredStyle(db, report.styleId);
  if (!style)
    return {
      styleIds: [],
      deletedImages: 0,
      resolvedReports: await resolveStyleReports(db, [report.styleId], 'resolved', now),
    };

  // the reported images and every public object with the same bytes
  const doomed = new Set<string>();
  const hashed: { sha: string; key: string }[] = [];
  for (const key of [keyOf(style.coverImageUrl), keyOf(style.promptImageUrl)]) {
    if (!key) continue;
    doomed.add(key);
    const bytes = await readImage('public', key);
    if (!bytes) continue;
    const sha = sha256(bytes);
    for (const copy of await listKeysWithHash(db, sha)) {
      doomed.add(copy);
      hashed.push({ sha, key: copy });
    }
  }
  const doomedPaths = new Set([...doomed].map(publicImagePath));

  // hide the reported style and every public style showing one of those images
  const others = (await listPublicStyles(db)).filter(
    (s) => s.id !== style.id && (doomedPaths.has(s.coverImageUrl ?? '') || doomedPaths.has(s.promptImageUrl ?? '')),
  );
  const hidden: string[] = [];
  for (const id of [style.id, ...others.map((s) => s.id)]) {
    const hid = await retryOptimistic(async () => {
      const current = await getStoredStyle(db, id);
      if (!current) return false;
      const patch = {
        isPublic: false,
        takenDownAt: now.toISOString(),
        ...(doomedPaths.has(current.coverImageUrl ?? '') ? { coverImageUrl: null } : {}),
        ...(doomedPaths.has(current.promptImageUrl ?? '') ? { promptImageUrl: null } : {}),
      };
      const res = await updateStyle(db, current, patch, null, now);
      return res === 'changed' ? AGAIN : res !== 'missing';
    });
    if (hid) {
      hidden.push(id);
      await removeStyleFromAllCollections(db, id); // as when a creator makes a style private
    }
  }

  const deletedImages = await deleteImages('public', [...doomed]);
  for (const h of hashed) await deletePublicImageHash(db, h.sha, h.key);
  const resolvedReports = await resolveStyleReports(db, [style.id, ...others.map((s) => s.id)], 'resolved', now);
  logger.info('style taken down', { reportId, styleIds: hidden, deletedImages });
  return { styleIds: hidden, deletedImages, resolvedReports };
}
