/**
 * The render queue's age for its alarm (functions/generations/workflow/queue-age.ts): the oldest waiting job of each
 * provider, either lane, read from the queue itself (DynamoDB Local).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueRenderJob } from '../../shared/repositories/render-queue-repository';
import { reportQueueAge } from '../../functions/generations/workflow/queue-age';
import { setupIntegration, type IntegrationContext } from '../support/integration';

let ctx: IntegrationContext;
beforeAll(async () => {
  ctx = await setupIntegration();
});
afterAll(() => ctx?.db.doc.destroy());

describe('render queue age', () => {
  it('is the wait of the oldest job per provider, priority or standard; 0 for an empty queue', async () => {
    const t0 = Date.parse('2026-01-05T10:00:00.000Z');
    const job = (id: string, provider: 'gemini' | 'fashn', priority: boolean, at: number) =>
      enqueueRenderJob(
        ctx.db,
        { generationId: id, userId: `user-${id}`, provider, priority, taskToken: `token-${id}` },
        new Date(at),
      );
    // the standard lane's head is older than the priority lane's: the age is the older of the two
    await job('age-g1', 'gemini', false, t0);
    await job('age-g2', 'gemini', true, t0 + 30_000);
    await job('age-g3', 'gemini', false, t0 + 40_000);
    await job('age-f1', 'fashn', true, t0 + 45_000);
    const ages = await reportQueueAge(ctx.db, new Date(t0 + 100_000));
    expect(Object.fromEntries(ages.map((a) => [a.provider, a.oldestWaitSeconds]))).toEqual({
      engine: 0,
      fashn: 55,
      gemini: 100,
    });
  });
});
