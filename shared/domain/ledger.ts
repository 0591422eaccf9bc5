/** Credit ledger vocabulary (ARCHITECTURE.md "Money"). */
export const LEDGER_KINDS = [
  'grant.trial',
  'grant.monthly',
  'grant.pack',
  'spend.generation',
  'refund.generation',
  'expire',
  'rollover.cap',
  'upgrade.reconcile',
  'admin.adjust',
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
