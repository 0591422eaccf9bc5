/** Public profiles: GET /api/profile/{handle} and GET /api/users/{id} (for /influencer/{userId} links). */
import type * as R from '../../../../../shared/schemas/responses';
import { useQuery } from '@tanstack/react-query';
import { normalizeHandle } from '../../../../../shared/domain/profile-rules';

export const PROFILE_NOT_FOUND = 'Profile Not Found';

export type PublicUser = R.PublicUser;

export type PublicProfile = R.PublicProfile;

export const profileKey = (handle: string) => ['/api/profile', encodeURIComponent(normalizeHandle(handle))] as const;

/** The profile of a handle ("@iris" and "Iris" are the same); 404 'Profile Not Found' is an error with status 404. */
export const usePublicProfile = (handle: string | undefined) =>
  useQuery<PublicProfile>({
    queryKey: profileKey(handle ?? ''),
    enabled: !!handle && normalizeHandle(handle) !== '',
    retry: false,
  });

export const usePublicUser = (id: string | undefined) =>
  useQuery<PublicUser>({ queryKey: ['/api/users', encodeURIComponent(id ?? '')], enabled: !!id, retry: false });
