/**
 * Generation workflow task handlers. The state machine (infra/lib/workflow-definition.ts) runs
 * MarkProcessing -> Render (-> WaitForProvider -> PollRender)* -> StoreResult -> MarkCompleted, and any error
 * -> MarkFailed. Every task receives the whole state; each is idempotent, because Step Functions may retry it.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { deleteImages, mediaKeys, putImage } from '../lib/media-store';
import { BODY_DESCRIPTION_TOKEN } from '../../shared/domain/catalog';
import { getGeneration, markCompleted as markGenerationCompleted, markProcessing as markGenerationProcessing, failWithRefund, setResultKey, type GenerationRecord } from '../../shared/repositories/generation-repository';
import { getPromptTemplate, getRawTemplate, getStyle, incrementStyleUsage } from '../../shared/repositories/catalog-repository';
import { getPhotoProfile } from '../../shared/repositories/photo-profile-repository';
import { acquireSlot, releaseSlot } from '../../shared/repositories/provider-slot-repository';
import { getDb } from '../lib/aws';
import { getConfig } from '../lib/config';
import { getS3 } from '../lib/s3';
import { processImage } from '../lib/image-pipeline';
import { safeFetchImage } from '../lib/safe-fetch';
import { loadProviderKeys, providerByName, providerFor } from '../providers';
import { ProviderRejected, type ImageInput, type ImageProvider, type RenderRequest } from '../providers/types';
import { logger } from '../lib/http';
import { looksLikeImageRef, parseImageRef } from '../../shared/domain/image-ref';

export interface WorkflowState {
  generationId: string;
  userId: string;
  render?: RenderState;
  error?: { Error?: string; Cause?: string };
}

export type RenderState =
  | { status: 'pending'; provider: ImageProvider['name']; queued: true; pollAfterSeconds: number }
  | { status: 'pending'; provider: ImageProvider['name']; jobId: string; pollAfterSeconds: number }
  | { status: 'done'; provider: ImageProvider['name']; tmpKey?: string; imageUrl?: string };

class GenerationNotActive extends Error {
  constructor(id: string) {
    super(`Generation ${id} is not pending or processing`);
    this.name = 'GenerationNotActive';
  }
}

/** Provider concurrency: FASHN's default account limit is 6; local rendering is CPU-bound. */
export function slotPolicy(provider: ImageProvider['name']) {
  const env = Number(process.env[`PROVIDER_CONCURRENCY_${provider.toUpperCase()}`]);
  const limit = Number.isFinite(env) && env > 0 ? env : provider === 'fashn' ? 6 : provider === 'gemini' ? 10 : 4;
  return { limit, reservedForPriority: Math.max(1, Math.floor(limit / 4)) };
}

const tmpKey = (g: { userId: string; id: string }) => mediaKeys.generationProviderOutput(g.userId, g.id);

async function requireGeneration(state: WorkflowState): Promise<GenerationRecord> {
  const gen = await getGeneration(getDb(), state.userId, state.generationId);
  if (!gen || (gen.status !== 'pending' && gen.status !== 'processing')) throw new GenerationNotActive(state.generationId);
  return gen;
}

async function readObject(bucket: string, key: string): Promise<ImageInput> {
  const res = await getS3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return { bytes: Buffer.from(await res.Body!.transformToByteArray()), contentType: res.ContentType ?? 'image/jpeg' };
}

/** An image named by a URL the API accepted: our own /api/public-image or /api/private-image path, or a remote URL. */
async function readImageRef(ref: string, userId: string): Promise<ImageInput> {
  const cfg = getConfig();
  if (looksLikeImageRef(ref)) {
    const parsed = parseImageRef(ref, { callerId: userId });
    if (!parsed.ok) throw new ProviderRejected('The outfit image is not available');
    return readObject(parsed.bucket === 'public' ? cfg.publicBucket : cfg.privateBucket, parsed.key);
  }
  const fetched = await safeFetchImage(ref);
  return { bytes: fetched.bytes, contentType: fetched.contentType ?? 'image/jpeg' };
}

async function buildRenderRequest(gen: GenerationRecord): Promise<RenderRequest> {
  const db = getDb();
  const cfg = getConfig();
  const profile = await getPhotoProfile(db, gen.userId, gen.inputs.photoProfileId);
  if (!profile) throw new ProviderRejected('The photo profile of this generation was deleted');
  const personKey = gen.mode === 'exact' ? profile.fullBodyKey : profile.portraitKey;
  if (!personKey) throw new ProviderRejected(gen.mode === 'exact' ? 'Full body photo required' : 'Portrait required');
  const person = await readObject(cfg.privateBucket, personKey);

  let garment: ImageInput | null = null;
  let prompt: string | null = null;
  let caption = gen.styleName ?? gen.templateName ?? 'Your look';
  let garmentPhotoType: RenderRequest['garmentPhotoType'] = 'auto';
  if (gen.inputs.styleId) {
    const style = await getStyle(db, gen.inputs.styleId);
    if (style?.promptImageUrl) garment = await readImageRef(style.promptImageUrl, gen.userId);
    if (style) {
      caption = style.name;
      garmentPhotoType = style.styleImageType === 'model_wearer' ? 'model' : style.styleImageType === 'product_laydown' ? 'flat-lay' : 'auto';
    }
  } else if (gen.inputs.imageUrl) {
    garment = await readImageRef(gen.inputs.imageUrl, gen.userId);
    garmentPhotoType = gen.inputs.imageType === 'model_wearer' ? 'model' : gen.inputs.imageType === 'product_laydown' ? 'flat-lay' : 'auto';
  }
  if (gen.inputs.styleRefKey) garment = await readObject(cfg.privateBucket, gen.inputs.styleRefKey);
  const background = gen.inputs.backgroundKey ? await readObject(cfg.privateBucket, gen.inputs.backgroundKey) : null;

  const body = (profile.bodyDescription ?? '').trim();
  if (gen.inputs.promptTemplateId) {
    const tpl = await getPromptTemplate(db, gen.inputs.promptTemplateId);
    if (tpl) prompt = tpl.template.split(BODY_DESCRIPTION_TOKEN).join(body);
  } else if (gen.inputs.rawTemplateId) {
    const raw = await getRawTemplate(db, gen.inputs.rawTemplateId);
    if (raw) {
      caption = raw.name;
      try {
        prompt = String(JSON.parse(raw.jsonText).prompt ?? raw.name);
      } catch {
        prompt = raw.name;
      }
    }
  }
  return { generationId: gen.id, mode: gen.mode, person, garment, background, prompt, caption, garmentPhotoType };
}

export async function markProcessing(state: WorkflowState) {
  const ok = await markGenerationProcessing(getDb(), state.userId, state.generationId);
  if (!ok) throw new GenerationNotActive(state.generationId);
  return { ok: true };
}

/** Submit (after taking a provider slot) or poll; stores synchronous results in a temporary object. */
export async function render(state: WorkflowState): Promise<RenderState> {
  const gen = await requireGeneration(state);
  const db = getDb();
  if (state.render?.status === 'pending' && 'jobId' in state.render) {
    const provider = providerByName(state.render.provider, await loadProviderKeys());
    const outcome = await provider.poll(state.render.jobId);
    if (outcome.status === 'pending') return { status: 'pending', provider: provider.name, jobId: outcome.jobId, pollAfterSeconds: outcome.pollAfterSeconds };
    if ('imageUrl' in outcome) return { status: 'done', provider: provider.name, imageUrl: outcome.imageUrl };
    await putTmp(gen, outcome.image);
    return { status: 'done', provider: provider.name, tmpKey: tmpKey(gen) };
  }
  const provider = providerFor(gen.mode, await loadProviderKeys());
  if (!(await acquireSlot(db, provider.name, gen.id, gen.priority, slotPolicy(provider.name)))) {
    return { status: 'pending', provider: provider.name, queued: true, pollAfterSeconds: 2 };
  }
  const outcome = await provider.submit(await buildRenderRequest(gen));
  if (outcome.status === 'pending') return { status: 'pending', provider: provider.name, jobId: outcome.jobId, pollAfterSeconds: outcome.pollAfterSeconds };
  if ('imageUrl' in outcome) return { status: 'done', provider: provider.name, imageUrl: outcome.imageUrl };
  await putTmp(gen, outcome.image);
  return { status: 'done', provider: provider.name, tmpKey: tmpKey(gen) };
}

async function putTmp(gen: GenerationRecord, image: ImageInput) {
  await getS3().send(new PutObjectCommand({ Bucket: getConfig().privateBucket, Key: tmpKey(gen), Body: image.bytes, ContentType: image.contentType }));
}

/** Validate and re-encode the provider's image into the private bucket, then free the provider slot. */
export async function storeResult(state: WorkflowState) {
  const gen = await requireGeneration(state);
  const r = state.render;
  if (!r || r.status !== 'done') throw new Error('storeResult without a rendered image');
  const cfg = getConfig();
  const raw = r.tmpKey ? (await readObject(cfg.privateBucket, r.tmpKey)).bytes : (await safeFetchImage(r.imageUrl!)).bytes;
  const processed = await processImage(raw, { maxBytes: 25 * 1024 * 1024 });
  const key = mediaKeys.generationResult(gen.userId, gen.id, processed.ext);
  await putImage('private', key, processed.buffer, processed.contentType);
  await setResultKey(getDb(), gen.userId, gen.id, key);
  if (r.tmpKey) await deleteImages('private', [r.tmpKey]).catch(() => undefined);
  await releaseSlot(getDb(), r.provider, gen.id);
  return { resultKey: key };
}

export async function markCompleted(state: WorkflowState) {
  const db = getDb();
  const gen = await getGeneration(db, state.userId, state.generationId);
  const ok = await markGenerationCompleted(db, state.userId, state.generationId);
  if (!ok) throw new GenerationNotActive(state.generationId);
  if (gen?.inputs.styleId) await incrementStyleUsage(db, gen.inputs.styleId);
  return { ok: true };
}

/** The message a person sees for a caught error (never a stack trace). */
export function failureMessage(error: WorkflowState['error']): string {
  let cause = error?.Cause ?? '';
  try {
    const parsed = JSON.parse(cause); // in AWS a Lambda error's Cause is {"errorType","errorMessage",...}
    if (parsed && typeof parsed.errorMessage === 'string') cause = parsed.errorMessage;
  } catch {
    /* the local runner passes the message itself */
  }
  const name = error?.Error ?? '';
  if (name === 'ProviderRejected') return cause || 'The image provider could not render this look.';
  if (name === 'ProviderThrottled' || name === 'ProviderTimeout' || name === 'States.Timeout')
    return 'The image service is busy right now. Your credit was refunded; please try again in a moment.';
  return 'Something went wrong while generating this look. Your credit was refunded.';
}

export async function markFailed(state: WorkflowState) {
  const db = getDb();
  const message = failureMessage(state.error);
  if (state.error?.Error !== 'GenerationNotActive') logger.warn('generation failed', { generationId: state.generationId, error: state.error });
  const refunded = await failWithRefund(db, state.userId, state.generationId, message);
  // free whichever provider slot this generation may hold (a no-op when none)
  for (const p of ['local', 'fashn', 'gemini'] as const) await releaseSlot(db, p, state.generationId);
  return { refunded, message };
}
