/** Settings calls: profile fields, avatar upload, profile links (spec 02 section 7). */
import type { ProfilePatchInput, UserLinkInput, UserLinkView } from '@shared/schemas/discovery';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/schemas/user';
import { fetchApi } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';

export type UserLink = UserLinkView;

/** Every profile change answers the current user: it replaces the cached one (the user menu updates at once). */
function useSetUser() {
  const qc = useQueryClient();
  return (user: CurrentUser) => {
    qc.setQueryData(queryKeys.currentUser, user);
    // Public pages of this user may show the old name, handle or avatar.
    void qc.invalidateQueries({ queryKey: queryKeys.publicProfiles.all });
  };
}

export function useUpdateProfile() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (patch: ProfilePatchInput) => fetchApi('PATCH /api/user/profile', { body: patch }),
    onSuccess: setUser,
  });
}

/** After a direct avatar upload (components/image-upload, purpose avatar): read the user again. */
export function useRefreshUserAfterAvatar() {
  const setUser = useSetUser();
  return async () => setUser(await fetchApi('GET /api/auth/user'));
}

export const getUserLinksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.user.links,
    queryFn: ({ signal }) => fetchApi('GET /api/user/links', { signal }),
  });
export const useUserLinks = (enabled: boolean) => useQuery({ ...getUserLinksQueryOptions(), enabled });

export function useAddLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (link: UserLinkInput) => fetchApi('POST /api/user/links', { body: link }),
    onSuccess: (link) => {
      qc.setQueryData(getUserLinksQueryOptions().queryKey, (old) => [...(old ?? []), link]);
      void qc.invalidateQueries({ queryKey: queryKeys.publicProfiles.all });
    },
  });
}

export function useDeleteLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchApi('DELETE /api/user/links/{id}', { params: { id } }),
    onSuccess: (_res, id) => {
      qc.setQueryData(getUserLinksQueryOptions().queryKey, (old) => old?.filter((l) => l.id !== id));
      void qc.invalidateQueries({ queryKey: queryKeys.publicProfiles.all });
    },
  });
}
