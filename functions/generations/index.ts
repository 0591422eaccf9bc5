/**
 * The generations domain's entry: what the other domains use of it (eslint/backend.config.js). Starting a
 * generation from a style (style covers) and what its Idempotency-Key records (the admin group's cover route), a
 * generation's view (discovery), asking for a body check (photo profiles) and which renderers are configured (the
 * signed-in user's view).
 */
export { startFromStyle } from './generation-start-service';
export { generationStarts } from './start-idempotency';
export { toGenerationView } from './generation-service';
export { requestBodyCheck } from './workflow/body-check-request';
export { configuredRenderers } from './providers/choice';
