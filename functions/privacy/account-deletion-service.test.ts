/**
 * "Delete my account" on in-memory collaborators: the preview of what is lost, the password check on the pool
 * (and the retry of a deletion whose sign-in is already gone), a subscription that cannot be cancelled deletes
 * nothing, and a deletion keeps only the pseudonymised accounting, removing the sign-in before the user item
 * and leaving the tombstone that stops old tokens.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import { DAY_MS, PRIVACY_MESSAGES as M } from '../../shared/domain/privacy';
import { emptyBuckets } from '../../shared/domain/ledger';
import type { PasswordCheck } from '../lib/cognito';
import type { UserRecord } from '../../shared/repositories/user-repository';
import type { PaymentsAdapter } from '../billing';
import { aUser } from '../../test/support/in-memory-start-deps';
import { memoryMedia, type MemoryMedia } from '../../test/support/in-memory-profiles';
import { keys } from '../../shared/repositories/keys';
import {
  SUBSCRIPTION_CANCEL_FAILED,
  TOMBSTONE_DAYS,
  accountDeletionUseCases,
  confirmDeletionPasswordWith,
  type AccountDeletionStore,
} from './account-deletion-service';

const now = new Date('2026-11-01T12:00:00.000Z');
type Item = { pk: string; sk: string; [k: string]: unknown };
let media: MemoryMedia;
let statuses: string[];
let partition: Item[];
let log: string[];
let tombstone: { pseudonym: string; until: Date } | null;
let cancelled: string[];
let cancelFails: boolean;
let service: ReturnType<typeof accountDeletionUseCases>;

const payments = () =>
  Promise.resolve({
    cancelAtPeriodEnd: (id: string) => {
      if (cancelFails) return Promise.reject(new Error('stripe down'));
      cancelled.push(id);
      return Promise.resolve({});
    },
  } as unknown as PaymentsAdapter);

beforeEach(async () => {
  media = memoryMedia(() => now);
  statuses = [];
  log = [];
  tombstone = null;
  cancelled = [];
  cancelFails = false;
  partition = [keys.user('u1'), keys.generation('u1', 'g1'), keys.userLink('u1', 'l1'), keys.ledgerEntry('u1', 'e1')];
  await media.put('private', 'style-images/u1/s.jpg', Buffer.from('s'));
  await media.put('public', 'avatars/u1/a.jpg', Buffer.from('a'));
  await media.put('public', 'avatars/u2/a.jpg', Buffer.from('a'));
  const none = () => Promise.resolve([]);
  const store: AccountDeletionStore = {
    getBalance: () => Promise.resolve({ ...emptyBuckets(), pack: 5, trial: 2, credits: 7 }),
    listAllEntries: () =>
      Promise.resolve([
        {
          entryId: 'e1',
          userId: 'u1',
          kind: 'grant.pack',
          bucket: 'pack',
          amount: 10,
          causeId: 'c',
          note: null,
          createdAt: now.toISOString(),
        },
      ]),
    setAccountStatus: (_id, status) => {
      statuses.push(status);
      return Promise.resolve(true);
    },
    claimDeletionPseudonym: (_id, pseudonym) => Promise.resolve(pseudonym),
    queryGsi2: none,
    deleteEditorStyle: (_user, id) =>
      Promise.resolve({ id, deleted: true, productItemsDeleted: 0, collectionsUpdated: 0 }),
    deleteCollection: () => Promise.resolve(true),
    deleteItems: (keys) => {
      const names = new Set(keys.map((k) => `${k.pk}/${k.sk}`));
      partition = partition.filter((i) => !names.has(`${i.pk}/${i.sk}`));
      if (names.has('USER#u1/PROFILE')) log.push('user item');
      return Promise.resolve(keys.length);
    },
    listOpenStyleReports: none,
    deleteHandleClaim: () => Promise.resolve(),
    deleteSharesOf: () => Promise.resolve(2),
    deleteRateCountersOf: () => Promise.resolve(),
    listFeedbackCastBy: none,
    deleteVote: () => Promise.resolve('removed'),
    listStripeEventKeysOf: none,
    getItem: () => Promise.resolve(null),
    pseudonymiseReference: () => Promise.resolve(true),
    listUserPartition: () => Promise.resolve(partition),
    removeFavorite: () => Promise.resolve('removed'),
    moveAccountingToPseudonym: () => {
      log.push('accounting moved');
      return Promise.resolve(1);
    },
    deleteAllPhotos: () => {
      log.push('photos');
      return Promise.resolve({ deletedProfiles: 1, deletedObjects: 3 });
    },
    putTombstone: (_id, pseudonym, until) => {
      tombstone = { pseudonym, until };
      log.push('tombstone');
      return Promise.resolve();
    },
  };
  service = accountDeletionUseCases({
    store,
    accounts: {
      verifyPassword: () => Promise.resolve('ok'),
      userState: () => Promise.resolve({ exists: true, enabled: true, givenName: null, familyName: null }),
      signOutAndDelete: () => {
        log.push('sign-in');
        return Promise.resolve(true);
      },
    },
    media,
    newId: () => 'ABC',
  });
});

const subscriber = (overrides: Partial<UserRecord> = {}) =>
  aUser({
    subscriptionId: 'sub_1',
    subscriptionStatus: 'active',
    currentPlan: 'creator',
    currentPeriodEnd: '2026-11-20T00:00:00.000Z',
    ...overrides,
  });

describe('the preview', () => {
  it('names the unused paid and granted credits and the live plan the deletion ends', async () => {
    expect(await service.deletionPreview(subscriber())).toEqual({
      credits: { paid: 5, granted: 2, total: 7 },
      hasUnlimitedCredits: false,
      subscription: { plan: 'creator', currentPeriodEnd: '2026-11-20T00:00:00.000Z' },
    });
    expect((await service.deletionPreview(subscriber({ subscriptionStatus: 'canceled' }))).subscription).toBeNull();
  });
});

describe('the password', () => {
  const check = (answer: PasswordCheck, exists = true, user = aUser()) =>
    confirmDeletionPasswordWith(
      {
        verifyPassword: () => Promise.resolve(answer),
        userState: () => Promise.resolve({ exists, enabled: true, givenName: null, familyName: null }),
      },
      user,
      'ada',
      'pw',
    );

  it('a wrong password is 403 password_incorrect; too many attempts 429; unverifiable 403 with its message', async () => {
    await expect(check('wrong')).rejects.toMatchObject({
      status: 403,
      code: ERROR_CODES.passwordIncorrect,
      message: M.passwordWrong,
    });
    await expect(check('too-many-attempts')).rejects.toMatchObject({ status: 429, code: ERROR_CODES.rateLimited });
    await expect(check('unverifiable')).rejects.toMatchObject({ status: 403, message: M.passwordUnverifiable });
    await expect(check('ok')).resolves.toBeUndefined();
  });

  it('a deletion whose sign-in is already gone can be finished; an active account without sign-in cannot', async () => {
    const deleting = aUser({ accountStatus: 'deleting' });
    await expect(check('user-gone', false, deleting)).resolves.toBeUndefined();
    await expect(check('wrong', false, deleting)).resolves.toBeUndefined();
    await expect(check('wrong', true, deleting)).rejects.toMatchObject({ status: 403 });
    await expect(check('user-gone', false, aUser())).rejects.toMatchObject({ status: 403 });
  });
});

describe('deleting the account', () => {
  it('a subscription that cannot be cancelled: 502, the account is active again and nothing is deleted', async () => {
    cancelFails = true;
    await expect(service.deleteAccount(subscriber(), payments, 'ada', now)).rejects.toMatchObject({
      status: 502,
      code: ERROR_CODES.billingUnavailable,
      message: SUBSCRIPTION_CANCEL_FAILED,
    });
    expect(statuses).toEqual(['deleting', 'active']);
    expect(partition).toHaveLength(4);
    expect(log).toEqual([]);
    expect(media.keys('public')).toHaveLength(2);
  });

  it('cancels at period end, removes everything but the accounting, and the sign-in before the user item', async () => {
    const receipt = await service.deleteAccount(subscriber(), payments, 'ada', now);
    expect(cancelled).toEqual(['sub_1']);
    expect(receipt).toMatchObject({
      deletedAt: now.toISOString(),
      subscription: 'cancelled-at-period-end',
      ledgerEntriesKept: 1,
      signInRemoved: true,
      counts: { photoProfiles: 1, generations: 1, links: 1, shares: 2, files: 3 + 2 },
    });
    expect(partition).toEqual([keys.ledgerEntry('u1', 'e1')]);
    expect(log).toEqual(['photos', 'accounting moved', 'sign-in', 'tombstone', 'user item']);
    expect(media.keys('public')).toEqual(['avatars/u2/a.jpg']);
    expect(media.keys('private')).toEqual([]);
  });

  it('the tombstone outlives the paid period (events keep coming until it ends), else TOMBSTONE_DAYS', async () => {
    await service.deleteAccount(subscriber(), payments, 'ada', now);
    expect(tombstone).toEqual({
      pseudonym: 'deleted-abc',
      until: new Date(Date.parse('2026-11-20T00:00:00.000Z') + 35 * DAY_MS),
    });
    await service.deleteAccount(aUser(), payments, 'ada', now);
    expect(tombstone?.until).toEqual(new Date(now.getTime() + TOMBSTONE_DAYS * DAY_MS));
  });

  it('a subscription already set to end is not cancelled again', async () => {
    await service.deleteAccount(subscriber({ cancelAtPeriodEnd: true }), payments, 'ada', now);
    expect(cancelled).toEqual([]);
  });
});
