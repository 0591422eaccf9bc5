/** Influencer application calls (docs/api.md, "Creator and admin tools"). */
import type { AdminApplication, ApplicationUser, InfluencerApplication } from '@shared/schemas/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewDecision } from '@shared/domain/influencer';
import { fetchApi } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';
import type { ApplyBody, StatusFilter } from '../lib/application';

export type { InfluencerApplication, ApplicationUser, AdminApplication };

/** The caller's latest application, or null. */
export const getMyApplicationQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.influencer.myApplication,
    queryFn: ({ signal }) => fetchApi('GET /api/influencer/application', { signal }),
  });
export const useMyApplication = (enabled = true) => useQuery({ ...getMyApplicationQueryOptions(), enabled });

export function useApply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyBody) => fetchApi('POST /api/influencer/apply', { body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.influencer.myApplication }),
        qc.invalidateQueries({ queryKey: queryKeys.currentUser }),
      ]),
  });
}

/** The applications of a status ('all' for every one), for the admin review. */
export const getAdminApplicationsQueryOptions = (status: StatusFilter) =>
  queryOptions({
    queryKey: queryKeys.admin.applications.list(status),
    queryFn: ({ signal }) => fetchApi('GET /api/admin/influencer/applications', { query: { status }, signal }),
  });
export const useAdminApplications = (status: StatusFilter) => useQuery(getAdminApplicationsQueryOptions(status));

export function useReviewApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reviewNotes }: { id: string; status: ReviewDecision; reviewNotes?: string }) =>
      fetchApi('PATCH /api/admin/influencer/applications/{id}', {
        params: { id },
        body: reviewNotes ? { status, reviewNotes } : { status },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.admin.applications.all }),
  });
}
