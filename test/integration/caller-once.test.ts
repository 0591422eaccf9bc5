/**
 * The caller is read once a request (issue 42): the pipeline reads the signed-in user's item for its account and
 * role checks and hands it to the route, so no route reads it a second time (a generation start, the credits,
 * a favourite, the privacy settings). Counted on the handlers' own DynamoDB client.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '../../shared/repositories/dynamo-client';
import { keys } from '../../shared/repositories/keys';
import { getDb } from '../../functions/lib/aws';
import { seedStyleId } from '../../infra/local/seed-catalog';
import { createUserWithProfile } from '../support/users';
import { seedTestCatalog } from '../support/styles';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { startTestWorkflow } from '../support/workflow';

let ctx: IntegrationContext;
let wf: Awaited<ReturnType<typeof startTestWorkflow>>;
let user: TestUser;
let profileId = '';

beforeAll(async () => {
  ctx = await setupIntegration();
  wf = await startTestWorkflow();
  await seedTestCatalog(ctx, (await ctx.createUser()).sub);
  ({ user, profileId } = await createUserWithProfile(ctx, { credits: 5, patch: { currentPlan: 'starter' } }));
}, 120_000);
afterAll(async () => {
  await wf?.stop();
});
afterEach(() => getDb().doc.remove('count-user-reads'));

/** The reads of the user's own item while one request runs. */
async function userReadsOf(run: () => Promise<{ status: number; body: unknown }>, expected: number) {
  const userKey = keys.user(user.sub);
  let reads = 0;
  getDb().doc.use('count-user-reads', (command, next) => {
    if (command instanceof GetCommand) {
      const key = command.input.Key;
      if (key?.pk === userKey.pk && key?.sk === userKey.sk) reads++;
    }
    return next();
  });
  const res = await run();
  getDb().doc.remove('count-user-reads');
  expect(res.status, JSON.stringify(res.body)).toBe(expected);
  return reads;
}

describe('one read of the caller a request', () => {
  it('a generation start', async () => {
    const reads = await userReadsOf(
      () =>
        ctx.invoke('POST', '/api/generate/style', {
          token: user.idToken,
          body: { styleId: seedStyleId(0), photoProfileId: profileId, mode: 'exact' },
          headers: { 'idempotency-key': 'caller-once-start-1' },
        }),
      201,
    );
    expect(reads).toBe(1);
    await wf.drain();
  });

  it('the credits, a favourite, the privacy settings', async () => {
    expect(await userReadsOf(() => ctx.invoke('GET', '/api/credits', { token: user.idToken }), 200)).toBe(1);
    expect(
      await userReadsOf(
        () => ctx.invoke('POST', `/api/styles/${seedStyleId(1)}/favorite`, { token: user.idToken }),
        200,
      ),
    ).toBe(1);
    expect(await userReadsOf(() => ctx.invoke('GET', '/api/user/privacy', { token: user.idToken }), 200)).toBe(1);
  });
});
