/**
 * One eval garment's flat lay (or another shop condition) rendered on one fixture person with the real models: the
 * setup the engine's render tests share (the person's analysis is returned with the result, for tests that read
 * the body).
 */
import { tryOn, type PersonAnalysis, type TryOnResult } from '../../shared/engine';
import type { RgbaImage } from '../../shared/engine/core/types';
import { nodeModelRuntime } from '../../functions/engine/node-runtime';
import { loadPerson } from './fixtures';
import { productPhoto, type PhotoCondition } from './eval/conditions';
import { EVAL_GARMENTS } from './eval/garments';
import { cachedAnalysis } from './run-cache';

export interface RenderedOn {
  photo: RgbaImage;
  analysis: PersonAnalysis;
  result: TryOnResult;
}

export async function renderOn(
  person: string,
  garment: string,
  condition: PhotoCondition = 'flat-white',
): Promise<RenderedOn> {
  const photo = await loadPerson(person);
  const analysis = await cachedAnalysis(photo);
  const drawn = EVAL_GARMENTS.find((g) => g.id === garment);
  if (!drawn) throw new Error(`no eval garment ${garment}`);
  const { image } = await productPhoto(drawn, condition);
  const result = await tryOn(nodeModelRuntime, photo, [{ image, slot: drawn.slot, source: 'laydown' }], { analysis });
  return { photo, analysis, result };
}
