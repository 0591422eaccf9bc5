/**
 * "Try it free" (issue 26): a newly verified account gets STARTER_CREDITS once, as a `grant.starter` ledger
 * entry written in the transaction that creates the account; at most once per verified e-mail (a second
 * account or a "+tag" alias of the same inbox gets none); an unverified e-mail gets none; concurrent first
 * sign-ins grant once; and the ledger's sum equals the balance throughout.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { setupIntegration, type IntegrationContext } from '../support/integration';
import { STARTER_CREDITS } from '../../shared/domain/plans';
import { getBalance, listAllEntries, reconcileUser } from '../../shared/repositories/ledger-repository';
import { createUserIfMissing, getUser } from '../../shared/repositories/user-repository';

let ctx: IntegrationContext;
beforeAll(async () => {
  ctx = await setupIntegration();
});

const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

async function expectGrants(userId: string, n: number) {
  const entries = (await listAllEntries(ctx.db, userId)).filter((e) => e.kind === 'grant.starter');
  expect(entries).toHaveLength(n);
  const balance = await getBalance(ctx.db, userId);
  expect(balance.credits).toBe(n * STARTER_CREDITS);
  expect(balance.trial).toBe(n * STARTER_CREDITS);
  const rec = await reconcileUser(ctx.db, userId);
  expect(rec.problems).toEqual([]);
  expect(rec.ok).toBe(true);
}

describe('starter grant', () => {
  it('is a positive business constant', () => {
    expect(Number.isInteger(STARTER_CREDITS)).toBe(true);
    expect(STARTER_CREDITS).toBeGreaterThan(0);
  });

  it('a verified new account gets it once, in the creating transaction; creating again changes nothing', async () => {
    const id = `u-${randomUUID()}`;
    const mail = email('fresh');
    await createUserIfMissing(ctx.db, { id, email: mail, emailVerified: true });
    await expectGrants(id, 1);
    const [entry] = await listAllEntries(ctx.db, id);
    expect(entry).toMatchObject({ entryId: `grant.starter:starter:${id}`, bucket: 'trial', amount: STARTER_CREDITS });
    await createUserIfMissing(ctx.db, { id, email: mail, emailVerified: true });
    await expectGrants(id, 1);
  });

  it('an unverified e-mail gets none (and the account is still created)', async () => {
    const id = `u-${randomUUID()}`;
    await createUserIfMissing(ctx.db, { id, email: email('unverified') });
    expect(await getUser(ctx.db, id)).not.toBeNull();
    await expectGrants(id, 0);
  });

  it('once per verified e-mail: a second account with the same address, or a +tag alias, gets none', async () => {
    const mail = email('twice');
    const first = `u-${randomUUID()}`;
    await createUserIfMissing(ctx.db, { id: first, email: mail, emailVerified: true });
    await expectGrants(first, 1);

    const second = `u-${randomUUID()}`;
    await createUserIfMissing(ctx.db, { id: second, email: mail.toUpperCase(), emailVerified: true });
    expect(await getUser(ctx.db, second)).not.toBeNull();
    await expectGrants(second, 0);

    const [local, domain] = mail.split('@');
    const alias = `u-${randomUUID()}`;
    await createUserIfMissing(ctx.db, { id: alias, email: `${local}+again@${domain}`, emailVerified: true });
    expect(await getUser(ctx.db, alias)).not.toBeNull();
    await expectGrants(alias, 0);
  });

  it('concurrent first sign-ins of one account grant exactly once', async () => {
    const id = `u-${randomUUID()}`;
    const mail = email('race');
    const users = await Promise.all(
      Array.from({ length: 5 }, () => createUserIfMissing(ctx.db, { id, email: mail, emailVerified: true })),
    );
    expect(new Set(users.map((u) => u.handle)).size).toBe(1);
    await expectGrants(id, 1);
  });

  it('GET /api/auth/user: a verified token creates the account with the grant and shows it in the credits', async () => {
    const user = await ctx.createUser();
    // the local test pools do not verify e-mails: sign the same account's token with email_verified as Cognito does
    const token = ctx.forgeToken({
      sub: user.sub,
      email: user.email,
      'cognito:username': user.email,
      email_verified: true,
    });
    const res = await ctx.invoke('GET', '/api/auth/user', { token });
    expect(res.status).toBe(200);
    expect(res.body.credits).toBe(STARTER_CREDITS);
    await expectGrants(user.sub, 1);
    const again = await ctx.invoke('GET', '/api/auth/user', { token });
    expect(again.body.credits).toBe(STARTER_CREDITS);
    await expectGrants(user.sub, 1);
  });

  it('GET /api/auth/user: an unverified token gets no grant', async () => {
    const user = await ctx.createUser();
    const res = await ctx.invoke('GET', '/api/auth/user', { token: user.idToken });
    expect(res.status).toBe(200);
    expect(res.body.credits).toBe(0);
    await expectGrants(user.sub, 0);
  });

  it('GET /api/auth/user says why an address that had its free look gets none (issue 39), and nothing otherwise', async () => {
    const first = await ctx.createUser();
    const verified = (sub: string) =>
      ctx.forgeToken({ sub, email: first.email, 'cognito:username': first.email, email_verified: true });
    const granted = await ctx.invoke('GET', '/api/auth/user', { token: verified(first.sub) });
    expect(granted.body).toMatchObject({ credits: STARTER_CREDITS, starterGrant: 'granted' });
    // the same address signs up again (a new account id, as after deleting the first account)
    const again = `reg-${randomUUID()}`;
    const res = await ctx.invoke('GET', '/api/auth/user', { token: verified(again) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ credits: 0, starterGrant: 'address-used' });
    await expectGrants(again, 0);
    expect((await getUser(ctx.db, again))?.starterGrant).toBe('address-used');
    // an account with no verified address was never due a grant: nothing to explain
    const unverified = await ctx.createUser();
    expect((await ctx.invoke('GET', '/api/auth/user', { token: unverified.idToken })).body.starterGrant).toBeNull();
  });
});
