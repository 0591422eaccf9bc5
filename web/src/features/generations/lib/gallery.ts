/** The gallery's sections, sort and profile filter (spec 02 section 2, Gallery). */
import { isActiveStatus, type GenerationStatus } from '@shared/domain/generation';

export const GALLERY_SORTS = ['newest', 'oldest'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];
export const ALL_PROFILES = 'all';

interface Item {
  status: GenerationStatus;
  createdAt: string;
  resultUrl: string | null;
  inputs: { photoProfileId: string };
}

export function partitionGenerations<T extends Item>(
  items: readonly T[],
): { inProgress: T[]; completed: T[]; failed: T[] } {
  return {
    inProgress: items.filter((g) => isActiveStatus(g.status)),
    // A completed generation is listed only with its result.
    completed: items.filter((g) => g.status === 'completed' && !!g.resultUrl),
    failed: items.filter((g) => g.status === 'failed'),
  };
}

export function sortGenerations<T extends Item>(items: readonly T[], sort: GallerySort): T[] {
  const dir = sort === 'newest' ? -1 : 1;
  return [...items].sort((a, b) => dir * (Date.parse(a.createdAt) - Date.parse(b.createdAt)));
}

export function filterByProfile<T extends Item>(items: readonly T[], profileId: string): T[] {
  return profileId === ALL_PROFILES ? [...items] : items.filter((g) => g.inputs.photoProfileId === profileId);
}

export const completedView = <T extends Item>(items: readonly T[], sort: GallerySort, profileId: string): T[] =>
  sortGenerations(filterByProfile(partitionGenerations(items).completed, profileId), sort);
