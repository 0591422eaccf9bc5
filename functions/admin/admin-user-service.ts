/**
 * The admin user search (issue 39): one person by their exact e-mail (the e-mail index, gsi1) or their user id
 * (the key), with what support needs to see at once: plan, credits, role and account status. No prefix or name
 * search: the table has no index that answers one without a scan (docs/decisions.md).
 */
import { findUserByEmail, getUser, type UserRecord } from '../../shared/repositories/user-repository';
import { getBalance } from '../../shared/repositories/ledger-repository';
import type { AdminUserSearchQuery, AdminUserSearchResult, AdminUserSummary } from '../../shared/schemas/admin';
import type { Db } from '../../shared/repositories/table';
import { isEmailTerm } from '../../shared/domain/admin-user-search';

async function summary(db: Db, u: UserRecord): Promise<AdminUserSummary> {
  const balance = await getBalance(db, u.id);
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
export async function searchUsers(db: Db, q: AdminUserSearchQuery): Promise<AdminUserSearchResult> {
  const matchedBy = isEmailTerm(q.q) ? 'email' : 'id';
  const user = matchedBy === 'email' ? await findUserByEmail(db, q.q) : await getUser(db, q.q);
  return { items: user ? [await summary(db, user)] : [], matchedBy };
}
