/**
 * Content safety for admins on in-memory collaborators: the refusals of the last 30 days (counts and reasons,
 * never an image or a user) and the takedown of a reported style, which deletes only that style's own public
 * objects and names the other styles showing identical bytes.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../shared/errors';
import type { ContentRefusalRecord } from '../../shared/repositories/content-safety-repository';
import type { StyleRecord } from '../../shared/repositories/catalog-repository';
import { sha256 } from '../lib/media-store';
import { contentSafetyUseCases, type ContentSafetyDeps } from './content-safety-service';

const now = new Date('2026-11-10T12:00:00.000Z');
const img = (key: string) => `/api/public-image/${key}`;
const style = (id: string, cover: string | null, prompt: string | null = null) =>
  ({ id, createdBy: 'creator', isPublic: true, coverImageUrl: cover, promptImageUrl: prompt }) as StyleRecord;

let refusals: ContentRefusalRecord[];
let monthsAsked: string[][];
let styles: Map<string, StyleRecord>;
let reports: Map<string, { id: string; styleId: string; status: string }>;
let objects: Map<string, Buffer>;
let hashes: Map<string, Set<string>>;
let collectionsLeft: string[];
let takenDown: Set<string>;
let safety: ReturnType<typeof contentSafetyUseCases>;

function putObject(key: string, bytes: string) {
  const b = Buffer.from(bytes);
  objects.set(key, b);
  const sha = sha256(b);
  hashes.set(sha, new Set([...(hashes.get(sha) ?? []), key]));
}

beforeEach(() => {
  refusals = [];
  monthsAsked = [];
  styles = new Map();
  reports = new Map();
  objects = new Map();
  hashes = new Map();
  collectionsLeft = [];
  takenDown = new Set();
  const deps: ContentSafetyDeps = {
    store: {
      listContentRefusals: (months) => {
        monthsAsked.push(months);
        return Promise.resolve(refusals.filter((r) => months.includes(r.createdAt.slice(0, 7))));
      },
      getStyleReportById: (id) => Promise.resolve(reports.get(id) ?? null),
      resolveStyleReports: (styleIds, resolution) => {
        let n = 0;
        for (const r of reports.values())
          if (styleIds.includes(r.styleId) && r.status === 'open') {
            r.status = resolution;
            n++;
          }
        return Promise.resolve(n);
      },
      markStyleTakenDown: (id) => {
        if (!styles.has(id) || takenDown.has(id)) return Promise.resolve(false);
        takenDown.add(id);
        return Promise.resolve(true);
      },
      completeStyleTakedown: (id, clear) => {
        const s = styles.get(id);
        if (!s) return Promise.resolve(null);
        styles.set(id, { ...s, ...clear(s), isPublic: false });
        return Promise.resolve(s);
      },
      removeStyleFromAllCollections: (id) => {
        collectionsLeft.push(id);
        return Promise.resolve(1);
      },
      listKeysWithHash: (sha) => Promise.resolve([...(hashes.get(sha) ?? [])]),
      deletePublicImageHash: (sha, key) => {
        hashes.get(sha)?.delete(key);
        return Promise.resolve();
      },
      listPublicStyles: () => Promise.resolve([...styles.values()].filter((s) => s.isPublic)),
    },
    publicImages: {
      read: (key) => Promise.resolve(objects.get(key) ?? null),
      delete: (keys) => Promise.resolve(keys.filter((k) => objects.delete(k)).length),
    },
  };
  safety = contentSafetyUseCases(deps);
});

describe('refusals', () => {
  it('counts the last 30 days by kind and reason, across the month boundary, without the user', async () => {
    const refusal = (id: string, createdAt: string, kind: ContentRefusalRecord['kind'], reasons: string[]) =>
      refusals.push({ id, kind, reasons, moderator: 'nsfwjs', userId: 'u-secret', createdAt });
    refusal('r1', '2026-11-09T00:00:00.000Z', 'outfit', ['Porn']);
    refusal('r2', '2026-10-20T00:00:00.000Z', 'avatar', ['Porn', 'Hentai']);
    refusal('old', '2026-10-10T00:00:00.000Z', 'outfit', ['Porn']);
    const s = await safety.refusalSummary(now);
    expect(monthsAsked).toEqual([['2026-11', '2026-10']]);
    expect(s.since).toBe('2026-10-11T12:00:00.000Z');
    expect(s.total).toBe(2);
    expect(s.byKind).toMatchObject({ outfit: 1, avatar: 1, photo_profile: 0 });
    expect(s.byReason).toEqual({ Porn: 2, Hentai: 1 });
    expect(s.recent.map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(JSON.stringify(s)).not.toContain('u-secret');
  });
});

describe('takedown of a reported style', () => {
  beforeEach(() => {
    putObject('styles/s1/cover.jpg', 'same bytes');
    putObject('styles/s2/cover.jpg', 'same bytes');
    putObject('styles/s3/cover.jpg', 'other bytes');
    // s1 shows its own cover and, as its prompt image, s3's object: only its own objects are its to delete
    styles.set('s1', style('s1', img('styles/s1/cover.jpg'), img('styles/s3/cover.jpg')));
    styles.set('s2', style('s2', img('styles/s2/cover.jpg')));
    styles.set('s3', style('s3', img('styles/s3/cover.jpg')));
    reports.set('rep1', { id: 'rep1', styleId: 's1', status: 'open' });
    reports.set('rep2', { id: 'rep2', styleId: 's1', status: 'open' });
  });

  it('makes the style private without images, deletes only its own objects and names the identical copies', async () => {
    const out = await safety.takeDownReportedStyle('rep1', now);
    expect(out).toEqual({ styleIds: ['s1'], deletedImages: 1, resolvedReports: 2, identicalCopyStyleIds: ['s2'] });
    expect(styles.get('s1')).toMatchObject({ isPublic: false, coverImageUrl: null, promptImageUrl: null });
    expect([...objects.keys()].sort()).toEqual(['styles/s2/cover.jpg', 'styles/s3/cover.jpg']);
    expect(styles.get('s2')?.isPublic).toBe(true);
    expect([...(hashes.get(sha256(Buffer.from('same bytes'))) ?? [])]).toEqual(['styles/s2/cover.jpg']);
    expect(collectionsLeft).toEqual(['s1']);
  });

  it('a style already taken down only has its reports resolved; an unknown report is 404', async () => {
    takenDown.add('s1');
    expect(await safety.takeDownReportedStyle('rep1', now)).toEqual({
      styleIds: [],
      deletedImages: 0,
      resolvedReports: 2,
      identicalCopyStyleIds: [],
    });
    expect(objects.size).toBe(3);
    const err = await safety.takeDownReportedStyle('nope', now).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err instanceof HttpError && [err.status, err.message]).toEqual([404, 'Report not found']);
  });
});
