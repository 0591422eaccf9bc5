/**
 * The Fitly engine's data types: plain image buffers and model outputs, no Node or browser API, so the same
 * engine code runs in the render worker (Node, TensorFlow.js WASM) and later in the browser (WebGL).
 */

/** An 8-bit RGBA image, row-major, 4 bytes a pixel. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** A one-channel image (0..255), e.g. a person mask. */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The 17 COCO body keypoints MoveNet returns, in its order. */
export const KEYPOINT_NAMES = [
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftHip',
  'rightHip',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
] as const;
export type KeypointName = (typeof KEYPOINT_NAMES)[number];

/** A keypoint in the analysed image's pixel coordinates; score 0..1. "left" is the person's left. */
export interface Keypoint {
  x: number;
  y: number;
  score: number;
}

export interface PersonAnalysis {
  width: number;
  height: number;
  keypoints: Record<KeypointName, Keypoint>;
  /** Person probability per pixel (0..255) at the analysed image's size. */
  mask: GrayImage;
}

/**
 * The models, injected: the Node runtime (functions/engine/node-runtime.ts) or a browser one. Pure engine code
 * never loads a model itself.
 */
export interface ModelRuntime {
  readonly name: string;
  analyzePerson(image: RgbaImage): Promise<PersonAnalysis>;
}
