/** Privacy calls: settings (retention, age status, consent wording), age statement, data export, account deletion. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetentionDays } from '../../../shared/domain/privacy';
import type { DeletionReceipt, ExportJob, PrivacySettings } from '../../../shared/schemas/privacy';
import { fetchApi } from './endpoints';
import { queryKeys } from './query-keys';

export type { DeletionReceipt, ExportJob, PrivacySettings };

export const PRIVACY_KEY = queryKeys.privacy.settings;
export const LATEST_EXPORT_KEY = queryKeys.privacy.latestExport;

export const getPrivacySettingsQueryOptions = () =>
  queryOptions({ queryKey: PRIVACY_KEY, queryFn: ({ signal }) => fetchApi('GET /api/user/privacy', { signal }) });
export const usePrivacySettings = () => useQuery(getPrivacySettingsQueryOptions());

export function useSetRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (retentionDays: RetentionDays) =>
      fetchApi('PUT /api/user/privacy/retention', { body: { retentionDays } }),
    onSuccess: (s) => qc.setQueryData(PRIVACY_KEY, s),
  });
}

export const recordBirthDate = (birthDate: string) => fetchApi('POST /api/user/age', { body: { birthDate } });

export function useRecordAge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: recordBirthDate,
    onSuccess: () => qc.invalidateQueries({ queryKey: PRIVACY_KEY }),
  });
}

/** The latest export; polled every second while it is being built. */
export function useLatestExport() {
  return useQuery({
    queryKey: LATEST_EXPORT_KEY,
    queryFn: ({ signal }) => fetchApi('GET /api/user/export/latest', { signal }),
    refetchInterval: (q) => {
      const s = q.state.data?.export?.status;
      return s === 'pending' || s === 'building' ? 1000 : false;
    },
  });
}

export function useRequestExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => fetchApi('POST /api/user/export'),
    onSuccess: (job) => qc.setQueryData(LATEST_EXPORT_KEY, { export: job }),
  });
}

export const deleteAccountRequest = () => fetchApi('DELETE /api/user/account', { body: { confirm: 'DELETE' } });

/** Where the receipt waits for the (signed-out) receipt page. */
export const RECEIPT_STORAGE_KEY = 'fitly.deletionReceipt';

/** A date of birth typed at sign-up, kept for the first sign-in (then sent and removed). */
export const PENDING_BIRTHDATE_KEY = 'fitly.pendingBirthDate';
