import { useQuery } from '@tanstack/react-query';
import type { Renderers } from '@shared/domain/render-copy';
import { loadRuntimeConfig } from '../lib/runtime-config';
import { queryKeys } from './query-keys';

/**
 * Who renders each mode here (GET /api/config `renderers`, fetched once at start): the words of the mode choices
 * and Quick Try follow it (shared/domain/render-copy.ts). null while unknown (the words then promise neither).
 */
export function useRenderers(): Renderers | null {
  const q = useQuery({
    queryKey: queryKeys.runtimeConfig,
    queryFn: loadRuntimeConfig,
    staleTime: Infinity,
    retry: false,
  });
  return q.data?.renderers ?? null;
}
