/** The admin user search on an in-memory store: one person by exact e-mail or id, with what support needs to see. */
import { describe, expect, it } from 'vitest';
import { adminUserUseCases, type AdminUserStore } from './admin-user-service';
import { aUser } from '../../test/support/in-memory-billing';

const ada = aUser({
  id: 'u-ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: null,
  currentPlan: 'creator',
  subscriptionStatus: 'active',
  permanentRole: 'influencer',
  isInfluencer: true,
});
const lookups: string[] = [];
const store: AdminUserStore = {
  // the e-mail index stores e-mails lower-cased: the repository normalises the term
  findUserByEmail: (email) => {
    lookups.push(`email:${email}`);
    return Promise.resolve(email.toLowerCase() === ada.email ? ada : null);
  },
  getUser: (id) => {
    lookups.push(`id:${id}`);
    return Promise.resolve(id === ada.id ? ada : null);
  },
  getBalance: () => Promise.resolve({ trial: 0, monthly: 40, pack: 5, credits: 45 }),
};
const { searchUsers } = adminUserUseCases({ store });

describe('admin user search', () => {
  it('finds a person by e-mail or by id, with plan, credits, role and status', async () => {
    const byEmail = await searchUsers({ q: 'Ada@Example.com' });
    expect(byEmail.matchedBy).toBe('email');
    expect(byEmail.items).toEqual([
      {
        id: 'u-ada',
        email: 'ada@example.com',
        name: 'Ada',
        handle: ada.handle,
        plan: 'creator',
        subscriptionStatus: 'active',
        credits: 45,
        hasUnlimitedCredits: false,
        role: 'influencer',
        isInfluencer: true,
        status: 'active',
        createdAt: ada.createdAt,
      },
    ]);
    expect((await searchUsers({ q: 'u-ada' })).matchedBy).toBe('id');
    expect(lookups).toEqual(['email:Ada@Example.com', 'id:u-ada']);
  });

  it('answers no one (not an error) for an unknown e-mail or id, and never looks an e-mail up as an id', async () => {
    lookups.length = 0;
    expect(await searchUsers({ q: 'nobody@example.com' })).toEqual({ items: [], matchedBy: 'email' });
    expect(await searchUsers({ q: 'u-nobody' })).toEqual({ items: [], matchedBy: 'id' });
    expect(lookups).toEqual(['email:nobody@example.com', 'id:u-nobody']);
  });
});
