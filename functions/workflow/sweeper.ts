/**
 * Sweeper (EventBridge schedule, every 5 minutes; every minute in the local stack): fails and refunds
 * generations still pending or processing past the workflow timeout, stopping their execution if it still
 * runs. failWithRefund is conditional, so a generation that completes meanwhile is left alone, and a
 * generation is never refunded twice.
 */
import { SFNClient, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { failWithRefund, listActiveBefore } from '../../shared/repositories/generation-repository';
import { releaseSlot } from '../../shared/repositories/provider-slot-repository';
import { getDb } from '../lib/aws';
import { logger } from '../lib/http';

export const STUCK_MESSAGE = 'The generation took too long and was stopped. Your credit was refunded.';

export async function sweep(now = new Date(), timeoutSeconds = Number(process.env.GENERATION_TIMEOUT_SECONDS ?? 900)): Promise<{ failed: number }> {
  const db = getDb();
  const cutoff = new Date(now.getTime() - timeoutSeconds * 1000).toISOString();
  const stuck = await listActiveBefore(db, cutoff);
  let failed = 0;
  for (const g of stuck) {
    if (await failWithRefund(db, g.userId, g.id, STUCK_MESSAGE, now)) failed++;
    for (const p of ['local', 'fashn', 'gemini']) await releaseSlot(db, p, g.id);
    await stopExecution(g.id).catch((err) => logger.warn('could not stop execution', { generationId: g.id, error: err as Error }));
  }
  if (failed) logger.info('swept stuck generations', { failed });
  return { failed };
}

async function stopExecution(generationId: string) {
  const arn = process.env.STATE_MACHINE_ARN;
  if (!arn) return;
  const endpoint = process.env.SFN_ENDPOINT || undefined;
  const sfn = new SFNClient({ region: process.env.AWS_REGION ?? 'eu-west-1', ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}) });
  const executionArn = arn.replace(':stateMachine:', ':execution:') + `:${generationId}`;
  try {
    await sfn.send(new StopExecutionCommand({ executionArn, cause: 'Stuck past the workflow timeout' }));
  } catch (err) {
    if ((err as Error).name !== 'ExecutionDoesNotExist') throw err;
  } finally {
    sfn.destroy();
  }
}

export async function handler(): Promise<{ failed: number }> {
  return sweep();
}
