/**
 * The render queue's age on an in-memory queue: per provider, the older head of the two lanes, in whole seconds;
 * 0 when nothing waits, never negative (a head enqueued by a clock slightly ahead).
 */
import { describe, expect, it } from 'vitest';
import { PROVIDER_NAMES, type ProviderName } from '../../../shared/domain/render-queue';
import type { QueueHead } from '../../../shared/repositories/render-queue-repository';
import { queueAgeUseCases } from './queue-age';

const NOW = new Date('2026-11-01T12:10:00.000Z');
const head = (enqueuedAt: string): QueueHead => ({ generationId: 'g', enqueuedAt, sk: `${enqueuedAt}#g` });
type Heads = { priority: QueueHead | null; standard: QueueHead | null };

function ages(heads: Partial<Record<ProviderName, Heads>>) {
  return queueAgeUseCases({
    store: { queueHeads: (provider) => Promise.resolve(heads[provider] ?? { priority: null, standard: null }) },
  }).reportQueueAge(NOW);
}

describe('render queue age', () => {
  it('is the older head of either lane, per provider, in seconds', async () => {
    const [a, b] = PROVIDER_NAMES;
    const out = await ages({
      [a!]: { priority: head('2026-11-01T12:09:30.000Z'), standard: head('2026-11-01T12:05:00.000Z') },
      [b!]: { priority: head('2026-11-01T12:09:00.400Z'), standard: null },
    });
    expect(out.find((x) => x.provider === a)!.oldestWaitSeconds).toBe(300);
    expect(out.find((x) => x.provider === b)!.oldestWaitSeconds).toBe(60);
  });

  it('is 0 for every provider when nothing waits, and never negative', async () => {
    const [a] = PROVIDER_NAMES;
    const out = await ages({ [a!]: { priority: head('2026-11-01T12:10:05.000Z'), standard: null } });
    expect(out.map((x) => x.provider)).toEqual([...PROVIDER_NAMES]);
    expect(out.every((x) => x.oldestWaitSeconds === 0)).toBe(true);
  });
});
