/** Admin finance calls (docs/api.md): ledger explorer, day totals, reconciliation, CSV export. */
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { apiJson, apiRequest } from '../../../lib/api-client';
import type { LedgerEntryView } from '../../../api/billing';
import { fileNameFrom, ledgerQuery, type DayTotals, type LedgerFilters } from '../lib/finance';

export const FINANCE_LEDGER_PAGE = 50;

export interface FinanceLedgerPage {
  items: LedgerEntryView[];
  nextCursor: string | null;
  from: string;
  to: string;
}

export interface FinanceSummary {
  from: string;
  to: string;
  days: DayTotals[];
  totals: Omit<DayTotals, 'day'>;
}

type Buckets = { trial: number; monthly: number; pack: number };

export interface ReconciliationReport {
  checkedUsers: number;
  mismatches: { userId: string; balance: Buckets & { credits: number }; entries: Buckets; lotsRemaining: number; problems: string[] }[];
  unappliedEvents: { eventId: string; eventType: string; receivedAt: string }[];
  paymentsWithoutGrant: { eventId: string; eventType: string; userId: string | null; expectedEntryId: string; receivedAt: string }[];
  generatedAt: string;
}

export function useFinanceLedger(filters: LedgerFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['/api/admin/finance/ledger', filters],
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiJson<FinanceLedgerPage>('GET', `/api/admin/finance/ledger${ledgerQuery(filters, { cursor: pageParam, limit: String(FINANCE_LEDGER_PAGE) })}`, undefined, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useFinanceSummary(range: { from: string; to: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/finance/summary', range],
    enabled,
    queryFn: ({ signal }) => apiJson<FinanceSummary>('GET', `/api/admin/finance/summary${ledgerQuery(range)}`, undefined, signal),
  });
}

/** The reconciliation scans the table: it runs when asked, not on every visit. */
export const useReconciliation = () => useMutation({ mutationFn: () => apiJson<ReconciliationReport>('GET', '/api/admin/finance/reconciliation') });

/** The CSV needs the Authorization header, so it is fetched as a blob and saved through a temporary link. */
export const useCsvExport = () =>
  useMutation({
    mutationFn: async (filters: LedgerFilters) => {
      const res = await apiRequest('GET', `/api/admin/finance/export.csv${ledgerQuery(filters)}`);
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileNameFrom(res.headers.get('content-disposition'));
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
