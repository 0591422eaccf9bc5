/**
 * Sweeper (EventBridge schedule, every minute; the same locally): the last resort behind the EventBridge
 * rule on ended executions. (1) Render jobs whose lease ran out: an asynchronous provider's job is polled
 * (the fallback when its webhook did not come), any other is timed out (reported, so the workflow refunds).
 * (2) A dispatch per provider, in case a release's dispatch was lost. (3) Generations still pending or
 * processing past the workflow timeout are failed and refunded (failWithRefund is conditional: never twice)
 * and their execution is stopped.
 */
import { sfnSend, StopExecutionCommand } from '../../lib/sfn-client';
import { GENERATION_TIMEOUT_SECONDS } from '../../../shared/domain/render-queue';
import { failWithRefund, listActiveBefore } from '../../../shared/repositories/generation-repository';
import { getDb } from '../../lib/aws';
import { logger, withLogging } from '../../lib/logger';
import { cancelRender, sweepRenderLeases } from './render-dispatch';
import { reportQueueAge } from './queue-age';

export const STUCK_MESSAGE = 'The generation took too long and was stopped. Your credit was refunded.';

export async function sweep(
  now = new Date(),
  timeoutSeconds = Number(process.env.GENERATION_TIMEOUT_SECONDS ?? GENERATION_TIMEOUT_SECONDS),
): Promise<{ failed: number; timedOut: number; polled: number }> {
  const db = getDb();
  const leases = await sweepRenderLeases(now);
  const cutoff = new Date(now.getTime() - timeoutSeconds * 1000).toISOString();
  const stuck = await listActiveBefore(db, cutoff);
  let failed = 0;
  for (const g of stuck) {
    if (await failWithRefund(db, g.userId, g.id, STUCK_MESSAGE, now)) failed++;
    await cancelRender(g.id);
    await stopExecution(g.id).catch((err) =>
      logger.warn('could not stop execution', { generationId: g.id, error: err }),
    );
  }
  if (failed || leases.timedOut) logger.info('swept', { failed, ...leases });
  return { failed, ...leases };
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

export const handler = withLogging(async () => {
  const swept = await sweep();
  // the render queue's age for its alarm; a failed read never fails the sweep
  await reportQueueAge(getDb()).catch((err: unknown) => logger.warn('render queue age not read', { error: err }));
  return swept;
});
