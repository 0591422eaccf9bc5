import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteAllPhotosResult, PhotoProfile } from '../../../shared/schemas/photo-profile';
import { apiJson, apiRequest } from '../lib/api-client';

export type { PhotoProfile };

/** GET /api/photo-profiles: the user's profiles, default first (spec 02 section 7). */
export const PHOTO_PROFILES_KEY = ['/api/photo-profiles'] as const;
/** The generations list (its owner is the generations feature); "Delete all my photos" invalidates it. */
export const GENERATIONS_KEY = ['/api/generations'] as const;

export function usePhotoProfiles() {
  return useQuery<PhotoProfile[]>({ queryKey: PHOTO_PROFILES_KEY });
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

export function toProfileBody(p: ProfileFormPayload): Record<string, string | boolean> {
  const body: Record<string, string | boolean> = { name: p.name, gender: p.gender, bodyDescription: p.bodyDescription };
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
        ? apiJson<PhotoProfile>('PATCH', `/api/photo-profiles/${encodeURIComponent(id)}`, toProfileBody(p))
        : apiJson<PhotoProfile>('POST', '/api/photo-profiles', toProfileBody(p)),
    onSuccess: () => qc.invalidateQueries({ queryKey: PHOTO_PROFILES_KEY }),
  });
}

export function useMakeDefault() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<PhotoProfile>('PATCH', `/api/photo-profiles/${encodeURIComponent(id)}`, { isDefault: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: PHOTO_PROFILES_KEY }),
  });
}

export function useDeleteProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/photo-profiles/${encodeURIComponent(id)}`);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: PHOTO_PROFILES_KEY }),
  });
}

/** DELETE /api/user/photos: every profile, its photos and every generated image (credit history is kept). */
export function useDeleteAllPhotos() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<DeleteAllPhotosResult>('DELETE', '/api/user/photos'),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: PHOTO_PROFILES_KEY }),
        qc.invalidateQueries({ queryKey: GENERATIONS_KEY }),
      ]);
    },
  });
}
