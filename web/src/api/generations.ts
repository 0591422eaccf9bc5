/** Generations: the list (polled while any is active), one generation, delete, feedback, the start calls. */
import type * as R from '../../../shared/schemas/responses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenerationView } from '../../../shared/schemas/generation';
import type { QuickTryMode, Mode } from '../../../shared/domain/generation';
import type { StyleImageType } from '../../../shared/domain/catalog';
import type { OutfitSlot, PieceSource } from '../../../shared/domain/outfit';
import { useState } from 'react';
import { apiJson, apiRequest } from '../lib/api-client';
import { createIntent, idempotencyHeaders, intentSignature } from '../lib/idempotency';
import { CURRENT_USER_KEY } from './current-user';
import { generationsRefetchInterval } from '../lib/polling';

export type { GenerationView };

export const GENERATIONS_KEY = ['/api/generations'] as const;
export const generationKey = (id: string) => ['/api/generations', id] as const;
export const feedbackKey = (id: string) => ['/api/feedback/generation', id] as const;

/** GET /api/generations, newest first; polled every 5 s while any item is pending or processing. */
export function useGenerations(opts: { enabled?: boolean } = {}) {
  return useQuery<GenerationView[]>({
    queryKey: GENERATIONS_KEY,
    enabled: opts.enabled ?? true,
    refetchInterval: (q) => generationsRefetchInterval(q.state.data),
  });
}

export function useGeneration(id: string | undefined) {
  return useQuery<GenerationView>({
    queryKey: generationKey(id ?? ''),
    enabled: !!id,
    // While it runs, keep it fresh the same way as the list.
    refetchInterval: (q) => generationsRefetchInterval(q.state.data ? [q.state.data] : undefined),
  });
}

export function useDeleteGeneration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/generations/${encodeURIComponent(id)}`),
    onSuccess: (_res, id) => {
      qc.setQueryData<GenerationView[]>(GENERATIONS_KEY, (old) => old?.filter((g) => g.id !== id));
      qc.removeQueries({ queryKey: generationKey(id), exact: true });
      void qc.invalidateQueries({ queryKey: GENERATIONS_KEY });
    },
  });
}

export type Feedback = R.FeedbackView;

export function useGenerationFeedback(id: string | undefined, enabled: boolean) {
  return useQuery<Feedback | null>({ queryKey: feedbackKey(id ?? ''), enabled: !!id && enabled });
}

export function useSubmitFeedback(generationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { styleId: string | null; rating: number }) =>
      apiJson<Feedback>('POST', '/api/feedback', { styleId: input.styleId, generationId, rating: input.rating }),
    onSuccess: (data, input) => {
      qc.setQueryData<Feedback | null>(
        feedbackKey(generationId),
        data ?? { rating: input.rating, styleId: input.styleId },
      );
    },
  });
}

/** One piece of an outfit as the API takes it (shared/schemas/generation.ts outfitPieceSchema). */
export interface OutfitPieceRequest {
  slot: OutfitSlot;
  source: PieceSource;
  imageUrl?: string;
  imageType?: StyleImageType;
  styleId?: string;
  productId?: string;
}

/** The five ways to start a generation; each answers { id }. `variants`: 1 to 4 renders (default 1). */
export type StartRequest = (
  | {
      kind: 'raw';
      rawTemplateId: string;
      photoProfileId: string;
      styleRefUrl?: string | null;
      backgroundUrl?: string | null;
    }
  | { kind: 'style'; styleId: string; photoProfileId: string; promptTemplateId?: string | null; mode: Mode }
  | { kind: 'quick-try-style'; styleId: string; photoProfileId?: string | null; mode: QuickTryMode }
  | {
      kind: 'quick-try-custom';
      imageUrl: string;
      imageType: StyleImageType;
      photoProfileId?: string | null;
      promptTemplateId?: string | null;
      mode?: Mode;
    }
  | { kind: 'outfit'; pieces: OutfitPieceRequest[]; photoProfileId: string; mode: Mode }
) & { variants?: number };

/** Start a generation; `idempotencyKey` makes a repeat of the same intent answer the same generation. */
export function startGeneration(req: StartRequest, idempotencyKey: string): Promise<{ id: string }> {
  const h = idempotencyHeaders(idempotencyKey);
  const variants = req.variants && req.variants > 1 ? { variants: req.variants } : {};
  switch (req.kind) {
    case 'raw':
      // The style reference and background were uploaded first (ImageUpload, purpose template_input).
      return apiJson(
        'POST',
        '/api/generate',
        {
          rawTemplateId: req.rawTemplateId,
          photoProfileId: req.photoProfileId,
          ...(req.styleRefUrl ? { styleRefUrl: req.styleRefUrl } : {}),
          ...(req.backgroundUrl ? { backgroundUrl: req.backgroundUrl } : {}),
          ...variants,
        },
        undefined,
        h,
      );
    case 'style':
      return apiJson(
        'POST',
        '/api/generate/style',
        {
          styleId: req.styleId,
          photoProfileId: req.photoProfileId,
          mode: req.mode,
          ...(req.promptTemplateId ? { promptTemplateId: req.promptTemplateId } : {}),
          ...variants,
        },
        undefined,
        h,
      );
    case 'quick-try-style':
      return apiJson(
        'POST',
        `/api/quick-try/${encodeURIComponent(req.styleId)}`,
        {
          mode: req.mode,
          ...(req.photoProfileId ? { photoProfileId: req.photoProfileId } : {}),
          ...variants,
        },
        undefined,
        h,
      );
    case 'quick-try-custom':
      return apiJson(
        'POST',
        '/api/generate/quick-try',
        {
          imageUrl: req.imageUrl,
          imageType: req.imageType,
          ...(req.photoProfileId ? { photoProfileId: req.photoProfileId } : {}),
          ...(req.promptTemplateId ? { promptTemplateId: req.promptTemplateId } : {}),
          ...(req.mode ? { mode: req.mode } : {}),
          ...variants,
        },
        undefined,
        h,
      );
    case 'outfit':
      return apiJson(
        'POST',
        '/api/generate/outfit',
        { pieces: req.pieces, photoProfileId: req.photoProfileId, mode: req.mode, ...variants },
        undefined,
        h,
      );
  }
}

export interface KeptVariant {
  index: number;
  /** The gallery generation the variant became (link to /generation/{generationId}). */
  generationId: string;
}

/** POST /api/generations/{id}/keep: keep variants of a run (idempotent: keeping again answers the same ids). */
export function useKeepVariants(runId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (variants: number[]) =>
      apiJson<{ kept: KeptVariant[] }>('POST', `/api/generations/${encodeURIComponent(runId)}/keep`, { variants }),
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
