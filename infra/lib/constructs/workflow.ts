/**
 * The generation workflow: a STANDARD state machine over five task functions (definition in
 * ../workflow-definition.ts, shared with the local runner) and the sweeper that fails and refunds
 * generations stuck past the workflow timeout.
 */
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { acknowledge, acknowledgeMatching } from '../nag';
import { SWEEPER_ENTRY, WORKFLOW_ENTRY } from '../paths';
import type { StageConfig } from '../stage-config';
import {
  GENERATION_TASK_HANDLERS,
  GENERATION_TIMEOUT,
  RENDER_FUNCTION_TIMEOUT,
  buildGenerationDefinition,
  type GenerationTaskHandler,
} from '../workflow-definition';
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
  /** sharp for linux-arm64 (constructs/sharp-layer.ts). */
  sharpLayer?: lambda.ILayerVersion;
}

export class Workflow extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly tasks: Record<GenerationTaskHandler, NodejsFunction>;
  readonly sweeper: NodejsFunction;

  constructor(scope: Construct, id: string, props: WorkflowProps) {
    super(scope, id);
    const { config } = props;
    const common = { logRetention: config.logRetention, removalPolicy: config.removalPolicy };

    // One function per task, all from the same entry module with a different exported handler: each gets
    // its own least-privilege role (only render reads the provider keys, only storeResult writes results),
    // its own timeout/memory (render waits on providers and composites images) and its own metrics, at the
    // cost of bundling the same entry five times (esbuild: well under a second each).
    const taskFn = (handler: GenerationTaskHandler, extra: { timeout?: Duration; memorySize?: number; env?: Record<string, string> } = {}) =>
      new AppFunction(this, `Task-${handler}`, {
        ...common,
        entry: WORKFLOW_ENTRY,
        handler,
        description: `Generation workflow task ${handler}`,
        environment: { ...props.environment, ...extra.env },
        timeout: extra.timeout,
        memorySize: extra.memorySize,
        // Only the tasks whose bundle loads sharp (SHARP_PRINCIPALS in functions/lib/aws-access.ts).
        layers: props.sharpLayer && usesSharp(`task:${handler}` as Principal) ? [props.sharpLayer] : undefined,
      });
    const fns = {
      markProcessing: taskFn('markProcessing'),
      render: taskFn('render', {
        timeout: RENDER_FUNCTION_TIMEOUT,
        memorySize: 1536,
        env: { PROVIDER_SECRET_ARN: props.providerSecret.secretArn },
      }),
      storeResult: taskFn('storeResult', { memorySize: 1024, timeout: Duration.seconds(60) }),
      markCompleted: taskFn('markCompleted'),
      markFailed: taskFn('markFailed'),
    } satisfies Record<GenerationTaskHandler, AppFunction>;

    // Each task's policy comes from the IAM contract (functions/lib/aws-access.ts, `task:<handler>`): only
    // render reads the provider keys, only storeResult writes results, and so on.
    const sdkResources = (stateMachine: sfn.IStateMachine): SdkAccessResources => ({
      table: props.table,
      privateBucket: props.privateBucket,
      publicBucket: props.publicBucket,
      stateMachine,
      providerSecret: props.providerSecret,
    });
    this.tasks = Object.fromEntries(GENERATION_TASK_HANDLERS.map((h) => [h, fns[h].fn])) as Record<GenerationTaskHandler, NodejsFunction>;

    const logGroup = new logs.LogGroup(this, 'StateMachineLogs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    this.stateMachine = new sfn.StateMachine(this, 'GenerationStateMachine', {
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromChainable(buildGenerationDefinition(this, this.tasks)),
      timeout: GENERATION_TIMEOUT,
      tracingEnabled: true,
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
    });
    for (const h of GENERATION_TASK_HANDLERS) grantSdkAccess(fns[h].fn, `task:${h}` as Principal, sdkResources(this.stateMachine));
    acknowledge(
      this.stateMachine.role,
      'AwsSolutions-IAM5[Resource::*]',
      'Step Functions log delivery (logs:CreateLogDelivery, PutResourcePolicy, DescribeLogGroups, ...) and X-Ray (PutTraceSegments, GetSamplingRules, ...) APIs do not support resource-level permissions.',
    );
    acknowledgeMatching(
      this.stateMachine.role,
      /^AwsSolutions-IAM5\[Resource::<\w+\.Arn>:\*\]$/,
      'lambda:InvokeFunction on the five task functions and their versions/aliases (CDK LambdaInvoke grant); no other function.',
    );

    // Sweeper: every 5 minutes, finds generations pending/processing for longer than the workflow timeout,
    // stops their execution if still running, marks them failed and refunds the credit (exactly once).
    const sweeper = new AppFunction(this, 'Sweeper', {
      ...common,
      entry: SWEEPER_ENTRY,
      description: 'Fails and refunds generations stuck past the workflow timeout',
      timeout: Duration.seconds(60),
      environment: {
        ...props.environment,
        STATE_MACHINE_ARN: this.stateMachine.stateMachineArn,
        GENERATION_TIMEOUT_SECONDS: String(GENERATION_TIMEOUT.toSeconds()),
      },
    });
    this.sweeper = sweeper.fn;
    grantSdkAccess(this.sweeper, 'job:sweeper', sdkResources(this.stateMachine));
    acknowledgeMatching(
      sweeper.role,
      /^AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:states:.+:execution:.+:\*\]$/,
      'DescribeExecution/StopExecution act on executions, whose ARNs are only known at run time; scoped to this state machine\'s executions.',
    );
    new events.Rule(this, 'SweeperSchedule', {
      description: 'Sweep stuck generations',
      schedule: events.Schedule.rate(Duration.minutes(5)),
      targets: [new targets.LambdaFunction(this.sweeper, { retryAttempts: 2 })],
    });
  }
}
