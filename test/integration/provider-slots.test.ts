import { beforeAll, describe, expect, it } from 'vitest';
import { acquireSlot, inFlight, releaseSlot } from '../../shared/repositories/provider-slot-repository';
import { setupIntegration, type IntegrationContext } from '../support/integration';

let ctx: IntegrationContext;
beforeAll(async () => {
  ctx = await setupIntegration();
});

const policy = { limit: 4, reservedForPriority: 1 };

describe('provider slots and the priority lane', () => {
  it('keeps the reserved slot for priority work when the provider is saturated', async () => {
    const standard = await Promise.all(['s1', 's2', 's3', 's4', 's5'].map((id) => acquireSlot(ctx.db, 'lane', id, false, policy)));
    expect(standard.filter(Boolean)).toHaveLength(3); // standard work may not take the reserved slot
    expect(await inFlight(ctx.db, 'lane')).toBe(3);
    expect(await acquireSlot(ctx.db, 'lane', 'p1', true, policy)).toBe(true); // priority starts ahead of waiting standard work
    expect(await acquireSlot(ctx.db, 'lane', 'p2', true, policy)).toBe(false); // full
    expect(await inFlight(ctx.db, 'lane')).toBe(4);
  });

  it('is idempotent: a retried acquire or release never counts twice', async () => {
    expect(await acquireSlot(ctx.db, 'idem', 'g1', false, policy)).toBe(true);
    expect(await acquireSlot(ctx.db, 'idem', 'g1', false, policy)).toBe(true);
    expect(await inFlight(ctx.db, 'idem')).toBe(1);
    expect(await releaseSlot(ctx.db, 'idem', 'g1')).toBe(true);
    expect(await releaseSlot(ctx.db, 'idem', 'g1')).toBe(false);
    expect(await inFlight(ctx.db, 'idem')).toBe(0);
  });

  it('never exceeds the limit under concurrent acquisitions', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `c${i}`);
    const results = await Promise.all(ids.map((id, i) => acquireSlot(ctx.db, 'conc', id, i % 2 === 0, policy)));
    const count = await inFlight(ctx.db, 'conc');
    expect(count).toBeLessThanOrEqual(4);
    expect(results.filter(Boolean).length).toBe(count);
  });
});
