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
 * item as the build goes (the build: export-build.ts).
 */
import { ulid } from 'ulid';
import { ERROR_CODES, HttpError, notFound } from '../../shared/errors';
import { EXPORT_LINK_SECONDS, EXPORT_STALE_SECONDS, PRIVACY_MESSAGES as M } from '../../shared/domain/privacy';
import type { ExportJob } from '../../shared/schemas/privacy';
import type { Db } from '../../shared/repositories/table';
import { retryOptimistic } from '../../shared/repositories/toolkit';
import {
  getExport,
  listExports,
  startExport,
  updateExport,
  type ExportRecord,
} from '../../shared/repositories/privacy-repository';
import { deleteImages, objectExists, presignGet } from '../lib/media-store';
import { logger } from '../lib/logger';
import { bindDb, type Store } from '../lib/bind-db';
import { invokeEvent } from '../lib/lambda-invoke';
import { buildExport, exportBuildUseCases, type buildRepositories, type ExportMedia } from './export-build';

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
export type ExportStore = Store<typeof requestRepositories & typeof buildRepositories>;

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
