import { describe, expect, it } from 'vitest';
import { PROMOTION_AFTER_SECONDS, pickNext, slotPolicy } from './render-queue';

const now = new Date('2026-11-23T12:00:00.000Z');
const ago = (s: number) => ({ enqueuedAt: new Date(now.getTime() - s * 1000).toISOString() });
const policy = { limit: 4, reservedForPriority: 1 };

describe('pickNext: the priority lane with age-based promotion', () => {
  it('takes priority work before standard work that waits longer (but not past the promotion age)', () => {
    const p = ago(1);
    const s = ago(PROMOTION_AFTER_SECONDS - 5);
    expect(pickNext({ priority: p, standard: s }, 0, policy, now)).toEqual({
      job: p,
      lane: 'priority',
      maxInFlight: 4,
    });
  });

  it('keeps the reserved slots for priority work: standard work waits at limit - reserved', () => {
    expect(pickNext({ priority: null, standard: ago(1) }, 3, policy, now)).toBeNull();
    expect(pickNext({ priority: null, standard: ago(1) }, 2, policy, now)).toMatchObject({
      lane: 'standard',
      maxInFlight: 3,
    });
    expect(pickNext({ priority: ago(0), standard: null }, 3, policy, now)).toMatchObject({
      lane: 'priority',
      maxInFlight: 4,
    });
  });

  it('never starves standard work: once promoted it competes by age and may use every slot', () => {
    const old = ago(PROMOTION_AFTER_SECONDS + 1);
    expect(pickNext({ priority: ago(2), standard: old }, 0, policy, now)).toEqual({
      job: old,
      lane: 'standard',
      maxInFlight: 4,
    });
    expect(pickNext({ priority: null, standard: old }, 3, policy, now)).toMatchObject({
      lane: 'standard',
      maxInFlight: 4,
    });
    // a priority job older than the promoted standard one still goes first
    const older = ago(PROMOTION_AFTER_SECONDS + 10);
    expect(pickNext({ priority: older, standard: old }, 0, policy, now)).toMatchObject({
      job: older,
      lane: 'priority',
    });
  });

  it('starts nothing when the provider is full or nothing waits', () => {
    expect(pickNext({ priority: ago(100), standard: ago(100) }, 4, policy, now)).toBeNull();
    expect(pickNext({ priority: null, standard: null }, 0, policy, now)).toBeNull();
  });
});

describe('slotPolicy', () => {
  it('reserves a quarter of the slots (at least one) for priority work, overridable per provider', () => {
    expect(slotPolicy('engine', {})).toEqual({ limit: 4, reservedForPriority: 1 });
    expect(slotPolicy('fashn', {})).toEqual({ limit: 6, reservedForPriority: 1 });
    expect(slotPolicy('gemini', {})).toEqual({ limit: 10, reservedForPriority: 2 });
    expect(slotPolicy('gemini', { PROVIDER_CONCURRENCY_GEMINI: '1' })).toEqual({ limit: 1, reservedForPriority: 0 });
  });
});
