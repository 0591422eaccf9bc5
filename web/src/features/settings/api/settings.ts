/** Settings calls: profile fields, avatar upload, profile links (spec 02 section 7). */
import type * as R from '../../../../../shared/schemas/responses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../../shared/schemas/user';
import type { ProfilePatchInput, UserLinkInput } from '../../../../../shared/schemas/discovery';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { CURRENT_USER_KEY } from '../../../api/current-user';

export type UserLink = R.UserLinkView;

export const LINKS_KEY = ['/api/user/links'] as const;

/** Every profile change answers the current user: it replaces the cached one (the user menu updates at once). */
function useSetUser() {
  const qc = useQueryClient();
  return (user: CurrentUser) => {
    qc.setQueryData(CURRENT_USER_KEY, user);
    // Public pages of this user may show the old name, handle or avatar.
    void qc.invalidateQueries({ queryKey: ['/api/profile'] });
  };
}

export function useUpdateProfile() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (patch: ProfilePatchInput) => apiJson<CurrentUser>('PATCH', '/api/user/profile', patch),
    onSuccess: setUser,
  });
}

/** After a direct avatar upload (components/image-upload, purpose avatar): read the user again. */
export function useRefreshUserAfterAvatar() {
  const setUser = useSetUser();
  return async () => setUser(await apiJson<CurrentUser>('GET', '/api/auth/user'));
}

export const useUserLinks = (enabled: boolean) => useQuery<UserLink[]>({ queryKey: LINKS_KEY, enabled });

export function useAddLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (link: UserLinkInput) => apiJson<UserLink>('POST', '/api/user/links', link),
    onSuccess: (link) => {
      qc.setQueryData<UserLink[]>(LINKS_KEY, (old) => [...(old ?? []), link]);
      void qc.invalidateQueries({ queryKey: ['/api/profile'] });
    },
  });
}

export function useDeleteLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/user/links/${encodeURIComponent(id)}`),
    onSuccess: (_res, id) => {
      qc.setQueryData<UserLink[]>(LINKS_KEY, (old) => old?.filter((l) => l.id !== id));
      void qc.invalidateQueries({ queryKey: ['/api/profile'] });
    },
  });
}
