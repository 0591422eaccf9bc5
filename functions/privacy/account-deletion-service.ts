/**
 * "Delete my account". Order (each step is safe to run again, so a failed deletion can be retried):
 *  1. the account is marked 'deleting' (the request pipeline refuses a non-active account from then on);
 *  2. a live subscription is cancelled at period end through the payments port (if that fails, the account
 *     goes back to 'active' and nothing is deleted);
 *  3. records outside the user's partition: their styles (with products, links, memberships), collections,
 *     influencer applications, open reports, the handle claim, their shared looks and the votes and reactions
 *     they cast on others' looks (found through their per-user index); Stripe records get the pseudonym;
 *  4. every object under the user's prefixes: the "Delete all my photos" purge (private bucket) and the
 *     user's folders in the public bucket;
 *  5. favourites (style counters follow), then the accounting items (ledger, balance, pack lots) move to the
 *     pseudonym, then every other item of the user's partition;
 *  6. the Cognito user is signed out everywhere and deleted; the user item goes last.
 */
import { ulid } from 'ulid';
import { ERROR_CODES, HttpError } from '../../shared/errors';
import { isLiveSubscriptionStatus } from '../../shared/domain/plans';
import { DAY_MS, PRIVACY_MESSAGES as M } from '../../shared/domain/privacy';

/** How long a deleted account's tombstone is kept (longer than any token lifetime). */
export const TOMBSTONE_DAYS = 2;
import type { DeletionPreview, DeletionReceipt } from '../../shared/schemas/privacy';
import { unusedCredits } from '../../shared/domain/ledger';
import { getBalance, listAllEntries } from '../../shared/repositories/ledger-repository';
import { deleteVote, listFeedbackCastBy } from '../../shared/repositories/share-repository';
import { userViewerId } from '../../shared/domain/shares';
import { getCognitoUserState, verifyPassword, type CognitoUserState, type PasswordCheck } from '../lib/cognito';
import { favoriteStyleIdOf, keys, userItemKind } from '../../shared/repositories/keys';
import type { Db } from '../../shared/repositories/table';
import { setAccountStatus, type UserRecord } from '../../shared/repositories/user-repository';
import { removeFavorite, listOpenStyleReports } from '../../shared/repositories/discovery-repository';
import { deleteCollection } from '../../shared/repositories/collection-repository';
import {
  claimDeletionPseudonym,
  deleteHandleClaim,
  deleteItems,
  getItem,
  listStripeEventKeysOf,
  listUserPartition,
  moveAccountingToPseudonym,
  pseudonymiseReference,
  putTombstone,
  queryGsi2,
} from '../../shared/repositories/privacy-repository';
import { UPLOAD_TYPE_VALUES } from '../../shared/schemas/upload';
import type { PaymentsAdapter } from '../billing';
import { signOutAndDeleteUser } from '../lib/cognito-admin';
import { deletePrefix, mediaKeys, purgeVersions, type BucketKind } from '../lib/media-store';
import { logger } from '../lib/logger';
import { bindDb, type Store } from '../lib/bind-db';
import { deleteAllPhotos } from '../profiles';
import { deleteEditorStyle } from '../styles';
import { deleteRateCountersOf, deleteSharesOf } from '../shares';

/** Public-bucket folders of a user (uploads by type, remote fetches, avatars). */
export const publicPrefixesOf = (userId: string): string[] => [
  ...UPLOAD_TYPE_VALUES.map((t) => `uploads/${t}/${userId}/`),
  `uploads/remote/${userId}/`,
  mediaKeys.avatarPrefix(userId),
];

export const SUBSCRIPTION_CANCEL_FAILED =
  'We could not cancel your subscription, so nothing was deleted. Please try again in a few minutes.';

const repositories = {
  getBalance,
  listAllEntries,
  deleteVote,
  listFeedbackCastBy,
  setAccountStatus,
  removeFavorite,
  listOpenStyleReports,
  deleteCollection,
  claimDeletionPseudonym,
  deleteHandleClaim,
  deleteItems,
  getItem,
  listStripeEventKeysOf,
  listUserPartition,
  moveAccountingToPseudonym,
  pseudonymiseReference,
  putTombstone,
  queryGsi2,
  // the other domains' deletions, on the same table (their entries)
  deleteAllPhotos,
  deleteEditorStyle,
  deleteRateCountersOf,
  deleteSharesOf,
};
export type AccountDeletionStore = Store<typeof repositories>;

/** The user pool as "Delete my account" uses it (functions/lib/cognito.ts, cognito-admin.ts). */
export interface AccountDirectory {
  verifyPassword: (username: string, password: string) => Promise<PasswordCheck>;
  userState: (username: string) => Promise<CognitoUserState>;
  /** Signs the user out everywhere and deletes them; false when there was no such user. */
  signOutAndDelete: (username: string) => Promise<boolean>;
}

export interface AccountDeletionDeps {
  store: AccountDeletionStore;
  accounts: AccountDirectory;
  media: {
    deletePrefix(bucket: BucketKind, prefix: string): Promise<number>;
    purgeVersions(bucket: BucketKind, prefix: string): Promise<number>;
  };
  /** The pseudonym's id (ulid of the deletion time). */
  newId: (now: Date) => string;
}

/**
 * "Delete my account" asks for the current password: it is checked against the user pool for the account of
 * the caller's verified token (never a name from the request body) before anything changes. A wrong password
 * is a 403 that deletes nothing. A deletion that failed after the sign-in was already removed (the pool has no
 * such user any more, the account is 'deleting') can still be finished by its token's owner.
 */
export async function confirmDeletionPasswordWith(
  accounts: Pick<AccountDirectory, 'verifyPassword' | 'userState'>,
  user: UserRecord,
  username: string,
  password: string,
): Promise<void> {
  const check = await accounts.verifyPassword(username, password);
  if (check === 'ok') return;
  const signInGone =
    user.accountStatus === 'deleting' &&
    (check === 'user-gone' || (check === 'wrong' && !(await accounts.userState(username)).exists));
  if (signInGone) return;
  if (check === 'too-many-attempts') throw new HttpError(429, ERROR_CODES.rateLimited, M.passwordTooManyAttempts);
  if (check === 'unverifiable') throw new HttpError(403, ERROR_CODES.passwordIncorrect, M.passwordUnverifiable);
  throw new HttpError(403, ERROR_CODES.passwordIncorrect, M.passwordWrong);
}

export function accountDeletionUseCases({ store, accounts, media, newId }: AccountDeletionDeps) {
  /** GET /api/user/account/deletion-preview: the unused credits (paid and granted) and the plan the deletion ends. */
  async function deletionPreview(user: UserRecord): Promise<DeletionPreview> {
    const [balance, entries] = await Promise.all([store.getBalance(user.id), store.listAllEntries(user.id)]);
    const live = !!user.subscriptionId && isLiveSubscriptionStatus(user.subscriptionStatus);
    return {
      credits: unusedCredits(balance, entries),
      hasUnlimitedCredits: !!user.hasUnlimitedCredits,
      subscription: live ? { plan: user.currentPlan ?? 'none', currentPeriodEnd: user.currentPeriodEnd ?? null } : null,
    };
  }

  async function deleteAccount(
    user: UserRecord,
    payments: () => Promise<PaymentsAdapter>,
    username: string,
    now: Date,
  ): Promise<DeletionReceipt> {
    const userId = user.id;
    await store.setAccountStatus(userId, 'deleting', now);

    // 2. The subscription: stop future charges (the paid period runs out; nothing is refunded here).
    let subscription: DeletionReceipt['subscription'] = 'none';
    if (user.subscriptionId && isLiveSubscriptionStatus(user.subscriptionStatus)) {
      if (!user.cancelAtPeriodEnd) {
        try {
          await (await payments()).cancelAtPeriodEnd(user.subscriptionId);
        } catch (error) {
          logger.error('Account deletion: cancelling the subscription failed', { error, userId });
          await store.setAccountStatus(userId, 'active');
          throw new HttpError(502, ERROR_CODES.billingUnavailable, SUBSCRIPTION_CANCEL_FAILED);
        }
      }
      subscription = 'cancelled-at-period-end';
    }

    const pseudonym = await store.claimDeletionPseudonym(userId, `deleted-${newId(now).toLowerCase()}`);

    // 3. Outside the user's partition.
    let styles = 0;
    for (const s of await store.queryGsi2(keys.styleOwnerIndex(userId, '', '').gsi2pk)) {
      await store.deleteEditorStyle(user, String(s.id)).then(
        () => styles++,
        (err) => {
          if (!(err instanceof HttpError) || err.status !== 404) throw err;
        },
      );
    }
    let collections = 0;
    for (const c of await store.queryGsi2(keys.collectionOwnerIndex(userId, '', '').gsi2pk))
      if (await store.deleteCollection(String(c.id), userId)) collections++;
    const applications = await store.queryGsi2(keys.influencerApplicationUserIndex(userId, '', '').gsi2pk);
    await store.deleteItems(applications.map((a) => ({ pk: String(a.pk), sk: String(a.sk) })));
    const reports = (await store.listOpenStyleReports(10_000)).filter((r) => r.reporterId === userId);
    await store.deleteItems(reports.flatMap((r) => [keys.styleReport(r.id), keys.styleReportLock(r.styleId, userId)]));
    await store.deleteHandleClaim(user.handle, userId);
    const shares = await store.deleteSharesOf(userId, now);
    await store.deleteRateCountersOf(userId, now);
    // The votes and reactions the user cast on other people's looks (their per-user index; anonymous ones are no one's).
    // A vote goes with its count (the look's counter shard drops in the same transaction); reactions are plain items.
    const cast = await store.listFeedbackCastBy(userId);
    for (const v of cast.filter((c) => c.kind === 'vote')) await store.deleteVote(v.shareId, userViewerId(userId));
    await store.deleteItems(cast.filter((c) => c.kind === 'reaction').map((c) => c.key));

    // Finance records keep the pseudonym instead of the user id.
    const events = await store.listStripeEventKeysOf(userId);
    const refs = new Set<string>();
    for (const e of events) {
      const received = await store.getItem(e);
      const paymentRef = received?.paymentRef;
      if (typeof paymentRef === 'string' && paymentRef) refs.add(paymentRef);
      await store.pseudonymiseReference(e, userId, pseudonym);
      await store.pseudonymiseReference(keys.stripeEventApplied(keys.stripeEventIdOf(e.pk)), userId, pseudonym);
    }
    const partition = await store.listUserPartition(userId);
    for (const i of partition) {
      const meta = new Map<string, unknown>(
        typeof i.meta === 'object' && i.meta !== null ? Object.entries(i.meta) : [],
      );
      for (const k of ['paymentRef', 'sessionId', 'invoiceId']) {
        const ref = meta.get(k);
        if (typeof ref === 'string') refs.add(ref);
      }
    }
    for (const ref of refs) await store.pseudonymiseReference(keys.paymentGrant(ref), userId, pseudonym);
    if (user.subscriptionId)
      await store.pseudonymiseReference(keys.subscriptionOwner(user.subscriptionId), userId, pseudonym);

    // 4. Objects: the "Delete all my photos" purge (photo profiles, then everything under users/<id>/), then public folders.
    const photos = await store.deleteAllPhotos(userId);
    let files = photos.deletedObjects;
    // the images of the user's private styles (style-images/<id>/, kept apart from the photos)
    files += await media.deletePrefix('private', mediaKeys.styleImagePrefix(userId));
    await media.purgeVersions('private', mediaKeys.styleImagePrefix(userId));
    for (const prefix of publicPrefixesOf(userId)) {
      files += await media.deletePrefix('public', prefix);
      await media.purgeVersions('public', prefix); // versioned buckets: no noncurrent copy outlives the account
    }

    // 5. The user's partition.
    const items = await store.listUserPartition(userId);
    const kindOf = (i: { sk?: unknown }) => userItemKind(String(i.sk));
    const count = (k: ReturnType<typeof userItemKind>) => items.filter((i) => kindOf(i) === k).length;
    let favourites = 0;
    for (const f of items.filter((i) => kindOf(i) === 'favorite')) {
      await store.removeFavorite(userId, favoriteStyleIdOf(String(f.sk)));
      favourites++;
    }
    const ledgerEntriesKept = await store.moveAccountingToPseudonym(userId, pseudonym, items);
    const accounting = (sk: string) => ['ledger', 'balance', 'lot'].includes(userItemKind(sk));
    const rest = items.filter((i) => {
      const sk = String(i.sk);
      return !accounting(sk) && kindOf(i) !== 'favorite' && sk !== keys.user(userId).sk;
    });
    await store.deleteItems(rest.map((i) => ({ pk: String(i.pk), sk: String(i.sk) })));

    // 6. Sign-in, then the user item itself.
    const signInRemoved = await accounts.signOutAndDelete(username);
    // ID tokens stay valid for up to an hour after sign-out: the tombstone stops them from re-creating the user.
    // With a subscription, events about it keep coming until it ends: keep the tombstone past the period end.
    const periodEnd = user.currentPeriodEnd ? new Date(user.currentPeriodEnd).getTime() + 35 * DAY_MS : 0;
    await store.putTombstone(
      userId,
      pseudonym,
      new Date(Math.max(now.getTime() + TOMBSTONE_DAYS * DAY_MS, periodEnd)),
      now,
    );
    await store.deleteItems([keys.user(userId)]);
    // Anything written meanwhile (a generation finishing, an export) under the partition goes too.
    const late = (await store.listUserPartition(userId)).filter((i) => !accounting(String(i.sk)));
    await store.deleteItems(late.map((i) => ({ pk: String(i.pk), sk: String(i.sk) })));

    const generations = count('generation');
    const links = count('link');
    // Listed before the photo purge, which deletes the consent records with the profiles.
    const consents = partition.filter((i) => kindOf(i) === 'consent').length;
    return {
      deletedAt: now.toISOString(),
      counts: {
        photoProfiles: photos.deletedProfiles,
        generations,
        favourites,
        collections,
        styles,
        links,
        applications: applications.length,
        shares,
        votesAndReactions: cast.length,
        consents,
        otherRecords: rest.length - generations - links - count('consent') + 1 + late.length,
        files,
      },
      subscription,
      ledgerEntriesKept,
      signInRemoved,
    };
  }

  return { deletionPreview, deleteAccount };
}

const accounts: AccountDirectory = {
  verifyPassword,
  userState: getCognitoUserState,
  signOutAndDelete: signOutAndDeleteUser,
};
const production = (db: Db) =>
  accountDeletionUseCases({
    store: bindDb(db, repositories),
    accounts,
    media: { deletePrefix, purgeVersions },
    newId: (at) => ulid(at.getTime()),
  });

/** GET /api/user/account/deletion-preview (production wiring). */
export const deletionPreview = (db: Db, user: UserRecord): Promise<DeletionPreview> =>
  production(db).deletionPreview(user);
/** The password check before a deletion (production wiring; no table is read). */
export const confirmDeletionPassword = (user: UserRecord, username: string, password: string): Promise<void> =>
  confirmDeletionPasswordWith(accounts, user, username, password);
/** DELETE /api/user/account (production wiring). */
export const deleteAccount = (
  db: Db,
  user: UserRecord,
  payments: () => Promise<PaymentsAdapter>,
  username: string,
  now = new Date(),
): Promise<DeletionReceipt> => production(db).deleteAccount(user, payments, username, now);
