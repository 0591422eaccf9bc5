/**
 * Generation workflow handlers. The state machine (infra/lib/workflow-definition.ts) runs
 *   Render (lambda:invoke.waitForTaskToken -> enqueueRender; the render worker completes the look and reports),
 *   and any error -> MarkFailed (readable error, exactly one refund).
 * The render queue itself: dispatch in ./render-dispatch.ts, attempts and leases in ./render-attempts.ts, the worker
 * in ./render-queue.ts, webhook completion in ./render-webhook-intake.ts. Every handler is idempotent, because Step Functions, Lambda and EventBridge may all deliver twice.
 */
import * as z from 'zod';
import {
  getGeneration,
  failWithRefund,
  type GenerationRecord,
} from '../../../shared/repositories/generation-repository';
import { enqueueRenderJob, reopenRenderJob } from '../../../shared/repositories/render-queue-repository';
import type { ProviderName } from '../../../shared/domain/render-queue';
import { getDb } from '../../lib/aws';
import { logger } from '../../lib/logger';
import { CONTENT_SAFETY_MESSAGES } from '../../../shared/domain/content-safety';
import { configuredProvider, loadProviderKeys, providerAvailable } from '../providers';
import { ProviderRejected } from '../providers/types';
import { cancelRender, dispatch, RENDER_ERRORS } from './render-dispatch';
import { renderWorker as runRenderWorker, renderWorkerFailed as onRenderWorkerFailed } from './render-queue';
import type { RenderWorkerEvent } from './render-invoker';

export interface WorkflowState {
  generationId: string;
  userId: string;
  render?: { resultKey: string; provider: ProviderName };
  error?: { Error?: string; Cause?: string };
}

class GenerationNotActive extends Error {
  constructor(id: string) {
    super(`Generation ${id} is not pending or processing`);
    this.name = 'GenerationNotActive';
  }
}

async function requireGeneration(state: { generationId: string; userId: string }): Promise<GenerationRecord> {
  const gen = await getGeneration(getDb(), state.userId, state.generationId);
  if (!gen || (gen.status !== 'pending' && gen.status !== 'processing'))
    throw new GenerationNotActive(state.generationId);
  return gen;
}

/** Render (waitForTaskToken): queue the render with the task token and start what the free slots allow. */
export async function enqueueRender(input: { taskToken: string; generationId: string; userId: string }) {
  const gen = await requireGeneration(input);
  const keys = await loadProviderKeys();
  const provider = { name: configuredProvider(gen.mode, keys) };
  if (!providerAvailable(provider.name, keys))
    throw new ProviderRejected('The image service is not available right now. Your credit was refunded.');
  const job = await enqueueRenderJob(getDb(), {
    generationId: gen.id,
    userId: gen.userId,
    provider: provider.name,
    priority: gen.priority,
    taskToken: input.taskToken,
  });
  // A replayed execution whose job had ended unheard (a stop between the job's end and the report): open it
  // again, so the resume at start or the sweeper reports its stored result or renders it again.
  if (job.state === 'done') await reopenRenderJob(getDb(), gen.id);
  await dispatch(provider.name);
  return { queued: true };
}

/** The message a person sees for a caught error (never a stack trace). */
export function failureMessage(error: WorkflowState['error']): string {
  let cause = error?.Cause ?? '';
  try {
    const parsed: unknown = JSON.parse(cause); // in AWS a Lambda error's Cause is {"errorType","errorMessage",...}
    if (parsed && typeof parsed === 'object' && 'errorMessage' in parsed && typeof parsed.errorMessage === 'string')
      cause = parsed.errorMessage;
  } catch {
    /* a reported failure or the local runner passes the message itself */
  }
  const name = error?.Error ?? '';
  if (name === 'ContentUnsafe') return CONTENT_SAFETY_MESSAGES.unsafeResult;
  if (name === 'ProviderRejected') return cause || 'The image provider could not render this look.';
  if (name === RENDER_ERRORS.timeout)
    return 'The image took too long to render. Your credit was refunded; please try again.';
  if (
    name === 'ProviderThrottled' ||
    name === 'ProviderTimeout' ||
    name === 'States.Timeout' ||
    name === 'States.HeartbeatTimeout'
  )
    return 'The image service is busy right now. Your credit was refunded; please try again in a moment.';
  return 'Something went wrong while generating this look. Your credit was refunded.';
}

export async function markFailed(state: WorkflowState) {
  const message = failureMessage(state.error);
  if (state.error?.Error !== 'GenerationNotActive')
    logger.warn('generation failed', { generationId: state.generationId, error: state.error });
  const refunded = await failWithRefund(getDb(), state.userId, state.generationId, message);
  await cancelRender(state.generationId);
  return { refunded, message };
}

/** The render worker function (asynchronous invocations from dispatch). */
export const renderWorker = (event: RenderWorkerEvent) => runRenderWorker(event);
/** Its on-failure destination (Lambda's destination record: requestPayload, responsePayload). */
export const renderWorkerFailed = onRenderWorkerFailed;

export const EXECUTION_END_MESSAGES: Readonly<Record<string, string | undefined>> & { readonly FAILED: string } = {
  ABORTED: 'The generation was cancelled. Your credit was refunded.',
  TIMED_OUT: 'The generation took too long and was stopped. Your credit was refunded.',
  FAILED: 'Something went wrong while generating this look. Your credit was refunded.',
};

/** What executionEnded reads of an execution's input (a field of another type reads as absent). */
const executionInputSchema = z.object({
  generationId: z.string().optional().catch(undefined),
  userId: z.string().optional().catch(undefined),
});
type ExecutionInput = z.infer<typeof executionInputSchema>;

/**
 * EventBridge rule "Step Functions Execution Status Change" for FAILED, TIMED_OUT and ABORTED executions of
 * the generation state machine: refund at once (exactly once: failWithRefund is conditional) and free the
 * queue entry or slot. A FAILED execution has normally been refunded by MarkFailed already: then a no-op.
 */
export async function executionEnded(event: { detail?: { status?: string; input?: string | null; name?: string } }) {
  const detail = event.detail ?? {};
  let input: ExecutionInput = {};
  try {
    input = executionInputSchema.parse(JSON.parse(detail.input ?? '{}'));
  } catch {
    /* no input: nothing to do */
  }
  if (!input.generationId || !input.userId) return { refunded: false };
  const message = EXECUTION_END_MESSAGES[detail.status ?? ''] ?? EXECUTION_END_MESSAGES.FAILED;
  const refunded = await failWithRefund(getDb(), input.userId, input.generationId, message);
  await cancelRender(input.generationId);
  if (refunded)
    logger.warn('generation ended by its execution', { generationId: input.generationId, status: detail.status });
  return { refunded };
}
