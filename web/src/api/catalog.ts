/** Catalog reads used by the generation screens (shapes of functions/services/catalog-service.ts). */
import { useQuery } from '@tanstack/react-query';
import type { StyleImageType } from '../../../shared/domain/catalog';
import type { PhotoProfile } from '../../../shared/schemas/photo-profile';

export type { PhotoProfile };

export interface RawTemplate {
  id: string;
  name: string;
  taskType: string;
  vibeCategory: string | null;
  settingCategory: string | null;
  requiresFullBody: boolean;
  priority: number;
  enabled: boolean;
}

export interface PromptTemplate {
  id: string;
  name: string;
  description: string | null;
  previewImageUrl: string | null;
  task: string;
  styleCategory: string | null;
}

export interface StyleSummary {
  id: string;
  name: string;
  description: string | null;
  tags: string[];
  categoryIds: string[];
  sex: string;
  styleImageType: StyleImageType;
  coverImageUrl: string | null;
  promptImageUrl: string | null;
  usageCount: number;
  userName: string;
  createdAt: string;
}

export interface StyleDetail extends StyleSummary {
  tasks: string[];
  defaultPromptTemplateId: string | null;
  creator: { name: string; handle: string | null; isPublic: boolean };
}

export interface ProductLink {
  id: string;
  retailer: string | null;
  url: string;
  price: number | null;
  currency: string | null;
}

export interface StyleProduct {
  id: string;
  name: string;
  brand: string | null;
  category: string | null;
  imageUrl: string | null;
  links: ProductLink[];
}

export interface CollectionSummary {
  id: string;
  title: string;
  description: string | null;
  coverImage: string | null;
  isPublished: boolean;
  styleCount: number;
}

export const PHOTO_PROFILES_KEY = ['/api/photo-profiles'] as const;

export const useRawTemplates = () => useQuery<RawTemplate[]>({ queryKey: ['/api/raw-templates'] });
export const useRawTemplate = (id: string | undefined) => useQuery<RawTemplate>({ queryKey: ['/api/raw-templates', id], enabled: !!id });
export const usePhotoProfiles = () => useQuery<PhotoProfile[]>({ queryKey: PHOTO_PROFILES_KEY });
export const useStyles = (enabled = true) => useQuery<StyleSummary[]>({ queryKey: ['/api/styles'], enabled });
export const useStyle = (id: string | undefined) => useQuery<StyleDetail>({ queryKey: ['/api/styles', id], enabled: !!id });
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
