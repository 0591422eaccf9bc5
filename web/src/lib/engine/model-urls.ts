/**
 * The engine's model files as hashed assets of the build (the Node runtime's very files, from
 * .cache/engine-models): their URLs only, so the page can ask the browser's cache about them without loading the
 * engine (./preview.ts `modelsCached`), and the worker's runtime fetches them (./browser-runtime.ts).
 */
import poseJson from '../../../../.cache/engine-models/movenet-thunder.json?url';
import poseWeights from '../../../../.cache/engine-models/movenet-thunder.bin?url';
import segmentationJson from '../../../../.cache/engine-models/selfie.json?url';
import segmentationWeights from '../../../../.cache/engine-models/selfie.bin?url';

export const MODEL_URLS = { poseJson, poseWeights, segmentationJson, segmentationWeights } as const;
