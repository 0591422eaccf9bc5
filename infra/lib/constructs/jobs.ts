/**
 * Scheduled maintenance jobs outside the generation workflow: the daily pack-credit expiry
 * (functions/billing/expire-packs.ts records `expire` ledger entries for lots past their 12 months).
 */
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EXPIRE_PACKS_ENTRY, EXPORT_JOB_ENTRY, RETENTION_JOB_ENTRY } from '../paths';
import type { StageConfig } from '../stage-config';
import { AppFunction } from './app-function';
import { grantSdkAccess } from './grants';

export interface JobsProps {
  config: StageConfig;
  environment: Record<string, string>;
  table: dynamodb.ITable;
  /** Where a run that failed after its retries (or could not be delivered) ends up; alarmed on. */
  deadLetterQueue: sqs.IQueue;
  /** Generated images (retention job) and data exports live in the private bucket. */
  privateBucket?: s3.IBucket;
}

export class Jobs extends Construct {
  readonly expirePacks: NodejsFunction;
  /** Daily: deletes generated images past each user's retention choice (functions/privacy/retention-job.ts). */
  readonly retention?: NodejsFunction;
  /** Invoked asynchronously by POST /api/user/export: builds the "Download my data" ZIP. */
  readonly exportData?: NodejsFunction;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    const fn = new AppFunction(this, 'ExpirePacks', {
      logRetention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
      entry: EXPIRE_PACKS_ENTRY,
      description: 'Records expiry ledger entries for credit packs past 12 months',
      timeout: Duration.minutes(5),
      environment: props.environment,
    });
    this.expirePacks = fn.fn;
    grantSdkAccess(this.expirePacks, 'job:expire-packs', { table: props.table });
    // EventBridge invokes asynchronously: a run that still fails after Lambda's retries goes to the DLQ.
    this.expirePacks.configureAsyncInvoke({ retryAttempts: 2, onFailure: new SqsDestination(props.deadLetterQueue) });
    new events.Rule(this, 'ExpirePacksSchedule', {
      description: 'Expire credit packs daily',
      schedule: events.Schedule.cron({ minute: '15', hour: '3' }),
      targets: [
        new targets.LambdaFunction(this.expirePacks, { retryAttempts: 2, deadLetterQueue: props.deadLetterQueue }),
      ],
    });

    const bucket = props.privateBucket;
    if (!bucket) return;
    const retention = new AppFunction(this, 'Retention', {
      logRetention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
      entry: RETENTION_JOB_ENTRY,
      description: 'Deletes generated images past each user retention choice (items and objects)',
      timeout: Duration.minutes(10),
      environment: props.environment,
    });
    this.retention = retention.fn;
    // Lists users/<id>/generations/ to catch objects whose item the table TTL removed first (IAM contract).
    grantSdkAccess(this.retention, 'job:retention', { table: props.table, privateBucket: bucket });
    new events.Rule(this, 'RetentionSchedule', {
      description: 'Delete generated images past their retention daily',
      schedule: events.Schedule.cron({ minute: '45', hour: '3' }),
      targets: [
        new targets.LambdaFunction(this.retention, { retryAttempts: 2, deadLetterQueue: props.deadLetterQueue }),
      ],
    });

    const exportData = new AppFunction(this, 'ExportData', {
      logRetention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
      entry: EXPORT_JOB_ENTRY,
      description: 'Builds a user data export ZIP (Download my data)',
      timeout: Duration.minutes(10),
      memorySize: 1024,
      environment: props.environment,
    });
    this.exportData = exportData.fn;
    // The ZIP is written with the fitly-export tag (the bucket's lifecycle rule expires tagged objects).
    grantSdkAccess(this.exportData, 'job:export-data', { table: props.table, privateBucket: bucket });
  }
}
