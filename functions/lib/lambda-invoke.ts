/**
 * Starting another function asynchronously (the render worker and the provider call for a claimed job, the data
 * export job): Lambda's Invoke with InvocationType Event, through the AWS SDK v3 Lambda client (created on first
 * use; the SDK's standard retry and credential chain). The command is the SDK's (the IAM map,
 * functions/lib/aws-access.ts, names it).
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';

let client: LambdaClient | undefined;

const lambda = (): LambdaClient => {
  const endpoint = process.env.LAMBDA_ENDPOINT || undefined;
  client ??= new LambdaClient({
    region: process.env.AWS_REGION ?? 'eu-west-1',
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return client;
};

/** Queue `event` for the function (Lambda answers 202 once it is queued; errors throw the SDK's). */
export async function invokeEvent(functionArn: string, event: Record<string, unknown>): Promise<void> {
  await lambda().send(
    new InvokeCommand({
      FunctionName: functionArn,
      InvocationType: 'Event',
      Payload: Buffer.from(JSON.stringify(event)),
    }),
  );
}
