/** Privacy calls: settings (retention, age status, consent wording), age statement, data export, account deletion. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DELETE_ACCOUNT_CONFIRMATION, type RetentionDays } from '@shared/domain/privacy';
import type {
  DeletionPreview,
  DeletionReceipt,
  ExportJob,
  PrivacySettings,
  RetentionImpact,
} from '@shared/schemas/privacy';
import { ERROR_CODES } from '@shared/errors';
import { ApiError } from '../lib/api-error';
import { fetchApi } from './endpoints';
import { queryKeys } from './query-keys';

export type { DeletionPreview, DeletionReceipt, ExportJob, PrivacySettings, RetentionImpact };

export const getPrivacySettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.privacy.settings,
    queryFn: ({ signal }) => fetchApi('GET /api/user/privacy', { signal }),
  });
export const usePrivacySettings = () => useQuery(getPrivacySettingsQueryOptions());

export function useSetRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (retentionDays: RetentionDays) =>
      fetchApi('PUT /api/user/privacy/retention', { body: { retentionDays } }),
    onSuccess: (s) => qc.setQueryData(queryKeys.privacy.settings, s),
  });
}

export const recordBirthDate = (birthDate: string) => fetchApi('POST /api/user/age', { body: { birthDate } });

export function useRecordAge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: recordBirthDate,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.privacy.settings }),
  });
}

/** The latest export; polled every second while it is being built. */
export function useLatestExport() {
  return useQuery({
    queryKey: queryKeys.privacy.latestExport,
    queryFn: ({ signal }) => fetchApi('GET /api/user/export/latest', { signal }),
    refetchInterval: (q) => {
      const s = q.state.data?.export?.status;
      return s === 'pending' || s === 'building' ? 1000 : false;
    },
  });
}

/**
 * The export a 409 `export.in_progress` names (its body carries the running export, issue 40), or null. Only the
 * fields the screens read are checked: the job is the server's own answer.
 */
export function runningExportOf(err: unknown): ExportJob | null {
  if (!(err instanceof ApiError) || err.status !== 409 || err.code !== ERROR_CODES.exportInProgress) return null;
  try {
    const body: unknown = JSON.parse(err.body);
    const job = body && typeof body === 'object' && 'export' in body ? body.export : null;
    if (!job || typeof job !== 'object' || !('id' in job) || !('status' in job) || !('progress' in job)) return null;
    return typeof job.id === 'string' && typeof job.status === 'string' && typeof job.progress === 'number'
      ? (job as ExportJob)
      : null;
  } catch {
    return null;
  }
}

/** POST /api/user/export; while another export runs (409) the answer is that export, shown like a new one. */
export async function requestExport(): Promise<ExportJob> {
  try {
    return await fetchApi('POST /api/user/export');
  } catch (err) {
    const running = runningExportOf(err);
    if (running) return running;
    throw err;
  }
}

export function useRequestExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestExport,
    onSuccess: (job) => qc.setQueryData(queryKeys.privacy.latestExport, { export: job }),
  });
}

/** "Delete my account": the typed confirmation and the current password (checked by the server). */
export const deleteAccountRequest = (password: string) =>
  fetchApi('DELETE /api/user/account', { body: { confirm: DELETE_ACCOUNT_CONFIRMATION, password } });

/** What deleting the account loses (unused paid and granted credits, a live plan); read when the dialog opens. */
export const useDeletionPreview = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.privacy.deletionPreview,
    queryFn: ({ signal }) => fetchApi('GET /api/user/account/deletion-preview', { signal }),
    enabled,
    staleTime: 0,
  });

/** How many existing results a shorter retention deletes (asked before the choice is saved; counted afresh). */
export const useRetentionImpact = (days: RetentionDays) =>
  useQuery({
    queryKey: queryKeys.privacy.retentionImpact(days ?? 0),
    queryFn: ({ signal }) =>
      fetchApi('GET /api/user/privacy/retention-impact', { query: { retentionDays: String(days) }, signal }),
    enabled: days !== null,
    staleTime: 0,
    gcTime: 0,
  });

/** Where the receipt waits for the (signed-out) receipt page. */
export const RECEIPT_STORAGE_KEY = 'fitly.deletionReceipt';

/** A date of birth typed at sign-up, kept for the first sign-in (then sent and removed). */
export const PENDING_BIRTHDATE_KEY = 'fitly.pendingBirthDate';
