/** The person's analysis (keypoints and mask) at the engine's working size, brought back to the photo's size. */
import { resizeGray, resizeRgba } from '../core/image-ops';
import type { KeypointName, ModelRuntime, PersonAnalysis, RgbaImage } from '../core/types';

/** The analysis size: models see at most this many pixels on the long side. */
export const ANALYSIS_MAX = 1024;

/** Analyse the person at <= 1024 px and bring keypoints and mask back to the photo's size. */
export async function analyzePerson(runtime: ModelRuntime, person: RgbaImage): Promise<PersonAnalysis> {
  const k = Math.min(1, ANALYSIS_MAX / Math.max(person.width, person.height));
  if (k >= 1) return runtime.analyzePerson(person);
  const small = resizeRgba(person, Math.round(person.width * k), Math.round(person.height * k));
  return scaleAnalysis(await runtime.analyzePerson(small), person.width, person.height);
}

export function scaleAnalysis(a: PersonAnalysis, width: number, height: number): PersonAnalysis {
  if (a.width === width && a.height === height) return a;
  const sx = width / a.width;
  const sy = height / a.height;
  const keypoints = {} as PersonAnalysis['keypoints'];
  for (const [name, kp] of Object.entries(a.keypoints) as [KeypointName, PersonAnalysis['keypoints'][KeypointName]][]) {
    keypoints[name] = { x: kp.x * sx, y: kp.y * sy, score: kp.score };
  }
  return { width, height, keypoints, mask: resizeGray(a.mask, width, height) };
}
