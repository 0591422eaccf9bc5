/**
 * Starting another function asynchronously (the render worker and the provider call for a claimed job, the data
 * export job): Lambda's Invoke with InvocationType Event, named as the SDK's command (the IAM map,
 * functions/lib/aws-access.ts, names it), over the light caller (shared/aws-json.ts) instead of the SDK v3 Lambda
 * client, whose code (~330 KiB with the SDK's core) every bundle that invokes carried.
 */
import { lambdaEventInvoker, type Raw } from '../../shared/aws-json';

export class InvokeCommand {
  readonly operation = 'Invoke';
  constructor(readonly input: { FunctionName: string; InvocationType: 'Event'; Payload: Raw }) {}
}

/** A function ARN's name ("arn:aws:lambda:<region>:<account>:function:<name>"), or the name itself. */
export const functionNameOf = (arnOrName: string): string => {
  const parts = arnOrName.split(':');
  return parts[0] === 'arn' && parts[5] === 'function' && parts[6] ? parts[6] : arnOrName;
};

let invoke: ReturnType<typeof lambdaEventInvoker> | undefined;

/** Queue `event` for the function (Lambda answers 202 once it is queued; errors throw AwsServiceError). */
export async function invokeEvent(functionArn: string, event: Raw): Promise<void> {
  invoke ??= lambdaEventInvoker({
    region: process.env.AWS_REGION ?? 'eu-west-1',
    endpoint: process.env.LAMBDA_ENDPOINT || undefined,
  });
  const command = new InvokeCommand({
    FunctionName: functionNameOf(functionArn),
    InvocationType: 'Event',
    Payload: event,
  });
  await invoke(command.input.FunctionName, command.input.Payload);
}
