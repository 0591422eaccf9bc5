/**
 * The generation workflow's state machine definition, shared by the CDK workflow construct (deployed) and
 * the local runner (infra/lib/workflow-asl.ts synthesizes it with placeholder functions, and
 * aws-local-stepfunctions executes the resulting ASL). Hence the constraints: only Lambda task states,
 * Choice, Wait, Pass, Fail and Succeed; no Map, JSONata, Variables/Assign or SDK service integrations.
 *
 *   MarkProcessing -> Render -> RenderDone? --done--> StoreResult -> MarkCompleted
 *                                  |  ^
 *                          pending v  | (PollRender)
 *                           WaitForProvider
 *   any task error (Catch States.ALL, at $.error) -> MarkFailed -> GenerationFailed (Fail)
 *
 * Task contract (functions/workflow/index.ts), every task receives the whole state (payloadResponseOnly):
 * - input of the execution: at least { generationId, userId } (the execution is named by the generation id);
 * - markProcessing's result lands at $.processing, storeResult's at $.stored, markCompleted's at $.completed,
 *   markFailed's at $.failed (it finds the caught error at $.error: { Error, Cause });
 * - render (also run as PollRender, then with $.render.jobId set) returns, at $.render, either
 *   { status: 'done', ... } or { status: 'pending', jobId, pollAfterSeconds } (pollAfterSeconds is required:
 *   the Wait state reads it);
 * - retryable provider failures throw errors whose `name` is ProviderThrottled or ProviderTimeout.
 */
import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';

/** Exported handler names of functions/workflow/index.ts, one per task function. */
export const GENERATION_TASK_HANDLERS = ['markProcessing', 'render', 'storeResult', 'markCompleted', 'markFailed'] as const;
export type GenerationTaskHandler = (typeof GENERATION_TASK_HANDLERS)[number];
export type GenerationTaskFunctions = Record<GenerationTaskHandler, lambda.IFunction>;

/** Task state name -> the handler it invokes (PollRender re-invokes render). */
export const TASK_STATE_HANDLERS = {
  MarkProcessing: 'markProcessing',
  Render: 'render',
  PollRender: 'render',
  StoreResult: 'storeResult',
  MarkCompleted: 'markCompleted',
  MarkFailed: 'markFailed',
} as const satisfies Record<string, GenerationTaskHandler>;

/** Overall execution timeout; the sweeper treats generations older than this as stuck. */
export const GENERATION_TIMEOUT = Duration.minutes(15);
/** Lambda timeout of the render function (a synchronous provider call plus the image work). */
export const RENDER_FUNCTION_TIMEOUT = Duration.minutes(2);
/** Errors a provider adapter throws (err.name) for conditions worth retrying. */
export const PROVIDER_RETRY_ERRORS = ['ProviderThrottled', 'ProviderTimeout', sfn.Errors.TIMEOUT];

export function buildGenerationDefinition(scope: Construct, fns: GenerationTaskFunctions): sfn.IChainable {
  // payloadResponseOnly: the task's Resource is the plain function ARN and the handler gets the state input
  // as its event, which is what the local runner supports. The default Lambda service-exception retry
  // (Lambda.ServiceException, Lambda.AWSLambdaException, Lambda.SdkClientException,
  // Lambda.ClientExecutionTimeoutException; 2 s, x2, 6 attempts) stays on for every task.
  const invoke = (id: string, fn: lambda.IFunction, resultPath: string, extra: Partial<tasks.LambdaInvokeProps> = {}) =>
    new tasks.LambdaInvoke(scope, id, { lambdaFunction: fn, payloadResponseOnly: true, resultPath, ...extra });

  const markFailed = invoke('MarkFailed', fns.markFailed, '$.failed');
  markFailed.next(new sfn.Fail(scope, 'GenerationFailed', { error: 'GenerationFailed', causePath: '$.error.Cause' }));
  const catchAll: sfn.CatchProps = { errors: [sfn.Errors.ALL], resultPath: '$.error' };

  const markProcessing = invoke('MarkProcessing', fns.markProcessing, '$.processing');
  const renderTimeout = sfn.Timeout.duration(RENDER_FUNCTION_TIMEOUT.plus(Duration.seconds(30)));
  const render = invoke('Render', fns.render, '$.render', { taskTimeout: renderTimeout });
  const pollRender = invoke('PollRender', fns.render, '$.render', { taskTimeout: renderTimeout });
  const storeResult = invoke('StoreResult', fns.storeResult, '$.stored');
  const markCompleted = invoke('MarkCompleted', fns.markCompleted, '$.completed');

  for (const task of [render, pollRender]) {
    task.addRetry({
      errors: PROVIDER_RETRY_ERRORS,
      interval: Duration.seconds(2),
      backoffRate: 2,
      maxAttempts: 4,
    });
  }
  for (const task of [markProcessing, render, pollRender, storeResult, markCompleted]) task.addCatch(markFailed, catchAll);

  // A status that is neither pending nor done is a bug in an adapter: fail the generation (and refund).
  const unexpectedStatus = new sfn.Pass(scope, 'UnexpectedRenderStatus', {
    result: sfn.Result.fromObject({ Error: 'UnexpectedRenderStatus', Cause: 'render returned a status other than pending or done' }),
    resultPath: '$.error',
  }).next(markFailed);

  const renderDone = new sfn.Choice(scope, 'RenderDone?');
  const waitForProvider = new sfn.Wait(scope, 'WaitForProvider', {
    time: sfn.WaitTime.secondsPath('$.render.pollAfterSeconds'),
  });
  waitForProvider.next(pollRender);
  pollRender.next(renderDone);
  renderDone
    .when(sfn.Condition.stringEquals('$.render.status', 'pending'), waitForProvider)
    .when(sfn.Condition.stringEquals('$.render.status', 'done'), storeResult.next(markCompleted))
    .otherwise(unexpectedStatus);

  return markProcessing.next(render).next(renderDone);
}
