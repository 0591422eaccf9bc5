/** Admin finance calls (docs/api.md): ledger explorer, day totals, reconciliation, CSV export. */
import type { FinanceLedgerPage, FinanceSummary, ReconciliationReport } from '@shared/schemas/billing';
import { queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { fetchApi, fetchApiResponse } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';
import { fileNameFrom, ledgerParams, type LedgerFilters } from '../lib/finance';

export const FINANCE_LEDGER_PAGE = 50;

export type { FinanceLedgerPage, FinanceSummary, ReconciliationReport };

/** The ledger across users, 50 entries a page; the first page has no cursor (''). */
export function useFinanceLedger(filters: LedgerFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.finance.ledger(filters),
    enabled,
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      fetchApi('GET /api/admin/finance/ledger', {
        query: { ...ledgerParams(filters), cursor: pageParam || undefined, limit: String(FINANCE_LEDGER_PAGE) },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export const getFinanceSummaryQueryOptions = (range: { from: string; to: string }) => {
  const { from, to } = ledgerParams(range);
  return queryOptions({
    queryKey: queryKeys.admin.finance.summary(range),
    queryFn: ({ signal }) => fetchApi('GET /api/admin/finance/summary', { query: { from, to }, signal }),
  });
};
export const useFinanceSummary = (range: { from: string; to: string }, enabled: boolean) =>
  useQuery({ ...getFinanceSummaryQueryOptions(range), enabled });

/** The reconciliation scans the table: it runs when asked, not on every visit. */
export const useReconciliation = () =>
  useMutation({ mutationFn: () => fetchApi('GET /api/admin/finance/reconciliation') });

/** The CSV needs the Authorization header, so it is fetched as a blob and saved through a temporary link. */
export const useCsvExport = () =>
  useMutation({
    mutationFn: async (filters: LedgerFilters) => {
      const res = await fetchApiResponse('GET /api/admin/finance/export.csv', { query: ledgerParams(filters) });
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
