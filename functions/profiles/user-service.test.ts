/**
 * The caller's user item on an in-memory store and user pool: created once on first sign-in (names from the
 * token or the pool, the starter grant only for a verified e-mail), never re-created for a deleted or disabled
 * sign-in, and the role switch for permanent admins only.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import { emptyBuckets } from '../../shared/domain/ledger';
import type { NewUser, UserRecord } from '../../shared/repositories/user-repository';
import type { CognitoUserState } from '../lib/cognito';
import type { AuthContext } from '../lib/auth';
import { aUser } from '../../test/support/in-memory-start-deps';
import {
  ensureUserWith,
  getCurrentUserWith,
  requireUserByIdWith,
  switchRoleWith,
  type EnsureUserDeps,
  type UserStore,
} from './user-service';

let users: Map<string, UserRecord>;
let created: NewUser[];
let pool: Map<string, CognitoUserState>;
let poolAsked: string[];
let store: UserStore;
let deps: EnsureUserDeps & { store: UserStore };

const auth = (overrides: Partial<AuthContext> = {}): AuthContext => ({
  sub: 'u1',
  email: 'ada@example.com',
  givenName: null,
  familyName: null,
  claims: { 'cognito:username': 'ada', email_verified: 'true' },
  ...overrides,
});

beforeEach(() => {
  users = new Map();
  created = [];
  pool = new Map([['ada', { exists: true, enabled: true, givenName: 'Ada', familyName: 'Lovelace' }]]);
  poolAsked = [];
  store = {
    getUser: (id) => Promise.resolve(users.get(id) ?? null),
    createUserIfMissing: (input) => {
      created.push(input);
      const u = users.get(input.id) ?? aUser({ id: input.id, email: input.email, firstName: input.firstName ?? null });
      users.set(u.id, u);
      return Promise.resolve(u);
    },
    setCurrentRole: (id, role) => {
      const u = users.get(id);
      if (!u || u.permanentRole !== 'admin') return Promise.resolve(null);
      const next = { ...u, currentRole: role };
      users.set(id, next);
      return Promise.resolve(next);
    },
    getBalance: () => Promise.resolve({ ...emptyBuckets(), trial: 3, credits: 3 }),
  };
  deps = {
    store,
    cognitoState: (username) => {
      poolAsked.push(username);
      return Promise.resolve(
        pool.get(username) ?? { exists: false, enabled: false, givenName: null, familyName: null },
      );
    },
  };
});

describe('the caller on first use', () => {
  it('an existing user is answered from the store without asking the pool', async () => {
    users.set('u1', aUser());
    expect(await ensureUserWith(deps, auth())).toMatchObject({ id: 'u1' });
    expect(poolAsked).toEqual([]);
    expect(created).toEqual([]);
  });

  it('a first sign-in creates the user with the names of the pool, verified from the token', async () => {
    await ensureUserWith(deps, auth());
    expect(poolAsked).toEqual(['ada']);
    expect(created).toEqual([
      { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', emailVerified: true },
    ]);
  });

  it("the token's names win over the pool's; an unverified e-mail gets no starter grant", async () => {
    await ensureUserWith(deps, auth({ givenName: 'A', claims: { 'cognito:username': 'ada', email_verified: false } }));
    expect(created[0]).toMatchObject({ firstName: 'A', lastName: null, emailVerified: false });
  });

  it('without a username claim the pool is asked by e-mail', async () => {
    pool.set('ada@example.com', { exists: true, enabled: true, givenName: null, familyName: null });
    await ensureUserWith(deps, auth({ claims: {} }));
    expect(poolAsked).toEqual(['ada@example.com']);
  });

  it('a token of a deleted or disabled sign-in is 401 account_inactive and creates nothing', async () => {
    pool.set('ada', { exists: false, enabled: false, givenName: null, familyName: null });
    await expect(ensureUserWith(deps, auth())).rejects.toMatchObject({
      status: 401,
      code: ERROR_CODES.accountInactive,
    });
    pool.set('ada', { exists: true, enabled: false, givenName: null, familyName: null });
    await expect(ensureUserWith(deps, auth())).rejects.toMatchObject({ status: 401 });
    expect(created).toEqual([]);
  });
});

describe('the current user', () => {
  it('uses the item the pipeline loaded (no second read) and adds the balance', async () => {
    const loaded = aUser({ firstName: 'Loaded' });
    deps.store.getUser = () => Promise.reject(new Error('read twice'));
    const me = await getCurrentUserWith(deps, auth(), loaded);
    expect(me).toMatchObject({ id: 'u1', firstName: 'Loaded', credits: 3, currentPlan: 'none' });
  });

  it("another user's loaded item is not taken for the caller's", async () => {
    users.set('u1', aUser({ firstName: 'Me' }));
    const me = await getCurrentUserWith(deps, auth(), aUser({ id: 'u2', firstName: 'Other' }));
    expect(me).toMatchObject({ id: 'u1', firstName: 'Me' });
  });
});

describe('the role switch', () => {
  it('is for permanent admins: anyone else is 403 and nothing changes', async () => {
    const shopper = aUser();
    users.set('u1', shopper);
    await expect(switchRoleWith(store, shopper, 'admin')).rejects.toMatchObject({
      status: 403,
      code: ERROR_CODES.forbidden,
    });
    // an admin who was demoted meanwhile: the conditional write refuses it
    const wasAdmin = aUser({ role: 'admin', permanentRole: 'admin', currentRole: 'admin' });
    await expect(switchRoleWith(store, wasAdmin, 'shopper')).rejects.toMatchObject({ status: 403 });
    expect(users.get('u1')?.currentRole).toBe('shopper');
  });

  it('an admin switches and gets the user with the new role and the balance', async () => {
    const admin = aUser({ role: 'admin', permanentRole: 'admin', currentRole: 'admin' });
    users.set('u1', admin);
    expect(await switchRoleWith(store, admin, 'shopper')).toMatchObject({
      currentRole: 'shopper',
      permanentRole: 'admin',
      credits: 3,
    });
  });
});

it('a user looked up by id is 404 when there is none', async () => {
  await expect(requireUserByIdWith(store, 'nobody')).rejects.toMatchObject({ status: 404, code: ERROR_CODES.notFound });
});
