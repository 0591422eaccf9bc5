/**
 * Building the "Download my data" archive (the export job's Lambda; in the local stack, the API process after the
 * response): every record and image that is the person's, zipped (fflate) under their private prefix, progress
 * written to the job item as it goes. What the archive holds and why: export-service.ts and export-contents.ts.
 */
import type { Zippable } from 'fflate';
import { isAccountActive, getUser } from '../../shared/repositories/user-repository';
import { getPreferences, listUserLinks } from '../../shared/repositories/user-settings-repository';
import { listPhotoProfiles } from '../../shared/repositories/photo-profile-repository';
import { listFeedback, listGenerations } from '../../shared/repositories/generation-repository';
import { listReportsMadeBy } from '../../shared/repositories/report-repository';
import { listAllEntries } from '../../shared/repositories/ledger-repository';
import { listFavoriteStyleIds } from '../../shared/repositories/discovery-repository';
import { listFeedbackCastBy, listShareReactions, listShares } from '../../shared/repositories/share-repository';
import { getPhotoConsent, getPrivacyFields, updateExport } from '../../shared/repositories/privacy-repository';
import type { Db } from '../../shared/repositories/table';
import { deleteImages, getObject, listObjects, mediaKeys, putObject } from '../lib/media-store';
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
import { bindDb, type Store } from '../lib/bind-db';

export const exportObjectKey = (userId: string, exportId: string) =>
  `${mediaKeys.userPrefix(userId)}exports/${exportId}.zip`;

/** The repository functions the export job calls (its bundle binds only these: test/infra/iam-contract.test.ts). */
export const buildRepositories = {
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

/** What the export job works with: the person's records, the bucket's reads and the archive's write. */
export type ExportBuildDeps = {
  store: Store<typeof buildRepositories>;
  media: Pick<ExportMedia, 'read' | 'putObject' | 'delete' | 'listObjects'>;
  /** The build's clock (the archive's time and its ready time). */
  clock: () => Date;
};

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

/** The export job's production wiring. */
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
