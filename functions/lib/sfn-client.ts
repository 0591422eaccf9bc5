/**
 * The Step Functions commands our functions send (start and describe a generation's execution, answer a render
 * task's token, stop a stuck execution), named as the SDK's are (the IAM map, functions/lib/aws-access.ts,
 * names them), over the light JSON-protocol caller (shared/aws-json.ts) instead of the SDK v3 client. Locally
 * SFN_ENDPOINT is the local Step Functions (infra/local/step-functions.ts), which speaks the same protocol.
 */
import { awsJsonCaller, text, type Raw } from '../../shared/aws-json';

abstract class SfnCommand<Output> {
  abstract readonly operation: string;
  constructor(readonly input: Raw) {}
  abstract answer(raw: Raw): Output;
}

export class StartExecutionCommand extends SfnCommand<void> {
  readonly operation = 'StartExecution';
  constructor(input: { stateMachineArn: string; name: string; input: string }) {
    super(input);
  }
  answer(): void {}
}

export class DescribeExecutionCommand extends SfnCommand<{ status?: string }> {
  readonly operation = 'DescribeExecution';
  constructor(input: { executionArn: string }) {
    super(input);
  }
  answer(raw: Raw) {
    return { status: text(raw.status) };
  }
}

export class SendTaskSuccessCommand extends SfnCommand<void> {
  readonly operation = 'SendTaskSuccess';
  constructor(input: { taskToken: string; output: string }) {
    super(input);
  }
  answer(): void {}
}

export class SendTaskFailureCommand extends SfnCommand<void> {
  readonly operation = 'SendTaskFailure';
  constructor(input: { taskToken: string; error: string; cause: string }) {
    super(input);
  }
  answer(): void {}
}

export class StopExecutionCommand extends SfnCommand<void> {
  readonly operation = 'StopExecution';
  constructor(input: { executionArn: string; cause: string }) {
    super(input);
  }
  answer(): void {}
}

let call: ReturnType<typeof awsJsonCaller> | undefined;

/** Send one command (errors: AwsServiceError named as Step Functions' exception, e.g. ExecutionAlreadyExists). */
export async function sfnSend<Output>(command: SfnCommand<Output>): Promise<Output> {
  call ??= awsJsonCaller('states', {
    region: process.env.AWS_REGION ?? 'eu-west-1',
    endpoint: process.env.SFN_ENDPOINT || undefined,
  });
  const { raw } = await call(command.operation, command.input);
  return command.answer(raw);
}
