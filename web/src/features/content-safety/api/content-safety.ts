/** Admin content-safety calls: refusal counts and reasons, open style reports, takedown. */
import type { RefusalSummary } from '@shared/schemas/admin';
import type { StyleReport } from '@shared/schemas/discovery';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchApi, type ResponseOf } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';

export type { RefusalSummary, StyleReport };

export const getRefusalSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.contentSafety.refusals,
    queryFn: ({ signal }) => fetchApi('GET /api/admin/content-safety', { signal }),
  });
export const useRefusalSummary = () => useQuery(getRefusalSummaryQueryOptions());

export const getStyleReportsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.contentSafety.styleReports,
    queryFn: ({ signal }) => fetchApi('GET /api/admin/style-reports', { signal }),
  });
export const useStyleReports = () => useQuery(getStyleReportsQueryOptions());

export function useTakeDown() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) =>
      fetchApi('POST /api/admin/style-reports/{id}/take-down', { params: { id: reportId } }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.contentSafety.styleReports }),
        qc.invalidateQueries({ queryKey: queryKeys.styles.all }),
      ]),
  });
}

/** A reported shared look (issue 15): same queue, its own takedown (the link ends, its copies are deleted). */
export type ShareReport = ResponseOf<'GET /api/admin/share-reports'>[number];

export const getShareReportsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.contentSafety.shareReports,
    queryFn: ({ signal }) => fetchApi('GET /api/admin/share-reports', { signal }),
  });
export const useShareReports = () => useQuery(getShareReportsQueryOptions());

export function useTakeDownShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) =>
      fetchApi('POST /api/admin/share-reports/{id}/take-down', { params: { id: reportId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.contentSafety.shareReports }),
  });
}
