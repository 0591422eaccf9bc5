/**
 * One provider step of a render: what the provider is asked (the person, the garment(s), the prompt, a chained
 * outfit's step), submitted with the provider's transient failures (throttling, time-outs) retried in place on
 * the one retry policy, within the render time limit. Which failures are final for the generation (reported
 * and refunded) rather than a crash to redeliver.
 */
import { BODY_DESCRIPTION_TOKEN } from '../../../shared/domain/catalog';
import { GENERATION_MESSAGES, GENERATION_TITLES, lookTitle } from '../../../shared/domain/generation';
import { looksLikeImageRef, parseImageRef } from '../../../shared/domain/image-ref';
import { PROVIDER_RETRIES, PROVIDER_RETRY_BASE_MS } from '../../../shared/domain/render-queue';
import { getPromptTemplate, getRawTemplate, getStyle } from '../../../shared/repositories/catalog-repository';
import { type GenerationRecord } from '../../../shared/repositories/generation-repository';
import { renderSteps } from '../../../shared/domain/outfit';
import type { CreativeLook } from '../../../shared/domain/creative-look';
import { getPhotoProfile } from '../../../shared/repositories/photo-profile-repository';
import { getDb } from '../../lib/aws';
import { getObject, type BucketKind } from '../../lib/media-store';
import { safeFetchImage } from '../../lib/safe-fetch';
import {
  ProviderRejected,
  type GarmentInput,
  type ImageInput,
  type ImageProvider,
  type RenderOutcome,
  type RenderRequest,
} from '../providers/types';
import { withRetry, type RetryPolicy } from '../../../shared/repositories/toolkit';
import { RENDER_ERRORS, RenderTimeout } from './render-dispatch';

export async function readObject(bucket: BucketKind, key: string): Promise<ImageInput> {
  const res = await getObject(bucket, key);
  return { bytes: res.body, contentType: res.contentType ?? 'image/jpeg' };
}

/** An image named by a URL the API accepted: our own /api/public-image or /api/private-image path (parsed by the
 * one strict grammar, owner checked again), or a remote URL (fetched through the SSRF guard). */
export async function readImageRef(ref: string, userId: string): Promise<ImageInput> {
  if (looksLikeImageRef(ref)) {
    const parsed = parseImageRef(ref, { callerId: userId });
    if (!parsed.ok) throw new ProviderRejected('The outfit image is not available');
    return readObject(parsed.bucket === 'public' ? 'public' : 'private', parsed.key);
  }
  const fetched = await safeFetchImage(ref);
  return { bytes: fetched.bytes, contentType: fetched.contentType ?? 'image/jpeg' };
}

/**
 * What a provider renders for a generation. The person is the full-body photo in Exact mode and the portrait in
 * Creative mode, except on the Fitly engine, which dresses a body: there it is always the full-body photo.
 */
export async function buildRenderRequest(
  gen: GenerationRecord,
  provider: ImageProvider['name'] = 'fashn',
): Promise<RenderRequest> {
  const db = getDb();
  const profile = await getPhotoProfile(db, gen.userId, gen.inputs.photoProfileId);
  if (!profile) throw new ProviderRejected('The photo profile of this generation was deleted');
  const needsBody = gen.mode === 'exact' || provider === 'engine';
  const personKey = needsBody ? profile.fullBodyKey : profile.portraitKey;
  if (!personKey)
    throw new ProviderRejected(needsBody ? GENERATION_MESSAGES.fullBodyRequired : GENERATION_TITLES.portraitRequired);
  const person = await readObject('private', personKey);

  let garment: ImageInput | null = null;
  let prompt: string | null = null;
  let caption = lookTitle(gen);
  let garmentPhotoType: RenderRequest['garmentPhotoType'] = 'auto';
  if (gen.inputs.styleId) {
    const style = await getStyle(db, gen.inputs.styleId);
    if (style?.promptImageUrl) garment = await readImageRef(style.promptImageUrl, gen.userId);
    if (style) {
      caption = style.name;
      garmentPhotoType =
        style.styleImageType === 'model_wearer'
          ? 'model'
          : style.styleImageType === 'product_laydown'
            ? 'flat-lay'
            : 'auto';
    }
  } else if (gen.inputs.imageUrl) {
    garment = await readImageRef(gen.inputs.imageUrl, gen.userId);
    garmentPhotoType =
      gen.inputs.imageType === 'model_wearer'
        ? 'model'
        : gen.inputs.imageType === 'product_laydown'
          ? 'flat-lay'
          : 'auto';
  }
  if (gen.inputs.styleRefKey) garment = await readObject('private', gen.inputs.styleRefKey);
  // a whole outfit: every piece in layering order (the steps pick from these)
  let garments: GarmentInput[] | undefined;
  if (gen.inputs.outfit?.length) {
    garments = [];
    for (const p of gen.inputs.outfit) {
      const photoType =
        p.imageType === 'model_wearer' ? 'model' : p.imageType === 'product_laydown' ? 'flat-lay' : 'auto';
      garments.push({ image: await readImageRef(p.imageUrl, gen.userId), slot: p.slot, photoType });
    }
    garment = garments[0]!.image;
    garmentPhotoType = garments[0]!.photoType;
    caption = 'Your outfit';
  }
  const background = gen.inputs.backgroundKey ? await readObject('private', gen.inputs.backgroundKey) : null;

  const body = (profile.bodyDescription ?? '').trim();
  let look: CreativeLook | null = null;
  if (gen.inputs.promptTemplateId) {
    const tpl = await getPromptTemplate(db, gen.inputs.promptTemplateId);
    if (tpl) {
      prompt = tpl.template.split(BODY_DESCRIPTION_TOKEN).join(body);
      look = { background: tpl.creativeBackground ?? 'original', grade: tpl.colorGrade ?? 'none' };
    }
  } else if (gen.inputs.rawTemplateId) {
    const raw = await getRawTemplate(db, gen.inputs.rawTemplateId);
    if (raw) {
      caption = raw.name;
      try {
        const parsed: unknown = JSON.parse(raw.jsonText);
        prompt =
          parsed && typeof parsed === 'object' && 'prompt' in parsed && parsed.prompt != null
            ? String(parsed.prompt)
            : raw.name;
      } catch {
        prompt = raw.name;
      }
    }
  }
  return {
    generationId: gen.id,
    mode: gen.mode,
    person,
    garment,
    background,
    prompt,
    caption,
    garmentPhotoType,
    samples: gen.variantCount ?? 1,
    look,
    // the slot the person (or the style's creator) said; null: the provider's own guess (issue 39)
    slot: gen.inputs.slot ?? null,
    fit: gen.inputs.fit ? { ease: gen.inputs.fit.ease, length: gen.inputs.fit.length } : null,
    ...(garments ? { garments } : {}),
  };
}

/** The steps of a generation on this provider: one, or one per outfit piece for one-garment providers. */
export const stepsFor = (gen: GenerationRecord, provider: ImageProvider) =>
  renderSteps(gen.inputs.outfit?.length ?? 1, provider.multiGarment || !gen.inputs.outfit?.length);

/**
 * The request of one step: a chained outfit's step k dresses `person` (the previous step's result, kept in
 * memory only) in piece k, with one sample except on the last step (the variants).
 */
export function stepRequest(
  full: RenderRequest,
  steps: ReturnType<typeof renderSteps>,
  index: number,
  person: ImageInput,
): RenderRequest {
  const step = steps[index]!;
  const samples = step.samples === 'variants' ? (full.samples ?? 1) : 1;
  if (!full.garments) return { ...full, person, samples };
  if (steps.length === 1)
    return { ...full, person, samples, slot: full.garments.length === 1 ? full.garments[0]!.slot : null };
  const g = full.garments[step.garments[0]!]!;
  const { garments: _all, ...rest } = full;
  void _all;
  return {
    ...rest,
    person,
    garment: g.image,
    garmentPhotoType: g.photoType,
    slot: g.slot,
    samples,
    step: { index, count: steps.length },
  };
}

/** The image an intermediate step hands to the next one (never stored). */
export async function firstImage(outcome: Extract<RenderOutcome, { status: 'done' }>): Promise<ImageInput> {
  if ('image' in outcome) return outcome.image;
  const fetched = await safeFetchImage(outcome.imageUrl);
  return { bytes: fetched.bytes, contentType: fetched.contentType ?? 'image/jpeg' };
}

/** A provider's transient failures, retried in place. */
const isTransient = (err: unknown) =>
  err instanceof Error && (err.name === 'ProviderThrottled' || err.name === 'ProviderTimeout');
const retryBaseMs = () => Number(process.env.PROVIDER_RETRY_BASE_MS ?? PROVIDER_RETRY_BASE_MS);

/** Throttling and provider time-outs are retried in place (backoff with full jitter); anything else is thrown. */
export function submitWithRetries(provider: ImageProvider, req: RenderRequest): Promise<RenderOutcome> {
  const policy: RetryPolicy = {
    attempts: PROVIDER_RETRIES + 1,
    baseMs: retryBaseMs(),
    capMs: Number.POSITIVE_INFINITY,
  };
  return withRetry(
    () => provider.submit(req),
    isTransient,
    (last) => (last instanceof Error ? last : new Error(String(last))),
    policy,
  );
}

export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new RenderTimeout()), ms)));
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Failures that are final for the generation (reported, refunded); anything else is a crash to redeliver. */
const REPORTED = new Set([
  'ProviderRejected',
  'ProviderThrottled',
  'ProviderTimeout',
  RENDER_ERRORS.timeout,
  'ContentUnsafe',
]);

/** A failure final for the generation: reported to the workflow (refunded once), not redelivered. */
export const isReported = (err: unknown): err is Error => err instanceof Error && REPORTED.has(err.name);
