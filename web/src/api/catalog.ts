/** Catalog reads used by the generation screens (shapes of functions/services/catalog-service.ts). */
import type * as R from '../../../shared/schemas/responses';
import { useQuery } from '@tanstack/react-query';
import type { PhotoProfile } from '../../../shared/schemas/photo-profile';

export type { PhotoProfile };

export type RawTemplate = R.RawTemplate;

export type PromptTemplate = R.PromptTemplate;

export type StyleSummary = R.StyleSummary;

export type StyleDetail = R.StyleDetail;

export type ProductLink = R.ProductLink;

export type StyleProduct = R.StyleProduct;

export type CollectionSummary = R.CollectionSummary;

export const PHOTO_PROFILES_KEY = ['/api/photo-profiles'] as const;

export const useRawTemplates = () => useQuery<RawTemplate[]>({ queryKey: ['/api/raw-templates'] });
export const useRawTemplate = (id: string | undefined) =>
  useQuery<RawTemplate>({ queryKey: ['/api/raw-templates', id], enabled: !!id });
/** The caller's photo profiles; asked again every 1.5 s while a full-body photo is being checked. */
export const usePhotoProfiles = () =>
  useQuery<PhotoProfile[]>({
    queryKey: PHOTO_PROFILES_KEY,
    refetchInterval: (q) => (q.state.data?.some((p) => p.bodyCheck?.status === 'checking') ? 1500 : false),
  });
export const useStyles = (enabled = true) => useQuery<StyleSummary[]>({ queryKey: ['/api/styles'], enabled });
export const useStyle = (id: string | undefined) =>
  useQuery<StyleDetail>({ queryKey: ['/api/styles', id], enabled: !!id });
export const useStyleProducts = (id: string | null | undefined) =>
  useQuery<StyleProduct[]>({ queryKey: ['/api/styles', id, 'products'], enabled: !!id });
export const useCollections = () => useQuery<CollectionSummary[]>({ queryKey: ['/api/collections'] });

/** GET /api/prompts, filtered to the outfit try-on prompts (spec 02 section 7). */
export const OUTFIT_TRYON = 'OUTFIT_TRYON';
export const useOutfitPrompts = (enabled = true) =>
  useQuery<PromptTemplate[], Error, PromptTemplate[]>({
    queryKey: ['/api/prompts'],
    enabled,
    select: (all) => all.filter((p) => p.task === OUTFIT_TRYON),
  });
