/** Catalog reads used by the generation screens (shapes of functions/services/catalog-service.ts). */
import type * as R from '../../../shared/schemas/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApi } from './endpoints';
import { queryKeys } from './query-keys';
import type { PhotoProfile } from '../../../shared/schemas/photo-profile';

export type { PhotoProfile };

export type RawTemplate = R.RawTemplate;

export type PromptTemplate = R.PromptTemplate;

export type StyleSummary = R.StyleSummary;

export type StyleDetail = R.StyleDetail;

export type ProductLink = R.ProductLink;

export type StyleProduct = R.StyleProduct;

export type CollectionSummary = R.CollectionSummary;

export type Category = R.Category;

export { PHOTO_PROFILES_KEY, usePhotoProfiles } from './photo-profiles';

export const getRawTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalog.rawTemplates,
    queryFn: ({ signal }) => fetchApi('GET /api/raw-templates', { signal }),
  });
export const useRawTemplates = () => useQuery(getRawTemplatesQueryOptions());

export const getRawTemplateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.catalog.rawTemplate(id),
    queryFn: ({ signal }) => fetchApi('GET /api/raw-templates/{id}', { params: { id }, signal }),
  });
export const useRawTemplate = (id: string | undefined) =>
  useQuery({ ...getRawTemplateQueryOptions(id ?? ''), enabled: !!id });

/** The style list (cards of the catalogue document: the full StyleSummary as the list endpoint answers it). */
export const getStylesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.styles.list(),
    queryFn: ({ signal }): Promise<StyleSummary[]> => fetchApi('GET /api/styles', { signal }),
  });
export const useStyles = (enabled = true) => useQuery({ ...getStylesQueryOptions(), enabled });

export const getStyleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.styles.detail(id),
    queryFn: ({ signal }) => fetchApi('GET /api/styles/{id}', { params: { id }, signal }),
  });
export const useStyle = (id: string | undefined) => useQuery({ ...getStyleQueryOptions(id ?? ''), enabled: !!id });

export const getStyleProductsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.styles.products(id),
    queryFn: ({ signal }) => fetchApi('GET /api/styles/{id}/products', { params: { id }, signal }),
  });
export const useStyleProducts = (id: string | null | undefined) =>
  useQuery({ ...getStyleProductsQueryOptions(id ?? ''), enabled: !!id });

/** GET /api/categories: every category as the API answers it (Explore keeps the active ones). */
export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalog.categories,
    queryFn: ({ signal }) => fetchApi('GET /api/categories', { signal }),
  });

export const getCollectionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalog.collections,
    queryFn: ({ signal }) => fetchApi('GET /api/collections', { signal }),
  });
export const useCollections = () => useQuery(getCollectionsQueryOptions());

/** GET /api/collections/{id}: one public collection with its looks and their shop links. */
export const getCollectionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.catalog.collection(id),
    queryFn: ({ signal }) => fetchApi('GET /api/collections/{id}', { params: { id }, signal }),
  });

/** GET /api/prompts, filtered to the outfit try-on prompts (spec 02 section 7). */
export const OUTFIT_TRYON = 'OUTFIT_TRYON';
export const getPromptsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalog.prompts,
    queryFn: ({ signal }) => fetchApi('GET /api/prompts', { signal }),
  });
export const useOutfitPrompts = (enabled = true) =>
  useQuery({
    ...getPromptsQueryOptions(),
    enabled,
    select: (all) => all.filter((p) => p.task === OUTFIT_TRYON),
  });
