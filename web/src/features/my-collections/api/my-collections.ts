/** My Collections' calls (docs/api.md, "Creator and admin tools"). */
import type * as R from '../../../../../shared/schemas/responses';
import { queryKeys } from '../../../api/query-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import type { CollectionFormValues } from '../lib/collection-rules';

export type MyCollection = R.MyCollection;

export type CollectionStyle = R.CollectionStyle;

export type MyCollectionDetail = R.MyCollectionDetail;

export const MY_COLLECTIONS_KEY = ['/api/influencer-collections'] as const;
const detailKey = (id: string) => ['/api/influencer-collections', id] as const;

export const useMyCollections = () => useQuery<MyCollection[]>({ queryKey: MY_COLLECTIONS_KEY });
export const useMyCollection = (id: string | null) =>
  useQuery<MyCollectionDetail>({ queryKey: detailKey(id ?? ''), enabled: !!id });

/** Any change may move a collection in or out of the public listing. */
function useRefresh() {
  const qc = useQueryClient();
  return (id?: string) => {
    void qc.invalidateQueries({ queryKey: MY_COLLECTIONS_KEY, exact: true });
    if (id) void qc.invalidateQueries({ queryKey: detailKey(id) });
    void qc.invalidateQueries({ queryKey: queryKeys.catalog.collections });
  };
}

export function useCreateCollection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CollectionFormValues) =>
      apiJson<MyCollectionDetail>('POST', '/api/influencer-collections', body),
    onSuccess: () => refresh(),
  });
}

export function useUpdateCollection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<CollectionFormValues> }) =>
      apiJson<MyCollection>('PATCH', `/api/influencer-collections/${encodeURIComponent(id)}`, body),
    onSuccess: (_d, v) => refresh(v.id),
  });
}

export function useDeleteCollection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<R.DeletedResult>('DELETE', `/api/influencer-collections/${encodeURIComponent(id)}`),
    onSuccess: () => refresh(),
  });
}

export function useCollectionStyle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, styleId, action }: { id: string; styleId: string; action: 'add' | 'remove' }) =>
      action === 'add'
        ? apiJson<MyCollection>('POST', `/api/influencer-collections/${encodeURIComponent(id)}/styles`, { styleId })
        : apiJson<MyCollection>(
            'DELETE',
            `/api/influencer-collections/${encodeURIComponent(id)}/styles/${encodeURIComponent(styleId)}`,
          ),
    // The answer is the collection without its styles (its count and cover changed): the detail is re-read.
    onSuccess: (_data, v) => refresh(v.id),
  });
}
