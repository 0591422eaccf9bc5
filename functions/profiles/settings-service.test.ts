/**
 * Profile settings on an in-memory store: the influencer-only switches (turning on, never off), the handle move
 * (taken is 409, a stale handle is re-read and tried again), the link cap and ownership.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import {
  HANDLE_TAKEN,
  LINK_LIMIT_REACHED,
  LINKS_INFLUENCERS_ONLY,
  PUBLIC_PROFILE_INFLUENCERS_ONLY,
  SHOW_COLLECTIONS_INFLUENCERS_ONLY,
} from '../../shared/domain/profile-rules';
import { emptyBuckets } from '../../shared/domain/ledger';
import type { UserRecord } from '../../shared/repositories/user-repository';
import type { UserLinkRecord } from '../../shared/repositories/user-settings-repository';
import { aUser } from '../../test/support/in-memory-start-deps';
import { settingsUseCases } from './settings-service';

const now = new Date('2026-11-01T12:00:00.000Z');
let users: Map<string, UserRecord>;
let handles: Map<string, string>;
let links: Map<string, UserLinkRecord[]>;
let profileWrites: number;
/** Runs before the next profile write lands (another request's change). */
let beforeNextWrite: (() => void) | null;
let settings: ReturnType<typeof settingsUseCases>;

beforeEach(() => {
  users = new Map();
  handles = new Map();
  links = new Map();
  profileWrites = 0;
  beforeNextWrite = null;
  let nextLink = 0;
  settings = settingsUseCases({
    store: {
      savePreferences: (userId, input) =>
        Promise.resolve({ styles: input.styles, brands: input.brands, colors: input.colors, updatedAt: 'x' }),
      getPreferences: () => Promise.resolve(null),
      getUser: (id) => Promise.resolve(users.get(id) ?? null),
      getBalance: () => Promise.resolve({ ...emptyBuckets(), credits: 7 }),
      updateProfile: (userId, oldHandle, fields, newHandle) => {
        profileWrites++;
        beforeNextWrite?.();
        beforeNextWrite = null;
        const u = users.get(userId);
        if (!u || u.handle !== oldHandle) return Promise.resolve({ ok: false, reason: 'stale' });
        if (newHandle && newHandle !== oldHandle) {
          if (handles.has(newHandle)) return Promise.resolve({ ok: false, reason: 'handle-taken' });
          handles.delete(oldHandle);
          handles.set(newHandle, userId);
        }
        const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
        const next = { ...u, ...defined, handle: newHandle ?? u.handle };
        users.set(userId, next);
        return Promise.resolve({ ok: true, user: next });
      },
      listUserLinks: (userId) => Promise.resolve(links.get(userId) ?? []),
      addUserLink: (userId, link, max) => {
        const own = links.get(userId) ?? [];
        if (own.length >= max) return Promise.resolve(false);
        links.set(userId, [...own, link]);
        return Promise.resolve(true);
      },
      deleteUserLink: (userId, linkId) => {
        const own = links.get(userId) ?? [];
        const kept = own.filter((l) => l.id !== linkId);
        links.set(userId, kept);
        return Promise.resolve(kept.length < own.length);
      },
    },
    linkId: () => `link-${++nextLink}`,
  });
});

const put = (u: UserRecord) => {
  users.set(u.id, u);
  handles.set(u.handle, u.id);
  return u;
};

describe('the profile switches', () => {
  it('turning the public profile or collections on is for influencers only, and changes nothing', async () => {
    const shopper = put(aUser({ isPublic: false, showCollections: false }));
    await expect(settings.updateUserProfile(shopper, { isPublic: true })).rejects.toMatchObject({
      status: 403,
      code: ERROR_CODES.forbidden,
      message: PUBLIC_PROFILE_INFLUENCERS_ONLY,
    });
    await expect(settings.updateUserProfile(shopper, { showCollections: true })).rejects.toMatchObject({
      status: 403,
      message: SHOW_COLLECTIONS_INFLUENCERS_ONLY,
    });
    expect(profileWrites).toBe(0);
  });

  it('sending the value the user already has, or turning a switch off, is always accepted', async () => {
    const shopper = put(aUser({ isPublic: true, showCollections: true }));
    const res = await settings.updateUserProfile(shopper, { isPublic: true, showCollections: false });
    expect(res).toMatchObject({ isPublic: true, showCollections: false, credits: 7 });
    const influencer = put(aUser({ id: 'i1', handle: 'i1', isInfluencer: true }));
    expect(await settings.updateUserProfile(influencer, { isPublic: true })).toMatchObject({ isPublic: true });
  });
});

describe('the handle', () => {
  it('a handle another user holds is 409 and the old one stays', async () => {
    put(aUser({ id: 'other', handle: 'taken' }));
    const me = put(aUser({ handle: 'mine' }));
    await expect(settings.updateUserProfile(me, { handle: 'taken' })).rejects.toMatchObject({
      status: 409,
      code: ERROR_CODES.conflict,
      message: HANDLE_TAKEN,
    });
    expect(users.get('u1')?.handle).toBe('mine');
    expect(handles.get('taken')).toBe('other');
  });

  it('a handle changed meanwhile (another tab) is read again and the change lands on it', async () => {
    const me = put(aUser({ handle: 'mine' }));
    beforeNextWrite = () => {
      users.set('u1', { ...me, handle: 'changed-elsewhere' });
      handles.delete('mine');
      handles.set('changed-elsewhere', 'u1');
    };
    const res = await settings.updateUserProfile(me, { handle: 'new', firstName: 'Ada' });
    expect(res).toMatchObject({ handle: 'new', firstName: 'Ada' });
    expect(profileWrites).toBe(2);
    expect([...handles]).toEqual([['new', 'u1']]);
  });

  it('a user deleted meanwhile is 404', async () => {
    const me = put(aUser({ handle: 'mine' }));
    beforeNextWrite = () => users.delete('u1');
    await expect(settings.updateUserProfile(me, { handle: 'new' })).rejects.toMatchObject({ status: 404 });
    expect(handles.get('mine')).toBe('u1');
  });
});

describe('profile links', () => {
  it('are for influencers: a shopper can neither list nor add them', async () => {
    const shopper = aUser();
    await expect(settings.listLinks(shopper)).rejects.toMatchObject({ status: 403, message: LINKS_INFLUENCERS_ONLY });
    await expect(settings.addLink(shopper, { title: 'Shop', url: 'https://example.com' }, now)).rejects.toMatchObject({
      status: 403,
    });
    expect(links.size).toBe(0);
  });

  it('are added up to the cap; one more is a 400 validation refusal', async () => {
    const influencer = aUser({ isInfluencer: true });
    for (let i = 0; i < 20; i++)
      await settings.addLink(influencer, { title: `L${i}`, url: 'https://example.com' }, now);
    await expect(
      settings.addLink(influencer, { title: 'one more', url: 'https://example.com' }, now),
    ).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.validation,
      message: LINK_LIMIT_REACHED,
    });
    const listed = await settings.listLinks(influencer);
    expect(listed).toHaveLength(20);
    expect(listed[0]).toEqual({ id: 'link-1', title: 'L0', url: 'https://example.com', createdAt: now.toISOString() });
  });

  it("are removed by their owner (even after leaving the program); another user's link id is 404", async () => {
    const influencer = aUser({ isInfluencer: true });
    const link = await settings.addLink(influencer, { title: 'Shop', url: 'https://example.com' }, now);
    await expect(settings.removeLink('someone-else', link.id)).rejects.toMatchObject({ status: 404 });
    expect(links.get('u1')).toHaveLength(1);
    await settings.removeLink('u1', link.id);
    expect(links.get('u1')).toEqual([]);
  });
});

describe('preferences', () => {
  it('reads as empty lists before onboarding, and saving marks the user onboarded', async () => {
    expect(await settings.readUserPreferences(aUser({ onboarded: false }))).toEqual({
      styles: [],
      brands: [],
      colors: [],
      updatedAt: null,
      onboarded: false,
    });
    expect(await settings.saveUserPreferences('u1', { styles: ['casual'], brands: [], colors: [] })).toMatchObject({
      styles: ['casual'],
      onboarded: true,
    });
  });
});
