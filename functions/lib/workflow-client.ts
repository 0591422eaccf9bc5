/** Starts generation executions (Step Functions; locally the same API served by infra/local/step-functions.ts). */
import { SFNClient, StartExecutionCommand, DescribeExecutionCommand } from '@aws-sdk/client-sfn';
import { thrownInfo } from '../../shared/errors';

let client: SFNClient | undefined;
const sfn = () => {
  const endpoint = process.env.SFN_ENDPOINT || undefined;
  client ??= new SFNClient({
    region: process.env.AWS_REGION ?? 'eu-west-1',
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return client;
};

const arn = () => {
  const v = process.env.STATE_MACHINE_ARN;
  if (!v) throw new Error('Missing required environment variable STATE_MACHINE_ARN');
  return v;
};

/** Named by the generation id: a second start of the same generation is refused by Step Functions (idempotent). */
export async function startGeneration(input: { generationId: string; userId: string }): Promise<void> {
  try {
    await sfn().send(
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
    const res = await sfn().send(new DescribeExecutionCommand({ executionArn }));
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
  const { SendTaskSuccessCommand } = await import('@aws-sdk/client-sfn');
  try {
    await sfn().send(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) }));
    return true;
  } catch (err) {
    if (CLOSED_TOKEN_ERRORS.has(thrownInfo(err).name ?? '')) return false;
    throw err;
  }
}

/** Report a waiting task's failure with an error name the state machine's Catch sees and a readable cause. */
export async function reportTaskFailure(taskToken: string, error: string, cause: string): Promise<boolean> {
  const { SendTaskFailureCommand } = await import('@aws-sdk/client-sfn');
  try {
    await sfn().send(
      new SendTaskFailureCommand({ taskToken, error: error.slice(0, 256), cause: cause.slice(0, 32_000) }),
    );
    return true;
  } catch (err) {
    if (CLOSED_TOKEN_ERRORS.has(thrownInfo(err).name ?? '')) return false;
    throw err;
  }
}
