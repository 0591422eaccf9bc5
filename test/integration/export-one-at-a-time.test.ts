/**
 * "One export at a time" under concurrency (issue 40, item 6): 8 simultaneous POST /api/user/export used to
 * start 4-5 builds (a read, then a write). Now a conditional write decides: exactly one build starts, the
 * others answer 409 `export.in_progress` with the running export; a finished, failed or stale export does not
 * block the next one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_STALE_SECONDS } from '../../shared/domain/privacy';
import { listExports, updateExport } from '../../shared/repositories/privacy-repository';
import { requestExport, setExportRunner } from '../../functions/privacy/export-service';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';

let ctx: IntegrationContext;
const started: { userId: string; exportId: string }[] = [];

beforeAll(async () => {
  ctx = await setupIntegration();
  // builds are recorded, not run: what is counted is how many were started
  setExportRunner((_db, userId, exportId) => started.push({ userId, exportId }));
});

async function newUser(): Promise<TestUser> {
  const u = await ctx.createUser();
  await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
  return u;
}
const post = (u: TestUser) => ctx.invoke('POST', '/api/user/export', { token: u.idToken });
const buildsOf = (u: TestUser) => started.filter((s) => s.userId === u.sub);

describe('POST /api/user/export under concurrency', () => {
  it('8 parallel requests: exactly one build starts, the 7 others answer 409 with that export', async () => {
    const u = await newUser();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(u)));
    const accepted = answers.filter((a) => a.status === 202);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409, 409, 409, 409, 409, 409]);
    expect(buildsOf(u)).toEqual([{ userId: u.sub, exportId: accepted[0]!.body.id }]);
    expect((await listExports(ctx.db, u.sub)).map((e) => e.id)).toEqual([accepted[0]!.body.id]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body).toEqual({
        message: 'An export is already being prepared. It will be ready in a moment.',
        code: 'export.in_progress',
        export: expect.objectContaining({ id: accepted[0]!.body.id, status: 'pending', progress: 0, url: null }),
      });
  });

  it('a building export blocks; once it is ready or failed the next request starts one', async () => {
    const u = await newUser();
    const first = await post(u);
    expect(first.status).toBe(202);
    await updateExport(ctx.db, u.sub, first.body.id, { status: 'building', progress: 40 });
    const busy = await post(u);
    expect(busy.status).toBe(409);
    expect(busy.body.export).toMatchObject({ id: first.body.id, status: 'building', progress: 40 });

    await updateExport(ctx.db, u.sub, first.body.id, { status: 'failed', error: 'x' });
    const second = await post(u);
    expect(second.status).toBe(202);
    await updateExport(ctx.db, u.sub, second.body.id, { status: 'ready', progress: 100 });
    const third = await Promise.all([post(u), post(u), post(u)]);
    expect(third.map((a) => a.status).sort()).toEqual([202, 409, 409]);
    expect(buildsOf(u)).toHaveLength(3);
  });

  it('an export that stopped moving (its build died) does not block for ever', async () => {
    const u = await newUser();
    const first = await post(u);
    expect(first.status).toBe(202);
    const soon = new Date(Date.now() + (EXPORT_STALE_SECONDS - 60) * 1000);
    await expect(requestExport(ctx.db, u.sub, soon)).rejects.toMatchObject({ status: 409 });
    const later = new Date(Date.now() + (EXPORT_STALE_SECONDS + 60) * 1000);
    const again = await requestExport(ctx.db, u.sub, later);
    expect(again.id).not.toBe(first.body.id);
    expect(buildsOf(u).map((b) => b.exportId)).toEqual([first.body.id, again.id]);
  });
});
