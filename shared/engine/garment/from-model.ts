/**
 * A garment taken off a photo of a model wearing it: the model's mask within the slot's body zone (by the
 * keypoints), without skin (sampled on the face), hair, the head, and arms below the sleeves. The result is an
 * RGBA cut-out the rest of the engine treats like a laid-down product shot.
 */
import { bodyFrom } from '../perception/body';
import { hairMap, isSkin, skinModel } from '../perception/appearance';
import { detectGarment, type EngineSlot, type DetectedGarment } from './garment';
import { components, newRgba } from '../core/image-ops';
import { EngineRefusal } from '../checks/refusal';
import type { ModelRuntime, RgbaImage } from '../core/types';
import { analyzePerson } from '../perception/analyze';
import { showsPerson } from '../checks/safety-gate';

/**
 * A garment photo in which no garment was found (no plain background, or the whole picture taken as one): when
 * the models see a person in it, it is a photo of someone wearing the garment, uploaded without saying so, and is
 * refused for that reason (`on_model_garment`: what to use instead) rather than as "no garment". Returns when no
 * person is seen (the caller's own refusal stands).
 */
export async function refuseIfWorn(runtime: ModelRuntime, image: RgbaImage): Promise<void> {
  if (showsPerson(await analyzePerson(runtime, image))) throw new EngineRefusal('on_model_garment');
}

export async function extractGarmentFromModel(
  runtime: ModelRuntime,
  image: RgbaImage,
  slot: EngineSlot,
): Promise<DetectedGarment & { image: RgbaImage }> {
  if (slot === 'accessory') throw new EngineRefusal('unsupported_garment');
  const analysis = await analyzePerson(runtime, image);
  const body = bodyFrom(analysis);
  const skin = skinModel(image, body);
  const hair = hairMap(image, body, skin).data;
  const { width: W, height: H, data } = image;
  const ankleY = Math.max(body.legL.end.y, body.legR.end.y);
  const { span, torsoH } = body;
  let y0: number;
  let y1: number;
  if (slot === 'bottom') {
    y0 = body.pelvis.y - torsoH * 0.3;
    y1 = ankleY;
  } else if (slot === 'shoes') {
    y0 = Math.min(body.legL.end.y, body.legR.end.y) - span * 0.1;
    y1 = H;
  } else if (slot === 'one-piece') {
    y0 = body.neck.y - span * 0.15;
    y1 = ankleY;
  } else {
    y0 = body.neck.y - span * 0.15;
    y1 = body.pelvis.y + torsoH * 0.5;
  }
  const cut = newRgba(W, H);
  const bin = new Uint8Array(W * H);
  for (let y = Math.max(0, Math.round(y0)); y < Math.min(H, Math.round(y1)); y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if ((analysis.mask.data[p] ?? 0) < 128 || (hair[p] ?? 0) >= 128) continue;
      const o = p * 4;
      if (isSkin(skin, data[o] ?? 0, data[o + 1] ?? 0, data[o + 2] ?? 0)) continue;
      bin[p] = 1;
    }
  }
  // keep the largest piece (the garment), drop specks (jewellery, shadows)
  const { labels, sizes } = components(bin, W, H);
  let best = 0;
  for (let i = 1; i < sizes.length; i++) if ((sizes[i] ?? 0) > (sizes[best] ?? 0)) best = i;
  if (!best) throw new EngineRefusal('no_garment');
  for (let p = 0; p < W * H; p++) {
    if (
      labels[p] !== best &&
      !(slot === 'shoes' && (labels[p] ?? 0) > 0 && (sizes[labels[p] ?? 0] ?? 0) > (sizes[best] ?? 0) * 0.3)
    )
      continue;
    const o = p * 4;
    cut.data[o] = data[o] ?? 0;
    cut.data[o + 1] = data[o + 1] ?? 0;
    cut.data[o + 2] = data[o + 2] ?? 0;
    cut.data[o + 3] = 255;
  }
  const det = detectGarment(cut, slot);
  return { ...det, image: cut };
}
