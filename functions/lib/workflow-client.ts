/** Starts generation executions (Step Functions; locally the same API served by infra/local/step-functions.ts). */
import { SFNClient, StartExecutionCommand, DescribeExecutionCommand } from '@aws-sdk/client-sfn';

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
    await sfn().send(new StartExecutionCommand({ stateMachineArn: arn(), name: input.generationId, input: JSON.stringify(input) }));
  } catch (err) {
    if ((err as Error).name === 'ExecutionAlreadyExists') return;
    throw err;
  }
}

export async function describeGenerationExecution(generationId: string): Promise<{ status: string } | null> {
  const executionArn = arn().replace(':stateMachine:', ':execution:') + `:${generationId}`;
  try {
    const res = await sfn().send(new DescribeExecutionCommand({ executionArn }));
    return { status: res.status ?? 'UNKNOWN' };
  } catch (err) {
    if ((err as Error).name === 'ExecutionDoesNotExist') return null;
    throw err;
  }
}
