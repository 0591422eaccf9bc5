/**
 * The caller's user item on in-memory collaborators: created once on first sign-in from the token (the starter
 * grant only for a verified e-mail), never re-created for an account the pool no longer has; role switching.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyBuckets } from '../../shared/domain/ledger';
import type { NewUser, UserRecord } from '../../shared/repositories/user-repository';
import type { AuthContext } from '../lib/auth';
import type { CognitoUserState } from '../lib/cognito';
import { userUseCases } from './user-service';

let users: Map<string, UserRecord>;
let created: NewUser[];
let pool: CognitoUserState;
let asked: string[];
let uc: ReturnType<typeof userUseCases>;

const auth = (claims: Record<string, unknown> = {}, names: Partial<AuthContext> = {}): AuthContext => ({
  sub: 'u1',
  email: 'ann@example.com',
  givenName: null,
  familyName: null,
  claims: { 'cognito:username': 'ann', ...claims },
  ...names,
});

const record = (n: NewUser): UserRecord =>
  ({
    id: n.id,
    email: n.email,
    firstName: n.firstName ?? null,
    lastName: n.lastName ?? null,
    handle: 'ann',
    role: 'shopper',
    currentRole: 'shopper',
    permanentRole: 'shopper',
    createdAt: '2026-11-01T00:00:00.000Z',
  }) as UserRecord;

beforeEach(() => {
  users = new Map();
  created = [];
  asked = [];
  pool = { exists: true, enabled: true, givenName: 'Ann', familyName: 'Lee' };
  uc = userUseCases({
    store: {
      getUser: (id) => Promise.resolve(users.get(id) ?? null),
      createUserIfMissing: (n) => {
        created.push(n);
        const u = users.get(n.id) ?? record(n);
        users.set(n.id, u);
        return Promise.resolve(u);
      },
      setCurrentRole: (id, role) => {
        const u = users.get(id);
        if (u?.permanentRole !== 'admin') return Promise.resolve(null);
        const updated = { ...u, currentRole: role };
        users.set(id, updated);
        return Promise.resolve(updated);
      },
      getBalance: () => Promise.resolve({ ...emptyBuckets(), trial: 2, credits: 2 }),
    },
    userState: (username) => {
      asked.push(username);
      return Promise.resolve(pool);
    },
  });
});

describe('the caller’s user item', () => {
  it('is read, not created, when it exists; the pool is not asked', async () => {
    users.set('u1', record({ id: 'u1', email: 'ann@example.com' } as NewUser));
    await uc.ensureUser(auth());
    expect(created).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('is created on first sign-in with the pool’s names and the verified flag from the token', async () => {
    await uc.ensureUser(auth({ email_verified: 'true' }));
    expect(asked).toEqual(['ann']);
    expect(created).toEqual([
      { id: 'u1', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', emailVerified: true },
    ]);
  });

  it('an unverified e-mail is created without the verified flag (no starter grant); the token’s names win', async () => {
    await uc.ensureUser(auth({ email_verified: false }, { givenName: 'A.', familyName: null }));
    expect(created[0]).toMatchObject({ firstName: 'A.', lastName: null, emailVerified: false });
  });

  it('a token that outlived its account (deleted or disabled in the pool) is refused, and nothing is created', async () => {
    pool = { ...pool, exists: false };
    await expect(uc.ensureUser(auth())).rejects.toMatchObject({ status: 401 });
    pool = { ...pool, exists: true, enabled: false };
    await expect(uc.ensureUser(auth())).rejects.toMatchObject({ status: 401 });
    expect(created).toEqual([]);
  });

  it('the current user view counts the balance and is trial-eligible without a plan', async () => {
    const view = await uc.getCurrentUser(auth());
    expect(view).toMatchObject({ id: 'u1', credits: 2, isTrialEligible: true, currentRole: 'shopper' });
  });

  it('only a permanent admin may switch roles', async () => {
    await expect(uc.switchRole(auth(), 'admin')).rejects.toMatchObject({ status: 403 });
    users.set('u1', { ...users.get('u1')!, permanentRole: 'admin', role: 'admin' });
    expect((await uc.switchRole(auth(), 'shopper')).currentRole).toBe('shopper');
  });

  it('an unknown user id is 404', async () => {
    await expect(uc.requireUserById('nobody')).rejects.toMatchObject({ status: 404 });
  });
});
