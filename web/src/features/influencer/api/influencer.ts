/** Influencer application calls (docs/api.md, "Creator and admin tools"). */
import type * as R from '../../../../../shared/schemas/responses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewDecision } from '../../../../../shared/domain/influencer';
import { apiJson } from '../../../lib/api-client';
import { CURRENT_USER_KEY } from '../../../api/current-user';
import type { ApplyBody, StatusFilter } from '../lib/application';

export type InfluencerApplication = R.InfluencerApplication;

export type ApplicationUser = R.ApplicationUser;

export type AdminApplication = R.AdminApplication;

export const MY_APPLICATION_KEY = ['/api/influencer/application'] as const;
export const ADMIN_APPLICATIONS_KEY = '/api/admin/influencer/applications';

/** The caller's latest application, or null. */
export const useMyApplication = (enabled = true) =>
  useQuery<InfluencerApplication | null>({ queryKey: MY_APPLICATION_KEY, enabled });

export function useApply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyBody) => apiJson<InfluencerApplication>('POST', '/api/influencer/apply', body),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: MY_APPLICATION_KEY }),
        qc.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      ]),
  });
}

export const applicationsUrl = (status: StatusFilter): string =>
  `${ADMIN_APPLICATIONS_KEY}?status=${encodeURIComponent(status)}`;

export const useAdminApplications = (status: StatusFilter) =>
  useQuery({
    queryKey: [ADMIN_APPLICATIONS_KEY, status],
    queryFn: ({ signal }) => apiJson<AdminApplication[]>('GET', applicationsUrl(status), undefined, signal),
  });

export function useReviewApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reviewNotes }: { id: string; status: ReviewDecision; reviewNotes?: string }) =>
      apiJson<InfluencerApplication>(
        'PATCH',
        `${ADMIN_APPLICATIONS_KEY}/${encodeURIComponent(id)}`,
        reviewNotes ? { status, reviewNotes } : { status },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: [ADMIN_APPLICATIONS_KEY] }),
  });
}
