/**
 * The generation workflow's state machine definition, shared by the CDK workflow construct (deployed) and
 * the local runner (infra/lib/workflow-asl.ts synthesizes it with placeholder functions, and
 * aws-local-stepfunctions executes the resulting ASL, with the waitForTaskToken step mapped to a local
 * callback; see infra/local/step-functions.ts).
 *
 *   Render (lambda:invoke.waitForTaskToken -> enqueueRender) ---> (end)
 *     any error (Catch States.ALL at $.error) -> MarkFailed -> GenerationFailed (Fail)
 *
 * A generation that renders costs one state transition however long the queue: the execution waits for its
 * task token, and the render worker completes the look itself (stored result, status completed, the style's use
 * counted: functions/generations/workflow/render-dispatch.ts reportResult) before it reports SendTaskSuccess
 * { resultKey, provider } (at $.render), which ends the execution. Or it reports SendTaskFailure (error name
 * ProviderRejected, RenderTimeout, ...; MarkFailed turns it into a readable message and refunds once).
 * Every task retries Lambda's throttling and service errors with exponential backoff and full jitter.
 *
 * Task contract (functions/generations/workflow/index.ts): the execution input is { generationId, userId } (the execution
 * is named by the generation id); MarkFailed receives the whole state (payloadResponseOnly);
 * enqueueRender receives { taskToken, generationId, userId }.
 */
import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';
import { GENERATION_TIMEOUT_SECONDS } from '../../shared/domain/render-queue';

/** Exported handler names of functions/generations/workflow/index.ts that the state machine invokes. */
export const GENERATION_TASK_HANDLERS = ['enqueueRender', 'markFailed'] as const;
export type GenerationTaskHandler = (typeof GENERATION_TASK_HANDLERS)[number];
export type GenerationTaskFunctions = Record<GenerationTaskHandler, lambda.IFunction>;

/** Task state name -> the handler it invokes. */
export const TASK_STATE_HANDLERS = {
  Render: 'enqueueRender',
  MarkFailed: 'markFailed',
} as const satisfies Record<string, GenerationTaskHandler>;

/** The task state that waits for a render worker's callback. */
export const CALLBACK_STATE = 'Render';

/** Overall execution timeout (queue wait included); the sweeper treats generations older than this as stuck. */
export const GENERATION_TIMEOUT = Duration.seconds(GENERATION_TIMEOUT_SECONDS);
/** The Render wait's own limit: a little under the execution's, so a lost callback still ends in MarkFailed. */
export const RENDER_WAIT_TIMEOUT = Duration.seconds(GENERATION_TIMEOUT_SECONDS - 120);

/** Lambda invocation errors every task retries (with backoff and full jitter). */
export const LAMBDA_RETRY_ERRORS = [
  'Lambda.TooManyRequestsException',
  'Lambda.ServiceException',
  'Lambda.SdkClientException',
  'Lambda.AWSLambdaException',
  'Lambda.ClientExecutionTimeoutException',
];

export function buildGenerationDefinition(scope: Construct, fns: GenerationTaskFunctions): sfn.IChainable {
  const retryLambda = (task: tasks.LambdaInvoke) =>
    task.addRetry({
      errors: LAMBDA_RETRY_ERRORS,
      interval: Duration.seconds(1),
      backoffRate: 2,
      maxAttempts: 6,
      maxDelay: Duration.seconds(30),
      jitterStrategy: sfn.JitterType.FULL,
    });
  // payloadResponseOnly: the Resource is the plain function ARN and the handler gets the state as its event.
  const invoke = (id: string, fn: lambda.IFunction, resultPath: string) => {
    const task = new tasks.LambdaInvoke(scope, id, {
      lambdaFunction: fn,
      payloadResponseOnly: true,
      retryOnServiceExceptions: false,
      resultPath,
    });
    retryLambda(task);
    return task;
  };

  const markFailed = invoke('MarkFailed', fns.markFailed, '$.failed');
  markFailed.next(new sfn.Fail(scope, 'GenerationFailed', { error: 'GenerationFailed', causePath: '$.error.Cause' }));
  const catchAll: sfn.CatchProps = { errors: [sfn.Errors.ALL], resultPath: '$.error' };

  const render = new tasks.LambdaInvoke(scope, 'Render', {
    lambdaFunction: fns.enqueueRender,
    integrationPattern: sfn.IntegrationPattern.WAIT_FOR_TASK_TOKEN,
    payload: sfn.TaskInput.fromObject({
      taskToken: sfn.JsonPath.taskToken,
      generationId: sfn.JsonPath.stringAt('$.generationId'),
      userId: sfn.JsonPath.stringAt('$.userId'),
    }),
    retryOnServiceExceptions: false,
    taskTimeout: sfn.Timeout.duration(RENDER_WAIT_TIMEOUT),
    resultPath: '$.render',
  });
  retryLambda(render);
  render.addCatch(markFailed, catchAll);
  return render;
}
