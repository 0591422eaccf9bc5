import { describe, expect, it } from 'vitest';
import { barPercent, chartMax, fileNameFrom, filtersProblem, ledgerQuery } from './finance';

describe('finance helpers', () => {
  it('builds the query from the filters that are set', () => {
    expect(ledgerQuery({ userId: ' u1 ', kind: '', from: '2026-01-01', to: '' })).toBe('?userId=u1&from=2026-01-01');
    expect(ledgerQuery({}, { cursor: null, limit: '50' })).toBe('?limit=50');
    expect(ledgerQuery({ kind: 'grant.pack' }, { cursor: 'abc=' })).toBe('?kind=grant.pack&cursor=abc%3D');
    expect(ledgerQuery({})).toBe('');
  });

  it('checks the date order', () => {
    expect(filtersProblem({ userId: '', kind: '', from: '2026-02-01', to: '2026-01-01' })).toMatch(/start date/);
    expect(filtersProblem({ userId: '', kind: '', from: '2026-01-01', to: '2026-01-01' })).toBeNull();
  });

  it('scales bars to the largest value, keeping small ones visible', () => {
    const days = [
      { day: 'a', granted: 300, spent: 10, refunded: 0, expired: -5, revoked: 0, adjusted: 0 },
      { day: 'b', granted: 30, spent: 150, refunded: 1, expired: 0, revoked: 0, adjusted: 0 },
    ];
    expect(chartMax(days)).toBe(300);
    expect(chartMax([])).toBe(1);
    expect(barPercent(300, 300)).toBe(100);
    expect(barPercent(150, 300)).toBe(50);
    expect(barPercent(1, 300)).toBe(2);
    expect(barPercent(0, 300)).toBe(0);
  });

  it('takes the file name from Content-Disposition', () => {
    expect(fileNameFrom('attachment; filename="ledger-2026-01-01-to-2026-01-30.csv"')).toBe(
      'ledger-2026-01-01-to-2026-01-30.csv',
    );
    expect(fileNameFrom(null)).toBe('ledger.csv');
    expect(fileNameFrom('attachment; filename="../../etc"')).toBe('ledger.csv');
  });
});
