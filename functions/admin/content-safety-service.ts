/**
 * Content safety in the admin area: what the checks refused (counts and reasons, never the image) and the
 * takedown of a reported public image (TAKE IT DOWN Act: removal within 48 h of a valid request, identical
 * copies included).
 *
 * Takedown of a reported style (issue 40): the reported style alone is made private, unlisted and stripped of
 * its images, marked `takenDownAt` (the owner cannot make it public again), leaves every collection, and its own
 * public images (its copies under styles/<id>/) are deleted with their hash index entries; its open reports are
 * resolved (its explore postings go with the takedown's writes). Other public styles showing identical bytes (sha256 index of
 * public objects) are named in the answer for the admin to review (they may be another creator's own upload);
 * they are not hidden or deleted by this takedown. Private copies (the owner's own generation the cover came
 * from) are the owner's data and stay.
 * `contentSafetyUseCases(deps)` is the use case on its collaborators (the store and the public bucket); the
 * functions exported under the admin group's names are the production wiring. */
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
import { completeStyleTakedown, markStyleTakenDown } from '../../shared/repositories/style-takedown-repository';
import { removeStyleFromAllCollections } from '../../shared/repositories/collection-repository';
import type { Db } from '../../shared/repositories/table';
import {
  deleteImages,
  mediaKeys,
  PUBLIC_IMAGE_PATH_PREFIX,
  publicImagePath,
  readImage,
  sha256,
} from '../lib/media-store';
import { logger } from '../lib/logger';
import { bindDb, type Store } from '../lib/bind-db';

export const REFUSAL_WINDOW_DAYS = 30;

const repositories = {
  completeStyleTakedown,
  deletePublicImageHash,
  getStyleReportById,
  listContentRefusals,
  listKeysWithHash,
  listPublicStyles,
  markStyleTakenDown,
  removeStyleFromAllCollections,
  resolveStyleReports,
};

/** What the admins' content safety works with: the store and the public bucket's objects. */
export interface ContentSafetyDeps {
  store: Store<typeof repositories>;
  publicImages: {
    read: (key: string) => Promise<Buffer | null>;
    delete: (keys: string[]) => Promise<number>;
  };
}

export interface RefusalSummary {
  since: string;
  total: number;
  byKind: Record<ImageCheckKind, number>;
  byReason: Record<string, number>;
  recent: { id: string; kind: ImageCheckKind; reasons: string[]; moderator: string; createdAt: string }[];
}

const keyOf = (url: string | null | undefined): string | null =>
  url?.startsWith(PUBLIC_IMAGE_PATH_PREFIX) && !url.includes('..') ? url.slice(PUBLIC_IMAGE_PATH_PREFIX.length) : null;

export interface TakedownResult {
  styleIds: string[];
  deletedImages: number;
  resolvedReports: number;
  /** Other public styles showing an identical copy of a taken-down image (left alone: for the admin to review). */
  identicalCopyStyleIds: string[];
}

/** The admins' content-safety use cases, on their collaborators. */
export function contentSafetyUseCases({ store, publicImages }: ContentSafetyDeps) {
  /** GET /api/admin/content-safety: refusals of the last 30 days. */
  async function refusalSummary(now: Date): Promise<RefusalSummary> {
    const since = new Date(now.getTime() - REFUSAL_WINDOW_DAYS * 86_400_000);
    const months: string[] = [];
    for (
      let d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      d >= new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), 1));
      d.setUTCMonth(d.getUTCMonth() - 1)
    )
      months.push(d.toISOString().slice(0, 7));
    const rows = (await store.listContentRefusals(months)).filter((r) => r.createdAt >= since.toISOString());
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

  /**
   * POST /api/admin/style-reports/{id}/take-down: the reported style only (issue 40). Its takedown marker is one
   * unconditional write, so concurrent edits by its owner cannot delay or undo it (style-takedown-repository.ts);
   * then it is made private, unlisted and stripped of its images. Only the style's own objects are deleted (its
   * copies under styles/<id>/, content-safety: a style names no other owner's image); other styles showing the same
   * bytes are named in the answer for the admin, never hidden or deleted here.
   */
  async function takeDownReportedStyle(reportId: string, now: Date): Promise<TakedownResult> {
    const report = await store.getStyleReportById(reportId);
    if (!report) throw notFound('Report not found');
    const none = async (): Promise<TakedownResult> => ({
      styleIds: [],
      deletedImages: 0,
      resolvedReports: await store.resolveStyleReports([report.styleId], 'resolved', now),
      identicalCopyStyleIds: [],
    });
    if (!(await store.markStyleTakenDown(report.styleId, now))) return none();
    const isPublicImage = (url: string | null | undefined) => keyOf(url) !== null;
    const before = await store.completeStyleTakedown(
      report.styleId,
      (s) => ({
        ...(isPublicImage(s.coverImageUrl) ? { coverImageUrl: null } : {}),
        ...(isPublicImage(s.promptImageUrl) ? { promptImageUrl: null } : {}),
      }),
      now,
    );
    if (!before) return none();
    await store.removeStyleFromAllCollections(before.id); // as when a creator makes a style private

    // the style's own public objects go; identical copies elsewhere are found (sha256 index) and reported
    const own = [keyOf(before.coverImageUrl), keyOf(before.promptImageUrl)].filter(
      (k): k is string => !!k && k.startsWith(mediaKeys.publicStylePrefix(before.id)),
    );
    const copies = new Set<string>();
    const hashes: { sha: string; key: string }[] = [];
    for (const key of new Set(own)) {
      const bytes = await publicImages.read(key);
      if (!bytes) continue;
      const sha = sha256(bytes);
      hashes.push({ sha, key });
      for (const copy of await store.listKeysWithHash(sha)) if (copy !== key) copies.add(publicImagePath(copy));
    }
    const deletedImages = await publicImages.delete([...new Set(own)]);
    for (const h of hashes) await store.deletePublicImageHash(h.sha, h.key);
    const identicalCopyStyleIds = copies.size
      ? (await store.listPublicStyles())
          .filter((s) => copies.has(s.coverImageUrl ?? '') || copies.has(s.promptImageUrl ?? ''))
          .map((s) => s.id)
      : [];
    const resolvedReports = await store.resolveStyleReports([before.id], 'resolved', now);
    logger.info('style taken down', { reportId, styleId: before.id, deletedImages, identicalCopyStyleIds });
    return { styleIds: [before.id], deletedImages, resolvedReports, identicalCopyStyleIds };
  }
  return { refusalSummary, takeDownReportedStyle };
}

/** Production wiring: the use cases on the table and the public bucket. */
const production = (db: Db): ContentSafetyDeps => ({
  store: bindDb(db, repositories),
  publicImages: { read: (key) => readImage('public', key), delete: (keys) => deleteImages('public', keys) },
});

export const refusalSummary = (db: Db, now = new Date()): Promise<RefusalSummary> =>
  contentSafetyUseCases(production(db)).refusalSummary(now);
export const takeDownReportedStyle = (db: Db, reportId: string, now = new Date()): Promise<TakedownResult> =>
  contentSafetyUseCases(production(db)).takeDownReportedStyle(reportId, now);
