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
