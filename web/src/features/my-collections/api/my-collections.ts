/** My Collections' calls (docs/api.md, "Creator and admin tools"). */
import type { CollectionStyle, MyCollection, MyCollectionDetail } from '@shared/schemas/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchApi } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';
import type { CollectionFormValues } from '../lib/collection-rules';

export type { MyCollection, CollectionStyle, MyCollectionDetail };

export const getMyCollectionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myCollections.list(),
    queryFn: ({ signal }) => fetchApi('GET /api/influencer-collections', { signal }),
  });
export const getMyCollectionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.myCollections.detail(id),
    queryFn: ({ signal }) => fetchApi('GET /api/influencer-collections/{id}', { params: { id }, signal }),
  });

export const useMyCollections = () => useQuery(getMyCollectionsQueryOptions());
export const useMyCollection = (id: string | null) =>
  useQuery({ ...getMyCollectionQueryOptions(id ?? ''), enabled: !!id });

/** Any change may move a collection in or out of the public listing. */
function useRefresh() {
  const qc = useQueryClient();
  return (id?: string) => {
    void qc.invalidateQueries({ queryKey: queryKeys.myCollections.list(), exact: true });
    if (id) void qc.invalidateQueries({ queryKey: queryKeys.myCollections.detail(id) });
    void qc.invalidateQueries({ queryKey: queryKeys.catalog.collections });
  };
}

export function useCreateCollection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CollectionFormValues) => fetchApi('POST /api/influencer-collections', { body }),
    onSuccess: () => refresh(),
  });
}

export function useUpdateCollection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<CollectionFormValues> }) =>
      fetchApi('PATCH /api/influencer-collections/{id}', { params: { id }, body }),
    onSuccess: (_d, v) => refresh(v.id),
  });
}

export function useDeleteCollection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => fetchApi('DELETE /api/influencer-collections/{id}', { params: { id } }),
    onSuccess: () => refresh(),
  });
}

export function useCollectionStyle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, styleId, action }: { id: string; styleId: string; action: 'add' | 'remove' }) =>
      action === 'add'
        ? fetchApi('POST /api/influencer-collections/{id}/styles', { params: { id }, body: { styleId } })
        : fetchApi('DELETE /api/influencer-collections/{id}/styles/{styleId}', { params: { id, styleId } }),
    // The answer is the collection without its styles (its count and cover changed): the detail is re-read.
    onSuccess: (_data, v) => refresh(v.id),
  });
}
