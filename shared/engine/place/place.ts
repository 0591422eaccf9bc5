/**
 * Placing a garment on the body: the torso (or a skirt's body) by a thin-plate spline from the garment's anchors
 * to the body's, sleeves and trouser legs segment by segment along the limbs, shoes at the feet. Each renderer
 * draws into a layer at the photo's resolution.
 */
import { lowerLayout } from '../garment/garment-anchors';
import type { EngineSlot } from '../garment/garment';
import type { Body } from '../perception/body';
import type { GrayImage, RgbaImage } from '../core/types';
import type { VariantOptions } from '../look/variants';
import type { PlacedGarment, PlaceHints } from './common';
import { placeSkirt, placeTrousers, waistY } from './lower';
import { jumpsuitLegs, placeJumpsuit } from './one-piece';
import { placeShoes } from './shoes';
import { placeUpper } from './upper';

export type { PlaceDebug, PlaceHints, PlacedGarment } from './common';
export { footBox } from './shoes';

export function placeGarment(
  image: RgbaImage,
  alpha: GrayImage,
  slot: EngineSlot,
  body: Body,
  variant: VariantOptions,
  tint: [number, number, number],
  hints: PlaceHints = {},
): PlacedGarment {
  if (slot === 'shoes') return placeShoes(image, alpha, body, tint, hints.oldShoes ?? [], hints.person ?? null);
  if (slot === 'bottom') {
    const layout = lowerLayout(alpha, true);
    const wy = waistY(body, hints.waistTop ?? null);
    return layout.legs
      ? placeTrousers(image, alpha, layout, body, variant, tint, wy)
      : placeSkirt(image, alpha, layout, body, variant, tint, wy);
  }
  if (slot === 'one-piece') {
    // a jumpsuit: a top on the torso and trousers on the legs, one piece
    const legs = jumpsuitLegs(alpha);
    if (legs) return placeJumpsuit(image, alpha, legs, body, variant, tint);
  }
  return placeUpper(image, alpha, slot, body, variant, tint, hints.hemAtLeast);
}
