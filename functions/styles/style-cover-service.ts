/**
 * A style's cover made from a generation (style editor, spec 02 section 4): start a 1-credit generation of the
 * style for the caller, then copy its result into the public bucket as the style's cover.
 * `styleCoverUseCases(deps)` is the use case on its collaborators (the style editor's store and buckets, the
 * generation start, a copy in the private bucket); the functions taking `db` below are the production wiring.
 */
import { ulid } from 'ulid';
import { ERROR_CODES, badRequest, notFound } from '../../shared/errors';
import type { Db } from '../../shared/repositories/table';
import { type UserRecord } from '../../shared/repositories/user-repository';
import { getGeneration } from '../../shared/repositories/generation-repository';
import { copyImage, mediaKeys, privateImagePath } from '../lib/media-store';
import { bindDb, type Store } from '../lib/bind-db';
import { startFromStyle } from '../generations';
import type { IdempotencyClaim } from '../../shared/repositories/idempotency-repository';
import { editableStyle, styleEditorRepositories, styleEditorUseCases } from './style-editor-service';
import { productionMedia, type PlacementMedia } from './style-image-placement';

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

const repositories = { ...styleEditorRepositories, getGeneration };

/** What the cover use cases work with. */
export interface StyleCoverDeps {
  store: Store<typeof repositories>;
  media: PlacementMedia;
  /** Copies an object within the private bucket; false when the source is missing. */
  copyPrivate: (fromKey: string, toKey: string) => Promise<boolean>;
  /** The usual generation start (credits, idempotency, workflow) of a style cover. */
  startCover: (user: UserRecord, styleId: string, idempotency?: IdempotencyClaim) => Promise<{ id: string }>;
}

/** The cover use cases, on their collaborators. */
export function styleCoverUseCases(deps: StyleCoverDeps) {
  const { store } = deps;
  const editor = styleEditorUseCases(deps);

  /** POST /api/admin/styles/{id}/cover: ownership first (403/404 before any write), then the usual generation start. */
  async function startStyleCover(
    user: UserRecord,
    styleId: string,
    idempotency?: IdempotencyClaim,
  ): Promise<{ id: string }> {
    const style = await editableStyle(store, user, styleId);
    return deps.startCover(user, style.id, idempotency);
  }

  /** POST /api/admin/styles/{id}/cover/from-generation: the caller's completed generation of this style becomes the cover. */
  async function setCoverFromGeneration(user: UserRecord, styleId: string, generationId: unknown, now = new Date()) {
    await editableStyle(store, user, styleId);
    if (typeof generationId !== 'string' || !generationId.trim())
      throw badRequest(COVER_MESSAGES.generationIdRequired, ERROR_CODES.validation);
    const gen = await store.getGeneration(user.id, generationId.trim());
    if (!gen) throw notFound(COVER_MESSAGES.generationNotFound);
    if (gen.inputs.styleId !== styleId) throw badRequest(COVER_MESSAGES.otherStyle, ERROR_CODES.validation);
    if (gen.status !== 'completed' || !gen.resultKey)
      throw badRequest(COVER_MESSAGES.notCompleted, ERROR_CODES.validation);
    const ext = /\.([a-z0-9]+)$/i.exec(gen.resultKey)?.[1]?.toLowerCase() ?? 'jpg';
    // private first, like an uploaded cover; the update below copies it to the public bucket if the style is public
    const key = mediaKeys.styleImage(user.id, ulid(now.getTime()), ext);
    if (!(await deps.copyPrivate(gen.resultKey, key))) throw notFound(COVER_MESSAGES.generationNotFound);
    // the usual update: ownership again, the images placed by visibility, a public style's postings rewritten
    return editor.updateEditorStyle(
      user,
      styleId,
      { coverImageUrl: privateImagePath(key), promptImageOriginalUrl: undefined, defaultPromptTemplateId: undefined },
      now,
    );
  }

  return { startStyleCover, setCoverFromGeneration };
}

type StyleCoverUseCases = ReturnType<typeof styleCoverUseCases>;
const production = (db: Db) =>
  styleCoverUseCases({
    store: bindDb(db, repositories),
    media: productionMedia,
    copyPrivate: (fromKey, toKey) => copyImage('private', fromKey, 'private', toKey),
    startCover: (user, styleId, idempotency) => startFromStyle(db, user, { styleId }, 'style-cover', idempotency),
  });

export const startStyleCover = (db: Db, ...a: Parameters<StyleCoverUseCases['startStyleCover']>) =>
  production(db).startStyleCover(...a);
export const setCoverFromGeneration = (db: Db, ...a: Parameters<StyleCoverUseCases['setCoverFromGeneration']>) =>
  production(db).setCoverFromGeneration(...a);
