/** Shared looks (issue 15): the owner's shares and the public view of /l/{token} with votes, reactions, reports. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnerShare } from '@shared/schemas/share';
import { fetchApi } from './endpoints';
import { queryKeys } from './query-keys';
import type { PublicShareView, ShareExpiryDays } from '@shared/domain/shares';

/** The owner's view of a share (the route's response schema; `state` narrowed to the states a share has). */
export type { OwnerShare };

/** GET /api/l/{token}: what a viewer sees (the type the API builds it with). */
export type PublicShare = PublicShareView;

export const getMySharesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.shares.mine,
    queryFn: ({ signal }): Promise<OwnerShare[]> => fetchApi('GET /api/shares', { signal }),
  });
export const useMyShares = (opts: { enabled?: boolean } = {}) =>
  useQuery({ ...getMySharesQueryOptions(), enabled: opts.enabled ?? true });

export const getPublicShareQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.shares.public(token),
    queryFn: ({ signal }): Promise<PublicShare> => fetchApi('GET /api/l/{token}', { params: { token }, signal }),
  });
const publicKey = (token: string) => getPublicShareQueryOptions(token).queryKey;

export function useCreateShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { generationIds: string[]; expiresInDays: ShareExpiryDays; showOwner: boolean }) =>
      fetchApi('POST /api/shares', { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.shares.mine }),
  });
}

export function useRevokeShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchApi('DELETE /api/shares/{id}', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.shares.mine }),
  });
}

export const usePublicShare = (token: string) =>
  useQuery({
    ...getPublicShareQueryOptions(token),
    retry: false,
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });

function usePublicMutation<I>(token: string, call: (input: I) => Promise<PublicShare>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (data) => qc.setQueryData(publicKey(token), data) });
}

export const useVote = (token: string) =>
  usePublicMutation(token, (generationId: string) =>
    fetchApi('PUT /api/l/{token}/vote', { params: { token }, body: { generationId } }),
  );

export const useReaction = (token: string) =>
  usePublicMutation(token, (text: string) =>
    fetchApi('PUT /api/l/{token}/reaction', { params: { token }, body: { text } }),
  );

export const useReportShare = (token: string) =>
  useMutation({
    mutationFn: (reason: string) => fetchApi('POST /api/l/{token}/report', { params: { token }, body: { reason } }),
  });
