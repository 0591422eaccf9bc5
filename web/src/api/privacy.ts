/** Privacy calls: settings (retention, age status, consent wording), age statement, data export, account deletion. */
import type * as R from '../../../shared/schemas/responses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetentionDays } from '../../../shared/domain/privacy';
import type { DeletionReceipt, ExportJob, PrivacySettings } from '../../../shared/schemas/privacy';
import { apiJson } from '../lib/api-client';

export type { DeletionReceipt, ExportJob, PrivacySettings };

export const PRIVACY_KEY = ['/api/user/privacy'] as const;
export const LATEST_EXPORT_KEY = ['/api/user/export/latest'] as const;

export const usePrivacySettings = () => useQuery<PrivacySettings>({ queryKey: PRIVACY_KEY });

export function useSetRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (retentionDays: RetentionDays) =>
      apiJson<PrivacySettings>('PUT', '/api/user/privacy/retention', { retentionDays }),
    onSuccess: (s) => qc.setQueryData(PRIVACY_KEY, s),
  });
}

export const recordBirthDate = (birthDate: string) => apiJson<R.AgeResult>('POST', '/api/user/age', { birthDate });

export function useRecordAge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: recordBirthDate,
    onSuccess: () => qc.invalidateQueries({ queryKey: PRIVACY_KEY }),
  });
}

/** The latest export; polled every second while it is being built. */
export function useLatestExport() {
  return useQuery<R.LatestExport>({
    queryKey: LATEST_EXPORT_KEY,
    refetchInterval: (q) => {
      const s = q.state.data?.export?.status;
      return s === 'pending' || s === 'building' ? 1000 : false;
    },
  });
}

export function useRequestExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<ExportJob>('POST', '/api/user/export'),
    onSuccess: (job) => qc.setQueryData(LATEST_EXPORT_KEY, { export: job }),
  });
}

export const deleteAccountRequest = () =>
  apiJson<DeletionReceipt>('DELETE', '/api/user/account', { confirm: 'DELETE' });

/** Where the receipt waits for the (signed-out) receipt page. */
export const RECEIPT_STORAGE_KEY = 'fitly.deletionReceipt';

/** A date of birth typed at sign-up, kept for the first sign-in (then sent and removed). */
export const PENDING_BIRTHDATE_KEY = 'fitly.pendingBirthDate';
