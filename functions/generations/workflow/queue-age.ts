/**
 * The render queue's age, for its alarm (infra/lib/constructs/alarms.ts, `RenderQueueAge`): every sweep (each
 * minute) logs, per provider, how long the oldest waiting job of either lane has waited. A metric filter on the
 * sweeper's log group turns the line into the metric `Tryon/Render RenderQueueOldestWaitSeconds`
 * (infra/lib/constructs/workflow.ts). Two strongly consistent reads of one item per provider a minute.
 */
import { PROVIDER_NAMES, type ProviderName } from '../../../shared/domain/render-queue';
import { queueHeads } from '../../../shared/repositories/render-queue-repository';
import type { Db } from '../../../shared/repositories/table';
import { logger } from '../../lib/logger';

/** The log line's message (the metric filter matches it). */
export const QUEUE_AGE_MESSAGE = 'render queue age';

export interface QueueAge {
  provider: ProviderName;
  /** Seconds the oldest waiting job has waited (0: nothing waits). */
  oldestWaitSeconds: number;
}

export async function reportQueueAge(db: Db, now = new Date()): Promise<QueueAge[]> {
  const ages = await Promise.all(
    PROVIDER_NAMES.map(async (provider) => {
      const { priority, standard } = await queueHeads(db, provider);
      const oldest = [priority, standard]
        .filter((h) => h !== null)
        .map((h) => Date.parse(h.enqueuedAt))
        .reduce((a, b) => Math.min(a, b), Infinity);
      const oldestWaitSeconds = Number.isFinite(oldest) ? Math.max(0, Math.round((now.getTime() - oldest) / 1000)) : 0;
      return { provider, oldestWaitSeconds };
    }),
  );
  for (const a of ages) logger.info(QUEUE_AGE_MESSAGE, { ...a });
  return ages;
}
