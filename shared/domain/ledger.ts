/** Credit ledger vocabulary (ARCHITECTURE.md "Money"). */
export const LEDGER_KINDS = [
  /** The one-time starter grant of a newly verified account (STARTER_CREDITS, docs/decisions.md). */
  'grant.starter',
  'grant.trial',
  'grant.monthly',
  'grant.pack',
  'spend.generation',
  'refund.generation',
  'expire',
  'rollover.cap',
  'upgrade.reconcile',
  'admin.adjust',
  /** Credits removed because the payment that granted them was refunded or disputed in Stripe. */
  'revoke.refund',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const BUCKETS = ['trial', 'monthly', 'pack'] as const;
export type Bucket = (typeof BUCKETS)[number];

export type Buckets = Record<Bucket, number>;
export const emptyBuckets = (): Buckets => ({ trial: 0, monthly: 0, pack: 0 });
export const totalOf = (b: Buckets): number => b.trial + b.monthly + b.pack;

/** Deterministic entry id from a movement's cause: the same cause can be recorded at most once. */
export const ledgerEntryId = (kind: LedgerKind, causeId: string): string => `${kind}:${causeId}`;

/** Spend the soonest-expiring credits first: monthly (cycle end), then packs (12 months), then trial. */
export const SPEND_ORDER: Bucket[] = ['monthly', 'pack', 'trial'];

/** How a cost is taken from the buckets, or null when the balance is too small. */
export function splitCost(balance: Buckets, cost: number): Partial<Buckets> | null {
  if (cost <= 0) return {};
  let left = cost;
  const parts: Partial<Buckets> = {};
  for (const b of SPEND_ORDER) {
    const take = Math.min(Math.max(0, balance[b]), left);
    if (take > 0) {
      parts[b] = take;
      left -= take;
    }
    if (left === 0) return parts;
  }
  return null;
}

/**
 * A monthly renewal: the allowance is added, then the monthly bucket is capped at the rollover cap.
 * Returns the grant and the excess removed (recorded as `rollover.cap`).
 */
export function renewalAmounts(
  currentMonthly: number,
  allowance: number,
  cap: number,
): { grant: number; capped: number } {
  const after = Math.max(0, currentMonthly) + allowance;
  return { grant: allowance, capped: Math.max(0, after - cap) };
}

/** A pack lot: one purchase's credits and their expiry. */
export interface PackLotView {
  lotKey: string;
  remaining: number;
  expiresAt: string;
}

/** Which lots a pack-bucket debit consumes: the soonest-expiring first. Null when they hold too little. */
export function planLotConsumption(lots: PackLotView[], amount: number): { lotKey: string; take: number }[] | null {
  const out: { lotKey: string; take: number }[] = [];
  let left = amount;
  for (const lot of [...lots].sort(
    (a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.lotKey.localeCompare(b.lotKey),
  )) {
    if (left <= 0) break;
    const take = Math.min(lot.remaining, left);
    if (take > 0) {
      out.push({ lotKey: lot.lotKey, take });
      left -= take;
    }
  }
  return left > 0 ? null : out;
}

/** Ledger kinds whose credits were paid for (a purchase, a plan's allowance or its upgrade), net of refund revocations. */
export const PAID_CREDIT_KINDS: readonly LedgerKind[] = [
  'grant.trial',
  'grant.monthly',
  'grant.pack',
  'upgrade.reconcile',
  'revoke.refund',
];

/**
 * The unused credits of a balance split into paid and granted (free) ones, for the warning before an account
 * is deleted. Per bucket, paid = the net paid grants into it, at most what the bucket still holds; the rest is
 * granted (the starter grant, admin adjustments). Spending is counted against granted credits first, so
 * `paid` is the most paid credits that can be left: the warning never understates a loss.
 */
export function unusedCredits(
  balance: Buckets,
  entries: readonly { kind: LedgerKind; bucket: Bucket; amount: number }[],
): { paid: number; granted: number; total: number } {
  let paid = 0;
  let total = 0;
  for (const b of BUCKETS) {
    const left = Math.max(0, balance[b]);
    const paidIn = entries
      .filter((e) => e.bucket === b && PAID_CREDIT_KINDS.includes(e.kind))
      .reduce((s, e) => s + e.amount, 0);
    paid += Math.min(left, Math.max(0, paidIn));
    total += left;
  }
  return { paid, granted: total - paid, total };
}

/**
 * The money behind a ledger entry (issue 39: finance shows amounts, not only credits): what a payment grant was
 * paid, or what a refund or dispute took back so far, in the currency's minor units (cents). Written in the
 * entry's `meta.money` by the payment effects; entries without it moved no money (spends, expiries, adjustments).
 */
export interface LedgerMoney {
  /** Minor units; negative for money returned (a refund or dispute). */
  amount: number;
  /** ISO 4217, lower case as Stripe sends it. */
  currency: string;
}

export const moneyMeta = (amount: number, currency: string | null | undefined, sign: 1 | -1 = 1) =>
  currency ? { money: { amount: sign * Math.abs(amount), currency: currency.toLowerCase() } } : {};

/** The entry's money, or null (none recorded, or not well formed). */
export function moneyOf(meta: Record<string, unknown> | undefined): LedgerMoney | null {
  const m = meta?.money;
  if (!m || typeof m !== 'object') return null;
  const amount: unknown = Reflect.get(m, 'amount');
  const currency: unknown = Reflect.get(m, 'currency');
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
  if (typeof currency !== 'string' || !/^[a-z]{3}$/i.test(currency)) return null;
  return { amount, currency: currency.toLowerCase() };
}

const currencyFormat = (currency: string) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: currency.toUpperCase() });
const minorDigits = (currency: string) => currencyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;

/** "€9.99", "-€4.99", "US$12.00": the amount in its currency (minor units as the currency has them). */
export const formatMoney = (m: LedgerMoney): string =>
  currencyFormat(m.currency).format(m.amount / 10 ** minorDigits(m.currency));

/** The amount as a plain decimal ("9.99", "-4.99"): spreadsheets. */
export function moneyDecimal(m: LedgerMoney): string {
  const digits = minorDigits(m.currency);
  return (m.amount / 10 ** digits).toFixed(digits);
}
