/** Display rules of the billing screens: ledger kinds, signed amounts, buckets, dates, the checkout return. */
import { BUCKETS, LEDGER_KINDS, type Bucket, type LedgerKind } from '@shared/domain/ledger';
import { isPaidPlan, PACKS, PLANS, PRODUCT_TYPES, productInfo, type PackId } from '@shared/domain/plans';
import { isOneOf } from './one-of';

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  'grant.starter': 'Free first look',
  'grant.trial': 'Trial credits',
  'grant.monthly': 'Monthly credits',
  'grant.pack': 'Credit pack',
  'spend.generation': 'Generation',
  'refund.generation': 'Refund (failed generation)',
  expire: 'Expired',
  'rollover.cap': 'Rollover cap',
  'upgrade.reconcile': 'Upgrade credits',
  'admin.adjust': 'Adjustment',
  'revoke.refund': 'Payment refunded',
};

export const BUCKET_LABELS: Record<Bucket, string> = { trial: 'Trial', monthly: 'Monthly', pack: 'Pack' };

/** A ledger kind as a person reads it; an unknown kind is shown as sent. */
export const ledgerKindLabel = (kind: string): string =>
  isOneOf(LEDGER_KINDS, kind) ? LEDGER_KIND_LABELS[kind] : kind;

export const bucketLabel = (bucket: string): string => (isOneOf(BUCKETS, bucket) ? BUCKET_LABELS[bucket] : bucket);

/** "Credit pack · 30 credit pack": the kind's label, then the entry's note when it adds something. */
export function ledgerDescription(entry: { kind: string; note?: string | null }): string {
  const label = ledgerKindLabel(entry.kind);
  const raw = entry.note?.trim();
  // A note that is a product id ("pack-30", "starter") reads as the product's name.
  const note = isOneOf(PRODUCT_TYPES, raw) ? productInfo(raw).name : raw;
  return note && note.toLowerCase() !== label.toLowerCase() ? `${label} · ${note}` : label;
}

/** A signed credit amount: "+30", "−1" (a real minus sign), "0". */
export function formatSignedCredits(amount: number): string {
  const abs = Math.abs(amount).toLocaleString('en-US');
  if (amount > 0) return `+${abs}`;
  if (amount < 0) return `\u2212${abs}`;
  return '0';
}

const dateFmt = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Dec 21, 2026"; '—' for a missing or invalid date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateFmt.format(d);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTimeFmt.format(d);
}

/** Display name of a plan id, including none. */
export const planName = (plan: string | null | undefined): string => (isPaidPlan(plan) ? PLANS[plan].name : 'No plan');

/** Price per credit of a pack, in cents rounded to whole cents (5.99 / 30 -> 20). */
export const perCreditCents = (pack: PackId): number => Math.round(PACKS[pack].priceCents / PACKS[pack].credits);

/** Subscription status as shown: active, past due, ... ('none' reads as "No subscription"). */
export function statusLabel(status: string | null | undefined): string {
  if (!status || status === 'none') return 'No subscription';
  const s = status.replace(/_/g, ' ');
  return s[0]!.toUpperCase() + s.slice(1);
}

/**
 * The query string after checkout: `success=true` (paid) or `canceled=true` (left the checkout), and the
 * search to put back in the address bar without them.
 */
export function checkoutReturn(search: string): { success: boolean; canceled: boolean; cleanedSearch: string } {
  const params = new URLSearchParams(search);
  const success = params.get('success') === 'true';
  const canceled = params.get('canceled') === 'true';
  params.delete('success');
  params.delete('canceled');
  const rest = params.toString();
  return { success, canceled, cleanedSearch: rest ? `?${rest}` : '' };
}

/**
 * Fulfilment happens through the webhook: after a successful checkout, read the balance (at once, then every
 * `intervalMs`, `attempts` reads in all) until it differs from `baseline` (the balance saved before leaving
 * for the checkout; when unknown, the first read). Resolves with the changed balance, or null when it never
 * changed. `cancelled()` stops early (the page was left).
 */
export async function pollUntilChanged(opts: {
  read: () => Promise<number | null>;
  baseline: number | null;
  intervalMs?: number;
  attempts?: number;
  sleep?: (ms: number) => Promise<void>;
  cancelled?: () => boolean;
}): Promise<number | null> {
  const { read, intervalMs = 1000, attempts = 10 } = opts;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let baseline = opts.baseline;
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await sleep(intervalMs);
    if (opts.cancelled?.()) return null;
    let value: number | null = null;
    try {
      value = await read();
    } catch {
      value = null;
    }
    if (value === null) continue;
    if (baseline === null) baseline = value;
    else if (value !== baseline) return value;
  }
  return null;
}

const BALANCE_KEY = 'billing.creditsBeforeCheckout';

/** Remember the balance before leaving for a checkout (so the return can tell when the credits arrived). */
export function rememberBalance(credits: number | null | undefined): void {
  try {
    if (typeof credits === 'number') sessionStorage.setItem(BALANCE_KEY, String(credits));
    else sessionStorage.removeItem(BALANCE_KEY);
  } catch {
    /* storage unavailable */
  }
}

/** The remembered balance (read once: it is cleared). */
export function takeRememberedBalance(): number | null {
  try {
    const v = sessionStorage.getItem(BALANCE_KEY);
    sessionStorage.removeItem(BALANCE_KEY);
    const n = v === null ? NaN : Number(v);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}
