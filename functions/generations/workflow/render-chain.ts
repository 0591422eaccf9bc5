/**
 * Chaining a one-garment provider through an outfit: a step's result is the next step's person (handed over in
 * memory, never stored). One advance per step, claimed before the next step is submitted: a second completion of
 * the same prediction (a repeated webhook, the sweeper's poll) must not pay the provider for the next step again.
 * `renderChainUseCases(deps)` is the use case on its collaborators; `advanceChainedStep` the webhook intake's wiring.
 */
import { ASYNC_POLL_AFTER_SECONDS } from '../../../shared/domain/render-queue';
import { type GenerationRecord } from '../../../shared/repositories/generation-repository';
import {
  setRenderJobLease,
  claimRenderStepAdvance,
  type RenderJob,
} from '../../../shared/repositories/render-queue-repository';
import { getDb } from '../../lib/aws';
import { loadProviderKeys } from '../providers';
import { ProviderRejected, type ImageProvider, type RenderOutcome, type RenderRequest } from '../providers/types';
import { bindDb, type Store } from '../../lib/bind-db';
import { webhookUrl } from './fashn-webhook';
import { RENDER_ERRORS, RenderTimeout, failJob, timeLimitMs } from './render-dispatch';
import {
  buildRenderRequest,
  firstImage,
  isReported,
  stepRequest,
  stepsFor,
  submitWithRetries,
  withDeadline,
} from './render-provider-step';

/** Where a chained outfit stands when one of its steps ended. */
export interface ChainedStep {
  job: RenderJob;
  /** The prediction that ended (the job's recorded one). */
  providerJobId: string;
  gen: GenerationRecord;
  provider: ImageProvider;
  steps: ReturnType<typeof stepsFor>;
  step: number;
  outcome: Extract<RenderOutcome, { status: 'done' }>;
}

const repositories = { claimRenderStepAdvance, setRenderJobLease };
export type RenderChainStore = Store<typeof repositories>;

/** What advancing a chained outfit works with. */
export interface RenderChainDeps {
  store: RenderChainStore;
  now: () => Date;
  /** The render's time limit (ms): the claim outlives it. */
  timeLimitMs: () => number;
  buildRenderRequest: typeof buildRenderRequest;
  /** The image a step hands to the next one. */
  firstImage: typeof firstImage;
  /** The provider's webhook URL for the generation (when there is a public origin and a key). */
  webhookUrl: (generationId: string) => Promise<string | undefined>;
  /** Submit one step to the provider, with its retries, within the render's time limit. */
  submit: (provider: ImageProvider, req: RenderRequest) => Promise<RenderOutcome>;
  /** Report the failure to the workflow (it refunds once) and free the slot. */
  failJob: typeof failJob;
}

export function renderChainUseCases(deps: RenderChainDeps) {
  /** Submit the next step of a chained outfit (once per step), or end the run when the advance cannot be made. */
  async function advanceChainedStep(
    c: ChainedStep,
    opts: { fromSweeper?: boolean },
  ): Promise<'failed' | 'pending' | 'ignored'> {
    const { job, gen, provider, steps, step } = c;
    const claimUntil = new Date(deps.now().getTime() + deps.timeLimitMs() + ASYNC_POLL_AFTER_SECONDS * 1000);
    if (!(await deps.store.claimRenderStepAdvance(gen.id, c.providerJobId, claimUntil))) {
      // the sweeper only comes for an expired lease: a claim that outlived it belongs to a worker that died
      // mid-advance, which may or may not have submitted the next step; end the run (one refund), never resubmit
      if (opts.fromSweeper && job.advancingFrom === c.providerJobId) {
        await deps.failJob(job, RENDER_ERRORS.timeout, new RenderTimeout().message);
        return 'failed';
      }
      return 'ignored';
    }
    try {
      const full = await deps.buildRenderRequest(gen, provider.name);
      const next = await deps.submit(provider, {
        ...stepRequest(full, steps, step + 1, await deps.firstImage(c.outcome)),
        webhookUrl: await deps.webhookUrl(gen.id),
      });
      if (next.status !== 'pending') throw new ProviderRejected('The image provider answered out of order');
      const advanced = await deps.store.setRenderJobLease(
        gen.id,
        new Date(deps.now().getTime() + ASYNC_POLL_AFTER_SECONDS * 1000),
        { providerJobId: next.jobId, step: step + 1, polls: 0, expectProviderJobId: c.providerJobId },
      );
      return advanced ? 'pending' : 'ignored'; // the job ended meanwhile (failed, aborted)
    } catch (err) {
      if (!isReported(err)) throw err;
      await deps.failJob(job, err.name, err.message);
      return 'failed';
    }
  }
  return { advanceChainedStep };
}

export const advanceChainedStep = (
  c: ChainedStep,
  opts: { fromSweeper?: boolean },
): Promise<'failed' | 'pending' | 'ignored'> =>
  renderChainUseCases({
    store: bindDb(getDb(), repositories),
    now: () => new Date(),
    timeLimitMs,
    buildRenderRequest,
    firstImage,
    webhookUrl: async (generationId) => webhookUrl(generationId, (await loadProviderKeys()).fashnApiKey),
    submit: (provider, req) => withDeadline(submitWithRetries(provider, req), timeLimitMs()),
    failJob,
  }).advanceChainedStep(c, opts);
