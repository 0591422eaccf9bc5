import { describe, expect, it } from 'vitest';
import { splitCost } from './ledger';

describe('splitCost', () => {
  it('takes monthly credits first, then packs, then trial', () => {
    expect(splitCost({ monthly: 1, pack: 5, trial: 5 }, 2)).toEqual({ monthly: 1, pack: 1 });
    expect(splitCost({ monthly: 0, pack: 0, trial: 3 }, 1)).toEqual({ trial: 1 });
  });
  it('refuses when the total is too small and ignores negative buckets', () => {
    expect(splitCost({ monthly: 1, pack: 0, trial: 0 }, 2)).toBeNull();
    expect(splitCost({ monthly: -3, pack: 1, trial: 0 }, 1)).toEqual({ pack: 1 });
  });
});
