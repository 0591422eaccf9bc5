import { useQuery } from '@tanstack/react-query';
import { loadRuntimeConfig } from '../../../lib/runtime-config';
import { queryKeys } from '../../../api/query-keys';

/** The runtime config (GET /api/config) for components, e.g. the local-mode confirmation code. */
export function useRuntimeConfig() {
  return useQuery({ queryKey: queryKeys.runtimeConfig, queryFn: loadRuntimeConfig, staleTime: Infinity, retry: 1 });
}
