/** Catalog reads used by the generation screens (shapes of functions/styles/catalog-service.ts). */
import type {
  Category,
  CollectionSummary,
  ProductLink,
  PromptTemplate,
  RawTemplate,
  StyleDetail,
  StyleProduct,
  StyleSummary,
} from '@shared/schemas/catalog';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { fetchApi } from './endpoints';
import { queryKeys } from './query-keys';
import type { PhotoProfile } from '@shared/schemas/photo-profile';

export type { PhotoProfile };

export type {
  RawTemplate,
  PromptTemplate,
  StyleSummary,
  StyleDetail,
  ProductLink,
  StyleProduct,
  CollectionSummary,
  Category,
};

export { usePhotoProfiles } from './photo-profiles';

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

/**
 * What a screen asks GET /api/styles for (issue 41: never the whole catalogue): a search (words matching the start
 * of a style's words), audiences and categories (any of each), and how many cards a page holds.
 */
export interface StyleListParams {
  q?: string;
  sexes?: readonly string[];
  categories?: readonly string[];
  limit: number;
}

const joined = (xs: readonly string[] | undefined) => (xs?.length ? xs.join(',') : undefined);

/** The request's query (and the cache key's text): absent parts left out, the search trimmed. */
export function styleListQuery(p: StyleListParams): { q?: string; sex?: string; category?: string; limit: string } {
  const q = p.q?.trim();
  return {
    ...(q ? { q } : {}),
    ...(joined(p.sexes) ? { sex: joined(p.sexes) } : {}),
    ...(joined(p.categories) ? { category: joined(p.categories) } : {}),
    limit: String(p.limit),
  };
}
const listQueryOf = (p: StyleListParams) => new URLSearchParams(styleListQuery(p)).toString();

/** One page of GET /api/styles: the first `limit` cards of the list (the dashboard, the preview carousel). */
export const getStylePageQueryOptions = (p: StyleListParams) =>
  queryOptions({
    queryKey: queryKeys.styles.listFirstPage(listQueryOf(p)),
    queryFn: ({ signal }) => fetchApi('GET /api/styles', { query: styleListQuery(p), signal }),
  });
export const useStylePage = (p: StyleListParams, enabled = true) =>
  useQuery({ ...getStylePageQueryOptions(p), enabled });

/**
 * GET /api/styles page after page along its signed cursors (the style pickers: search as you type, "Load more");
 * a new search keeps the cards on screen until its first page arrives.
 */
export const useStylePages = (p: StyleListParams, enabled = true) =>
  useInfiniteQuery({
    queryKey: queryKeys.styles.listPages(listQueryOf(p)),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      fetchApi('GET /api/styles', {
        query: { ...styleListQuery(p), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
  });

export const getStyleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.styles.detail(id),
    queryFn: ({ signal }) => fetchApi('GET /api/styles/{id}', { params: { id }, signal }),
  });
export const useStyle = (id: string | undefined) => useQuery({ ...getStyleQueryOptions(id ?? ''), enabled: !!id });
/** The styles a screen has chosen, by id (GET /api/styles/{id} each): what it shows of them, never the list. */
export const useStylesById = (ids: readonly string[]) =>
  useQueries({ queries: [...new Set(ids)].map((id) => getStyleQueryOptions(id)) });

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
