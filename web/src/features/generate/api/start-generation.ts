/**
 * Starting a generation (issue 42, the generate feature): the five start requests, each the body of its route
 * in the route table, sent with the intent's idempotency key, and the mutation that sends them.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchApi, type BodyIn } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';
import { createIntent, idempotencyHeaders, intentSignature } from '../../../lib/idempotency';

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

/** Start a generation; afterwards the list (which then polls) and the user's credits are refreshed. */
export function useStartGeneration() {
  const qc = useQueryClient();
  const [intent] = useState(() => createIntent<{ id: string }>());
  return useMutation({
    // One key per intent: a double click or a retry reuses it; changed inputs or a success start a new one.
    mutationFn: (req: StartRequest) => intent.run(intentSignature(req), (key) => startGeneration(req, key)),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.generations.all });
      void qc.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
