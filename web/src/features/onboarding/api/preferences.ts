/** Onboarding's calls: the saved style preferences and their save (spec 01 sections 2 and 7). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreferencesInput } from '@shared/schemas/discovery';
import { fetchApi } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';

export const getPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.user.preferences,
    queryFn: ({ signal }) => fetchApi('GET /api/user/preferences', { signal }),
  });
export const usePreferences = () => useQuery(getPreferencesQueryOptions());

/** POST /api/preferences: the answer replaces the cached preferences, and the user (now onboarded) is read again. */
export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesInput) => fetchApi('POST /api/preferences', { body }),
    onSuccess: async (data) => {
      qc.setQueryData(getPreferencesQueryOptions().queryKey, data);
      await qc.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
