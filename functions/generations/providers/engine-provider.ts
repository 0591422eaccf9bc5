/**
 * The Fitly engine behind the provider port: a classical try-on on CPU (shared/engine; models on TensorFlow.js
 * WASM), no outside service, so photos never leave our account. It takes a whole outfit in one call
 * (multiGarment), renders variants with visibly different fits (variantFor), Creative mode as the try-on plus
 * the template's background and colour grade, and raw templates with a background image as the person placed
 * on it. A refusal (no full body, no garment) fails the generation with its readable message (refunded).
 */
import { submitEngineJob } from '../../engine/pool';
import type { EngineGarment } from '../../engine/render-job';
import {
  ProviderRejected,
  type GarmentInput,
  type ImageProvider,
  type RenderOutcome,
  type RenderRequest,
} from './types';

const SOURCE: Record<GarmentInput['photoType'], EngineGarment['source']> = {
  'flat-lay': 'laydown',
  model: 'on-model',
  auto: 'auto',
};

function garmentsOf(req: RenderRequest): EngineGarment[] {
  const list: GarmentInput[] = req.garments?.length
    ? req.garments
    : req.garment
      ? [{ image: req.garment, slot: req.slot ?? null, photoType: req.garmentPhotoType }]
      : [];
  return list.map((g) => ({
    bytes: g.image.bytes,
    slot: g.slot ?? null,
    source: SOURCE[g.photoType],
  }));
}

export const engineProvider: ImageProvider = {
  name: 'engine',
  multiGarment: true,
  async submit(req): Promise<RenderOutcome> {
    const result = await submitEngineJob({
      kind: 'render',
      person: req.person.bytes,
      garments: garmentsOf(req),
      samples: Math.max(1, req.samples ?? 1),
      fit: req.fit ?? null,
      look: req.mode === 'creative' ? (req.look ?? null) : null,
      background: req.background?.bytes ?? null,
    });
    if (!result.ok) throw new ProviderRejected(result.refused.message);
    if (!('images' in result)) throw new Error('The engine answered a render with a check');
    const [first, ...more] = result.images.map((b) => ({ bytes: Buffer.from(b), contentType: 'image/jpeg' }));
    return { status: 'done', image: first!, more };
  },
  async poll(): Promise<RenderOutcome> {
    throw new Error('The Fitly engine renders synchronously');
  },
};
