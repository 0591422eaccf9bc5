/**
 * The generate feature (issue 42): how any page starts a generation. Other features import it only through this
 * file (eslint.config.js); it imports no other feature.
 */
export { useStartAndOpen, type StartAndOpenArgs } from './hooks/use-start-and-open';
export { useStartErrorHandler } from './hooks/use-start-error';
export { GENERATION_STARTED, generationPath, type StartedToast } from './lib/start-texts';
export {
  startGeneration,
  useStartGeneration,
  type OutfitPieceRequest,
  type StartRequest,
} from './api/start-generation';
