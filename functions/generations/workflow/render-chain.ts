/**
 * Chaining a one-garment provider through an outfit: a step's result is the next step's person (handed over in
 * memory, never stored). One advance per step, claimed before the next step is submitted: a second completion of
 * the same prediction (a repeated webhook, the sweeper's poll) must not pay the provider for the next step again.
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
import { ProviderRejected, type ImageProvider, type RenderOutcome } from '../providers/types';
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

/** Submit the next step of a chained outfit (once per step), or end the run when the advance cannot be made. */
export async function advanceChainedStep(
  c: ChainedStep,
  opts: { fromSweeper?: boolean },
): Promise<'failed' | 'pending' | 'ignored'> {
  const db = getDb();
  const { job, gen, provider, steps, step } = c;
  const claimUntil = new Date(Date.now() + timeLimitMs() + ASYNC_POLL_AFTER_SECONDS * 1000);
  if (!(await claimRenderStepAdvance(db, gen.id, c.providerJobId, claimUntil))) {
    // the sweeper only comes for an expired lease: a claim that outlived it belongs to a worker that died
    // mid-advance, which may or may not have submitted the next step; end the run (one refund), never resubmit
    if (opts.fromSweeper && job.advancingFrom === c.providerJobId) {
      await failJob(job, RENDER_ERRORS.timeout, new RenderTimeout().message);
      return 'failed';
    }
    return 'ignored';
  }
  try {
    const full = await buildRenderRequest(gen, provider.name);
    const next = await withDeadline(
      submitWithRetries(provider, {
        ...stepRequest(full, steps, step + 1, await firstImage(c.outcome)),
        webhookUrl: webhookUrl(gen.id, (await loadProviderKeys()).fashnApiKey),
      }),
      timeLimitMs(),
    );
    if (next.status !== 'pending') throw new ProviderRejected('The image provider answered out of order');
    const advanced = await setRenderJobLease(db, gen.id, new Date(Date.now() + ASYNC_POLL_AFTER_SECONDS * 1000), {
      providerJobId: next.jobId,
      step: step + 1,
      polls: 0,
      expectProviderJobId: c.providerJobId,
    });
    return advanced ? 'pending' : 'ignored'; // the job ended meanwhile (failed, aborted)
  } catch (err) {
    if (!isReported(err)) throw err;
    await failJob(job, err.name, err.message);
    return 'failed';
  }
}
