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
import { getCognitoUserState, verifyPassword } from '../lib/cognito';
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
import { deletePrefix, mediaKeys, purgeVersions } from '../lib/media-store';
import { logger } from '../lib/logger';
import { deleteAllPhotos } from '../profiles';
import { deleteEditorStyle } from '../styles';
import { deleteRateCountersOf, deleteSharesOf } from '../shares';

/** Public-bucket folders of a user (uploads by type, remote fetches, avatars). */
export const publicPrefixesOf = (userId: string): string[] => [
  ...UPLOAD_TYPE_VALUES.map((t) => `uploads/${t}/${userId}/`),
  `uploads/remote/${userId}/`,
  mediaKeys.avatarPrefix(userId),
];

/** GET /api/user/account/deletion-preview: the unused credits (paid and granted) and the plan the deletion ends. */
export async function deletionPreview(db: Db, user: UserRecord): Promise<DeletionPreview> {
  const [balance, entries] = await Promise.all([getBalance(db, user.id), listAllEntries(db, user.id)]);
  const live = !!user.subscriptionId && isLiveSubscriptionStatus(user.subscriptionStatus);
  return {
    credits: unusedCredits(balance, entries),
    hasUnlimitedCredits: !!user.hasUnlimitedCredits,
    subscription: live ? { plan: user.currentPlan ?? 'none', currentPeriodEnd: user.currentPeriodEnd ?? null } : null,
  };
}

/**
 * "Delete my account" asks for the current password: it is checked against the user pool for the account of
 * the caller's verified token (never a name from the request body) before anything changes. A wrong password
 * is a 403 that deletes nothing. A deletion that failed after the sign-in was already removed (the pool has no
 * such user any more, the account is 'deleting') can still be finished by its token's owner.
 */
export async function confirmDeletionPassword(user: UserRecord, username: string, password: string): Promise<void> {
  const check = await verifyPassword(username, password);
  if (check === 'ok') return;
  const signInGone =
    user.accountStatus === 'deleting' &&
    (check === 'user-gone' || (check === 'wrong' && !(await getCognitoUserState(username)).exists));
  if (signInGone) return;
  if (check === 'too-many-attempts') throw new HttpError(429, ERROR_CODES.rateLimited, M.passwordTooManyAttempts);
  if (check === 'unverifiable') throw new HttpError(403, ERROR_CODES.passwordIncorrect, M.passwordUnverifiable);
  throw new HttpError(403, ERROR_CODES.passwordIncorrect, M.passwordWrong);
}

export const SUBSCRIPTION_CANCEL_FAILED =
  'We could not cancel your subscription, so nothing was deleted. Please try again in a few minutes.';

export async function deleteAccount(
  db: Db,
  user: UserRecord,
  payments: () => Promise<PaymentsAdapter>,
  username: string,
  now = new Date(),
): Promise<DeletionReceipt> {
  const userId = user.id;
  await setAccountStatus(db, userId, 'deleting', now);

  // 2. The subscription: stop future charges (the paid period runs out; nothing is refunded here).
  let subscription: DeletionReceipt['subscription'] = 'none';
  if (user.subscriptionId && isLiveSubscriptionStatus(user.subscriptionStatus)) {
    if (!user.cancelAtPeriodEnd) {
      try {
        await (await payments()).cancelAtPeriodEnd(user.subscriptionId);
      } catch (error) {
        logger.error('Account deletion: cancelling the subscription failed', { error, userId });
        await setAccountStatus(db, userId, 'active');
        throw new HttpError(502, ERROR_CODES.billingUnavailable, SUBSCRIPTION_CANCEL_FAILED);
      }
    }
    subscription = 'cancelled-at-period-end';
  }

  const pseudonym = await claimDeletionPseudonym(db, userId, `deleted-${ulid(now.getTime()).toLowerCase()}`);

  // 3. Outside the user's partition.
  let styles = 0;
  for (const s of await queryGsi2(db, keys.styleOwnerIndex(userId, '', '').gsi2pk)) {
    await deleteEditorStyle(db, user, String(s.id)).then(
      () => styles++,
      (err) => {
        if (!(err instanceof HttpError) || err.status !== 404) throw err;
      },
    );
  }
  let collections = 0;
  for (const c of await queryGsi2(db, keys.collectionOwnerIndex(userId, '', '').gsi2pk))
    if (await deleteCollection(db, String(c.id), userId)) collections++;
  const applications = await queryGsi2(db, keys.influencerApplicationUserIndex(userId, '', '').gsi2pk);
  await deleteItems(
    db,
    applications.map((a) => ({ pk: String(a.pk), sk: String(a.sk) })),
  );
  const reports = (await listOpenStyleReports(db, 10_000)).filter((r) => r.reporterId === userId);
  await deleteItems(
    db,
    reports.flatMap((r) => [keys.styleReport(r.id), keys.styleReportLock(r.styleId, userId)]),
  );
  await deleteHandleClaim(db, user.handle, userId);
  const shares = await deleteSharesOf(db, userId, now);
  await deleteRateCountersOf(db, userId, now);
  // The votes and reactions the user cast on other people's looks (their per-user index; anonymous ones are no one's).
  // A vote goes with its count (the look's counter shard drops in the same transaction); reactions are plain items.
  const cast = await listFeedbackCastBy(db, userId);
  for (const v of cast.filter((c) => c.kind === 'vote')) await deleteVote(db, v.shareId, userViewerId(userId));
  await deleteItems(
    db,
    cast.filter((c) => c.kind === 'reaction').map((c) => c.key),
  );

  // Finance records keep the pseudonym instead of the user id.
  const events = await listStripeEventKeysOf(db, userId);
  const refs = new Set<string>();
  for (const e of events) {
    const received = await getItem(db, e);
    const paymentRef = received?.paymentRef;
    if (typeof paymentRef === 'string' && paymentRef) refs.add(paymentRef);
    await pseudonymiseReference(db, e, userId, pseudonym);
    await pseudonymiseReference(db, keys.stripeEventApplied(keys.stripeEventIdOf(e.pk)), userId, pseudonym);
  }
  const partition = await listUserPartition(db, userId);
  for (const i of partition) {
    const meta = new Map<string, unknown>(typeof i.meta === 'object' && i.meta !== null ? Object.entries(i.meta) : []);
    for (const k of ['paymentRef', 'sessionId', 'invoiceId']) {
      const ref = meta.get(k);
      if (typeof ref === 'string') refs.add(ref);
    }
  }
  for (const ref of refs) await pseudonymiseReference(db, keys.paymentGrant(ref), userId, pseudonym);
  if (user.subscriptionId)
    await pseudonymiseReference(db, keys.subscriptionOwner(user.subscriptionId), userId, pseudonym);

  // 4. Objects: the "Delete all my photos" purge (photo profiles, then everything under users/<id>/), then public folders.
  const photos = await deleteAllPhotos(db, userId);
  let files = photos.deletedObjects;
  // the images of the user's private styles (style-images/<id>/, kept apart from the photos)
  files += await deletePrefix('private', mediaKeys.styleImagePrefix(userId));
  await purgeVersions('private', mediaKeys.styleImagePrefix(userId));
  for (const prefix of publicPrefixesOf(userId)) {
    files += await deletePrefix('public', prefix);
    await purgeVersions('public', prefix); // versioned buckets: no noncurrent copy outlives the account
  }

  // 5. The user's partition.
  const items = await listUserPartition(db, userId);
  const kindOf = (i: { sk?: unknown }) => userItemKind(String(i.sk));
  const count = (k: ReturnType<typeof userItemKind>) => items.filter((i) => kindOf(i) === k).length;
  let favourites = 0;
  for (const f of items.filter((i) => kindOf(i) === 'favorite')) {
    await removeFavorite(db, userId, favoriteStyleIdOf(String(f.sk)));
    favourites++;
  }
  const ledgerEntriesKept = await moveAccountingToPseudonym(db, userId, pseudonym, items);
  const accounting = (sk: string) => ['ledger', 'balance', 'lot'].includes(userItemKind(sk));
  const rest = items.filter((i) => {
    const sk = String(i.sk);
    return !accounting(sk) && kindOf(i) !== 'favorite' && sk !== keys.user(userId).sk;
  });
  await deleteItems(
    db,
    rest.map((i) => ({ pk: String(i.pk), sk: String(i.sk) })),
  );

  // 6. Sign-in, then the user item itself.
  const signInRemoved = await signOutAndDeleteUser(username);
  // ID tokens stay valid for up to an hour after sign-out: the tombstone stops them from re-creating the user.
  // With a subscription, events about it keep coming until it ends: keep the tombstone past the period end.
  const periodEnd = user.currentPeriodEnd ? new Date(user.currentPeriodEnd).getTime() + 35 * DAY_MS : 0;
  await putTombstone(
    db,
    userId,
    pseudonym,
    new Date(Math.max(now.getTime() + TOMBSTONE_DAYS * DAY_MS, periodEnd)),
    now,
  );
  await deleteItems(db, [keys.user(userId)]);
  // Anything written meanwhile (a generation finishing, an export) under the partition goes too.
  const late = (await listUserPartition(db, userId)).filter((i) => !accounting(String(i.sk)));
  await deleteItems(
    db,
    late.map((i) => ({ pk: String(i.pk), sk: String(i.sk) })),
  );

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
