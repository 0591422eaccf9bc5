/**
 * Issue 17, item 4: a deleted (or disabled) account keeps API access with an ID token issued before deletion.
 * The pipeline checks the user item's accountStatus on every authenticated call; a token whose user item is
 * gone never re-creates it while the pool says the user is deleted or disabled.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminDeleteUserCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand } from '../../shared/repositories/dynamo-client';
import { cognitoClient } from '../../infra/local/cognito-setup';
import { keys } from '../../shared/repositories/keys';
import { getUser, setAccountStatus } from '../../shared/repositories/user-repository';
import { revokeUserAccess } from '../../functions/lib/cognito';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';

let ctx: IntegrationContext;
beforeAll(async () => {
  ctx = await setupIntegration();
});

const INACTIVE = { message: 'This account is no longer active', code: 'auth.account_inactive' };

async function signedInUser(): Promise<TestUser> {
  const u = await ctx.createUser({ firstName: 'Dee', lastName: 'Leted' });
  expect((await ctx.invoke('GET', '/api/auth/user', { token: u.idToken })).status).toBe(200);
  return u;
}

describe('accountStatus on the user item', () => {
  it.each(['deleting', 'deleted', 'disabled'] as const)(
    'refuses GET and PATCH with a still-valid ID token once the account is %s',
    async (status) => {
      const u = await signedInUser();
      expect(
        (await ctx.invoke('PATCH', '/api/user/profile', { token: u.idToken, body: { firstName: 'Before' } })).status,
      ).toBe(200);
      expect(await setAccountStatus(ctx.db, u.sub, status)).toBe(true);
      for (const [method, path, body] of [
        ['GET', '/api/auth/user', undefined],
        ['PATCH', '/api/user/profile', { firstName: 'After' }],
        ['GET', '/api/generations', undefined],
        ['GET', '/api/credits', undefined],
        ['GET', '/api/photo-profiles', undefined],
        ['PATCH', '/api/users/role', { role: 'admin' }],
      ] as const) {
        const res = await ctx.invoke(method, path, { token: u.idToken, body });
        expect([res.status, res.body], `${method} ${path}`).toEqual([401, INACTIVE]);
      }
      // an optional-auth route with the token is refused too (the SPA signs out), without it the public view stays
      expect((await ctx.invoke('GET', `/api/users/${u.sub}`, { token: u.idToken })).status).toBe(401);
      expect((await getUser(ctx.db, u.sub))!.accountStatus).toBe(status);
    },
  );

  it("keeps answering for 'active' and for items without a status", async () => {
    const u = await signedInUser();
    expect(await setAccountStatus(ctx.db, u.sub, 'active')).toBe(true);
    expect((await ctx.invoke('GET', '/api/auth/user', { token: u.idToken })).status).toBe(200);
    expect(await setAccountStatus(ctx.db, 'no-such-user', 'deleted')).toBe(false);
  });
});

describe('a token that outlives its user item', () => {
  it('does not re-create the item of a user deleted from the pool', async () => {
    const u = await signedInUser();
    const cognito = cognitoClient(ctx.endpoints.cognito);
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: ctx.userPoolId, Username: u.email }));
    await ctx.db.doc.send(new DeleteCommand({ TableName: ctx.tableName, Key: keys.user(u.sub) }));
    const res = await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
    expect([res.status, res.body]).toEqual([401, INACTIVE]);
    expect(
      (await ctx.invoke('PATCH', '/api/user/profile', { token: u.idToken, body: { firstName: 'X' } })).status,
    ).toBe(401);
    expect(await getUser(ctx.db, u.sub)).toBeNull();
    cognito.destroy();
  });

  it('revokeUserAccess disables the pool user; its token then cannot re-create the item', async () => {
    const u = await signedInUser();
    const result = await revokeUserAccess(u.email);
    // cognito-local has no AdminUserGlobalSignOut (docs/security.md); AWS revokes the refresh tokens there
    expect(result).toEqual({ disabled: true, globalSignOut: 'unsupported-locally' });
    const cognito = cognitoClient(ctx.endpoints.cognito);
    expect(
      (await cognito.send(new AdminGetUserCommand({ UserPoolId: ctx.userPoolId, Username: u.email }))).Enabled,
    ).toBe(false);
    cognito.destroy();
    await ctx.db.doc.send(new DeleteCommand({ TableName: ctx.tableName, Key: keys.user(u.sub) }));
    expect((await ctx.invoke('GET', '/api/auth/user', { token: u.idToken })).status).toBe(401);
    expect(await getUser(ctx.db, u.sub)).toBeNull();
    expect(await revokeUserAccess('gone@example.test')).toEqual({ disabled: false, globalSignOut: 'user-gone' });
  });
});
