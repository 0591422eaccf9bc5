/**
 * A render's result: the provider's image(s) validated, re-encoded, marked as AI-generated and stored in the
 * private bucket, the generation pointed at them, the waiting workflow told, the slot released.
 * `renderResultUseCases(deps)` is the use case on its collaborators (the generation store, the image pipeline, the
 * provenance marker, the media store, the fetch of a provider's URL, the report); `storeResult` and `completeJob`
 * below are the production wiring the render worker and the webhook intake call.
 */
import { type ProviderName } from '../../../shared/domain/render-queue';
import {
  setResultKey,
  setVariantKeys,
  type GenerationRecord,
} from '../../../shared/repositories/generation-repository';
import { VARIANT_TAG } from '../../../shared/domain/outfit';
import { type RenderJob } from '../../../shared/repositories/render-queue-repository';
import { getDb } from '../../lib/aws';
import { logger } from '../../lib/logger';
import { processImage } from '../../lib/image-pipeline';
import { markAsAiGenerated } from '../../lib/provenance-loader';
import type { MadeBy } from '../../../shared/domain/provenance';
import { deleteImages, mediaKeys, putImage } from '../../lib/media-store';
import { safeFetchImage } from '../../lib/safe-fetch';
import { ProviderRejected, type RenderOutcome } from '../providers/types';
import { reportResult } from './render-dispatch';
import { faultPoint } from '../../lib/fault-points';
import { bindDb, type Store } from '../../lib/bind-db';

/** The Fitly engine makes composites; the AI providers generate. */
const madeByProvider = (provider: ProviderName): MadeBy => (provider === 'engine' ? 'engine' : 'generative');

const repositories = { setResultKey, setVariantKeys };
export type RenderResultStore = Store<typeof repositories>;

/** What storing and reporting a result works with. */
export interface RenderResultDeps {
  store: RenderResultStore;
  processImage: typeof processImage;
  markAsAiGenerated: typeof markAsAiGenerated;
  putImage: typeof putImage;
  deleteImages: typeof deleteImages;
  /** The bytes behind a provider's result URL (checked like any outside fetch). */
  fetchImage: (url: string) => Promise<{ bytes: Buffer }>;
  /** Complete the look, tell the waiting workflow and free the slot (render-dispatch.ts). */
  reportResult: typeof reportResult;
}

export function renderResultUseCases(deps: RenderResultDeps) {
  /** Validate, mark and store one image the provider made (an unsafe result throws ContentUnsafe: reported, refunded once). */
  async function storeImage(
    gen: GenerationRecord,
    raw: Buffer,
    key: (ext: string) => string,
    tagged: boolean,
    madeBy: MadeBy,
  ): Promise<string> {
    const processed = await deps.processImage(raw, {
      maxBytes: 25 * 1024 * 1024,
      safety: { kind: 'generation_result', userId: gen.userId },
    });
    const k = key(processed.ext);
    // every stored result carries the C2PA manifest and the IPTC digital source type (AI-generated)
    await deps.putImage(
      'private',
      k,
      await deps.markAsAiGenerated(processed.buffer, processed.contentType, madeBy),
      processed.contentType,
      tagged ? { tag: VARIANT_TAG } : {},
    );
    return k;
  }

  /**
   * Validate and re-encode the provider's image(s) into the private bucket and point the generation at them.
   * One variant: users/<id>/generations/<id>.jpg as always. Several: every variant under the run's folder,
   * tagged to expire with the run (the lifecycle rule), all checked before any is recorded, so a run is
   * either complete or failed (nothing half-rendered is ever listed).
   */
  async function storeResult(
    gen: GenerationRecord,
    outcome: Extract<RenderOutcome, { status: 'done' }>,
    provider: ProviderName,
  ): Promise<string> {
    const variants = gen.variantCount ?? 1;
    const madeBy = madeByProvider(provider);
    const raws: Buffer[] =
      'image' in outcome
        ? [outcome.image, ...(outcome.more ?? [])].map((i) => i.bytes)
        : await Promise.all(
            [outcome.imageUrl, ...(outcome.moreUrls ?? [])].map(async (u) => (await deps.fetchImage(u)).bytes),
          );
    if (variants === 1) {
      const key = await storeImage(
        gen,
        raws[0]!,
        (ext) => mediaKeys.generationResult(gen.userId, gen.id, ext),
        false,
        madeBy,
      );
      await deps.store.setResultKey(gen.userId, gen.id, key, madeBy);
      return key;
    }
    if (raws.length < variants)
      throw new ProviderRejected(`The image provider returned ${raws.length} of the ${variants} variants asked for`);
    const keys: string[] = [];
    try {
      for (const [i, raw] of raws.slice(0, variants).entries())
        keys.push(
          await storeImage(gen, raw, (ext) => mediaKeys.generationVariant(gen.userId, gen.id, i, ext), true, madeBy),
        );
      await deps.store.setVariantKeys(gen.userId, gen.id, keys, madeBy);
    } catch (err) {
      // one variant refused (content safety) or a write failed: the run fails whole, nothing of it is kept
      await deps
        .deleteImages('private', keys)
        .catch((e) => logger.warn('could not delete the variants of a failed run', { generationId: gen.id, error: e }));
      throw err;
    }
    return keys[0]!;
  }

  async function completeJob(
    job: RenderJob,
    gen: GenerationRecord,
    outcome: Extract<RenderOutcome, { status: 'done' }>,
  ): Promise<void> {
    const resultKey = await storeResult(gen, outcome, job.provider);
    faultPoint('render.after-store');
    await deps.reportResult(job, gen, resultKey);
  }

  return { storeResult, completeJob };
}

const production = () =>
  renderResultUseCases({
    store: bindDb(getDb(), repositories),
    processImage,
    markAsAiGenerated,
    putImage,
    deleteImages,
    fetchImage: (url) => safeFetchImage(url),
    reportResult,
  });

export const storeResult = (
  gen: GenerationRecord,
  outcome: Extract<RenderOutcome, { status: 'done' }>,
  provider: ProviderName,
): Promise<string> => production().storeResult(gen, outcome, provider);

export const completeJob = (
  job: RenderJob,
  gen: GenerationRecord,
  outcome: Extract<RenderOutcome, { status: 'done' }>,
): Promise<void> => production().completeJob(job, gen, outcome);
