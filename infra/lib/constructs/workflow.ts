/**
 * The generation workflow: a STANDARD state machine over three task functions (definition in
 * ../workflow-definition.ts, shared with the local runner), the render worker that the render queue starts
 * with asynchronous invocations (its failures go to renderWorkerFailed, then to a DLQ), the small provider-call
 * function that a synchronous provider's render runs in (the same failure destination; it hands the image work
 * to the render worker when the provider's bytes arrive), the EventBridge rule
 * that refunds and frees capacity when an execution fails, times out or is aborted, and the sweeper (every
 * minute: overdue render leases, a dispatch safety net, stuck generations).
 */
import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { QUEUE_AGE_MESSAGE } from '../../../functions/generations/workflow/queue-age';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { acknowledge, acknowledgeMatching } from '../nag';
import { PROVIDER_CALL_ENTRY, SWEEPER_ENTRY, WORKFLOW_ENTRY } from '../paths';
import type { StageConfig } from '../stage-config';
import {
  GENERATION_TASK_HANDLERS,
  GENERATION_TIMEOUT,
  buildGenerationDefinition,
  type GenerationTaskHandler,
} from '../workflow-definition';
import {
  RENDER_WORKER_ASYNC_RETRIES,
  RENDER_WORKER_MAX_EVENT_AGE_SECONDS,
  RENDER_WORKER_TIMEOUT_SECONDS,
  WORKFLOW_MEMORY_MB,
} from '../../../shared/domain/render-queue';
import { AppFunction } from './app-function';
import { grantSdkAccess, type SdkAccessResources } from './grants';
import { usesSharp, type Principal } from '../../../functions/lib/aws-access';

export interface WorkflowProps {
  config: StageConfig;
  /** Environment every function of the app receives (stage, table, buckets, user pool). */
  environment: Record<string, string>;
  table: dynamodb.ITable;
  privateBucket: s3.IBucket;
  publicBucket: s3.IBucket;
  providerSecret: secretsmanager.ISecret;
  /** sharp for linux-arm64 when built (see AppFunction.sharpLayer). */
  sharpLayer?: lambda.ILayerVersion;
  /** The C2PA signing key and certificate chain (JSON { privateKeyPem, certificateChainPem }). */
  provenanceSecret?: secretsmanager.ISecret;
}

export class Workflow extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly tasks: Record<GenerationTaskHandler, NodejsFunction>;
  readonly renderWorker: NodejsFunction;
  /** The render worker's name (env RENDER_WORKER_ARN of everything that dispatches; a name works for Invoke). */
  readonly renderWorkerName: string;
  /** Its ARN, built from the name (no reference to the function resource, so no cycle). */
  readonly renderWorkerArn: string;
  readonly renderWorkerFailed: NodejsFunction;
  /** The provider-call function (a synchronous provider's render) and its fixed name. */
  readonly providerCall: NodejsFunction;
  readonly providerCallName: string;
  readonly executionEnded: NodejsFunction;
  readonly sweeper: NodejsFunction;
  /**
   * Seconds the oldest waiting render has waited (any provider; the sweeper logs it each minute:
   * functions/generations/workflow/queue-age.ts). The alarm on it lives in the alarms stack.
   */
  readonly renderQueueAge: cloudwatch.IMetric;
  /** Failed invocations of the render failure handler (alarm on depth). */
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: WorkflowProps) {
    super(scope, id);
    const { config } = props;
    const common = { logRetention: config.logRetention, removalPolicy: config.removalPolicy };
    const stack = Stack.of(this);
    // A fixed name, so functions can invoke the worker (and the worker itself) without a reference cycle.
    this.renderWorkerName = `${config.stackPrefix}-render-worker`;
    const renderWorkerArn = (this.renderWorkerArn = stack.formatArn({
      service: 'lambda',
      resource: 'function',
      resourceName: this.renderWorkerName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    }));
    this.providerCallName = `${config.stackPrefix}-provider-call`;
    const providerCallArn = stack.formatArn({
      service: 'lambda',
      resource: 'function',
      resourceName: this.providerCallName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    const dispatchEnv = {
      RENDER_WORKER_ARN: this.renderWorkerName,
      PROVIDER_CALL_ARN: this.providerCallName,
      GENERATION_TIMEOUT_SECONDS: String(GENERATION_TIMEOUT.toSeconds()),
    };
    // Every policy comes from the IAM contract (functions/lib/aws-access.ts): everything that dispatches
    // (enqueue, release, cancel) may invoke the worker and nothing else; only the worker writes results.
    const resources = (): SdkAccessResources => ({
      table: props.table,
      privateBucket: props.privateBucket,
      publicBucket: props.publicBucket,
      stateMachine: this.stateMachine,
      providerSecret: props.providerSecret,
      provenanceSecret: props.provenanceSecret,
      renderWorkerArn,
      providerCallArn,
    });

    const fn = (
      name: string,
      extra: {
        handler: string;
        principal: Principal;
        entry?: string;
        timeout?: Duration;
        memorySize?: number;
        env?: Record<string, string>;
        description: string;
        functionName?: string;
        engine?: boolean;
      },
    ) =>
      new AppFunction(this, name, {
        ...common,
        entry: extra.entry ?? WORKFLOW_ENTRY,
        handler: extra.handler,
        description: extra.description,
        environment: { ...props.environment, ...dispatchEnv, ...extra.env },
        timeout: extra.timeout,
        memorySize: extra.memorySize ?? WORKFLOW_MEMORY_MB.task,
        // Only the functions whose bundle loads sharp (SHARP_PRINCIPALS in functions/lib/aws-access.ts).
        layers: props.sharpLayer && usesSharp(extra.principal) ? [props.sharpLayer] : undefined,
        functionName: extra.functionName,
        engine: extra.engine,
      });

    const dlq = new sqs.Queue(this, 'RenderDeadLetters', {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
    });
    this.deadLetterQueue = dlq;
    acknowledge(dlq, 'AwsSolutions-SQS3', 'This queue is itself the dead-letter queue of the render failure handler.');

    // The worker: renders (provider call, result re-encoded into the private bucket), reports the task token.
    const worker = fn('RenderWorker', {
      handler: 'renderWorker',
      description: 'Render worker: renders one claimed generation and reports to its waiting execution',
      timeout: Duration.seconds(RENDER_WORKER_TIMEOUT_SECONDS),
      memorySize: WORKFLOW_MEMORY_MB.renderWorker,
      principal: 'worker:renderWorker',
      // the Fitly engine renders in this function (models and TensorFlow.js WASM in its package)
      engine: true,
      env: {
        PROVIDER_SECRET_ARN: props.providerSecret.secretArn,
        ...(props.provenanceSecret ? { PROVENANCE_SECRET_ARN: props.provenanceSecret.secretArn } : {}),
      },
      functionName: this.renderWorkerName,
    });
    const workerFailed = fn('RenderWorkerFailed', {
      handler: 'renderWorkerFailed',
      description: 'On-failure destination of the render worker: reports the failure so the workflow refunds',
      principal: 'worker:renderWorkerFailed',
    });
    // no asynchronous retries: a crash goes to renderWorkerFailed, which renders again through the one retry
    // path (lease and attempts, functions/generations/workflow/render-attempts.ts retryOrFail); an event throttled past its
    // short maximum age goes there too, before the claim's start lease runs out (RENDER_START_LEASE_SECONDS), so
    // the sweeper never starts another attempt while this one's event may still come (issue 41)
    worker.fn.configureAsyncInvoke({
      retryAttempts: RENDER_WORKER_ASYNC_RETRIES,
      maxEventAge: Duration.seconds(RENDER_WORKER_MAX_EVENT_AGE_SECONDS),
      onFailure: new destinations.LambdaDestination(workerFailed.fn),
    });
    workerFailed.fn.configureAsyncInvoke({ retryAttempts: 2, onFailure: new destinations.SqsDestination(dlq) });

    // The provider-call function (issue 28): a synchronous provider's render waits here, in a small function
    // without sharp or TensorFlow.js, instead of in the 1.5 GB worker; the same retry path and failure destination.
    const providerCall = fn('ProviderCall', {
      entry: PROVIDER_CALL_ENTRY,
      handler: 'providerCall',
      description:
        "Provider call: waits for a synchronous provider's render, stages its images, hands the image work to the render worker",
      timeout: Duration.seconds(RENDER_WORKER_TIMEOUT_SECONDS),
      memorySize: WORKFLOW_MEMORY_MB.providerCall,
      principal: 'worker:providerCall',
      env: { PROVIDER_SECRET_ARN: props.providerSecret.secretArn },
      functionName: this.providerCallName,
    });
    providerCall.fn.configureAsyncInvoke({
      retryAttempts: RENDER_WORKER_ASYNC_RETRIES,
      maxEventAge: Duration.seconds(RENDER_WORKER_MAX_EVENT_AGE_SECONDS),
      onFailure: new destinations.LambdaDestination(workerFailed.fn),
    });
    acknowledgeMatching(
      providerCall.role,
      /^AwsSolutions-IAM5\[Resource::<\w+RenderWorkerFailed\w+\.Arn>:\*\]$/,
      'The on-failure destination grant (CDK LambdaDestination): lambda:InvokeFunction on the failure handler and its versions only.',
    );
    this.providerCall = providerCall.fn;
    acknowledgeMatching(
      worker.role,
      /^AwsSolutions-IAM5\[Resource::<\w+RenderWorkerFailed\w+\.Arn>:\*\]$/,
      'The on-failure destination grant (CDK LambdaDestination): lambda:InvokeFunction on the failure handler and its versions only.',
    );
    this.renderWorker = worker.fn;
    this.renderWorkerFailed = workerFailed.fn;

    const tasks = {
      enqueueRender: fn('Task-enqueueRender', {
        handler: 'enqueueRender',
        principal: 'task:enqueueRender',
        description: 'Generation workflow: queue the render with its task token',
        env: { PROVIDER_SECRET_ARN: props.providerSecret.secretArn },
      }),
      markFailed: fn('Task-markFailed', {
        handler: 'markFailed',
        principal: 'task:markFailed',
        description: 'Generation workflow: readable error, refund once, free the slot',
      }),
    } satisfies Record<GenerationTaskHandler, AppFunction>;
    this.tasks = Object.fromEntries(GENERATION_TASK_HANDLERS.map((h) => [h, tasks[h].fn])) as Record<
      GenerationTaskHandler,
      NodejsFunction
    >;

    const logGroup = new logs.LogGroup(this, 'StateMachineLogs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    this.stateMachine = new sfn.StateMachine(this, 'GenerationStateMachine', {
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromChainable(buildGenerationDefinition(this, this.tasks)),
      timeout: GENERATION_TIMEOUT,
      tracingEnabled: true,
      // Every state's events in dev; in prod only errors (ALL writes ~5 log events per look: docs/capacity.md,
      // "Logs"). The execution history in the console has every event anyway.
      logs: { destination: logGroup, level: config.stateMachineLogLevel, includeExecutionData: false },
    });
    if (config.stateMachineLogLevel !== sfn.LogLevel.ALL)
      acknowledge(
        this.stateMachine,
        'AwsSolutions-SF1',
        'prod logs the state machine at ERROR: ALL would write every state transition of every look to CloudWatch Logs (paid per GB, docs/capacity.md); the execution history keeps every event for 90 days and X-Ray traces the executions.',
      );
    grantSdkAccess(worker.fn, 'worker:renderWorker', resources());
    grantSdkAccess(providerCall.fn, 'worker:providerCall', resources());
    grantSdkAccess(workerFailed.fn, 'worker:renderWorkerFailed', resources());
    for (const h of GENERATION_TASK_HANDLERS) grantSdkAccess(tasks[h].fn, `task:${h}` as Principal, resources());
    acknowledge(
      this.stateMachine.role,
      'AwsSolutions-IAM5[Resource::*]',
      'Step Functions log delivery (logs:CreateLogDelivery, PutResourcePolicy, DescribeLogGroups, ...) and X-Ray (PutTraceSegments, GetSamplingRules, ...) APIs do not support resource-level permissions.',
    );
    acknowledgeMatching(
      this.stateMachine.role,
      /^AwsSolutions-IAM5\[Resource::<\w+\.Arn>:\*\]$/,
      'lambda:InvokeFunction on the three task functions and their versions/aliases (CDK LambdaInvoke grant); no other function.',
    );

    // EventBridge: executions that end FAILED, TIMED_OUT or ABORTED are refunded and free their queue entry or
    // slot at once (idempotent with MarkFailed), not at the next sweep.
    const ended = fn('ExecutionEnded', {
      handler: 'executionEnded',
      principal: 'job:executionEnded',
      description: 'Refund and free capacity when a generation execution fails, times out or is aborted',
    });
    this.executionEnded = ended.fn;
    grantSdkAccess(ended.fn, 'job:executionEnded', resources());
    new events.Rule(this, 'ExecutionEndedRule', {
      description: 'Generation executions that failed, timed out or were aborted',
      eventPattern: {
        source: ['aws.states'],
        detailType: ['Step Functions Execution Status Change'],
        detail: { stateMachineArn: [this.stateMachine.stateMachineArn], status: ['FAILED', 'TIMED_OUT', 'ABORTED'] },
      },
      targets: [
        new targets.LambdaFunction(ended.fn, {
          retryAttempts: 8,
          maxEventAge: Duration.hours(2),
          deadLetterQueue: dlq,
        }),
      ],
    });

    // Sweeper: every minute. Overdue render leases (the FASHN poll fallback goes to the worker; others time
    // out), a dispatch per provider, and generations stuck past the workflow timeout (failed, refunded once).
    const sweeper = new AppFunction(this, 'Sweeper', {
      ...common,
      entry: SWEEPER_ENTRY,
      description: 'Overdue render leases, dispatch safety net, stuck generations',
      timeout: Duration.seconds(60),
      layers: props.sharpLayer && usesSharp('job:sweeper') ? [props.sharpLayer] : undefined,
      environment: { ...props.environment, ...dispatchEnv, STATE_MACHINE_ARN: this.stateMachine.stateMachineArn },
    });
    this.sweeper = sweeper.fn;
    this.renderQueueAge = new logs.MetricFilter(this, 'RenderQueueAgeFilter', {
      logGroup: sweeper.logGroup,
      filterPattern: logs.FilterPattern.stringValue('$.message', '=', QUEUE_AGE_MESSAGE),
      metricNamespace: 'Tryon/Render',
      metricName: 'RenderQueueOldestWaitSeconds',
      metricValue: '$.oldestWaitSeconds',
    }).metric({ statistic: 'Maximum', period: Duration.minutes(5) });
    grantSdkAccess(this.sweeper, 'job:sweeper', resources());
    acknowledgeMatching(
      sweeper.role,
      /^AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:states:.+:execution:.+:\*\]$/,
      "DescribeExecution/StopExecution act on executions, whose ARNs are only known at run time; scoped to this state machine's executions.",
    );
    new events.Rule(this, 'SweeperSchedule', {
      description: 'Sweep overdue renders and stuck generations',
      schedule: events.Schedule.rate(Duration.minutes(1)),
      targets: [new targets.LambdaFunction(this.sweeper, { retryAttempts: 2, deadLetterQueue: dlq })],
    });
  }
}
