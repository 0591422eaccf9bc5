/**
 * Retention on an in-memory store and bucket: the choice re-stamps every generation's expiry, the impact counts
 * what a shorter period deletes, and the job deletes objects before items, leaves running generations, sweeps
 * orphans older than the cutoff, and goes on past a user that fails.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import { DAY_MS, PHOTO_CONSENT, PRIVACY_MESSAGES, type RetentionDays } from '../../shared/domain/privacy';
import type { ExpiringGeneration } from '../../shared/repositories/retention-repository';
import { memoryMedia, type MemoryMedia } from '../../test/support/in-memory-profiles';
import { retentionUseCases } from './retention-service';

const now = new Date('2026-11-01T12:00:00.000Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY_MS);
let media: MemoryMedia;
let retention: Map<string, RetentionDays>;
let generations: Map<string, ExpiringGeneration[]>;
let expiries: Map<string, Date | null>;
/** Item deletes seen by the store, with the bucket's keys at that moment (objects must go first). */
let deletedWhile: { id: string; objectsLeft: string[] }[];
let failingUser: string | null;
let service: ReturnType<typeof retentionUseCases>;

const gen = (userId: string, id: string, ageDays: number, status = 'completed'): ExpiringGeneration => {
  const g = {
    id,
    status,
    createdAt: daysAgo(ageDays).toISOString(),
    resultKey: `users/${userId}/generations/${id}.jpg`,
    inputKeys: [`users/${userId}/generations/${id}/style-ref.jpg`],
  };
  generations.set(userId, [...(generations.get(userId) ?? []), g]);
  return g;
};

beforeEach(() => {
  media = memoryMedia(() => now);
  retention = new Map();
  generations = new Map();
  expiries = new Map();
  deletedWhile = [];
  failingUser = null;
  service = retentionUseCases({
    media,
    store: {
      getPrivacyFields: (userId) =>
        Promise.resolve({
          retentionDays: retention.get(userId) ?? null,
          ageStatus: 'adult',
          accountStatus: null,
          deletionPseudonym: null,
        }),
      setRetentionDays: (userId, days) => {
        retention.set(userId, days);
        return Promise.resolve();
      },
      setGenerationTtls: (userId, expiryOf) => {
        const own = generations.get(userId) ?? [];
        for (const g of own) expiries.set(g.id, expiryOf(g.createdAt));
        return Promise.resolve(own.length);
      },
      listRetentionUsers: () =>
        Promise.resolve(
          [...retention].flatMap(([userId, days]) => (days === null ? [] : [{ userId, retentionDays: days }])),
        ),
      listGenerationsCreatedBefore: (userId, cutoff) => {
        if (userId === failingUser) return Promise.reject(new Error('throttled'));
        return Promise.resolve(
          (generations.get(userId) ?? []).filter((g) => Date.parse(g.createdAt) < cutoff.getTime()),
        );
      },
      deleteExpiredGeneration: (userId, id) => {
        const own = generations.get(userId) ?? [];
        deletedWhile.push({ id, objectsLeft: media.keys('private', `users/${userId}/generations/${id}`) });
        generations.set(
          userId,
          own.filter((g) => g.id !== id),
        );
        return Promise.resolve(own.some((g) => g.id === id));
      },
    },
  });
});

describe('the retention choice', () => {
  it('is saved and every existing generation gets its expiry (none when kept)', async () => {
    gen('u1', 'g-old', 40);
    gen('u1', 'g-new', 1);
    const res = await service.updateRetention('u1', 30, now);
    expect(res).toEqual({ retentionDays: 30, ageStatus: 'adult', photoConsent: { ...PHOTO_CONSENT } });
    expect(expiries.get('g-old')).toEqual(new Date(daysAgo(40).getTime() + 30 * DAY_MS));
    expect(expiries.get('g-new')).toEqual(new Date(daysAgo(1).getTime() + 30 * DAY_MS));
    await service.updateRetention('u1', null, now);
    expect([...expiries.values()]).toEqual([null, null]);
  });

  it('the impact of a shorter period counts the completed results older than the cutoff', async () => {
    gen('u1', 'a', 10);
    gen('u1', 'b', 8, 'failed');
    gen('u1', 'c', 8, 'processing');
    gen('u1', 'd', 3);
    expect(await service.retentionImpact('u1', 7, now)).toEqual({
      retentionDays: 7,
      results: 1,
      cutoff: daysAgo(7).toISOString(),
    });
  });

  it('the impact of a period that is not offered is 400', async () => {
    for (const days of [0, 14, -7, 1.5])
      await expect(service.retentionImpact('u1', days, now)).rejects.toMatchObject({
        status: 400,
        code: ERROR_CODES.validation,
        message: PRIVACY_MESSAGES.retentionInvalid,
      });
  });
});

describe('the retention job', () => {
  it('deletes what is due (objects first, then the item) and leaves running and recent generations', async () => {
    retention.set('u1', 7);
    retention.set('keeper', null);
    for (const [id, age, status] of [
      ['due', 8, 'completed'],
      ['failed', 9, 'failed'],
      ['running', 9, 'processing'],
      ['recent', 2, 'completed'],
    ] as const) {
      const g = gen('u1', id, age, status);
      await media.put('private', g.resultKey!, Buffer.from('r'));
      await media.put('private', g.inputKeys[0]!, Buffer.from('i'));
      await media.put('private', `users/u1/generations/${id}/variant-0.jpg`, Buffer.from('v'));
    }
    gen('keeper', 'old', 400);

    const res = await service.applyRetention(now);

    expect(res).toEqual({ users: 1, generationsDeleted: 2, objectsDeleted: 6 });
    expect((generations.get('u1') ?? []).map((g) => g.id)).toEqual(['running', 'recent']);
    expect(generations.get('keeper')).toHaveLength(1);
    expect(deletedWhile).toEqual([
      { id: 'due', objectsLeft: [] },
      { id: 'failed', objectsLeft: [] },
    ]);
    expect(media.keys('private')).toEqual([
      'users/u1/generations/recent.jpg',
      'users/u1/generations/recent/style-ref.jpg',
      'users/u1/generations/recent/variant-0.jpg',
      'users/u1/generations/running.jpg',
      'users/u1/generations/running/style-ref.jpg',
      'users/u1/generations/running/variant-0.jpg',
    ]);
  });

  it('sweeps objects older than the cutoff whose item the table TTL already removed', async () => {
    retention.set('u1', 30);
    media.clock = () => daysAgo(31);
    await media.put('private', 'users/u1/generations/orphan.jpg', Buffer.from('o'));
    await media.put('private', 'users/u1/photo-profiles/p1/portrait-a.jpg', Buffer.from('p'));
    media.clock = () => daysAgo(29);
    await media.put('private', 'users/u1/generations/young.jpg', Buffer.from('y'));
    const res = await service.applyRetention(now);
    expect(res.objectsDeleted).toBe(1);
    expect(media.keys('private')).toEqual([
      'users/u1/generations/young.jpg',
      'users/u1/photo-profiles/p1/portrait-a.jpg',
    ]);
  });

  it('a user that fails is logged and the others still get their deletions', async () => {
    retention.set('broken', 7);
    retention.set('u1', 7);
    failingUser = 'broken';
    gen('u1', 'due', 8);
    const res = await service.applyRetention(now);
    expect(res).toMatchObject({ users: 2, generationsDeleted: 1 });
  });
});
