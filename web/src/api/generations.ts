/** Generations: the list (polled while any is active), one generation, delete, feedback, the start calls. */
import type * as R from '../../../shared/schemas/responses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenerationView } from '../../../shared/schemas/generation';
import { useState } from 'react';
import { createIntent, idempotencyHeaders, intentSignature } from '../lib/idempotency';
import { CURRENT_USER_KEY } from './current-user';
import { generationDetailRefetchInterval, generationsRefetchInterval } from '../lib/polling';
import { fetchApi, type BodyIn, type ResponseOf } from './endpoints';
import { queryKeys } from './query-keys';

export type { GenerationView };

/** Every generation query (list and details): the prefix to invalidate. */
export const GENERATIONS_KEY = queryKeys.generations.all;
export const generationKey = queryKeys.generations.detail;
export const feedbackKey = queryKeys.feedback;

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
      qc.removeQueries({ queryKey: generationKey(id), exact: true });
      void qc.invalidateQueries({ queryKey: GENERATIONS_KEY });
    },
  });
}

export type Feedback = R.FeedbackView;

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

/** One piece of an outfit as the API takes it (shared/schemas/generation.ts outfitPieceSchema). */
export type OutfitPieceRequest = BodyIn<'POST /api/generate/outfit'>['pieces'][number];

/** The five ways to start a generation (each the body of its route); each answers { id }. */
export type StartRequest =
  | ({ kind: 'raw' } & BodyIn<'POST /api/generate'>)
  | ({ kind: 'style' } & BodyIn<'POST /api/generate/style'>)
  | ({ kind: 'quick-try-style'; styleId: string } & BodyIn<'POST /api/quick-try/{styleId}'>)
  | ({ kind: 'quick-try-custom' } & BodyIn<'POST /api/generate/quick-try'>)
  | ({ kind: 'outfit' } & BodyIn<'POST /api/generate/outfit'>);

/**
 * Start a generation; `idempotencyKey` makes a repeat of the same intent answer the same generation. Empty
 * optional fields are left out, and `variants` only when more than one render is asked for.
 */
export function startGeneration(req: StartRequest, idempotencyKey: string): Promise<{ id: string }> {
  const headers = idempotencyHeaders(idempotencyKey);
  const variants = typeof req.variants === 'number' && req.variants > 1 ? { variants: req.variants } : {};
  switch (req.kind) {
    case 'raw':
      // The style reference and background were uploaded first (ImageUpload, purpose template_input).
      return fetchApi('POST /api/generate', {
        body: {
          rawTemplateId: req.rawTemplateId,
          photoProfileId: req.photoProfileId,
          ...(req.styleRefUrl ? { styleRefUrl: req.styleRefUrl } : {}),
          ...(req.backgroundUrl ? { backgroundUrl: req.backgroundUrl } : {}),
          ...variants,
        },
        headers,
      });
    case 'style':
      return fetchApi('POST /api/generate/style', {
        body: {
          styleId: req.styleId,
          photoProfileId: req.photoProfileId,
          mode: req.mode,
          ...(req.promptTemplateId ? { promptTemplateId: req.promptTemplateId } : {}),
          ...variants,
        },
        headers,
      });
    case 'quick-try-style':
      return fetchApi('POST /api/quick-try/{styleId}', {
        params: { styleId: req.styleId },
        body: {
          mode: req.mode,
          ...(req.photoProfileId ? { photoProfileId: req.photoProfileId } : {}),
          ...(req.size ? { size: req.size } : {}),
          ...variants,
        },
        headers,
      });
    case 'quick-try-custom':
      return fetchApi('POST /api/generate/quick-try', {
        body: {
          imageUrl: req.imageUrl,
          imageType: req.imageType,
          ...(req.photoProfileId ? { photoProfileId: req.photoProfileId } : {}),
          ...(req.promptTemplateId ? { promptTemplateId: req.promptTemplateId } : {}),
          ...(req.mode ? { mode: req.mode } : {}),
          ...(req.slot ? { slot: req.slot } : {}),
          ...variants,
        },
        headers,
      });
    case 'outfit':
      return fetchApi('POST /api/generate/outfit', {
        body: { pieces: req.pieces, photoProfileId: req.photoProfileId, mode: req.mode, ...variants },
        headers,
      });
  }
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
      void qc.invalidateQueries({ queryKey: generationKey(runId) });
      void qc.invalidateQueries({ queryKey: GENERATIONS_KEY });
    },
  });
}

/** Start a generation; afterwards the list (which then polls) and the user's credits are refreshed. */
export function useStartGeneration() {
  const qc = useQueryClient();
  const [intent] = useState(() => createIntent<{ id: string }>());
  return useMutation({
    // One key per intent: a double click or a retry reuses it; changed inputs or a success start a new one.
    mutationFn: (req: StartRequest) => intent.run(intentSignature(req), (key) => startGeneration(req, key)),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: GENERATIONS_KEY });
      void qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}
