import { describe, expect, it } from 'vitest';
import { GENERATIONS_POLL_MS, generationsRefetchInterval } from './polling';

describe('generationsRefetchInterval', () => {
  it('polls every 5 s while any item is pending or processing', () => {
    expect(GENERATIONS_POLL_MS).toBe(5000);
    expect(generationsRefetchInterval([{ status: 'completed' }, { status: 'pending' }])).toBe(5000);
    expect(generationsRefetchInterval([{ status: 'processing' }])).toBe(5000);
  });
  it('does not poll otherwise', () => {
    expect(generationsRefetchInterval(undefined)).toBe(false);
    expect(generationsRefetchInterval(null)).toBe(false);
    expect(generationsRefetchInterval([])).toBe(false);
    expect(generationsRefetchInterval([{ status: 'completed' }, { status: 'failed' }])).toBe(false);
  });
});
