/**
 * A garment given as a photo of a model wearing it (model_wearer: a style's picture, an upload, an outfit piece)
 * is refused before any credit is spent when the Fitly engine renders the mode (`garment.on_model`: the engine
 * does not take garments off a model; an AI provider, where configured, renders these); and
 * an image with no garment in it is refused before any credit is spent, when the Fitly engine renders the mode:
 * the caller's own uploaded pieces (outfit images, raw-template style references) are read and run through the
 * engine's garment detection (`detectGarment`, pure code: no model, so it runs in the API function) at a small
 * size. Remote URLs are
 * fetched only by the worker, and curated catalogue pictures were chosen by their creators: those are checked
 * when rendered, and a refusal there is refunded.
 */
import type { Mode } from '../../shared/domain/generation';
import type { StyleImageType } from '../../shared/domain/catalog';
import { looksLikeImageRef, parseImageRef } from '../../shared/domain/image-ref';
import { detectGarment } from '../../shared/engine/garment/garment';
import { EngineRefusal, REFUSAL_MESSAGES } from '../../shared/engine/checks/refusal';
import { ERROR_CODES, HttpError } from '../../shared/errors';
import { loadSharp } from '../lib/sharp-loader';
import type { StartDeps } from './start-deps';

/** The side the detection works at (enough for an outline; ~20 ms). */
const CHECK_SIDE = 512;

export async function assertGarmentsFound(
  { providers, media }: Pick<StartDeps, 'providers' | 'media'>,
  mode: Mode,
  userId: string,
  pieces: { imageUrl: string | null; imageType: StyleImageType | null }[],
): Promise<void> {
  if ((await providers.nameFor(mode)) !== 'engine') return;
  // a photo of a model wearing the garment: the engine does not take garments off a model (docs/decisions.md)
  if (pieces.some((p) => p.imageType === 'model_wearer'))
    throw new HttpError(422, ERROR_CODES.garmentOnModel, REFUSAL_MESSAGES.on_model_garment);
  for (const p of pieces) {
    if (!p.imageUrl || !looksLikeImageRef(p.imageUrl)) continue;
    const ref = parseImageRef(p.imageUrl, { callerId: userId });
    if (!ref.ok || ref.bucket !== 'private') continue;
    const bytes = await media.read(ref.key);
    if (!bytes) continue; // a missing upload is answered by the start's own checks
    const sharp = await loadSharp();
    const { data, info } = await sharp(bytes)
      .rotate()
      .resize(CHECK_SIDE, CHECK_SIDE, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    try {
      detectGarment({
        width: info.width,
        height: info.height,
        data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      });
    } catch (err) {
      if (err instanceof EngineRefusal && err.code === 'no_garment')
        throw new HttpError(422, ERROR_CODES.garmentNotFound, err.message);
      throw err;
    }
  }
}
