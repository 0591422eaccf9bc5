/**
 * The provider-call function (issue 28, "renders that do not wait at 1.5 GB"): the render of a synchronous remote
 * provider (Gemini, Creative mode) runs here, in a small Lambda function (WORKFLOW_MEMORY_MB.providerCall, no sharp
 * or TensorFlow.js in its bundle), instead of keeping the 1.5 GB render worker alive for the provider's latency.
 *
 * One invocation per claimed job (render-invoker.ts routes it; the slot is the job's, held until the job ends):
 * build the request, call the provider (retries and the time limit as in the worker), stage its image(s) in the
 * private bucket, record them on the job (`providerJobId` = stagedJobId(n), with a lease), and hand the image
 * work to the render worker (an asynchronous `complete` invocation). The worker reads the staged bytes through
 * the asynchronous providers' completion path (render-webhook-intake.ts): it validates, marks and stores the
 * result, reports the task token and frees the slot. A lost hand-off is finished by the sweeper's poll when the
 * lease runs out, and by the restart's resume locally, as a submitted FASHN job is.
 *
 * Exactly once: the invocation begins its attempt (the fence, issue 41) before the provider call, so a late or
 * repeated event stops; a duplicate or retried invocation finds the job staged (or ended) and does nothing; a result
 * already stored by a worker that died before reporting it is reported without another provider call; a refusal
 * or a time-out is reported (the workflow refunds once) and frees the slot; any other error is thrown, so the
 * on-failure destination (renderWorkerFailed) retries the render through the one retry path.
 * `providerCallUseCases(deps)` is the function on its collaborators; `providerCall` below is its wiring.
 */
import { ASYNC_POLL_AFTER_SECONDS, stagedJobId } from '../../../shared/domain/render-queue';
import { VARIANT_TAG } from '../../../shared/domain/outfit';
import { getGeneration, markProcessing } from '../../../shared/repositories/generation-repository';
import { recordProviderJob, type RenderJob } from '../../../shared/repositories/render-queue-repository';
import { getDb } from '../../lib/aws';
import { mediaKeys, putImage } from '../../lib/media-store';
import { safeFetchImage } from '../../lib/safe-fetch';
import { faultPoint } from '../../lib/fault-points';
import { loadProviderKeys } from '../providers';
import { remoteProviderByName } from '../providers/remote-registry';
import {
  ProviderRejected,
  type ImageInput,
  type ImageProvider,
  type RenderOutcome,
  type RenderRequest,
} from '../providers/types';
import type { ProviderKeys } from '../providers';
import type { ProviderName } from '../../../shared/domain/render-queue';
import { bindDb, type Store } from '../../lib/bind-db';
import { PROVIDER_GONE, failJob, settleEarlierAttempt, timeLimitMs } from './render-dispatch';
import { beginAttempt, endCrashedRun } from './render-attempts';
import { invokeRenderWorker, type RenderWorkerEvent } from './render-invoker';
import {
  buildRenderRequest,
  isReported,
  stepRequest,
  stepsFor,
  submitWithRetries,
  withDeadline,
} from './render-provider-step';

/** Objects staged so far in this process (the bench prices their S3 puts and gets). */
export const stagingMetrics = { objects: 0 };

const repositories = { getGeneration, markProcessing, recordProviderJob };
export type ProviderCallStore = Store<typeof repositories>;

/** What the provider-call function works with. */
export interface ProviderCallDeps {
  store: ProviderCallStore;
  now: () => Date;
  loadProviderKeys: () => Promise<ProviderKeys>;
  /** The remote provider of that name (null: its key is gone). */
  providerByName: (name: ProviderName, keys: ProviderKeys) => ImageProvider | null;
  buildRenderRequest: typeof buildRenderRequest;
  /** Submit the render to the provider, with its retries. */
  submit: (provider: ImageProvider, req: RenderRequest) => Promise<RenderOutcome>;
  timeLimitMs: () => number;
  /** The bytes behind a provider's result URL (through the SSRF guard). */
  fetchImage: (url: string) => Promise<ImageInput>;
  putImage: typeof putImage;
  invokeWorker: (event: RenderWorkerEvent) => Promise<void>;
  beginAttempt: (event: RenderWorkerEvent) => ReturnType<typeof beginAttempt>;
  endCrashedRun: typeof endCrashedRun;
  settleEarlierAttempt: typeof settleEarlierAttempt;
  failJob: typeof failJob;
}

export function providerCallUseCases(deps: ProviderCallDeps) {
  const { store } = deps;

  /** The provider's images of a finished call, as bytes (an outcome by URL is fetched through the SSRF guard). */
  async function outcomeImages(outcome: Extract<RenderOutcome, { status: 'done' }>): Promise<ImageInput[]> {
    if ('image' in outcome) return [outcome.image, ...(outcome.more ?? [])];
    return Promise.all([outcome.imageUrl, ...(outcome.moreUrls ?? [])].map((u) => deps.fetchImage(u)));
  }

  /** The provider-call function's handler (an asynchronous invocation per claimed job). */
  async function providerCall(event: RenderWorkerEvent): Promise<{ outcome: string }> {
    // the fence: this attempt is begun once, before the provider call; a stale or repeated event stops here
    const begun = await deps.beginAttempt(event);
    if ('outcome' in begun) return begun;
    try {
      return await callProvider(begun.job);
    } catch (err) {
      await deps.endCrashedRun(event.generationId, begun.runToken);
      throw err;
    }
  }

  /** A begun attempt: the provider's wait, its images staged and handed to the render worker. */
  async function callProvider(job: RenderJob): Promise<{ outcome: string }> {
    if (job.providerJobId) return { outcome: 'handed-over' }; // staged already: the worker (or the sweeper's poll) finishes it
    const gen = await store.getGeneration(job.userId, job.generationId);
    const earlier = await deps.settleEarlierAttempt(job, gen);
    if (earlier || !gen) return { outcome: earlier ?? 'generation-final' };
    await store.markProcessing(gen.userId, gen.id);
    try {
      const provider = deps.providerByName(job.provider, await deps.loadProviderKeys());
      if (!provider) throw new ProviderRejected(PROVIDER_GONE);
      const steps = stepsFor(gen, provider);
      // only multi-garment synchronous providers are routed here (SMALL_WORKER_PROVIDERS): one step per render
      if (steps.length !== 1)
        throw new Error(`${provider.name}: a chained render cannot run in the provider-call function`);
      const outcome = await withDeadline(
        (async () => {
          const full = await deps.buildRenderRequest(gen, provider.name);
          return deps.submit(provider, stepRequest(full, steps, 0, full.person));
        })(),
        deps.timeLimitMs(),
      );
      if (outcome.status !== 'done') throw new ProviderRejected('The image provider answered out of order');
      const images = await outcomeImages(outcome);
      // deterministic keys: a repeated attempt overwrites, never adds; tagged, so a leftover expires with the run
      for (const [i, image] of images.entries()) {
        await deps.putImage(
          'private',
          mediaKeys.generationProviderOutput(gen.userId, gen.id, i),
          image.bytes,
          image.contentType,
          { tag: VARIANT_TAG },
        );
        stagingMetrics.objects++;
      }
      faultPoint('render.after-stage');
      const staged = stagedJobId(images.length);
      // the worker has the lease's time to pick it up; a lost hand-off is polled by the sweeper when it runs out
      const attempt = job.attempts ?? 1;
      const leaseUntil = new Date(deps.now().getTime() + ASYNC_POLL_AFTER_SECONDS * 1000);
      if (!(await store.recordProviderJob(gen.id, attempt, staged, leaseUntil))) return { outcome: 'not-running' }; // the job ended meanwhile (failed, aborted): nothing to hand over
      await deps.invokeWorker({
        generationId: gen.id,
        provider: job.provider,
        action: 'complete',
        predictionId: staged,
        attempt,
      });
      return { outcome: 'handed-over' };
    } catch (err) {
      if (!isReported(err)) throw err; // a crash: the failure destination renders it again (retryOrFail)
      await deps.failJob(job, err.name, err.message);
      return { outcome: 'failed' };
    }
  }

  return { providerCall };
}

/** The provider-call function's handler (an asynchronous invocation per claimed job). */
export const providerCall = (event: RenderWorkerEvent): Promise<{ outcome: string }> =>
  providerCallUseCases({
    store: bindDb(getDb(), repositories),
    now: () => new Date(),
    loadProviderKeys,
    providerByName: remoteProviderByName,
    buildRenderRequest,
    submit: submitWithRetries,
    timeLimitMs,
    fetchImage: async (url) => {
      const fetched = await safeFetchImage(url);
      return { bytes: fetched.bytes, contentType: fetched.contentType ?? 'image/jpeg' };
    },
    putImage,
    invokeWorker: invokeRenderWorker,
    beginAttempt: (event) => beginAttempt(event),
    endCrashedRun,
    settleEarlierAttempt,
    failJob,
  }).providerCall(event);
