import { accountInactive, forbidden, notFound } from '../../shared/errors';
import { canSwitchRole, type Role } from '../../shared/domain/roles';
import type { CurrentUser } from '../../shared/schemas/user';
import type { Db } from '../../shared/repositories/table';
import {
  createUserIfMissing,
  getUser,
  setCurrentRole,
  type NewUser,
  type UserRecord,
} from '../../shared/repositories/user-repository';
import { getBalance, type Balance } from '../../shared/repositories/ledger-repository';
import type { AuthContext } from '../lib/auth';
import { getCognitoUserState, type CognitoUserState } from '../lib/cognito';

/**
 * What the user use cases work with. Each use case takes only the repository functions it calls and its
 * production wiring binds only those (inside the wrapper, never a module-level object): every API Lambda bundles
 * `ensureUser`, and must not pull the role switch's UpdateItem or the ledger in with it.
 */
export interface UserStore {
  getUser(userId: string, consistent?: boolean): Promise<UserRecord | null>;
  createUserIfMissing(input: NewUser): Promise<UserRecord>;
  setCurrentRole(userId: string, role: Role): Promise<UserRecord | null>;
  getBalance(userId: string): Promise<Balance>;
}

export interface EnsureUserDeps {
  store: Pick<UserStore, 'getUser' | 'createUserIfMissing'>;
  /** The user pool's view of a sign-in name (exists, enabled, names). */
  cognitoState: (username: string) => Promise<CognitoUserState>;
}

/**
 * The caller's user item, created on first sign-in (role shopper, no plan; the starter grant when verified). The
 * request pipeline's one read of the caller (every group's `loadUser`): strongly consistent, so the account
 * check, the role check and the rules the routes apply to it (the age gate, the privacy settings) see what the
 * caller's previous request wrote.
 */
export async function ensureUserWith({ store, cognitoState }: EnsureUserDeps, auth: AuthContext): Promise<UserRecord> {
  const existing = await store.getUser(auth.sub, true);
  if (existing) return existing;
  // No item yet: a first sign-in, or a token that outlived its account (deleted, disabled). Ask the pool once,
  // so a deleted user's still-valid token never silently re-creates the item.
  const claimed = auth.claims['cognito:username'];
  const username = typeof claimed === 'string' ? claimed : auth.email;
  const state = await cognitoState(username);
  if (!state.exists || !state.enabled) throw accountInactive();
  let { givenName, familyName } = auth;
  if (!givenName && !familyName) ({ givenName, familyName } = state);
  // Cognito's ID token says whether the e-mail was verified (a confirmed sign-up): the starter grant needs it.
  const verified = auth.claims.email_verified === true || auth.claims.email_verified === 'true';
  return store.createUserIfMissing({
    id: auth.sub,
    email: auth.email,
    firstName: givenName,
    lastName: familyName,
    emailVerified: verified,
  });
}

export const ensureUser = (db: Db, auth: AuthContext): Promise<UserRecord> =>
  ensureUserWith(
    {
      store: {
        getUser: (userId, consistent) => getUser(db, userId, consistent),
        createUserIfMissing: (input) => createUserIfMissing(db, input),
      },
      cognitoState: getCognitoUserState,
    },
    auth,
  );

export function toCurrentUser(u: UserRecord, balance: Balance): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    handle: u.handle,
    username: u.handle,
    profileImageUrl: u.profileImageUrl ?? null,
    credits: Math.max(0, balance.credits),
    hasUnlimitedCredits: !!u.hasUnlimitedCredits,
    role: u.role,
    currentRole: u.currentRole ?? u.role,
    permanentRole: u.permanentRole ?? u.role,
    currentPlan: u.currentPlan ?? 'none',
    subscriptionStatus: u.subscriptionStatus ?? 'none',
    hasUsedTrial: !!u.hasUsedTrial,
    isTrialEligible: !u.hasUsedTrial && (u.currentPlan ?? 'none') === 'none',
    isInfluencer: !!u.isInfluencer,
    influencerSince: u.influencerSince ?? null,
    nextScheduledPlan: u.nextScheduledPlan ?? null,
    nextScheduledPlanDate: u.nextScheduledPlanDate ?? null,
    isPublic: !!u.isPublic,
    showCollections: u.showCollections ?? true,
    onboarded: !!u.onboarded,
    createdAt: u.createdAt,
    starterGrant: u.starterGrant ?? null,
  };
}

/**
 * The signed-in user with their balance. `loaded`: the user's item the request pipeline already read (its
 * account check): passed in, the route needs one read more (the balance), not two.
 */
export async function getCurrentUserWith(
  deps: EnsureUserDeps & { store: Pick<UserStore, 'getBalance'> },
  auth: AuthContext,
  loaded?: UserRecord,
): Promise<CurrentUser> {
  // in turn: the first call creates the account with its starter grant, which the balance must include
  const user = loaded?.id === auth.sub ? loaded : await ensureUserWith(deps, auth);
  return toCurrentUser(user, await deps.store.getBalance(auth.sub));
}

export const getCurrentUser = (db: Db, auth: AuthContext, loaded?: UserRecord): Promise<CurrentUser> =>
  getCurrentUserWith(
    {
      store: {
        getUser: (userId, consistent) => getUser(db, userId, consistent),
        createUserIfMissing: (input) => createUserIfMissing(db, input),
        getBalance: (userId) => getBalance(db, userId),
      },
      cognitoState: getCognitoUserState,
    },
    auth,
    loaded,
  );

/**
 * Only a permanent admin may switch the active role (re-checked inside the conditional write). `user`: the
 * caller's item as the request pipeline read it.
 */
export async function switchRoleWith(
  store: Pick<UserStore, 'setCurrentRole' | 'getBalance'>,
  user: UserRecord,
  role: Role,
): Promise<CurrentUser> {
  if (!canSwitchRole(user)) throw forbidden('Only administrators can switch roles');
  const updated = await store.setCurrentRole(user.id, role);
  if (!updated) throw forbidden('Only administrators can switch roles');
  return toCurrentUser(updated, await store.getBalance(user.id));
}

export const switchRole = (db: Db, user: UserRecord, role: Role): Promise<CurrentUser> =>
  switchRoleWith(
    { setCurrentRole: (userId, r) => setCurrentRole(db, userId, r), getBalance: (userId) => getBalance(db, userId) },
    user,
    role,
  );

export async function requireUserByIdWith(store: Pick<UserStore, 'getUser'>, userId: string): Promise<UserRecord> {
  const u = await store.getUser(userId);
  if (!u) throw notFound('User not found');
  return u;
}

export const requireUserById = (db: Db, userId: string): Promise<UserRecord> =>
  requireUserByIdWith({ getUser: (id) => getUser(db, id) }, userId);
