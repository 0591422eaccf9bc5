/** Pure helpers of /admin/finance: query strings, the day chart's scale, the CSV file name. */
import * as z from 'zod';
import { LEDGER_KINDS, type LedgerKind } from '@shared/domain/ledger';
import { isOneOf } from '../../../lib/one-of';

export interface LedgerFilters {
  userId: string;
  kind: string;
  from: string;
  to: string;
}

export const EMPTY_FILTERS: LedgerFilters = { userId: '', kind: '', from: '', to: '' };

/** The query of the ledger / export calls: only the filters that are set, trimmed (a kind the API knows). */
export function ledgerParams(f: Partial<LedgerFilters>): {
  userId?: string;
  kind?: LedgerKind;
  from?: string;
  to?: string;
} {
  const set = (v: string | undefined) => v?.trim() || undefined;
  const kind = set(f.kind);
  return {
    userId: set(f.userId),
    kind: isOneOf(LEDGER_KINDS, kind) ? kind : undefined,
    from: set(f.from),
    to: set(f.to),
  };
}

/** The same query as a query string, with extra parameters (cursor, limit) after the filters. */
export function ledgerQuery(f: Partial<LedgerFilters>, extra: Record<string, string | null | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...ledgerParams(f), ...extra })) {
    const t = v?.trim();
    if (t) q.set(k, t);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** A filter problem to show before asking the server, or null. */
export function filtersProblem(f: LedgerFilters): string | null {
  if (f.from && f.to && f.from > f.to) return 'The start date must not be after the end date.';
  return null;
}

/** The filter form: the user id trimmed, and no start date after the end date (its message on `to`). */
export const ledgerFiltersSchema = z
  .object({ userId: z.string().transform((v) => v.trim()), kind: z.string(), from: z.string(), to: z.string() })
  .superRefine((f, ctx) => {
    const problem = filtersProblem(f);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  }) satisfies z.ZodType<LedgerFilters, LedgerFilters>;

export interface DayTotals {
  day: string;
  granted: number;
  spent: number;
  refunded: number;
  expired: number;
  revoked: number;
  adjusted: number;
}

export const SERIES = ['granted', 'spent', 'refunded', 'expired'] as const;
export type Series = (typeof SERIES)[number];

/** The largest absolute value across the charted series (at least 1, so widths are defined). */
export function chartMax(days: DayTotals[]): number {
  let max = 1;
  for (const d of days) for (const s of SERIES) max = Math.max(max, Math.abs(d[s] ?? 0));
  return max;
}

/** A bar's width in percent of the largest value; a non-zero value is at least 2% so it stays visible. */
export function barPercent(value: number, max: number): number {
  const v = Math.abs(value);
  if (v === 0 || max <= 0) return 0;
  return Math.max(2, Math.min(100, Math.round((v / max) * 100)));
}

/** The file name from a Content-Disposition header, else a default. */
export function fileNameFrom(disposition: string | null | undefined, fallback = 'ledger.csv'): string {
  const m = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  const name = m?.[1]?.trim();
  return name && /^[\w.-]+$/.test(name) ? name : fallback;
}
