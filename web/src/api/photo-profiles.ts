import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhotoProfile } from '@shared/schemas/photo-profile';
import { fetchApi, type BodyIn } from './endpoints';
import { queryKeys } from './query-keys';

export type { PhotoProfile };

/**
 * GET /api/photo-profiles: the caller's profiles, default first (spec 02 section 7); asked again every 1.5 s while
 * a full-body photo is being checked.
 */
export const getPhotoProfilesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.photoProfiles,
    queryFn: ({ signal }) => fetchApi('GET /api/photo-profiles', { signal }),
    refetchInterval: (q) => (q.state.data?.some((p) => p.bodyCheck?.status === 'checking') ? 1500 : false),
  });

export function usePhotoProfiles(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...getPhotoProfilesQueryOptions(), enabled: opts.enabled ?? true });
}

/**
 * The JSON body of a create or an update. The photos themselves went straight to S3 first (presigned POST to
 * the quarantine, web/src/components/image-upload/direct-upload.ts); the API reads them by upload id, after
 * its consent and age checks, through its one image gate.
 */
export interface ProfileFormPayload {
  name: string;
  gender: string;
  bodyDescription: string;
  portraitUploadId?: string | null;
  fullBodyUploadId?: string | null;
  /** Edit only: drop the stored full-body photo. */
  removeFullBody?: boolean;
  /** Create only: the photo consent wording version the user confirmed. */
  consent?: string;
}

/** The JSON body of POST /api/photo-profiles (PATCH takes the same fields: its schema's are all optional). */
type ProfileBody = Exclude<BodyIn<'POST /api/photo-profiles'>, FormData> & BodyIn<'PATCH /api/photo-profiles/{id}'>;

export function toProfileBody(p: ProfileFormPayload): ProfileBody {
  const body: ProfileBody = { name: p.name, gender: p.gender, bodyDescription: p.bodyDescription };
  if (p.consent) body.consent = p.consent;
  if (p.portraitUploadId) body.portraitUploadId = p.portraitUploadId;
  if (p.fullBodyUploadId) body.fullBodyUploadId = p.fullBodyUploadId;
  else if (p.removeFullBody) body.removeFullBody = true;
  return body;
}

export function useSaveProfile(id: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: ProfileFormPayload) =>
      id
        ? fetchApi('PATCH /api/photo-profiles/{id}', { params: { id }, body: toProfileBody(p) })
        : fetchApi('POST /api/photo-profiles', { body: toProfileBody(p) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.photoProfiles }),
  });
}

export function useMakeDefault() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      fetchApi('PATCH /api/photo-profiles/{id}', { params: { id }, body: { isDefault: true } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.photoProfiles }),
  });
}

export function useDeleteProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await fetchApi('DELETE /api/photo-profiles/{id}', { params: { id } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.photoProfiles }),
  });
}

/** DELETE /api/user/photos: every profile, its photos and every generated image (credit history is kept). */
export function useDeleteAllPhotos() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => fetchApi('DELETE /api/user/photos'),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.photoProfiles }),
        qc.invalidateQueries({ queryKey: queryKeys.generations.all }),
      ]);
    },
  });
}

/** PUT /api/photo-profiles/{id}/measurements: the profile's measurements for size advice (none: removed). */
export function useSaveMeasurements(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<'PUT /api/photo-profiles/{id}/measurements'>) =>
      fetchApi('PUT /api/photo-profiles/{id}/measurements', { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.photoProfiles }),
  });
}
