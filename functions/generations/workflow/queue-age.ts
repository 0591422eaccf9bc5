/**
 * The render queue's age, for its alarm (infra/lib/constructs/alarms.ts, `RenderQueueAge`): every sweep (each
 * minute) logs, per provider, how long the oldest waiting job of either lane has waited. A metric filter on the
 * sweeper's log group turns the line into the metric `Tryon/Render RenderQueueOldestWaitSeconds`
 * (infra/lib/constructs/workflow.ts). Two strongly consistent reads of one item per provider a minute.
 * `queueAgeUseCases({ store })` is the rule on its store; `reportQueueAge(db)` the sweeper's wiring.
 */
import { PROVIDER_NAMES, type ProviderName } from '../../../shared/domain/render-queue';
import { queueHeads } from '../../../shared/repositories/render-queue-repository';
import type { Db } from '../../../shared/repositories/table';
import { logger } from '../../lib/logger';
import { bindDb, type Store } from '../../lib/bind-db';

/** The log line's message (the metric filter matches it). */
export const QUEUE_AGE_MESSAGE = 'render queue age';

export interface QueueAge {
  provider: ProviderName;
  /** Seconds the oldest waiting job has waited (0: nothing waits). */
  oldestWaitSeconds: number;
}

const repositories = { queueHeads };
export type QueueAgeStore = Store<typeof repositories>;

export function queueAgeUseCases({ store }: { store: QueueAgeStore }) {
  /** Per provider, how long the oldest waiting job of either lane has waited, logged for the metric filter. */
  async function reportQueueAge(now: Date): Promise<QueueAge[]> {
    const ages = await Promise.all(
      PROVIDER_NAMES.map(async (provider) => {
        const { priority, standard } = await store.queueHeads(provider);
        const oldest = [priority, standard]
          .filter((h) => h !== null)
          .map((h) => Date.parse(h.enqueuedAt))
          .reduce((a, b) => Math.min(a, b), Infinity);
        const oldestWaitSeconds = Number.isFinite(oldest)
          ? Math.max(0, Math.round((now.getTime() - oldest) / 1000))
          : 0;
        return { provider, oldestWaitSeconds };
      }),
    );
    for (const a of ages) logger.info(QUEUE_AGE_MESSAGE, { ...a });
    return ages;
  }
  return { reportQueueAge };
}

export const reportQueueAge = (db: Db, now = new Date()): Promise<QueueAge[]> =>
  queueAgeUseCases({ store: bindDb(db, repositories) }).reportQueueAge(now);
