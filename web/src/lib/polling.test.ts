import { describe, expect, it } from 'vitest';
import {
  GENERATION_DETAIL_FAST_POLLS,
  GENERATIONS_POLL_MS,
  generationDetailRefetchInterval,
  generationsRefetchInterval,
} from './polling';

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

describe('generationDetailRefetchInterval', () => {
  it('polls a running look every half second for its first 60 answers, then every 5 s', () => {
    expect(GENERATION_DETAIL_FAST_POLLS).toBe(60);
    expect(generationDetailRefetchInterval({ status: 'pending' }, 1)).toBe(500);
    expect(generationDetailRefetchInterval({ status: 'processing' }, 60)).toBe(500);
    expect(generationDetailRefetchInterval({ status: 'processing' }, 61)).toBe(5000);
  });
  it('does not poll a finished look or before the first answer', () => {
    expect(generationDetailRefetchInterval({ status: 'completed' }, 3)).toBe(false);
    expect(generationDetailRefetchInterval({ status: 'failed' }, 3)).toBe(false);
    expect(generationDetailRefetchInterval(undefined, 0)).toBe(false);
  });
});
