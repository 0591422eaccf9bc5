/**
 * The render queue: no polling for capacity. The state machine's Render task hands its task token to
 * enqueueRender (a `lambda:invoke.waitForTaskToken` step) and waits, at no cost, until a worker reports.
 * - dispatch(provider): while the provider has a free slot and work waits, claim the next job (priority lane
 *   first, standard work promoted by age) and start a render worker; called on enqueue, on every release,
 *   and by the sweeper as a safety net, so a render starts the moment a slot frees.
 * - renderWorker: renders (provider throttling/time-outs retried inside with backoff and jitter, all within
 *   the render time limit), stores the result, reports SendTaskSuccess, releases the slot and dispatches.
 *   Asynchronous providers (FASHN) are submitted with a webhook; completeAsyncRender finishes the job when
 *   the webhook comes, or when the sweeper polls after the lease (the fallback).
 * - A readable provider refusal or a time-out is reported with SendTaskFailure (the workflow refunds once);
 *   any other error is thrown, so the invocation is retried (a crash mid-render is redelivered and finishes
 *   once); after the retries renderWorkerFailed reports the failure.
 */
import { BODY_DESCRIPTION_TOKEN } from '../../shared/domain/catalog';
import { GENERATION_MESSAGES, GENERATION_TITLES } from '../../shared/domain/generation';
import { looksLikeImageRef, parseImageRef } from '../../shared/domain/image-ref';
import {
  ASYNC_POLL_AFTER_SECONDS,
  PROVIDER_NAMES,
  PROVIDER_RETRIES,
  PROVIDER_RETRY_BASE_MS,
  RENDER_TIME_LIMIT_SECONDS,
  pickNext,
  slotPolicy,
  type ProviderName,
} from '../../shared/domain/render-queue';
import { getPromptTemplate, getRawTemplate, getStyle } from '../../shared/repositories/catalog-repository';
import {
  getGeneration,
  markProcessing,
  setResultKey,
  setVariantKeys,
  type GenerationRecord,
} from '../../shared/repositories/generation-repository';
import { renderSteps, VARIANT_TAG } from '../../shared/domain/outfit';
import type { CreativeLook } from '../../shared/domain/creative-look';
import { getPhotoProfile } from '../../shared/repositories/photo-profile-repository';
import {
  claimRenderJob,
  dropQueuedRenderJob,
  getRenderJob,
  inFlight,
  listExpiredRenderLeases,
  queueHeads,
  releaseRenderJob,
  setRenderJobLease,
  claimRenderStepAdvance,
  type RenderJob,
} from '../../shared/repositories/render-queue-repository';
import { getDb } from '../lib/aws';
import { logger } from '../lib/logger';
import { processImage } from '../lib/image-pipeline';
import { markAsAiGenerated } from '../lib/provenance-loader';
import type { MadeBy } from '../../shared/domain/provenance';

/** The Fitly engine makes composites; the AI providers generate. */
const madeByProvider = (provider: ProviderName): MadeBy => (provider === 'engine' ? 'engine' : 'generative');
import { deleteImages, getObject, mediaKeys, putImage, type BucketKind } from '../lib/media-store';
import { safeFetchImage } from '../lib/safe-fetch';
import { reportTaskFailure, reportTaskSuccess } from '../lib/workflow-client';
import { loadProviderKeys } from '../providers';
import { providerByName } from '../providers/registry';
import {
  ProviderRejected,
  type GarmentInput,
  type ImageInput,
  type ImageProvider,
  type RenderOutcome,
  type RenderRequest,
} from '../providers/types';
import { invokeRenderWorker, type RenderWorkerEvent } from './render-invoker';
import { webhookUrl } from './fashn-webhook';
import { runBodyCheck } from './body-check';

/** Error names the state machine's Catch receives from a reported failure (failureMessage reads them). */
export const RENDER_ERRORS = {
  timeout: 'RenderTimeout',
  crashed: 'RenderCrashed',
  rejected: 'ProviderRejected',
  busy: 'ProviderThrottled',
} as const;

/** The provider a job was queued for lost its key meanwhile (a deployed stage's configuration changed). */
const PROVIDER_GONE = 'The image service is not available right now. Your credit was refunded.';

class RenderTimeout extends Error {
  constructor() {
    super(`The render took longer than ${RENDER_TIME_LIMIT_SECONDS} s`);
    this.name = RENDER_ERRORS.timeout;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const retryBaseMs = () => Number(process.env.PROVIDER_RETRY_BASE_MS ?? PROVIDER_RETRY_BASE_MS);
const timeLimitMs = () => Number(process.env.RENDER_TIME_LIMIT_MS ?? RENDER_TIME_LIMIT_SECONDS * 1000);

// ---------------------------------------------------------------------------------------------- dispatch

/** Start renders while `provider` has free slots and work waits. Bounded; safe to call from anywhere, any time. */
export async function dispatch(provider: ProviderName): Promise<number> {
  const db = getDb();
  const policy = slotPolicy(provider);
  let started = 0;
  for (let round = 0; round < policy.limit * 3 + 6; round++) {
    const [heads, busy] = await Promise.all([queueHeads(db, provider), inFlight(db, provider)]);
    const next = pickNext(heads, busy, policy, new Date());
    if (!next) return started;
    if (await claimRenderJob(db, provider, next.job, next.maxInFlight, timeLimitMs() / 1000)) {
      started++;
      await invokeRenderWorker({ generationId: next.job.generationId, provider }).catch((err) =>
        // the job keeps its lease; the sweeper times it out and the workflow refunds
        logger.error('could not start a render worker', { generationId: next.job.generationId, error: err as Error }),
      );
    } else {
      await sleep(2 + Math.random() * 15); // another dispatcher won this head or the slot: look again
    }
  }
  return started;
}

/** Release a job's slot (once) and hand the slot to the next waiting job. */
async function finishJob(job: RenderJob): Promise<void> {
  await releaseRenderJob(getDb(), job.provider, job.generationId);
  await dispatch(job.provider);
}

/** Report a failure to the waiting workflow (it refunds exactly once), then free the slot. */
async function failJob(job: RenderJob, error: string, cause: string): Promise<void> {
  const current = (await getRenderJob(getDb(), job.generationId)) ?? job;
  await reportTaskFailure(current.taskToken, error, cause);
  await finishJob(current);
}

// ---------------------------------------------------------------------------------------------- worker

async function readObject(bucket: BucketKind, key: string): Promise<ImageInput> {
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
  let caption = gen.styleName ?? gen.templateName ?? 'Your look';
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
        prompt = String(JSON.parse(raw.jsonText).prompt ?? raw.name);
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
async function firstImage(outcome: Extract<RenderOutcome, { status: 'done' }>): Promise<ImageInput> {
  if ('image' in outcome) return outcome.image;
  const fetched = await safeFetchImage(outcome.imageUrl);
  return { bytes: fetched.bytes, contentType: fetched.contentType ?? 'image/jpeg' };
}

/** Throttling and provider time-outs are retried in place (backoff with full jitter); anything else is thrown. */
async function submitWithRetries(provider: ImageProvider, req: RenderRequest): Promise<RenderOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await provider.submit(req);
    } catch (err) {
      const name = (err as Error).name;
      if ((name !== 'ProviderThrottled' && name !== 'ProviderTimeout') || attempt >= PROVIDER_RETRIES) throw err;
      await sleep(Math.random() * retryBaseMs() * 2 ** attempt);
    }
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
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

/** Validate, mark and store one image the provider made (an unsafe result throws ContentUnsafe: reported, refunded once). */
async function storeImage(
  gen: GenerationRecord,
  raw: Buffer,
  key: (ext: string) => string,
  tagged: boolean,
  madeBy: MadeBy,
): Promise<string> {
  const processed = await processImage(raw, {
    maxBytes: 25 * 1024 * 1024,
    safety: { kind: 'generation_result', userId: gen.userId },
  });
  const k = key(processed.ext);
  // every stored result carries the C2PA manifest and the IPTC digital source type (AI-generated)
  await putImage(
    'private',
    k,
    await markAsAiGenerated(processed.buffer, processed.contentType, madeBy),
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
          [outcome.imageUrl, ...(outcome.moreUrls ?? [])].map(async (u) => (await safeFetchImage(u)).bytes),
        );
  if (variants === 1) {
    const key = await storeImage(
      gen,
      raws[0]!,
      (ext) => mediaKeys.generationResult(gen.userId, gen.id, ext),
      false,
      madeBy,
    );
    await setResultKey(getDb(), gen.userId, gen.id, key, madeBy);
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
    await setVariantKeys(getDb(), gen.userId, gen.id, keys, madeBy);
  } catch (err) {
    // one variant refused (content safety) or a write failed: the run fails whole, nothing of it is kept
    await deleteImages('private', keys).catch((e) =>
      logger.warn('could not delete the variants of a failed run', { generationId: gen.id, error: e as Error }),
    );
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
  const current = (await getRenderJob(getDb(), job.generationId)) ?? job;
  await reportTaskSuccess(current.taskToken, { resultKey, provider: job.provider });
  await finishJob(current);
}

/** The render worker (an asynchronous invocation per claimed job). Throws only for a crash worth a redelivery. */
export async function renderWorker(event: RenderWorkerEvent): Promise<{ outcome: string }> {
  if (event.action === 'check-body') return runBodyCheck(event);
  if (event.action === 'complete' || event.action === 'poll')
    return {
      outcome: await completeAsyncRender(event.generationId, {
        fromSweeper: event.action === 'poll',
        predictionId: event.predictionId,
      }),
    };
  const db = getDb();
  const job = await getRenderJob(db, event.generationId);
  if (!job || job.state !== 'running') return { outcome: 'not-running' }; // a duplicate delivery after the end
  if (job.providerJobId) return { outcome: 'awaiting-webhook' }; // submitted before a crash: the webhook or the poll finishes it
  const gen = await getGeneration(db, job.userId, job.generationId);
  if (!gen || (gen.status !== 'pending' && gen.status !== 'processing')) {
    await finishJob(job);
    return { outcome: 'generation-final' };
  }
  await markProcessing(db, gen.userId, gen.id);
  try {
    const keys = await loadProviderKeys();
    const provider = providerByName(job.provider, keys);
    if (!provider) throw new ProviderRejected(PROVIDER_GONE);
    const steps = stepsFor(gen, provider);
    // a chained outfit has the time of one render per step
    if (steps.length > 1) await setRenderJobLease(db, gen.id, new Date(Date.now() + timeLimitMs() * steps.length));
    const result = await withDeadline(
      (async () => {
        const full = await buildRenderRequest(gen, provider.name);
        let person = full.person;
        for (let i = 0; ; i++) {
          const outcome = await submitWithRetries(provider, {
            ...stepRequest(full, steps, i, person),
            webhookUrl: webhookUrl(gen.id, keys.fashnApiKey),
          });
          if (outcome.status === 'pending') return { outcome, step: i };
          if (i === steps.length - 1) return { outcome, step: i };
          person = await firstImage(outcome); // the next step's person: in memory only, never stored
        }
      })(),
      timeLimitMs() * steps.length,
    );
    const outcome = result.outcome;
    if (outcome.status === 'pending') {
      await setRenderJobLease(db, gen.id, new Date(Date.now() + ASYNC_POLL_AFTER_SECONDS * 1000), {
        providerJobId: outcome.jobId,
        ...(steps.length > 1 ? { step: result.step } : {}),
      });
      return { outcome: 'submitted' };
    }
    await completeJob(job, gen, outcome);
    return { outcome: 'completed' };
  } catch (err) {
    const e = err as Error;
    if (!REPORTED.has(e.name)) throw err; // a crash: redelivered by the invoker
    await failJob(job, e.name, e.message);
    return { outcome: 'failed' };
  }
}

/** The on-failure destination of the worker's asynchronous invocations (after Lambda's retries). */
export async function renderWorkerFailed(event: {
  requestPayload?: RenderWorkerEvent;
  responsePayload?: { errorType?: string; errorMessage?: string };
}): Promise<void> {
  const generationId = event.requestPayload?.generationId;
  if (!generationId) return;
  const job = await getRenderJob(getDb(), generationId);
  if (!job || job.state !== 'running') return;
  logger.error('render worker gave up', { generationId, error: event.responsePayload });
  await failJob(job, RENDER_ERRORS.crashed, event.responsePayload?.errorMessage ?? 'The render worker failed');
}

/**
 * An asynchronous provider's job ended (its webhook) or is overdue (the sweeper's fallback poll): read the
 * prediction's status from the provider (never trusting the webhook body) and finish the job.
 */
export async function completeAsyncRender(
  generationId: string,
  opts: { fromSweeper?: boolean; predictionId?: string } = {},
): Promise<'completed' | 'failed' | 'pending' | 'ignored'> {
  const db = getDb();
  let job = await getRenderJob(db, generationId);
  // A webhook can overtake our record of the prediction id (FASHN answers fast, and a chained outfit's next step
  // can end before its id is written): wait for it briefly. The webhook's prediction id (untrusted) only says
  // which prediction to wait for; the status is always read from the provider for the id we recorded.
  const awaited = (j: typeof job) =>
    j?.state === 'running' && (!j.providerJobId || (!!opts.predictionId && j.providerJobId !== opts.predictionId));
  for (let i = 0; i < 20 && awaited(job); i++) {
    await sleep(100);
    job = await getRenderJob(db, generationId);
  }
  if (!job || job.state !== 'running' || !job.providerJobId) return 'ignored';
  // a webhook about another prediction (an earlier step's repeated delivery, or one we never recorded)
  if (opts.predictionId && job.providerJobId !== opts.predictionId) return 'ignored';
  const gen = await getGeneration(db, job.userId, job.generationId);
  if (!gen || gen.status !== 'processing') {
    await finishJob(job);
    return 'ignored';
  }
  const provider = providerByName(job.provider, await loadProviderKeys());
  let outcome: RenderOutcome;
  try {
    if (!provider) throw new ProviderRejected(PROVIDER_GONE);
    outcome = await provider.poll(job.providerJobId);
  } catch (err) {
    const e = err as Error;
    if (!REPORTED.has(e.name)) throw err;
    await failJob(job, e.name, e.message);
    return 'failed';
  }
  const steps = stepsFor(gen, provider);
  const step = job.step ?? 0;
  if (outcome.status === 'done' && step < steps.length - 1) {
    // A chained outfit: this step's result is the next step's person (handed over in memory, never stored).
    // One advance per step, claimed before the next step is submitted: a second completion of this prediction
    // (a repeated webhook, the sweeper's poll) must not pay the provider for the next step again.
    const claimUntil = new Date(Date.now() + timeLimitMs() + ASYNC_POLL_AFTER_SECONDS * 1000);
    if (!(await claimRenderStepAdvance(db, gen.id, job.providerJobId, claimUntil))) {
      // the sweeper only comes for an expired lease: a claim that outlived it belongs to a worker that died
      // mid-advance, which may or may not have submitted the next step; end the run (one refund), never resubmit
      if (opts.fromSweeper && job.advancingFrom === job.providerJobId) {
        await failJob(job, RENDER_ERRORS.timeout, new RenderTimeout().message);
        return 'failed';
      }
      return 'ignored';
    }
    try {
      const full = await buildRenderRequest(gen, provider.name);
      const next = await withDeadline(
        submitWithRetries(provider, {
          ...stepRequest(full, steps, step + 1, await firstImage(outcome)),
          webhookUrl: webhookUrl(gen.id, (await loadProviderKeys()).fashnApiKey),
        }),
        timeLimitMs(),
      );
      if (next.status !== 'pending') throw new ProviderRejected('The image provider answered out of order');
      const advanced = await setRenderJobLease(db, gen.id, new Date(Date.now() + ASYNC_POLL_AFTER_SECONDS * 1000), {
        providerJobId: next.jobId,
        step: step + 1,
        polls: 0,
        expectProviderJobId: job.providerJobId,
      });
      return advanced ? 'pending' : 'ignored'; // the job ended meanwhile (failed, aborted)
    } catch (err) {
      const e = err as Error;
      if (!REPORTED.has(e.name)) throw err;
      await failJob(job, e.name, e.message);
      return 'failed';
    }
  }
  if (outcome.status === 'pending') {
    const polls = (job.polls ?? 0) + (opts.fromSweeper ? 1 : 0);
    const overdue =
      Date.now() - Date.parse(job.claimedAt ?? job.enqueuedAt) >
      timeLimitMs() * steps.length + ASYNC_POLL_AFTER_SECONDS * 1000;
    if (overdue) {
      await failJob(job, RENDER_ERRORS.timeout, new RenderTimeout().message);
      return 'failed';
    }
    await setRenderJobLease(db, job.generationId, new Date(Date.now() + 60_000), { polls });
    return 'pending';
  }
  await completeJob(job, gen, outcome);
  return 'completed';
}

// ---------------------------------------------------------------------------------------------- ends

/** The generation ended otherwise (failed, aborted, timed out): drop its queued job or free its slot, once. */
export async function cancelRender(generationId: string): Promise<void> {
  const db = getDb();
  const job = await getRenderJob(db, generationId);
  if (!job || job.state === 'done') return;
  if (job.state === 'queued') await dropQueuedRenderJob(db, job);
  else await releaseRenderJob(db, job.provider, job.generationId);
  await dispatch(job.provider);
}

/** The sweeper's part: overdue leases (poll fallback or time-out), then a dispatch per provider (safety net). */
export async function sweepRenderLeases(now = new Date()): Promise<{ timedOut: number; polled: number }> {
  const db = getDb();
  let timedOut = 0;
  let polled = 0;
  for (const { generationId } of await listExpiredRenderLeases(db, now)) {
    const job = await getRenderJob(db, generationId);
    if (!job || job.state !== 'running') continue;
    try {
      if (job.providerJobId) {
        polled++;
        // the poll needs the provider key and the buckets: the worker does it
        await invokeRenderWorker({ generationId, provider: job.provider, action: 'poll' });
      } else {
        timedOut++;
        await failJob(job, RENDER_ERRORS.timeout, new RenderTimeout().message);
      }
    } catch (err) {
      logger.warn('overdue render not settled', { generationId, error: err as Error });
    }
  }
  for (const p of PROVIDER_NAMES) await dispatch(p);
  return { timedOut, polled };
}
