/** Admin finance calls (docs/api.md): ledger explorer, day totals, reconciliation, CSV export. */
import type * as R from '../../../../../shared/schemas/responses';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { fileNameFrom, ledgerQuery, type LedgerFilters } from '../lib/finance';

export const FINANCE_LEDGER_PAGE = 50;

export type FinanceLedgerPage = R.FinanceLedgerPage;

export type FinanceSummary = R.FinanceSummary;

export type ReconciliationReport = R.ReconciliationReport;

export function useFinanceLedger(filters: LedgerFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['/api/admin/finance/ledger', filters],
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiJson<FinanceLedgerPage>(
        'GET',
        `/api/admin/finance/ledger${ledgerQuery(filters, { cursor: pageParam, limit: String(FINANCE_LEDGER_PAGE) })}`,
        undefined,
        signal,
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useFinanceSummary(range: { from: string; to: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/finance/summary', range],
    enabled,
    queryFn: ({ signal }) =>
      apiJson<FinanceSummary>('GET', `/api/admin/finance/summary${ledgerQuery(range)}`, undefined, signal),
  });
}

/** The reconciliation scans the table: it runs when asked, not on every visit. */
export const useReconciliation = () =>
  useMutation({ mutationFn: () => apiJson<ReconciliationReport>('GET', '/api/admin/finance/reconciliation') });

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
