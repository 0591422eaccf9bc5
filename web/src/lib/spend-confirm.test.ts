import { beforeEach, describe, expect, it } from 'vitest';
import { COOKIES_ACCEPTED_KEY } from './cookie-consent';
import {
  resetSpendConfirmMemory,
  spendConfirmOff,
  spendLabel,
  spendNeedsConfirm,
  SPEND_CONFIRM_KEY_PREFIX,
  turnSpendConfirmOff,
} from './spend-confirm';

beforeEach(() => resetSpendConfirmMemory());

describe('spendNeedsConfirm', () => {
  const ask = { cost: 1, credits: 5, unlimited: false, off: false };
  it('asks before a spend the balance covers, and while the balance is not known', () => {
    expect(spendNeedsConfirm(ask)).toBe(true);
    expect(spendNeedsConfirm({ ...ask, credits: 1 })).toBe(true);
    expect(spendNeedsConfirm({ ...ask, credits: null })).toBe(true);
  });
  it('does not ask when nothing is lost, when told not to, or when the balance is too low (the upsell answers)', () => {
    expect(spendNeedsConfirm({ ...ask, unlimited: true })).toBe(false);
    expect(spendNeedsConfirm({ ...ask, off: true })).toBe(false);
    expect(spendNeedsConfirm({ ...ask, cost: 3, credits: 2 })).toBe(false);
    expect(spendNeedsConfirm({ ...ask, cost: 0 })).toBe(false);
  });
});

describe('"Don\'t ask again"', () => {
  it('is stored per user only with cookie consent', () => {
    window.localStorage.setItem(COOKIES_ACCEPTED_KEY, 'true');
    turnSpendConfirmOff('u1');
    expect(window.localStorage.getItem(`${SPEND_CONFIRM_KEY_PREFIX}u1`)).toBe('true');
    resetSpendConfirmMemory();
    expect(spendConfirmOff('u1')).toBe(true);
    expect(spendConfirmOff('u2')).toBe(false);
  });
  it('without consent lasts for this visit and writes nothing', () => {
    turnSpendConfirmOff('u1');
    expect(spendConfirmOff('u1')).toBe(true);
    expect(window.localStorage.length).toBe(0);
    resetSpendConfirmMemory();
    expect(spendConfirmOff('u1')).toBe(false);
  });
});

it('spendLabel puts the cost on the button', () => {
  expect(spendLabel('Quick Try', 1)).toBe('Quick Try · 1 credit');
  expect(spendLabel('Generate', 3)).toBe('Generate · 3 credits');
});
