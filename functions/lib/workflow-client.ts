/** Starts generation executions (Step Functions; locally the same API served by infra/local/step-functions.ts). */
import { thrownInfo } from '../../shared/errors';
import {
  DescribeExecutionCommand,
  SendTaskFailureCommand,
  SendTaskSuccessCommand,
  sfnSend,
  StartExecutionCommand,
} from './sfn-client';

const arn = () => {
  const v = process.env.STATE_MACHINE_ARN;
  if (!v) throw new Error('Missing required environment variable STATE_MACHINE_ARN');
  return v;
};

/** Named by the generation id: a second start of the same generation is refused by Step Functions (idempotent). */
export async function startGeneration(input: { generationId: string; userId: string }): Promise<void> {
  try {
    await sfnSend(
      new StartExecutionCommand({ stateMachineArn: arn(), name: input.generationId, input: JSON.stringify(input) }),
    );
  } catch (err) {
    if (thrownInfo(err).name === 'ExecutionAlreadyExists') return;
    throw err;
  }
}

export async function describeGenerationExecution(generationId: string): Promise<{ status: string } | null> {
  const executionArn = arn().replace(':stateMachine:', ':execution:') + `:${generationId}`;
  try {
    const res = await sfnSend(new DescribeExecutionCommand({ executionArn }));
    return { status: res.status ?? 'UNKNOWN' };
  } catch (err) {
    if (thrownInfo(err).name === 'ExecutionDoesNotExist') return null;
    throw err;
  }
}

/** Task tokens that are closed (already reported, timed out, or of a stopped execution) are not an error. */
const CLOSED_TOKEN_ERRORS = new Set(['TaskTimedOut', 'TaskDoesNotExist', 'InvalidToken']);

/** Report a waiting task's result (the render queue's callback). False when the token was already closed. */
export async function reportTaskSuccess(taskToken: string, output: unknown): Promise<boolean> {
  try {
    await sfnSend(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) }));
    return true;
  } catch (err) {
    if (CLOSED_TOKEN_ERRORS.has(thrownInfo(err).name ?? '')) return false;
    throw err;
  }
}

/** Report a waiting task's failure with an error name the state machine's Catch sees and a readable cause. */
export async function reportTaskFailure(taskToken: string, error: string, cause: string): Promise<boolean> {
  try {
    await sfnSend(new SendTaskFailureCommand({ taskToken, error: error.slice(0, 256), cause: cause.slice(0, 32_000) }));
    return true;
  } catch (err) {
    if (CLOSED_TOKEN_ERRORS.has(thrownInfo(err).name ?? '')) return false;
    throw err;
  }
}
