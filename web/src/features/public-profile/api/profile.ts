/** Public profiles: GET /api/profile/{handle} and GET /api/users/{id} (for /influencer/{userId} links). */
import type { PublicProfile, PublicUser } from '@shared/schemas/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { normalizeHandle } from '@shared/domain/profile-rules';
import { fetchApi } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';

export const PROFILE_NOT_FOUND = 'Profile Not Found';

export type { PublicUser, PublicProfile };

/** The profile of a handle ("@iris" and "Iris" are the same: one key, one request). */
export const getPublicProfileQueryOptions = (handle: string) => {
  const normalized = normalizeHandle(handle);
  return queryOptions({
    queryKey: queryKeys.publicProfiles.byHandle(normalized),
    queryFn: ({ signal }) => fetchApi('GET /api/profile/{handle}', { params: { handle: normalized }, signal }),
    retry: false,
  });
};

/** 404 'Profile Not Found' is an error with status 404. */
export const usePublicProfile = (handle: string | undefined) =>
  useQuery({ ...getPublicProfileQueryOptions(handle ?? ''), enabled: !!handle && normalizeHandle(handle) !== '' });

export const getPublicUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.publicUser(id),
    queryFn: ({ signal }) => fetchApi('GET /api/users/{id}', { params: { id }, signal }),
    retry: false,
  });

export const usePublicUser = (id: string | undefined) =>
  useQuery({ ...getPublicUserQueryOptions(id ?? ''), enabled: !!id });
