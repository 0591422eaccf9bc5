/**
 * Sweeper (EventBridge schedule, every minute; the same locally): the last resort behind the EventBridge
 * rule on ended executions. (1) Render jobs whose lease ran out: an asynchronous provider's job is polled
 * (the fallback when its webhook did not come), any other is timed out (reported, so the workflow refunds).
 * (2) A dispatch per provider, in case a release's dispatch was lost. (3) Generations still pending or
 * processing past the workflow timeout are failed and refunded (failWithRefund is conditional: never twice)
 * and their execution is stopped. `sweeperUseCases(deps)` is the use case on its collaborators (the generation
 * store, the render queue's sweep and cancel, the workflow's stop); `sweep` below is the production wiring.
 */
import { sfnSend, StopExecutionCommand } from '../../lib/sfn-client';
import { GENERATION_TIMEOUT_SECONDS } from '../../../shared/domain/render-queue';
import { failWithRefund, listActiveBefore } from '../../../shared/repositories/generation-repository';
import { getDb } from '../../lib/aws';
import { logger, withLogging } from '../../lib/logger';
import { bindDb, type Store } from '../../lib/bind-db';
import { cancelRender } from './render-dispatch';
import { sweepRenderLeases } from './render-attempts';
import { reportQueueAge } from './queue-age';

export const STUCK_MESSAGE = 'The generation took too long and was stopped. Your credit was refunded.';

const repositories = { failWithRefund, listActiveBefore };
export type SweeperStore = Store<typeof repositories>;

/** What a sweep works with. */
export interface SweeperDeps {
  store: SweeperStore;
  /** Overdue render leases (poll or time out), then a dispatch per provider (render-attempts.ts). */
  sweepRenderLeases: (now: Date) => Promise<{ timedOut: number; polled: number }>;
  /** Drop the generation's queued job or free its slot, once (render-dispatch.ts). */
  cancelRender: (generationId: string) => Promise<void>;
  /** Stop the generation's execution (one that does not exist is stopped already). */
  stopExecution: (generationId: string) => Promise<void>;
}

export function sweeperUseCases(deps: SweeperDeps) {
  async function sweep(
    now: Date,
    timeoutSeconds: number,
  ): Promise<{ failed: number; timedOut: number; polled: number }> {
    const leases = await deps.sweepRenderLeases(now);
    const cutoff = new Date(now.getTime() - timeoutSeconds * 1000).toISOString();
    const stuck = await deps.store.listActiveBefore(cutoff);
    let failed = 0;
    for (const g of stuck) {
      if (await deps.store.failWithRefund(g.userId, g.id, STUCK_MESSAGE, now)) failed++;
      await deps.cancelRender(g.id);
      await deps
        .stopExecution(g.id)
        .catch((err) => logger.warn('could not stop execution', { generationId: g.id, error: err }));
    }
    if (failed || leases.timedOut) logger.info('swept', { failed, ...leases });
    return { failed, ...leases };
  }
  return { sweep };
}

async function stopExecution(generationId: string) {
  const arn = process.env.STATE_MACHINE_ARN;
  if (!arn) return;
  const executionArn = arn.replace(':stateMachine:', ':execution:') + `:${generationId}`;
  try {
    await sfnSend(new StopExecutionCommand({ executionArn, cause: 'Stuck past the workflow timeout' }));
  } catch (err) {
    if (!(err instanceof Error) || err.name !== 'ExecutionDoesNotExist') throw err;
  }
}

export const sweep = (
  now = new Date(),
  timeoutSeconds = Number(process.env.GENERATION_TIMEOUT_SECONDS ?? GENERATION_TIMEOUT_SECONDS),
): Promise<{ failed: number; timedOut: number; polled: number }> =>
  sweeperUseCases({
    store: bindDb(getDb(), repositories),
    sweepRenderLeases,
    cancelRender,
    stopExecution,
  }).sweep(now, timeoutSeconds);

export const handler = withLogging(async () => {
  const swept = await sweep();
  // the render queue's age for its alarm; a failed read never fails the sweep
  await reportQueueAge(getDb()).catch((err: unknown) => logger.warn('render queue age not read', { error: err }));
  return swept;
});
