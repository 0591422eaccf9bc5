/**
 * Requesting a photo profile's full-body check (run by the render worker: ./body-check.ts). Kept apart from the
 * check itself so the API functions that request it never bundle the engine.
 */
import { logger } from '../../lib/logger';
import { invokeRenderWorker } from './render-invoker';

/** Ask the render worker to check this full-body photo (fire and forget; a failure leaves "checking"). */
export async function requestBodyCheck(userId: string, profileId: string, key: string): Promise<void> {
  await invokeRenderWorker({
    generationId: profileId,
    provider: 'engine',
    action: 'check-body',
    bodyCheck: { userId, profileId, key },
  }).catch((err) => logger.error('could not request a full-body check', { profileId, error: err }));
}
