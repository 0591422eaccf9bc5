/** The Fitly engine: a classical virtual try-on over image buffers (see shared/engine/README.md, docs/engine.md). */
export type { GrayImage, Keypoint, KeypointName, ModelRuntime, PersonAnalysis, RgbaImage } from './core/types';
export { KEYPOINT_NAMES } from './core/types';
export { EngineRefusal, REFUSAL_MESSAGES, type EngineRefusalCode } from './checks/refusal';
export { checkFullBody, type FullBodyResult } from './checks/full-body';
export { checkPortrait, faceWidth, type PortraitResult } from './checks/portrait';
export { detectGarment, type DetectedGarment, type EngineSlot, type Box } from './garment/garment';
export { extractGarmentFromModel } from './garment/from-model';
export { tryOn, GARMENT_MAX, LAYER_ORDER, type GarmentInput, type TryOnResult } from './try-on';
export {
  checkRenderSafety,
  SAFETY_GATE,
  type DrawnPiece,
  type SafetyVerdict,
  type SafetyRefusalCode,
} from './checks/safety-gate';
export { analyzePerson, scaleAnalysis, ANALYSIS_MAX } from './perception/analyze';
export { variantFor, type VariantOptions } from './look/variants';
export { applyLook, placeOnBackground, drawBackground } from './look/look';
export {
  CREATIVE_BACKGROUNDS,
  COLOR_GRADES,
  type CreativeBackground,
  type ColorGrade,
  type CreativeLook,
} from '../domain/creative-look';
