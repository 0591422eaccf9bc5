/** The Fitly engine: a classical virtual try-on over image buffers (see shared/engine/README.md, docs/engine.md). */
export type { GrayImage, Keypoint, KeypointName, ModelRuntime, PersonAnalysis, RgbaImage } from './types';
export { KEYPOINT_NAMES } from './types';
export { EngineRefusal, REFUSAL_MESSAGES, type EngineRefusalCode } from './refusal';
export { checkFullBody, type FullBodyResult } from './full-body';
export { checkPortrait, faceWidth, type PortraitResult } from './portrait';
export { detectGarment, type DetectedGarment, type EngineSlot, type Box } from './garment';
export { extractGarmentFromModel } from './from-model';
export { tryOn, GARMENT_MAX, LAYER_ORDER, type GarmentInput, type TryOnResult } from './try-on';
export {
  checkRenderSafety,
  SAFETY_GATE,
  type DrawnPiece,
  type SafetyVerdict,
  type SafetyRefusalCode,
} from './checks/safety-gate';
export { analyzePerson, scaleAnalysis, ANALYSIS_MAX } from './analyze';
export { variantFor, type VariantOptions } from './variants';
export { applyLook, placeOnBackground, drawBackground } from './look';
export {
  CREATIVE_BACKGROUNDS,
  COLOR_GRADES,
  type CreativeBackground,
  type ColorGrade,
  type CreativeLook,
} from '../domain/creative-look';
