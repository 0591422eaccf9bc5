/**
 * "Download my data": a ZIP built in the background (fflate), stored under the user's private prefix
 * (users/<id>/exports/<exportId>.zip, so account deletion removes it too) and handed out through a presigned
 * GET valid until 24 h after it was ready. Contents (GDPR art. 20, everything that is the person's): profile.json
 * (account, settings, preferences, links, photo profiles, consents, favourites), photos/, generations/ (images +
 * generations.json), outfit-uploads/ and template-inputs/ (images they uploaded), shares/ (their shared looks with
 * the copies' images and the votes and reactions received, without who gave them), feedback-given.json (votes and
 * reactions they cast while signed in, from the per-user index), ratings.json (the stars they gave their looks),
 * reports.json (what they reported while signed in, from the per-reporter index), credit-history.csv (a kept
 * variant's image is stored once, as its own generation, issue 39), and README.txt: every
 * section, and what is not kept or not exported and why (export-contents.ts). Progress is written to the job
 * item as the build goes.
 */
import type { Zippable } from 'fflate';
import { ulid } from 'ulid';
import { ERROR_CODES, HttpError, notFound } from '../../shared/errors';
import { EXPORT_LINK_SECONDS, EXPORT_STALE_SECONDS, PRIVACY_MESSAGES as M } from '../../shared/domain/privacy';
import type { ExportJob } from '../../shared/schemas/privacy';
import type { Db } from '../../shared/repositories/table';
import { retryOptimistic } from '../../shared/repositories/toolkit';
import { getUser, isAccountActive } from '../../shared/repositories/user-repository';
import { getPreferences, listUserLinks } from '../../shared/repositories/user-settings-repository';
import { listPhotoProfiles } from '../../shared/repositories/photo-profile-repository';
import { listFeedback, listGenerations } from '../../shared/repositories/generation-repository';
import { listReportsMadeBy } from '../../shared/repositories/report-repository';
import { listAllEntries } from '../../shared/repositories/ledger-repository';
import { listFavoriteStyleIds } from '../../shared/repositories/discovery-repository';
import { listFeedbackCastBy, listShareReactions, listShares } from '../../shared/repositories/share-repository';
import {
  getExport,
  getPrivacyFields,
  getPhotoConsent,
  listExports,
  startExport,
  updateExport,
  type ExportRecord,
} from '../../shared/repositories/privacy-repository';
import {
  deleteImages,
  getObject,
  listObjects,
  mediaKeys,
  objectExists,
  presignGet,
  putObject,
} from '../lib/media-store';
import {
  exportReadme,
  feedbackGivenJson,
  generationsJson,
  keptVariantIds,
  ratingsJson,
  reportsJson,
  shareImagePath,
  sharesJson,
} from './export-contents';
import { voteTally } from '../shares';
import { logger } from '../lib/logger';
import { bindDb, type Store } from '../lib/bind-db';
import { invokeEvent } from '../lib/lambda-invoke';

export const exportObjectKey = (userId: string, exportId: string) =>
  `${mediaKeys.userPrefix(userId)}exports/${exportId}.zip`;

/** Runs a build in the background. Locally: in this process. Replaceable (tests, a queue in AWS). */
export type ExportRunner = (db: Db, userId: string, exportId: string) => void;
/**
 * In AWS (EXPORT_FUNCTION_NAME set) the build runs in its own Lambda, invoked asynchronously: the API Lambda
 * is frozen once it has answered. Locally it runs in this process after the response.
 */
let runner: ExportRunner = (db, userId, exportId) => {
  const fn = process.env.EXPORT_FUNCTION_NAME;
  const fail = (error: unknown) => {
    logger.error('Export failed', { error, userId, exportId });
    void updateExport(db, userId, exportId, {
      status: 'failed',
      error: 'We could not prepare your data. Please try again.',
    }).catch(() => undefined);
  };
  if (fn) {
    pendingInvokes.push(invokeEvent(fn, { userId, exportId }).then(() => undefined, fail));
    return;
  }
  setImmediate(() => void buildExport(db, userId, exportId).catch(() => undefined));
};
/** Async invokes started by this request (awaited before answering, so the Lambda is not frozen mid-call). */
const pendingInvokes: Promise<void>[] = [];
export async function flushExportInvokes(): Promise<void> {
  await Promise.all(pendingInvokes.splice(0));
}
export function setExportRunner(r: ExportRunner): void {
  runner = r;
}

const csvCell = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  // Quote always; neutralise spreadsheet formulas.
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

export function toCsv(rows: readonly object[], columns: string[]): string {
  const line = (r: object) => {
    const cells = new Map(Object.entries(r));
    return columns.map((c) => csvCell(cells.get(c))).join(',');
  };
  return [columns.join(','), ...rows.map(line)].join('\r\n') + '\r\n';
}

const extOf = (key: string) => /\.([a-z0-9]+)$/i.exec(key)?.[1] ?? 'bin';
const safeName = (s: string) =>
  s
    .replace(/[^A-Za-z0-9 _-]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 40) || 'profile';

function toJob(e: ExportRecord, url: string | null, now: Date): ExportJob {
  const expiresAt = e.readyAt ? new Date(new Date(e.readyAt).getTime() + EXPORT_LINK_SECONDS * 1000) : null;
  const expired = !!expiresAt && expiresAt.getTime() <= now.getTime();
  return {
    id: e.id,
    status: e.status,
    progress: e.progress,
    createdAt: e.createdAt,
    url: expired ? null : url,
    expiresAt: expiresAt?.toISOString() ?? null,
    error: expired ? 'This download link has expired. Request a new export.' : e.error,
  };
}

/**
 * The repository functions, grouped by the Lambda that calls them: the privacy group starts and reads export items,
 * the export job reads the person's records and writes its progress. Each wiring binds its own group only, so
 * neither bundle sends the other's commands (test/infra/iam-contract.test.ts).
 */
const requestRepositories = { startExport, getExport, listExports };
const buildRepositories = {
  getUser,
  getPreferences,
  listUserLinks,
  listPhotoProfiles,
  listFeedback,
  listGenerations,
  listReportsMadeBy,
  listAllEntries,
  listFavoriteStyleIds,
  listFeedbackCastBy,
  listShareReactions,
  listShares,
  voteTally,
  getPrivacyFields,
  getPhotoConsent,
  updateExport,
};
export type ExportStore = Store<typeof requestRepositories & typeof buildRepositories>;

/** The private bucket as an export uses it (media-store.ts). */
export interface ExportMedia {
  /** The object's bytes; throws (or null) when it is missing. */
  read(bucket: 'private', key: string): Promise<Uint8Array | null>;
  putObject(
    bucket: 'private',
    key: string,
    body: Uint8Array,
    opts: { contentType: string; contentDisposition: string; cacheControl: string; tagging: string },
  ): Promise<unknown>;
  delete(bucket: 'private', keys: (string | null | undefined)[]): Promise<number>;
  exists(bucket: 'private', key: string): Promise<boolean>;
  presignGet(bucket: 'private', key: string, opts: { expiresIn: number }): Promise<string>;
  listObjects(bucket: 'private', prefix: string): Promise<{ key: string; lastModified: Date | null }[]>;
}

export interface ExportDeps {
  store: ExportStore;
  media: ExportMedia;
  /** Starts the build of a requested export in the background (resolves once it is handed over). */
  startBuild: (userId: string, exportId: string) => Promise<void>;
  /** A new export's id (ulid of its time: the newest lists first). */
  newId: (now: Date) => string;
  /** The build's clock (the archive's time and its ready time). */
  clock: () => Date;
}

/** What the privacy group's export routes work with: the export items, the archive's link, the build's hand-over. */
export type ExportRequestDeps = {
  store: Store<typeof requestRepositories>;
  media: Pick<ExportMedia, 'delete' | 'exists' | 'presignGet'>;
} & Pick<ExportDeps, 'startBuild' | 'newId'>;

/** What the export job works with: the person's records, the bucket's reads and the archive's write. */
export type ExportBuildDeps = {
  store: Store<typeof buildRepositories>;
  media: Pick<ExportMedia, 'read' | 'putObject' | 'delete' | 'listObjects'>;
} & Pick<ExportDeps, 'clock'>;

/** POST /api/user/export, its status and the latest one (the privacy group; the build runs elsewhere). */
export function exportRequestUseCases({ store, media, startBuild, newId }: ExportRequestDeps) {
  /**
   * POST /api/user/export: start a build, one at a time per user (issue 40: a conditional write, so concurrent
   * requests start exactly one). While one is pending or building (and moved in the last EXPORT_STALE_SECONDS),
   * the answer is 409 `export.in_progress` with that export (`export`: its job) so the caller can show it.
   */
  async function requestExport(userId: string, now: Date): Promise<ExportJob> {
    const ts = now.toISOString();
    const rec: ExportRecord = {
      id: newId(now),
      userId,
      status: 'pending',
      progress: 0,
      createdAt: ts,
      updatedAt: ts,
      objectKey: null,
      readyAt: null,
      error: null,
    };
    const staleBefore = new Date(now.getTime() - EXPORT_STALE_SECONDS * 1000);
    const ttl = Math.floor(now.getTime() / 1000) + 2 * EXPORT_LINK_SECONDS;
    const started = await retryOptimistic(() => store.startExport(rec, ttl, staleBefore));
    if (started !== 'started') {
      const running = await store.getExport(userId, started.running);
      throw new HttpError(409, ERROR_CODES.exportInProgress, M.exportBusy, {
        export: running ? toJob(running, null, now) : null,
      });
    }
    // Older archives are removed: one export at a time is kept.
    const older = (await store.listExports(userId)).filter((e) => e.id !== rec.id);
    await media.delete(
      'private',
      older.map((e) => e.objectKey),
    );
    await startBuild(userId, rec.id);
    return toJob(rec, null, now);
  }

  /** GET /api/user/export/{id}: progress, and the link once ready. */
  async function exportStatus(userId: string, exportId: string, now: Date): Promise<ExportJob> {
    const e = await store.getExport(userId, exportId);
    if (!e) throw notFound(M.exportNotFound);
    let url: string | null = null;
    if (e.status === 'ready' && e.objectKey && e.readyAt) {
      const left = Math.floor((new Date(e.readyAt).getTime() + EXPORT_LINK_SECONDS * 1000 - now.getTime()) / 1000);
      if (left > 0) {
        try {
          if (!(await media.exists('private', e.objectKey))) throw new Error('gone');
          url = await media.presignGet('private', e.objectKey, { expiresIn: left });
        } catch {
          return { ...toJob(e, null, now), error: 'This archive is no longer available. Request a new export.' };
        }
      }
    }
    return toJob(e, url, now);
  }

  /** The latest export of the user, or null (the settings page resumes showing its progress). */
  async function latestExport(userId: string, now: Date): Promise<ExportJob | null> {
    const [e] = await store.listExports(userId);
    return e ? exportStatus(userId, e.id, now) : null;
  }

  return { requestExport, exportStatus, latestExport };
}

/** Building the archive (the export job; in the local stack, the API process after the response). */
export function exportBuildUseCases({ store, media, clock }: ExportBuildDeps) {
  async function readObject(key: string): Promise<Uint8Array | null> {
    try {
      return await media.read('private', key);
    } catch {
      return null; // deleted meanwhile
    }
  }

  /** Build the archive and store it; progress goes 5 -> 90 while files are read, 100 when stored. */
  async function buildExport(userId: string, exportId: string): Promise<void> {
    try {
      await store.updateExport(userId, exportId, { status: 'building', progress: 5 });
      const user = await store.getUser(userId);
      if (!user) throw new Error('The account no longer exists');
      if (!isAccountActive(user)) throw new Error('The account is being deleted');
      const [privacy, preferences, links, profiles, generations, ledger, favourites, shares, given, ratings, reports] =
        await Promise.all([
          store.getPrivacyFields(userId),
          store.getPreferences(userId),
          store.listUserLinks(userId),
          store.listPhotoProfiles(userId),
          store.listGenerations(userId, 100_000),
          store.listAllEntries(userId),
          store.listFavoriteStyleIds(userId, 100_000),
          store.listShares(userId, 100_000),
          store.listFeedbackCastBy(userId),
          store.listFeedback(userId),
          store.listReportsMadeBy(userId),
        ]);
      const [uploads, templateInputs, received] = await Promise.all([
        media.listObjects('private', `${mediaKeys.userPrefix(userId)}outfits/`),
        media.listObjects('private', mediaKeys.templateInputPrefix(userId)),
        Promise.all(
          shares.map(async (sh) => {
            const [tally, reactions] = await Promise.all([store.voteTally(sh), store.listShareReactions(sh.id)]);
            return { tally, reactions };
          }),
        ),
      ]);
      const consents = await Promise.all(profiles.map((p) => store.getPhotoConsent(userId, p.id)));
      const files: Zippable = {};
      const enc = new TextEncoder();

      const reads: { path: string; key: string }[] = [];
      for (const p of profiles) {
        const dir = `photos/${safeName(p.name)}-${p.id}`;
        reads.push({ path: `${dir}/portrait.${extOf(p.portraitKey)}`, key: p.portraitKey });
        if (p.fullBodyKey) reads.push({ path: `${dir}/full-body.${extOf(p.fullBodyKey)}`, key: p.fullBodyKey });
      }
      // a kept variant is its own generation (its own copy of the image): the run's copy is not stored again
      const kept = keptVariantIds(generations);
      for (const g of generations) {
        // a run of several variants: every variant not yet expired and not kept (issue 15)
        if (g.variantKeys?.length)
          g.variantKeys.forEach((key, i) => {
            if (!kept.has(`${g.id}#${i}`))
              reads.push({ path: `generations/${g.id}-variant-${i + 1}.${extOf(key)}`, key });
          });
        else if (g.resultKey) reads.push({ path: `generations/${g.id}.${extOf(g.resultKey)}`, key: g.resultKey });
      }

      const baseName = (key: string) => key.slice(key.lastIndexOf('/') + 1);
      for (const o of uploads) reads.push({ path: `outfit-uploads/${baseName(o.key)}`, key: o.key });
      for (const o of templateInputs) reads.push({ path: `template-inputs/${baseName(o.key)}`, key: o.key });
      const shareImagePathOf = (shareId: string, n: number) => `shares/${shareImagePath(shareId, n)}`;
      for (const sh of shares)
        sh.images.forEach((img, n) => reads.push({ path: shareImagePathOf(sh.id, n), key: img.key }));

      let done = 0;
      for (const r of reads) {
        const bytes = await readObject(r.key);
        // Images are already compressed: stored as is (level 0) to save time.
        if (bytes) files[r.path] = [bytes, { level: 0 }];
        done++;
        if (done % 5 === 0 || done === reads.length)
          await store.updateExport(userId, exportId, {
            progress: 5 + Math.floor((85 * done) / Math.max(1, reads.length)),
          });
      }

      // the account as stored, without the table's key attributes and the deletion bookkeeping
      const hidden = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'deletionPseudonym']);
      const account = Object.fromEntries(Object.entries(user).filter(([k]) => !hidden.has(k)));
      const profile = {
        exportedAt: clock().toISOString(),
        account,
        privacy: { retentionDays: privacy?.retentionDays ?? null, ageStatus: privacy?.ageStatus ?? null },
        preferences,
        links,
        photoProfiles: profiles.map((p, i) => ({
          id: p.id,
          name: p.name,
          gender: p.gender,
          bodyDescription: p.bodyDescription,
          measurements: p.measurements,
          isDefault: p.isDefault,
          createdAt: p.createdAt,
          updatedAt: p.updatedAt,
          consent: consents[i]
            ? { wordingVersion: consents[i]!.wordingVersion, acceptedAt: consents[i]!.acceptedAt }
            : null,
        })),
        favourites,
      };
      files['profile.json'] = enc.encode(JSON.stringify(profile, null, 2));
      files['generations/generations.json'] = enc.encode(JSON.stringify(generationsJson(generations, kept), null, 2));
      files['ratings.json'] = enc.encode(JSON.stringify(ratingsJson(ratings), null, 2));
      files['reports.json'] = enc.encode(JSON.stringify(reportsJson(reports), null, 2));
      files['shares/shares.json'] = enc.encode(
        JSON.stringify(
          sharesJson(shares, received, (id, n) => files[shareImagePathOf(id, n)] !== undefined),
          null,
          2,
        ),
      );
      files['feedback-given.json'] = enc.encode(JSON.stringify(feedbackGivenJson(given), null, 2));
      files['credit-history.csv'] = enc.encode(
        toCsv(ledger, ['createdAt', 'kind', 'bucket', 'amount', 'note', 'entryId']),
      );
      files['README.txt'] = enc.encode(exportReadme(profile.exportedAt));

      // loaded here, not at the top: fflate builds its tables and loads worker_threads when evaluated, and the
      // privacy API function (which holds this module for requestExport) never zips
      const { zipSync } = await import('fflate');
      const zip = zipSync(files, { level: 6 });
      const key = exportObjectKey(userId, exportId);
      await media.putObject('private', key, zip, {
        contentType: 'application/zip',
        contentDisposition: `attachment; filename="fitly-data-${exportId}.zip"`,
        cacheControl: 'private, no-store',
        // The bucket's lifecycle rule removes tagged exports after 2 days in AWS.
        tagging: 'fitly-export=true',
      });
      // An account deleted while this was being built: its archive must not outlive it.
      const after = await store.getPrivacyFields(userId);
      if (!after || (after.accountStatus && after.accountStatus !== 'active')) {
        await media.delete('private', [key]);
        return;
      }
      await store.updateExport(userId, exportId, {
        status: 'ready',
        progress: 100,
        objectKey: key,
        readyAt: clock().toISOString(),
      });
    } catch (error) {
      await store.updateExport(userId, exportId, {
        status: 'failed',
        error: 'We could not prepare your data. Please try again.',
      });
      throw error;
    }
  }

  return { buildExport };
}

/** Every export use case on one set of collaborators (the unit tests'). */
export function exportUseCases(deps: ExportDeps) {
  return { ...exportRequestUseCases(deps), ...exportBuildUseCases(deps) };
}

/**
 * The production wirings, each binding only what its use cases call (inside the exported function): the export
 * job bundles the build's reads and writes, and neither the conditional start, the existence check nor the
 * invoke of the privacy group (test/infra/iam-contract.test.ts). `startBuild` hands the build to the runner
 * (setExportRunner replaces it).
 */
const requests = (db: Db) =>
  exportRequestUseCases({
    store: bindDb(db, requestRepositories),
    media: { delete: deleteImages, exists: objectExists, presignGet },
    startBuild: async (userId, exportId) => {
      runner(db, userId, exportId);
      await flushExportInvokes();
    },
    newId: (at) => ulid(at.getTime()),
  });

export const requestExport = (db: Db, userId: string, now = new Date()): Promise<ExportJob> =>
  requests(db).requestExport(userId, now);
export const exportStatus = (db: Db, userId: string, exportId: string, now = new Date()): Promise<ExportJob> =>
  requests(db).exportStatus(userId, exportId, now);
export const latestExport = (db: Db, userId: string, now = new Date()): Promise<ExportJob | null> =>
  requests(db).latestExport(userId, now);
export const buildExport = (db: Db, userId: string, exportId: string): Promise<void> =>
  exportBuildUseCases({
    store: bindDb(db, buildRepositories),
    media: {
      read: async (bucket, key) => (await getObject(bucket, key)).body,
      putObject,
      delete: deleteImages,
      listObjects,
    },
    clock: () => new Date(),
  }).buildExport(userId, exportId);
