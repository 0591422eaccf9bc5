/**
 * The full-body check of a photo profile (shared/domain/body-check.ts), run by the render worker (requested by
 * ./body-check-request.ts when a profile gets a new full-body photo, or by a start that finds no verdict),
 * where the engine's models are loaded (in AWS the render worker function; locally its thread pool). The API
 * functions never load the models. `bodyCheckUseCases(deps)` is the check on its collaborators (the profile store,
 * the private bucket, the engine); `runBodyCheck` below is the render worker's wiring.
 */
import type { BodyCheckRecord } from '../../../shared/domain/body-check';
import { BODY_CHECK_MESSAGES } from '../../../shared/domain/body-check';
import { getPhotoProfile, recordBodyCheck } from '../../../shared/repositories/photo-profile-repository';
import { getDb } from '../../lib/aws';
import { logger } from '../../lib/logger';
import { readImage } from '../../lib/media-store';
import { submitEngineJob } from '../../engine/pool';
import type { RenderWorkerEvent } from './render-invoker';
import { bindDb, type Store } from '../../lib/bind-db';

const repositories = { getPhotoProfile, recordBodyCheck };
export type BodyCheckStore = Store<typeof repositories>;

/** What the full-body check works with. */
export interface BodyCheckDeps {
  store: BodyCheckStore;
  /** The photo's bytes from the private bucket (null: gone). */
  readImage: (key: string) => Promise<Buffer | null>;
  submitEngineJob: typeof submitEngineJob;
}

export function bodyCheckUseCases(deps: BodyCheckDeps) {
  /** The worker's part: check the photo and record the verdict for that very photo. */
  async function runBodyCheck(event: RenderWorkerEvent, now: Date): Promise<{ outcome: string }> {
    const req = event.bodyCheck;
    if (!req) return { outcome: 'ignored' };
    const profile = await deps.store.getPhotoProfile(req.userId, req.profileId);
    if (!profile || profile.fullBodyKey !== req.key) return { outcome: 'stale' };
    if (profile.bodyCheck?.key === req.key) return { outcome: 'already-checked' };
    const image = await deps.readImage(req.key);
    if (!image) return { outcome: 'stale' };
    const result = await deps.submitEngineJob({ kind: 'check-person', image });
    const record: BodyCheckRecord = result.ok
      ? { key: req.key, status: 'ok', code: null, message: null, checkedAt: now.toISOString() }
      : {
          key: req.key,
          status: 'refused',
          code: result.refused.code,
          message: result.refused.message || BODY_CHECK_MESSAGES.refusedFallback,
          checkedAt: now.toISOString(),
        };
    const recorded = await deps.store.recordBodyCheck(req.userId, req.profileId, record);
    logger.info('full-body check', { profileId: req.profileId, status: record.status, code: record.code, recorded });
    return { outcome: recorded ? record.status : 'stale' };
  }
  return { runBodyCheck };
}

/** The worker's part: check the photo and record the verdict for that very photo. */
export const runBodyCheck = (event: RenderWorkerEvent, now = new Date()): Promise<{ outcome: string }> =>
  bodyCheckUseCases({
    store: bindDb(getDb(), repositories),
    readImage: (key) => readImage('private', key),
    submitEngineJob,
  }).runBodyCheck(event, now);
