/**
 * The admin user search (issue 39): one person by their exact e-mail (the e-mail index, gsi1) or their user id
 * (the key), with what support needs to see at once: plan, credits, role and account status. No prefix or name
 * search: the table has no index that answers one without a scan (docs/decisions.md). `adminUserUseCases({ store })`
 * is the use case on its store; `searchUsers(db, q)` below is the production wiring.
 */
import { findUserByEmail, getUser, type UserRecord } from '../../shared/repositories/user-repository';
import { getBalance } from '../../shared/repositories/ledger-repository';
import type { AdminUserSearchQuery, AdminUserSearchResult, AdminUserSummary } from '../../shared/schemas/admin';
import type { Db } from '../../shared/repositories/table';
import { isEmailTerm } from '../../shared/domain/admin-user-search';
import { bindDb, type Store } from '../lib/bind-db';

const repositories = { findUserByEmail, getBalance, getUser };
export type AdminUserStore = Store<typeof repositories>;

/** The admin user search, on its store. */
export function adminUserUseCases({ store }: { store: AdminUserStore }) {
  async function summary(u: UserRecord): Promise<AdminUserSummary> {
    const balance = await store.getBalance(u.id);
    const name = [u.firstName, u.lastName].filter(Boolean).join(' ') || null;
    return {
      id: u.id,
      email: u.email,
      name,
      handle: u.handle,
      plan: u.currentPlan,
      subscriptionStatus: u.subscriptionStatus,
      credits: balance.credits,
      hasUnlimitedCredits: u.hasUnlimitedCredits,
      role: u.permanentRole,
      isInfluencer: u.isInfluencer,
      status: u.accountStatus ?? 'active',
      createdAt: u.createdAt,
    };
  }

  /** GET /api/admin/users?q=: the person with this e-mail (any case) or id, or no one. */
  async function searchUsers(q: AdminUserSearchQuery): Promise<AdminUserSearchResult> {
    const matchedBy = isEmailTerm(q.q) ? 'email' : 'id';
    const user = matchedBy === 'email' ? await store.findUserByEmail(q.q) : await store.getUser(q.q);
    return { items: user ? [await summary(user)] : [], matchedBy };
  }
  return { searchUsers };
}

/** GET /api/admin/users?q= on the table. */
export const searchUsers = (db: Db, q: AdminUserSearchQuery): Promise<AdminUserSearchResult> =>
  adminUserUseCases({ store: bindDb(db, repositories) }).searchUsers(q);
