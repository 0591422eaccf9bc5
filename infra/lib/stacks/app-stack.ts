import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Api } from '../constructs/api';
import { Jobs } from '../constructs/jobs';
import { sharpLayer } from '../constructs/app-function';
import type { Auth } from '../constructs/auth';
import type { Data } from '../constructs/data';
import { Secrets } from '../constructs/secrets';
import { Workflow } from '../constructs/workflow';
import type { StageConfig } from '../stage-config';

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
    };

    this.secrets = new Secrets(this, 'Secrets', { config });
    const layer = sharpLayer(this);

    this.workflow = new Workflow(this, 'Workflow', {
      config,
      environment,
      table: data.table,
      privateBucket: data.privateBucket,
      publicBucket: data.publicBucket,
      providerSecret: this.secrets.providers,
      sharpLayer: layer,
    });

    this.api = new Api(this, 'Api', {
      config,
      environment,
      table: data.table,
      privateBucket: data.privateBucket,
      publicBucket: data.publicBucket,
      userPool: auth.userPool,
      userPoolClient: auth.userPoolClient,
      issuer: auth.issuer,
      stateMachine: this.workflow.stateMachine,
      stripeSecret: this.secrets.stripe,
      cursorKeySecret: this.secrets.cursorKey,
      sharpLayer: layer,
    });

    this.jobs = new Jobs(this, 'Jobs', { config, environment, table: data.table });

    new CfnOutput(this, 'ApiEndpoint', { value: this.api.httpApi.apiEndpoint });
    new CfnOutput(this, 'StateMachineArn', { value: this.workflow.stateMachine.stateMachineArn });
    new CfnOutput(this, 'StripeSecretArn', { value: this.secrets.stripe.secretArn });
    new CfnOutput(this, 'ProviderSecretArn', { value: this.secrets.providers.secretArn });
  }
}
