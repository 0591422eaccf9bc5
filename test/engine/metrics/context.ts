/** What every metric reads of one render: the photo, the render, the body, the skin model, the garment drawn. */
import { scaleAnalysis, type PersonAnalysis, type RgbaImage } from '../../../shared/engine';
import { bodyFrom, type Body } from '../../../shared/engine/perception/body';
import { skinModel, type SkinModel } from '../../../shared/engine/perception/appearance';

export interface MetricContext {
  person: RgbaImage;
  /** The render, the photo's size. */
  result: RgbaImage;
  body: Body;
  /** The person's skin colour (sampled on the face, as the engine does). */
  skin: SkinModel;
  /** The garments drawn: coverage 0..255 at the photo's size (`TryOnResult.layers.garment`). */
  garment: Uint8Array;
  width: number;
  height: number;
}

export function metricContext(
  person: RgbaImage,
  result: RgbaImage,
  analysis: PersonAnalysis,
  garment: Uint8Array,
): MetricContext {
  // the analysis at the photo's size (an analysis made at <= 1024 px is scaled, as tryOn does)
  const body = bodyFrom(scaleAnalysis(analysis, person.width, person.height));
  return {
    person,
    result,
    body,
    skin: skinModel(person, body),
    garment,
    width: person.width,
    height: person.height,
  };
}
