/** Generations: the list (polled while any is active), one generation, delete, feedback, keeping variants (starts: features/generate). */
import type { FeedbackView, GenerationView } from '@shared/schemas/generation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { generationDetailRefetchInterval, generationsRefetchInterval } from '../lib/polling';
import { fetchApi, type ResponseOf } from './endpoints';
import { queryKeys } from './query-keys';

export type { GenerationView };

/** GET /api/generations, newest first; polled every 5 s while any item is pending or processing. */
export const getGenerationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.generations.list(),
    queryFn: ({ signal }) => fetchApi('GET /api/generations', { signal }),
    refetchInterval: (q) => generationsRefetchInterval(q.state.data),
  });

export function useGenerations(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...getGenerationsQueryOptions(), enabled: opts.enabled ?? true });
}

/** GET /api/generations/{id}; while it runs, polled every half second for 30 s, then every 5 s like the list. */
export const getGenerationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.generations.detail(id),
    queryFn: ({ signal }) => fetchApi('GET /api/generations/{id}', { params: { id }, signal }),
    refetchInterval: (q) => generationDetailRefetchInterval(q.state.data, q.state.dataUpdateCount),
  });

export function useGeneration(id: string | undefined) {
  return useQuery({ ...getGenerationQueryOptions(id ?? ''), enabled: !!id });
}

export function useDeleteGeneration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchApi('DELETE /api/generations/{id}', { params: { id } }),
    onSuccess: (_res, id) => {
      qc.setQueryData(getGenerationsQueryOptions().queryKey, (old) => old?.filter((g) => g.id !== id));
      qc.removeQueries({ queryKey: queryKeys.generations.detail(id), exact: true });
      void qc.invalidateQueries({ queryKey: queryKeys.generations.all });
    },
  });
}

export type Feedback = FeedbackView;

/** GET /api/feedback/generation/{id}: the caller's rating of a generation, or null. */
export const getGenerationFeedbackQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.feedback(id),
    queryFn: ({ signal }) => fetchApi('GET /api/feedback/generation/{id}', { params: { id }, signal }),
  });

export function useGenerationFeedback(id: string | undefined, enabled: boolean) {
  return useQuery({ ...getGenerationFeedbackQueryOptions(id ?? ''), enabled: !!id && enabled });
}

export function useSubmitFeedback(generationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { styleId: string | null; rating: number }) =>
      fetchApi('POST /api/feedback', { body: { styleId: input.styleId, generationId, rating: input.rating } }),
    onSuccess: (data, input) => {
      qc.setQueryData(
        getGenerationFeedbackQueryOptions(generationId).queryKey,
        data ?? { rating: input.rating, styleId: input.styleId },
      );
    },
  });
}

/** A kept variant and the gallery generation it became (link to /generation/{generationId}). */
export type KeptVariant = ResponseOf<'POST /api/generations/{id}/keep'>['kept'][number];

/** POST /api/generations/{id}/keep: keep variants of a run (idempotent: keeping again answers the same ids). */
export function useKeepVariants(runId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (variants: number[]) =>
      fetchApi('POST /api/generations/{id}/keep', { params: { id: runId }, body: { variants } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.generations.detail(runId) });
      void qc.invalidateQueries({ queryKey: queryKeys.generations.all });
    },
  });
}
