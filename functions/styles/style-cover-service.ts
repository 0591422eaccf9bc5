/**
 * A style's cover made from a generation (style editor, spec 02 section 4): start a 1-credit generation of the
 * style for the caller, then copy its result into the public bucket as the style's cover.
 */
import { ulid } from 'ulid';
import { ERROR_CODES, badRequest, notFound } from '../../shared/errors';
import type { Db } from '../../shared/repositories/table';
import { type UserRecord } from '../../shared/repositories/user-repository';
import { getGeneration } from '../../shared/repositories/generation-repository';
import { copyImage, mediaKeys, privateImagePath } from '../lib/media-store';
import { startFromStyle } from '../generations';
import type { IdempotencyClaim } from '../../shared/repositories/idempotency-repository';
import { editableStyle, updateEditorStyle } from './style-editor-service';

// ---------------------------------------------------------------------------------------------------------
// Generate a cover (spec 02 section 4): a 1-credit generation of the style for the caller (their default photo
// profile), then its result copied into the public bucket as the style's cover.
// In AWS the admin Lambda needs states:StartExecution for this (GROUP_ACCESS.admin.startGeneration in
// infra/lib/constructs/api.ts).

export const COVER_MESSAGES = {
  generationIdRequired: 'generationId is required',
  generationNotFound: 'Generation not found',
  notCompleted: 'The generation is not completed',
  otherStyle: 'The generation is not of this style',
} as const;

/** POST /api/admin/styles/{id}/cover: ownership first (403/404 before any write), then the usual generation start. */
export async function startStyleCover(
  db: Db,
  user: UserRecord,
  styleId: string,
  idempotency?: IdempotencyClaim,
): Promise<{ id: string }> {
  const style = await editableStyle(db, user, styleId);
  return startFromStyle(db, user, { styleId: style.id }, 'style-cover', idempotency);
}

/** POST /api/admin/styles/{id}/cover/from-generation: the caller's completed generation of this style becomes the cover. */
export async function setCoverFromGeneration(
  db: Db,
  user: UserRecord,
  styleId: string,
  generationId: unknown,
  now = new Date(),
) {
  await editableStyle(db, user, styleId);
  if (typeof generationId !== 'string' || !generationId.trim())
    throw badRequest(COVER_MESSAGES.generationIdRequired, ERROR_CODES.validation);
  const gen = await getGeneration(db, user.id, generationId.trim());
  if (!gen) throw notFound(COVER_MESSAGES.generationNotFound);
  if (gen.inputs.styleId !== styleId) throw badRequest(COVER_MESSAGES.otherStyle, ERROR_CODES.validation);
  if (gen.status !== 'completed' || !gen.resultKey)
    throw badRequest(COVER_MESSAGES.notCompleted, ERROR_CODES.validation);
  const ext = /\.([a-z0-9]+)$/i.exec(gen.resultKey)?.[1]?.toLowerCase() ?? 'jpg';
  // private first, like an uploaded cover; the update below copies it to the public bucket if the style is public
  const key = mediaKeys.styleImage(user.id, ulid(now.getTime()), ext);
  if (!(await copyImage('private', gen.resultKey, 'private', key))) throw notFound(COVER_MESSAGES.generationNotFound);
  // the usual update: ownership again, the images placed by visibility, a public style's postings rewritten
  return updateEditorStyle(
    db,
    user,
    styleId,
    { coverImageUrl: privateImagePath(key), promptImageOriginalUrl: undefined, defaultPromptTemplateId: undefined },
    now,
  );
}
