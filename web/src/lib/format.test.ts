import { describe, expect, it, vi } from 'vitest';
import { LEDGER_KINDS } from '@shared/domain/ledger';
import {
  bucketLabel,
  checkoutReturn,
  formatDate,
  formatSignedCredits,
  ledgerDescription,
  ledgerKindLabel,
  perCreditCents,
  planName,
  pollUntilChanged,
  rememberBalance,
  takeRememberedBalance,
} from './format';

describe('ledger labels', () => {
  it('names every ledger kind', () => {
    for (const k of LEDGER_KINDS) expect(ledgerKindLabel(k)).not.toBe(k);
    expect(ledgerKindLabel('grant.trial')).toBe('Trial credits');
    expect(ledgerKindLabel('grant.monthly')).toBe('Monthly credits');
    expect(ledgerKindLabel('grant.pack')).toBe('Credit pack');
    expect(ledgerKindLabel('spend.generation')).toBe('Generation');
    expect(ledgerKindLabel('refund.generation')).toBe('Refund (failed generation)');
    expect(ledgerKindLabel('expire')).toBe('Expired');
    expect(ledgerKindLabel('rollover.cap')).toBe('Rollover cap');
    expect(ledgerKindLabel('upgrade.reconcile')).toBe('Upgrade credits');
    expect(ledgerKindLabel('admin.adjust')).toBe('Adjustment');
    expect(ledgerKindLabel('revoke.refund')).toBe('Payment refunded');
    expect(ledgerKindLabel('something.new')).toBe('something.new');
  });

  it('describes an entry by its kind and note', () => {
    expect(ledgerDescription({ kind: 'grant.pack', note: '30 credit pack' })).toBe('Credit pack · 30 credit pack');
    expect(ledgerDescription({ kind: 'grant.pack', note: 'pack-30' })).toBe('Credit pack · 30 credit pack');
    expect(ledgerDescription({ kind: 'spend.generation', note: null })).toBe('Generation');
    expect(ledgerDescription({ kind: 'expire', note: '  ' })).toBe('Expired');
    expect(ledgerDescription({ kind: 'expire', note: 'expired' })).toBe('Expired');
  });

  it('labels buckets', () => {
    expect(bucketLabel('monthly')).toBe('Monthly');
    expect(bucketLabel('pack')).toBe('Pack');
    expect(bucketLabel('trial')).toBe('Trial');
  });
});

describe('amounts and dates', () => {
  it('signs amounts with + and a real minus, thousands separated', () => {
    expect(formatSignedCredits(30)).toBe('+30');
    expect(formatSignedCredits(-1)).toBe('\u22121');
    expect(formatSignedCredits(0)).toBe('0');
    expect(formatSignedCredits(12345)).toBe('+12,345');
  });

  it('formats dates and tolerates missing ones', () => {
    expect(formatDate('2026-12-21T10:00:00.000Z')).toBe('Dec 21, 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });

  it('plan names and per-credit pack prices come from plans.ts', () => {
    expect(planName('starter')).toBe('Starter');
    expect(planName('none')).toBe('No plan');
    expect(perCreditCents('pack-30')).toBe(20);
    expect(perCreditCents('pack-150')).toBe(17);
    expect(perCreditCents('pack-300')).toBe(15);
  });
});

describe('checkout return', () => {
  it('detects success and cancel and removes only those parameters', () => {
    expect(checkoutReturn('?success=true')).toEqual({ success: true, canceled: false, cleanedSearch: '' });
    expect(checkoutReturn('?canceled=true&tab=x')).toEqual({ success: false, canceled: true, cleanedSearch: '?tab=x' });
    expect(checkoutReturn('?success=false')).toEqual({ success: false, canceled: false, cleanedSearch: '' });
    expect(checkoutReturn('')).toEqual({ success: false, canceled: false, cleanedSearch: '' });
  });

  it('polls until the balance differs from the remembered one', async () => {
    const reads = [10, 10, 40];
    const read = vi.fn(async () => reads.shift() ?? 40);
    const sleep = vi.fn(async () => {});
    await expect(pollUntilChanged({ read, baseline: 10, sleep })).resolves.toBe(40);
    expect(read).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(1000);
  });

  it('already changed on the first read: done at once', async () => {
    const read = vi.fn(async () => 40);
    await expect(pollUntilChanged({ read, baseline: 10, sleep: async () => {} })).resolves.toBe(40);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('without a baseline the first read is the baseline; gives up after the attempts', async () => {
    const read = vi.fn(async () => 5);
    await expect(pollUntilChanged({ read, baseline: null, attempts: 10, sleep: async () => {} })).resolves.toBeNull();
    expect(read).toHaveBeenCalledTimes(10);
  });

  it('survives failed reads and stops when cancelled', async () => {
    let n = 0;
    const read = vi.fn(async () => {
      n += 1;
      if (n === 1) throw new Error('network');
      return 7;
    });
    await expect(pollUntilChanged({ read, baseline: 3, sleep: async () => {} })).resolves.toBe(7);
    await expect(
      pollUntilChanged({ read, baseline: 3, sleep: async () => {}, cancelled: () => true }),
    ).resolves.toBeNull();
  });

  it('remembers the balance across the checkout, once', () => {
    rememberBalance(12);
    expect(takeRememberedBalance()).toBe(12);
    expect(takeRememberedBalance()).toBeNull();
    rememberBalance(undefined);
    expect(takeRememberedBalance()).toBeNull();
  });
});
