import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { grantSdkAccess } from '../constructs/grants';
import { acknowledge } from '../nag';
import type { Construct } from 'constructs';
import { Api } from '../constructs/api';
import { Jobs } from '../constructs/jobs';
import { sharpLayer } from '../constructs/sharp-layer';
import type { Auth } from '../constructs/auth';
import type { Data } from '../constructs/data';
import { Secrets } from '../constructs/secrets';
import { ProvenanceKey } from '../constructs/provenance-key';
import { Workflow } from '../constructs/workflow';
import type { StageConfig } from '../stage-config';
import { providerConcurrencyEnv } from '../capacity';

export interface AppStackProps extends StackProps {
  config: StageConfig;
  data: Data;
  auth: Auth;
}

/** The compute: secrets, the generation workflow and the HTTP API with its Lambda functions. */
export class AppStack extends Stack {
  readonly secrets: Secrets;
  readonly workflow: Workflow;
  readonly api: Api;
  readonly jobs: Jobs;
  readonly jobsDeadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { config, data, auth } = props;

    // What functions/lib/config.ts reads in every function. AWS_REGION is set by Lambda itself.
    const environment = {
      APP_STAGE: config.stage,
      TABLE_NAME: data.table.tableName,
      PRIVATE_BUCKET: data.privateBucket.bucketName,
      PUBLIC_BUCKET: data.publicBucket.bucketName,
      COGNITO_USER_POOL_ID: auth.userPool.userPoolId,
      COGNITO_CLIENT_ID: auth.userPoolClient.userPoolClientId,
      LOG_LEVEL: config.prod ? 'INFO' : 'DEBUG',
      // the media buckets keep versions in prod (Data construct): deletions then remove every version
      ...(config.mediaVersioned ? { MEDIA_BUCKETS_VERSIONED: 'true' } : {}),
      // who renders each mode (functions/generations/providers/index.ts): explicit, never a silent fallback
      EXACT_PROVIDER: config.renderProviders.exact,
      CREATIVE_PROVIDER: config.renderProviders.creative,
      // the render queue's slots per provider, sized per stage (stage-config.ts, docs/capacity.md)
      ...providerConcurrencyEnv(config.providerConcurrency),
      // Return URLs of Stripe checkout and the billing portal (else the raw execute-api host would be used).
      ...(config.publicOrigin ? { PUBLIC_ORIGIN: config.publicOrigin } : {}),
    };
    if (!config.publicOrigin) {
      const message =
        'No PUBLIC_ORIGIN: pass -c publicOrigin=https://<distribution domain> (or a custom domain) so billing return links point at the app (docs/operations.md).';
      if (config.prod) Annotations.of(this).addError(message);
      else Annotations.of(this).addWarningV2('tryon:noPublicOrigin', message);
    }

    this.secrets = new Secrets(this, 'Secrets', { config });
    // signs on day one: a self-issued chain generated into the provenance secret when it is empty
    new ProvenanceKey(this, 'ProvenanceKey', { config, secret: this.secrets.provenance });
    const layer = sharpLayer(this);

    this.workflow = new Workflow(this, 'Workflow', {
      config,
      environment,
      table: data.table,
      privateBucket: data.privateBucket,
      publicBucket: data.publicBucket,
      providerSecret: this.secrets.providers,
      provenanceSecret: this.secrets.provenance,
      sharpLayer: layer,
    });

    this.api = new Api(this, 'Api', {
      config,
      environment,
      table: data.table,
      privateBucket: data.privateBucket,
      publicBucket: data.publicBucket,
      userPool: auth.userPool,
      stateMachine: this.workflow.stateMachine,
      stripeSecret: this.secrets.stripe,
      providerSecret: this.secrets.providers,
      renderWorker: { name: this.workflow.renderWorkerName, arn: this.workflow.renderWorkerArn },
      cursorKeySecret: this.secrets.cursorKey,
      ipHashSecret: this.secrets.ipHashPepper,
      originSecret: this.secrets.originVerify,
      provenanceSecret: this.secrets.provenance,
      sharpLayer: layer,
    });

    // Scheduled jobs that fail after their retries land here (alarmed: docs/operations.md, "Alarms").
    this.jobsDeadLetterQueue = new sqs.Queue(this, 'JobsDlq', {
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.jobsDeadLetterQueue,
      'AwsSolutions-SQS3',
      'This queue is itself the dead-letter queue of the scheduled jobs.',
    );
    this.jobs = new Jobs(this, 'Jobs', {
      config,
      environment,
      table: data.table,
      privateBucket: data.privateBucket,
      deadLetterQueue: this.jobsDeadLetterQueue,
    });
    // "Download my data": the privacy API function starts the export Lambda asynchronously (IAM contract:
    // InvokeCommand on exactly this function).
    const privacyFn = this.api.functions.privacy;
    if (privacyFn && this.jobs.exportData) {
      privacyFn.addEnvironment('EXPORT_FUNCTION_NAME', this.jobs.exportData.functionName);
      grantSdkAccess(
        privacyFn,
        'api:privacy',
        { exportFunctionArn: this.jobs.exportData.functionArn },
        { only: ['exportFunction'] },
      );
    }
    this.workflow.sweeper.configureAsyncInvoke({
      retryAttempts: 2,
      onFailure: new SqsDestination(this.jobsDeadLetterQueue),
    });

    new CfnOutput(this, 'StateMachineArn', { value: this.workflow.stateMachine.stateMachineArn });
    new CfnOutput(this, 'StripeSecretArn', { value: this.secrets.stripe.secretArn });
    new CfnOutput(this, 'ProviderSecretArn', { value: this.secrets.providers.secretArn });
    new CfnOutput(this, 'ProvenanceSecretArn', {
      value: this.secrets.provenance.secretArn,
      description: 'C2PA signing key and chain (self-issued at first deploy; replace with a trusted certificate)',
    });
  }
}
