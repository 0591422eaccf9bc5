/**
 * Spending credits is never a surprise (issue 39): every button that spends says what it costs ("Quick Try ·
 * 1 credit") and a click asks once, with the cost and the balance (components/spend-confirm.tsx). The person may
 * tick "Don't ask again": remembered per user in localStorage only when cookies and storage were accepted (the
 * cookie banner, ./cookie-consent.ts), else for this visit only (kept in memory, gone on reload).
 */
import { hasAcceptedCookies } from './cookie-consent';

export const SPEND_CONFIRM_KEY_PREFIX = 'spend-confirm-off:';
const storageKey = (userId: string) => `${SPEND_CONFIRM_KEY_PREFIX}${userId}`;

/** Users who said "don't ask again" during this visit without storage consent (and a storage that failed). */
const offThisVisit = new Set<string>();

/** "1 credit", "3 credits". */
export const creditsWord = (n: number): string => `${n.toLocaleString('en-US')} ${n === 1 ? 'credit' : 'credits'}`;

/** A spending button's label with its cost: "Quick Try · 1 credit". */
export const spendLabel = (action: string, cost: number): string => `${action} · ${creditsWord(cost)}`;

/** Whether `userId` asked not to be asked again (on this device, or during this visit). */
export function spendConfirmOff(userId: string): boolean {
  if (offThisVisit.has(userId)) return true;
  try {
    return window.localStorage.getItem(storageKey(userId)) === 'true';
  } catch {
    return false;
  }
}

/** Whether "don't ask again" would last beyond this visit (storage consented to). */
export const spendChoiceRemembered = (): boolean => hasAcceptedCookies();

/** Remember "don't ask again" for `userId`: in storage with consent, else in memory for this visit. */
export function turnSpendConfirmOff(userId: string): void {
  if (spendChoiceRemembered()) {
    try {
      window.localStorage.setItem(storageKey(userId), 'true');
      return;
    } catch {
      /* storage blocked: this visit only */
    }
  }
  offThisVisit.add(userId);
}

export interface SpendAsk {
  cost: number;
  /** The balance; null while it is not known. */
  credits: number | null;
  unlimited: boolean;
  /** The person said "don't ask again". */
  off: boolean;
}

/**
 * Whether a spend asks first. Not when nothing is lost (unlimited credits), when the person said not to, or when
 * the balance is known to be too low: then the server's refusal opens the "Not enough credits" upsell at once
 * rather than a question whose answer cannot be yes.
 */
export function spendNeedsConfirm(a: SpendAsk): boolean {
  if (a.cost <= 0 || a.unlimited || a.off) return false;
  if (a.credits !== null && a.credits < a.cost) return false;
  return true;
}

/** Tests only: forget the choices made during this visit, as a reload would. */
export function resetSpendConfirmMemory(): void {
  offThisVisit.clear();
}
