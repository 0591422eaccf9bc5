/** Onboarding preferences, profile settings (names, unique handle, visibility switches) and profile links. */
import { AGAIN, retryOptimistic } from '../../shared/repositories/toolkit';
import { ulid } from 'ulid';
import { badRequest, conflict, forbidden, notFound, ERROR_CODES } from '../../shared/errors';
import {
  HANDLE_TAKEN,
  LINK_LIMIT_REACHED,
  LINKS_INFLUENCERS_ONLY,
  MAX_USER_LINKS,
  PUBLIC_PROFILE_INFLUENCERS_ONLY,
  SHOW_COLLECTIONS_INFLUENCERS_ONLY,
} from '../../shared/domain/profile-rules';
import type { PreferencesInput, ProfilePatchInput, UserLinkInput } from '../../shared/schemas/discovery';
import type { Db } from '../../shared/repositories/table';
import { getBalance } from '../../shared/repositories/ledger-repository';
import { getUser, type UserRecord } from '../../shared/repositories/user-repository';
import {
  addUserLink,
  deleteUserLink,
  getPreferences,
  listUserLinks,
  savePreferences,
  updateProfile,
} from '../../shared/repositories/user-settings-repository';
import { toCurrentUser } from './user-service';

export async function saveUserPreferences(db: Db, userId: string, input: PreferencesInput) {
  const rec = await savePreferences(db, userId, input);
  return { ...rec, onboarded: true };
}

export async function readUserPreferences(db: Db, user: UserRecord) {
  const rec = await getPreferences(db, user.id);
  return {
    styles: rec?.styles ?? [],
    brands: rec?.brands ?? [],
    colors: rec?.colors ?? [],
    updatedAt: rec?.updatedAt ?? null,
    onboarded: !!user.onboarded,
  };
}

/**
 * PATCH /api/user/profile. Turning isPublic or showCollections ON is for influencers only (sending the value
 * the user already has is not a change and is accepted); turning them off is always allowed.
 */
export async function updateUserProfile(db: Db, user: UserRecord, input: ProfilePatchInput) {
  if (input.isPublic === true && !user.isPublic && !user.isInfluencer) throw forbidden(PUBLIC_PROFILE_INFLUENCERS_ONLY);
  const currentShow = user.showCollections ?? true;
  if (input.showCollections === true && !currentShow && !user.isInfluencer)
    throw forbidden(SHOW_COLLECTIONS_INFLUENCERS_ONLY);
  const fields = {
    firstName: input.firstName,
    lastName: input.lastName,
    isPublic: input.isPublic,
    showCollections: input.showCollections,
  };
  let current = user;
  const updated = await retryOptimistic(
    async () => {
      const res = await updateProfile(db, user.id, current.handle, fields, input.handle ?? null);
      if (res.ok) return res.user;
      if (res.reason === 'handle-taken') throw conflict(HANDLE_TAKEN);
      const fresh = await getUser(db, user.id);
      if (!fresh) throw notFound('User not found');
      current = fresh;
      return AGAIN;
    },
    () => conflict('Your profile changed meanwhile. Please try again.'),
  );
  return toCurrentUser(updated, await getBalance(db, user.id));
}

const requireInfluencer = (user: UserRecord) => {
  if (!user.isInfluencer) throw forbidden(LINKS_INFLUENCERS_ONLY);
};

export async function listLinks(db: Db, user: UserRecord) {
  requireInfluencer(user);
  return (await listUserLinks(db, user.id)).map(({ id, title, url, createdAt }) => ({ id, title, url, createdAt }));
}

export async function addLink(db: Db, user: UserRecord, input: UserLinkInput, now = new Date()) {
  requireInfluencer(user);
  const link = { id: ulid(now.getTime()), title: input.title, url: input.url, createdAt: now.toISOString() };
  if (!(await addUserLink(db, user.id, link, MAX_USER_LINKS)))
    throw badRequest(LINK_LIMIT_REACHED, ERROR_CODES.validation);
  return link;
}

/** Any user may delete their own links (e.g. after leaving the influencer program). */
export async function removeLink(db: Db, userId: string, linkId: string) {
  if (!(await deleteUserLink(db, userId, linkId))) throw notFound('Link not found');
}
