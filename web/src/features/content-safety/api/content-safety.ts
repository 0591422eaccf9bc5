/** Admin content-safety calls: refusal counts and reasons, open style reports, takedown. */
import type * as R from '../../../../../shared/schemas/responses';
import { queryKeys } from '../../../api/query-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export type RefusalSummary = R.RefusalSummary;

export type StyleReport = R.StyleReport;

export const REPORTS_KEY = ['/api/admin/style-reports'] as const;

export const useRefusalSummary = () => useQuery<RefusalSummary>({ queryKey: ['/api/admin/content-safety'] });
export const useStyleReports = () => useQuery<StyleReport[]>({ queryKey: REPORTS_KEY });

export function useTakeDown() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) =>
      apiJson<R.TakeDownResult>('POST', `/api/admin/style-reports/${encodeURIComponent(reportId)}/take-down`),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: REPORTS_KEY }),
        qc.invalidateQueries({ queryKey: queryKeys.styles.all }),
      ]),
  });
}

/** A reported shared look (issue 15): same queue, its own takedown (the link ends, its copies are deleted). */
export interface ShareReport {
  id: string;
  shareId: string;
  reason: string;
  createdAt: string;
  /** The look while it is still live. */
  url: string | null;
  imageCount: number;
}

export const SHARE_REPORTS_KEY = ['/api/admin/share-reports'] as const;
export const useShareReports = () => useQuery<ShareReport[]>({ queryKey: SHARE_REPORTS_KEY });

export function useTakeDownShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) =>
      apiJson<{ shareId: string; resolvedReports: number }>(
        'POST',
        `/api/admin/share-reports/${encodeURIComponent(reportId)}/take-down`,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: SHARE_REPORTS_KEY }),
  });
}
