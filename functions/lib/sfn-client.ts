/**
 * The functions' Step Functions client (start and describe a generation's execution, answer a render task's
 * token, stop a stuck execution): the AWS SDK v3 client, created on first use, with the SDK's standard retry and
 * credential chain. Locally SFN_ENDPOINT is the local Step Functions (infra/local/step-functions.ts), which speaks
 * the same protocol. The commands are the SDK's own classes (the IAM map, functions/lib/aws-access.ts, names them).
 */
import { SFNClient, type ServiceInputTypes, type ServiceOutputTypes } from '@aws-sdk/client-sfn';
import type { Command } from '@smithy/types';

export {
  DescribeExecutionCommand,
  SendTaskFailureCommand,
  SendTaskSuccessCommand,
  StartExecutionCommand,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';

let client: SFNClient | undefined;

/** The one Step Functions client of the process. */
export function sfn(): SFNClient {
  const endpoint = process.env.SFN_ENDPOINT || undefined;
  client ??= new SFNClient({
    region: process.env.AWS_REGION ?? 'eu-west-1',
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return client;
}

/** Send one command (errors: the SDK's, named as Step Functions' exception, e.g. ExecutionAlreadyExists). */
export function sfnSend<I extends ServiceInputTypes, O extends ServiceOutputTypes>(
  command: Command<ServiceInputTypes, I, ServiceOutputTypes, O, never>,
): Promise<O> {
  return sfn().send(command);
}
