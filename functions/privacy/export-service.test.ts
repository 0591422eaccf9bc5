/**
 * "Download my data" on an in-memory store and bucket: one export at a time (a running one answers 409 with
 * itself, a stale one does not block), the older archive goes when a new one starts, the link lives 24 h from
 * ready and not past a deleted archive, the build writes the archive's sections with progress, and an account
 * deleted meanwhile leaves no archive.
 */
import { strFromU8, unzipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import { EXPORT_LINK_SECONDS, EXPORT_STALE_SECONDS, PRIVACY_MESSAGES as M } from '../../shared/domain/privacy';
import type { ExportRecord, PrivacyFields } from '../../shared/repositories/privacy-repository';
import type { GenerationRecord } from '../../shared/repositories/generation-repository';
import type { LedgerEntry } from '../../shared/repositories/ledger-repository';
import type { UserRecord } from '../../shared/repositories/user-repository';
import type { PhotoProfileRecord } from '../../shared/repositories/photo-profile-repository';
import { aGeneration, aUser } from '../../test/support/in-memory-start-deps';
import { aPhotoProfile, memoryMedia, tinyImage, type MemoryMedia } from '../../test/support/in-memory-profiles';
import { exportUseCases } from './export-service';
import { exportObjectKey } from './export-build';

const t0 = new Date('2026-11-01T12:00:00.000Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
let clock: Date;
let media: MemoryMedia;
let users: Map<string, UserRecord>;
let privacy: Map<string, PrivacyFields>;
let exportsById: Map<string, ExportRecord>;
let lock: Map<string, string>;
let profiles: PhotoProfileRecord[];
let generations: GenerationRecord[];
let ledger: LedgerEntry[];
let builds: string[];
let progress: number[];
let nextId: number;
let service: ReturnType<typeof exportUseCases>;

const fields = (accountStatus: PrivacyFields['accountStatus'] = null): PrivacyFields => ({
  retentionDays: 30,
  ageStatus: 'adult',
  accountStatus,
  deletionPseudonym: null,
});

beforeEach(() => {
  clock = t0;
  media = memoryMedia(() => clock);
  users = new Map([['u1', aUser({ firstName: 'Ada' })]]);
  privacy = new Map([['u1', fields()]]);
  exportsById = new Map();
  lock = new Map();
  profiles = [];
  generations = [];
  ledger = [];
  builds = [];
  progress = [];
  nextId = 0;
  const none = () => Promise.resolve([]);
  service = exportUseCases({
    store: {
      getUser: (id) => Promise.resolve(users.get(id) ?? null),
      getPrivacyFields: (id) => Promise.resolve(privacy.get(id) ?? null),
      getPreferences: () => Promise.resolve(null),
      listUserLinks: none,
      listPhotoProfiles: () => Promise.resolve(profiles),
      listGenerations: () => Promise.resolve(generations),
      listFeedback: none,
      listReportsMadeBy: none,
      listAllEntries: () => Promise.resolve(ledger),
      listFavoriteStyleIds: () => Promise.resolve([{ styleId: 'style-9', createdAt: t0.toISOString() }]),
      listFeedbackCastBy: none,
      listShares: none,
      listShareReactions: none,
      voteTally: () => Promise.resolve(new Map()),
      getPhotoConsent: (userId, profileId) =>
        Promise.resolve({ userId, profileId, wordingVersion: 'v2', acceptedAt: t0.toISOString(), ipHash: 'h' }),
      getExport: (userId, id) => Promise.resolve([exportsById.get(id)].find((e) => e?.userId === userId) ?? null),
      listExports: (userId) =>
        Promise.resolve(
          [...exportsById.values()].filter((e) => e.userId === userId).sort((a, b) => b.id.localeCompare(a.id)),
        ),
      // the repository's rule: the lock moves only when the export it names is over or stale
      startExport: (e, _ttl, staleBefore) => {
        const held = lock.get(e.userId);
        const running = held ? exportsById.get(held) : undefined;
        if (
          running &&
          (running.status === 'pending' || running.status === 'building') &&
          running.updatedAt >= staleBefore.toISOString()
        )
          return Promise.resolve({ running: running.id });
        lock.set(e.userId, e.id);
        exportsById.set(e.id, e);
        return Promise.resolve('started');
      },
      updateExport: (_userId, id, patch) => {
        const e = exportsById.get(id);
        if (e) exportsById.set(id, { ...e, ...patch, updatedAt: clock.toISOString() });
        if (patch.progress !== undefined) progress.push(patch.progress);
        return Promise.resolve();
      },
    },
    media: {
      read: (bucket, key) => media.read(bucket, key),
      putObject: (bucket, key, body, opts) => media.put(bucket, key, body, opts.contentType),
      delete: (bucket, keys) => media.delete(bucket, keys),
      exists: (bucket, key) => media.exists(bucket, key),
      presignGet: (bucket, key, opts) => media.presignGet(bucket, key, opts),
      listObjects: (bucket, prefix) => media.listObjects(bucket, prefix),
    },
    startBuild: (_userId, exportId) => {
      builds.push(exportId);
      return Promise.resolve();
    },
    newId: () => `e${++nextId}`,
    clock: () => clock,
  });
});

describe('requesting an export', () => {
  it('starts one build; another request while it runs is 409 export.in_progress with that export', async () => {
    const first = await service.requestExport('u1', t0);
    expect(first).toMatchObject({ id: 'e1', status: 'pending', progress: 0, url: null });
    await expect(service.requestExport('u1', at(1))).rejects.toMatchObject({
      status: 409,
      code: ERROR_CODES.exportInProgress,
      message: M.exportBusy,
      details: { export: { id: 'e1', status: 'pending' } },
    });
    expect(builds).toEqual(['e1']);
  });

  it('an export that stopped moving does not block for ever', async () => {
    await service.requestExport('u1', t0);
    const later = at(EXPORT_STALE_SECONDS / 60 + 1);
    expect(await service.requestExport('u1', later)).toMatchObject({ id: 'e2' });
    expect(builds).toEqual(['e1', 'e2']);
  });

  it('a new export removes the older archive (one is kept)', async () => {
    await service.requestExport('u1', t0);
    const oldKey = exportObjectKey('u1', 'e1');
    await media.put('private', oldKey, Buffer.from('zip'));
    exportsById.set('e1', { ...exportsById.get('e1')!, status: 'ready', objectKey: oldKey, readyAt: t0.toISOString() });
    await service.requestExport('u1', at(2));
    expect(await media.exists('private', oldKey)).toBe(false);
  });
});

describe('the status and the link', () => {
  const ready = async (readyAt: Date) => {
    const key = exportObjectKey('u1', 'e1');
    await media.put('private', key, Buffer.from('zip'));
    exportsById.set('e1', {
      id: 'e1',
      userId: 'u1',
      status: 'ready',
      progress: 100,
      createdAt: readyAt.toISOString(),
      updatedAt: readyAt.toISOString(),
      objectKey: key,
      readyAt: readyAt.toISOString(),
      error: null,
    });
    return key;
  };

  it('a ready archive gets a link for what is left of its 24 hours', async () => {
    await ready(t0);
    const job = await service.exportStatus('u1', 'e1', at(60));
    expect(job.url).toContain(`expires=${EXPORT_LINK_SECONDS - 3600}`);
    expect(job.expiresAt).toBe(new Date(t0.getTime() + EXPORT_LINK_SECONDS * 1000).toISOString());
    expect(await service.latestExport('u1', at(60))).toMatchObject({ id: 'e1', url: job.url });
  });

  it('after 24 hours there is no link and the error says so', async () => {
    await ready(t0);
    const job = await service.exportStatus('u1', 'e1', at(24 * 60 + 1));
    expect(job).toMatchObject({ url: null, error: 'This download link has expired. Request a new export.' });
  });

  it('an archive deleted meanwhile (account deletion, lifecycle) gets no link', async () => {
    const key = await ready(t0);
    await media.delete('private', [key]);
    expect(await service.exportStatus('u1', 'e1', at(5))).toMatchObject({
      url: null,
      error: 'This archive is no longer available. Request a new export.',
    });
  });

  it("another user's export id is 404, and they have no latest export", async () => {
    await ready(t0);
    await expect(service.exportStatus('u2', 'e1', t0)).rejects.toMatchObject({
      status: 404,
      code: ERROR_CODES.notFound,
      message: M.exportNotFound,
    });
    expect(await service.latestExport('u2', t0)).toBeNull();
  });
});

describe('the build', () => {
  it('writes every section: the account, the photos with their consent, the results, the credit history', async () => {
    const portrait = await tinyImage();
    const p = aPhotoProfile({ name: 'Me / at the beach' });
    profiles = [p];
    await media.put('private', p.portraitKey, portrait);
    generations = [
      aGeneration('g1', {
        mode: 'exact',
        styleName: 'Linen',
        reserved: { trial: 1 },
        resultKey: 'users/u1/generations/g1.jpg',
        createdAt: t0.toISOString(),
        completedAt: null,
        updatedAt: t0.toISOString(),
      }),
    ];
    await media.put('private', 'users/u1/generations/g1.jpg', Buffer.from('result'));
    await media.put('private', 'users/u1/outfits/o1.webp', Buffer.from('outfit'));
    ledger = [
      {
        entryId: 'l1',
        userId: 'u1',
        kind: 'grant.starter',
        bucket: 'trial',
        amount: 3,
        causeId: 'starter:u1',
        note: '=HYPERLINK("x")',
        createdAt: t0.toISOString(),
      },
    ];
    await service.requestExport('u1', t0);
    clock = at(1);
    await service.buildExport('u1', 'e1');

    const job = exportsById.get('e1')!;
    expect(job).toMatchObject({ status: 'ready', progress: 100, objectKey: exportObjectKey('u1', 'e1') });
    expect(job.readyAt).toBe(at(1).toISOString());
    expect(progress[0]).toBe(5);
    expect(progress.at(-1)).toBe(100);
    const files = unzipSync(new Uint8Array((await media.read('private', exportObjectKey('u1', 'e1')))!));
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'credit-history.csv',
      'feedback-given.json',
      'generations/g1.jpg',
      'generations/generations.json',
      'outfit-uploads/o1.webp',
      'photos/Me-at-the-beach-p1/portrait.jpg',
      'profile.json',
      'ratings.json',
      'reports.json',
      'shares/shares.json',
    ]);
    expect(Buffer.from(files['photos/Me-at-the-beach-p1/portrait.jpg']!)).toEqual(portrait);
    const profile = JSON.parse(strFromU8(files['profile.json']!));
    expect(profile.account).toMatchObject({ id: 'u1', firstName: 'Ada' });
    expect(profile.account).not.toHaveProperty('deletionPseudonym');
    expect(profile.photoProfiles[0].consent).toEqual({ wordingVersion: 'v2', acceptedAt: t0.toISOString() });
    expect(profile.favourites).toEqual([{ styleId: 'style-9', createdAt: t0.toISOString() }]);
    // spreadsheet formulas are neutralised
    expect(strFromU8(files['credit-history.csv']!)).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('an account being deleted builds nothing: the job fails and no archive is left', async () => {
    await service.requestExport('u1', t0);
    users.set('u1', aUser({ accountStatus: 'deleting' }));
    await expect(service.buildExport('u1', 'e1')).rejects.toThrow(/being deleted/);
    expect(exportsById.get('e1')).toMatchObject({ status: 'failed' });
    expect(media.keys('private', 'users/u1/exports/')).toEqual([]);
  });

  it('an account deleted while the archive was built: the archive is removed and the job is not ready', async () => {
    await service.requestExport('u1', t0);
    const put = media.put.bind(media);
    media.put = async (bucket, key, body, contentType) => {
      await put(bucket, key, body, contentType);
      privacy.set('u1', fields('deleting'));
    };
    await service.buildExport('u1', 'e1');
    expect(media.keys('private', 'users/u1/exports/')).toEqual([]);
    expect(exportsById.get('e1')?.status).toBe('building');
  });
});
