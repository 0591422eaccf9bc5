/**
 * Onboarding preferences, profile settings (names, unique handle, visibility switches) and profile links.
 * `settingsUseCases(deps)` is the use case on its collaborators (the stored settings, the clock's link ids);
 * the functions at the end are the production wiring the catalog group calls.
 */
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
import { bindDb, type Store } from '../lib/bind-db';

const repositories = {
  savePreferences,
  getPreferences,
  updateProfile,
  getUser,
  getBalance,
  listUserLinks,
  addUserLink,
  deleteUserLink,
};
export type SettingsStore = Store<typeof repositories>;

export interface SettingsDeps {
  store: SettingsStore;
  /** A new link's id for its creation time (ulid: links list in creation order). */
  linkId: (now: Date) => string;
}

const requireInfluencer = (user: UserRecord) => {
  if (!user.isInfluencer) throw forbidden(LINKS_INFLUENCERS_ONLY);
};

export function settingsUseCases({ store, linkId }: SettingsDeps) {
  async function saveUserPreferences(userId: string, input: PreferencesInput) {
    const rec = await store.savePreferences(userId, input);
    return { ...rec, onboarded: true };
  }

  async function readUserPreferences(user: UserRecord) {
    const rec = await store.getPreferences(user.id);
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
  async function updateUserProfile(user: UserRecord, input: ProfilePatchInput) {
    if (input.isPublic === true && !user.isPublic && !user.isInfluencer)
      throw forbidden(PUBLIC_PROFILE_INFLUENCERS_ONLY);
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
        const res = await store.updateProfile(user.id, current.handle, fields, input.handle ?? null);
        if (res.ok) return res.user;
        if (res.reason === 'handle-taken') throw conflict(HANDLE_TAKEN);
        const fresh = await store.getUser(user.id);
        if (!fresh) throw notFound('User not found');
        current = fresh;
        return AGAIN;
      },
      () => conflict('Your profile changed meanwhile. Please try again.'),
    );
    return toCurrentUser(updated, await store.getBalance(user.id));
  }

  async function listLinks(user: UserRecord) {
    requireInfluencer(user);
    return (await store.listUserLinks(user.id)).map(({ id, title, url, createdAt }) => ({ id, title, url, createdAt }));
  }

  async function addLink(user: UserRecord, input: UserLinkInput, now: Date) {
    requireInfluencer(user);
    const link = { id: linkId(now), title: input.title, url: input.url, createdAt: now.toISOString() };
    if (!(await store.addUserLink(user.id, link, MAX_USER_LINKS)))
      throw badRequest(LINK_LIMIT_REACHED, ERROR_CODES.validation);
    return link;
  }

  /** Any user may delete their own links (e.g. after leaving the influencer program). */
  async function removeLink(userId: string, linkId: string) {
    if (!(await store.deleteUserLink(userId, linkId))) throw notFound('Link not found');
  }

  return { saveUserPreferences, readUserPreferences, updateUserProfile, listLinks, addLink, removeLink };
}

const production = (db: Db) =>
  settingsUseCases({ store: bindDb(db, repositories), linkId: (now) => ulid(now.getTime()) });

export const saveUserPreferences = (db: Db, userId: string, input: PreferencesInput) =>
  production(db).saveUserPreferences(userId, input);
export const readUserPreferences = (db: Db, user: UserRecord) => production(db).readUserPreferences(user);
export const updateUserProfile = (db: Db, user: UserRecord, input: ProfilePatchInput) =>
  production(db).updateUserProfile(user, input);
export const listLinks = (db: Db, user: UserRecord) => production(db).listLinks(user);
export const addLink = (db: Db, user: UserRecord, input: UserLinkInput, now = new Date()) =>
  production(db).addLink(user, input, now);
export const removeLink = (db: Db, userId: string, linkId: string) => production(db).removeLink(userId, linkId);
