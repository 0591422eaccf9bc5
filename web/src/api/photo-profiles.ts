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

/** The multipart body of a create or an update (PATCH sends only what changed for the files). */
export interface ProfileFormPayload {
  name: string;
  gender: string;
  bodyDescription: string;
  portrait?: File | null;
  fullBody?: File | null;
  /** Edit only: drop the stored full-body photo. */
  removeFullBody?: boolean;
  /** Create only: the photo consent wording version the user confirmed. */
  consent?: string;
}

export function toFormData(p: ProfileFormPayload): FormData {
  const fd = new FormData();
  if (p.consent) fd.append('consent', p.consent);
  fd.append('name', p.name);
  fd.append('gender', p.gender);
  fd.append('bodyDescription', p.bodyDescription);
  if (p.portrait) fd.append('portrait', p.portrait, p.portrait.name);
  if (p.fullBody) fd.append('fullBody', p.fullBody, p.fullBody.name);
  else if (p.removeFullBody) fd.append('removeFullBody', 'true');
  return fd;
}

export function useSaveProfile(id: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: ProfileFormPayload) =>
      id
        ? apiJson<PhotoProfile>('PATCH', `/api/photo-profiles/${encodeURIComponent(id)}`, toFormData(p))
        : apiJson<PhotoProfile>('POST', '/api/photo-profiles', toFormData(p)),
    onSuccess: () => qc.invalidateQueries({ queryKey: PHOTO_PROFILES_KEY }),
  });
}

export function useMakeDefault() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<PhotoProfile>('PATCH', `/api/photo-profiles/${encodeURIComponent(id)}`, { isDefault: true }),
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
