/** Shared looks (issue 15): the owner's shares and the public view of /l/{token} with votes, reactions, reports. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as R from '../../../shared/schemas/responses';
import { apiJson } from '../lib/api-client';
import type { PublicShareView, ShareExpiryDays } from '../../../shared/domain/shares';

/** The owner's view of a share (the route's response schema; `state` narrowed to the states a share has). */
export type OwnerShare = Omit<R.OwnerShare, 'state'> & { state: 'live' | 'expired' | 'revoked' | 'taken_down' };

/** GET /api/l/{token}: what a viewer sees (the type the API builds it with). */
export type PublicShare = PublicShareView;

export const MY_SHARES_KEY = ['/api/shares'] as const;
const publicKey = (token: string) => ['/api/l', token] as const;

export const useMyShares = (opts: { enabled?: boolean } = {}) =>
  useQuery<OwnerShare[]>({ queryKey: MY_SHARES_KEY, enabled: opts.enabled ?? true });

export function useCreateShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { generationIds: string[]; expiresInDays: ShareExpiryDays; showOwner: boolean }) =>
      apiJson<OwnerShare>('POST', '/api/shares', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: MY_SHARES_KEY }),
  });
}

export function useRevokeShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<OwnerShare>('DELETE', `/api/shares/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: MY_SHARES_KEY }),
  });
}

export const usePublicShare = (token: string) =>
  useQuery<PublicShare>({
    queryKey: publicKey(token),
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
    apiJson<PublicShare>('PUT', `/api/l/${encodeURIComponent(token)}/vote`, { generationId }),
  );

export const useReaction = (token: string) =>
  usePublicMutation(token, (text: string) =>
    apiJson<PublicShare>('PUT', `/api/l/${encodeURIComponent(token)}/reaction`, { text }),
  );

export const useReportShare = (token: string) =>
  useMutation({
    mutationFn: (reason: string) =>
      apiJson<{ id: string }>('POST', `/api/l/${encodeURIComponent(token)}/report`, { reason }),
  });
