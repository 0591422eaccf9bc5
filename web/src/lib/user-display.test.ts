import { describe, expect, it } from 'vitest';
import {
  avatarInitial,
  displayName,
  effectiveRoleLabel,
  fullName,
  greetingName,
  roleLabel,
} from '@shared/domain/user-display';
import { formatCredits } from '@shared/domain/plans';

describe('user display helpers (shared/domain/user-display.ts)', () => {
  it('avatar initial: first name, else e-mail, else U (upper-cased)', () => {
    expect(avatarInitial({ firstName: 'ada', email: 'x@example.com' })).toBe('A');
    expect(avatarInitial({ firstName: '', email: 'zoe@example.com' })).toBe('Z');
    expect(avatarInitial({ firstName: '  ', email: null })).toBe('U');
    expect(avatarInitial({ firstName: null, lastName: 'Lovelace', email: null })).toBe('U');
    expect(avatarInitial(null)).toBe('U');
  });

  it('display name: full name, else e-mail, else User', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: 'Ada', lastName: null, email: 'ada@example.com' })).toBe('Ada');
    expect(displayName({ firstName: null, lastName: 'Lovelace', email: 'ada@example.com' })).toBe('Lovelace');
    expect(displayName({ firstName: ' ', lastName: '', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(displayName({ firstName: null, lastName: null, email: '' })).toBe('User');
    expect(displayName(undefined)).toBe('User');
    expect(fullName({ firstName: ' Ada ', lastName: ' Lovelace ' })).toBe('Ada Lovelace');
  });

  it('dashboard greeting: full name, else e-mail, else there', () => {
    expect(greetingName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x.io' })).toBe('Ada Lovelace');
    expect(greetingName({ firstName: null, lastName: null, email: 'a@x.io' })).toBe('a@x.io');
    expect(greetingName({ firstName: null, lastName: null, email: null })).toBe('there');
  });

  it('role label uses the effective role: currentRole, falling back to role', () => {
    expect(roleLabel('admin')).toBe('Admin');
    expect(effectiveRoleLabel({ role: 'admin', currentRole: 'shopper', permanentRole: 'admin' })).toBe('Shopper');
    expect(effectiveRoleLabel({ role: 'influencer', currentRole: null })).toBe('Influencer');
    expect(effectiveRoleLabel({})).toBe('Shopper');
  });

  it('credits: thousands separators, 0 when missing, 999,999,999 when unlimited', () => {
    expect(formatCredits(1234567, false)).toBe('1,234,567');
    expect(formatCredits(12)).toBe('12');
    expect(formatCredits(null)).toBe('0');
    expect(formatCredits(undefined, false)).toBe('0');
    expect(formatCredits(5, true)).toBe('999,999,999');
  });
});
