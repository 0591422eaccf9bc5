import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Alarms } from '../constructs/alarms';
import type { Data } from '../constructs/data';
import type { StageConfig } from '../stage-config';
import type { AppStack } from './app-stack';

export interface AlarmsStackProps extends StackProps {
  config: StageConfig;
  data: Data;
  app: AppStack;
}

/**
 * The guardrails of one stage (constructs/alarms.ts): one SNS topic and an alarm per metric that needs a
 * person. In their own stack so that the app stack, which grows with every endpoint group and workflow task,
 * keeps its room under CloudFormation's 500 resources (the alarms were 50+ of its resources); they read the
 * app stack's functions, API, state machine and queues through cross-stack references.
 */
export class AlarmsStack extends Stack {
  readonly alarms: Alarms;

  constructor(scope: Construct, id: string, props: AlarmsStackProps) {
    super(scope, id, props);
    const { config, data, app } = props;
    this.alarms = new Alarms(this, 'Alarms', {
      httpApi: app.api.httpApi,
      functions: {
        ...Object.fromEntries(
          Object.entries(app.api.functions).flatMap(([g, fn]) => (fn ? [[`api-${g}`, fn] as const] : [])),
        ),
        ...Object.fromEntries(Object.entries(app.workflow.tasks).map(([h, fn]) => [`task-${h}`, fn])),
        sweeper: app.workflow.sweeper,
        'render-worker': app.workflow.renderWorker,
        'render-worker-failed': app.workflow.renderWorkerFailed,
        'provider-call': app.workflow.providerCall,
        'edge-authorizer': app.api.authorizerFunction,
        'execution-ended': app.workflow.executionEnded,
        'expire-packs': app.jobs.expirePacks,
        ...(app.jobs.retention ? { retention: app.jobs.retention } : {}),
        ...(app.jobs.exportData ? { 'export-data': app.jobs.exportData } : {}),
      },
      stateMachine: app.workflow.stateMachine,
      table: data.table,
      deadLetterQueues: { jobs: app.jobsDeadLetterQueue, render: app.workflow.deadLetterQueue },
      fulfilmentRefused: app.api.fulfilmentRefused,
      tooManyRequests: app.api.tooManyRequests,
      renderQueueAge: app.workflow.renderQueueAge,
      lambdaConcurrencyQuota: config.lambdaConcurrencyQuota,
      // SES publishes its reputation in its own region; an alarm can only read metrics of its region
      sesReputation: !!config.ses && (!config.ses.region || config.ses.region === this.region),
      email: config.alarmEmail,
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn });
  }
}
