/**
 * Builds every stack of one stage into a CDK app, and registers cdk-nag (AwsSolutions) on it. Used by
 * infra/bin/app.ts (the CDK CLI entry) and by the infra tests, so both check exactly the same app.
 */
import { Tags, Validations, type App, type Environment } from 'aws-cdk-lib';
import { TryonNagChecks } from './nag';
import { resolveStageConfig, type StageConfig } from './stage-config';
import { AlarmsStack } from './stacks/alarms-stack';
import { AppStack } from './stacks/app-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { EdgeStack } from './stacks/edge-stack';
import { EdgeAlarmsStack } from './stacks/edge-alarms-stack';
import { WebStack } from './stacks/web-stack';

export interface TryonStacks {
  config: StageConfig;
  data: DataStack;
  auth: AuthStack;
  app: AppStack;
  /** The alarms and their SNS topic (stacks/alarms-stack.ts). */
  alarms: AlarmsStack;
  web: WebStack;
  /** The WAF web ACL, always in us-east-1 (CloudFront requires it there). */
  edge: EdgeStack;
  /** The distribution's 5xx alarm, in us-east-1 (where CloudFront's metrics are). */
  edgeAlarms: EdgeAlarmsStack;
}

export interface BuildOptions {
  config?: Partial<StageConfig>;
  /** Register cdk-nag AwsSolutions checks (a finding without an acknowledgment fails the synth). */
  nag?: boolean;
  webDist?: string;
}

/**
 * Account and region: the region is pinned, never the CLI's default (which falls back to us-east-1 when no
 * profile region is set): `-c region=...`, else the `region` in cdk.json's context, else eu-west-1. The account
 * is CDK_DEFAULT_ACCOUNT when credentials are available, else left unresolved (AWS::AccountId). No lookups:
 * synth works offline and without credentials. `npm run doctor` warns when the profile's region differs.
 */
export const DEFAULT_REGION = 'eu-west-1';
export function deployEnvironment(app: App): Environment {
  const region = app.node.tryGetContext('region');
  return {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: (typeof region === 'string' && region) || DEFAULT_REGION,
  };
}

/**
 * Feature flags the constructs rely on, set in code so that the CLI (cdk.json) and the tests (no cdk.json)
 * build the same templates.
 */
export const FEATURE_FLAGS: Record<string, unknown> = {
  // Server access logs are delivered under a bucket policy, not the legacy LogDeliveryWrite ACL.
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
  '@aws-cdk/aws-iam:minimizePolicies': true,
  '@aws-cdk/core:checkSecretUsage': true,
  // Cross-stack references as CloudFormation exports (the producer stack refuses to drop a value in use).
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
};

export function buildTryonApp(app: App, opts: BuildOptions = {}): TryonStacks {
  for (const [key, value] of Object.entries(FEATURE_FLAGS)) {
    if (app.node.tryGetContext(key) === undefined) app.node.setContext(key, value);
  }
  const config = resolveStageConfig(app, opts.config);
  const env = deployEnvironment(app);
  const name = (part: string) => `${config.stackPrefix}-${part}`;

  const data = new DataStack(app, name('Data'), {
    env,
    config,
    description: `tryon ${config.stage}: table and media buckets`,
  });
  const auth = new AuthStack(app, name('Auth'), {
    env,
    config,
    description: `tryon ${config.stage}: Cognito user pool`,
  });
  const appStack = new AppStack(app, name('App'), {
    env,
    config,
    data: data.data,
    auth: auth.auth,
    description: `tryon ${config.stage}: API, Lambda functions, generation workflow, secrets`,
  });
  const alarms = new AlarmsStack(app, name('Alarms'), {
    env,
    config,
    data: data.data,
    app: appStack,
    description: `tryon ${config.stage}: CloudWatch alarms and their SNS topic`,
  });
  // CloudFront only accepts web ACLs from us-east-1: the Edge stack lives there, and its ARN reaches the Web
  // stack through CDK's cross-region reference (an SSM parameter written in us-east-1 and read by a custom
  // resource in the app's region), so one `cdk deploy --all` attaches it.
  const edge = new EdgeStack(app, name('Edge'), {
    env: { account: env.account, region: 'us-east-1' },
    config,
    crossRegionReferences: true,
    description: `tryon ${config.stage}: WAF web ACL of the distribution (us-east-1)`,
  });
  const web = new WebStack(app, name('Web'), {
    env,
    config,
    api: appStack.api,
    publicMediaBucketName: data.data.publicBucket.bucketName,
    webDist: opts.webDist,
    originSecret: appStack.secrets.originVerify,
    webAclArn: config.webAclArn ?? edge.webAcl.attrArn,
    crossRegionReferences: true,
    description: `tryon ${config.stage}: CloudFront distribution and SPA`,
  });

  const edgeAlarms = new EdgeAlarmsStack(app, name('EdgeAlarms'), {
    env: { account: env.account, region: 'us-east-1' },
    config,
    distributionId: web.web.distribution.distributionId,
    crossRegionReferences: true,
    description: `tryon ${config.stage}: the distribution's 5xx alarm (us-east-1, where CloudFront's metrics are)`,
  });

  Tags.of(app).add('project', 'tryon');
  Tags.of(app).add('stage', config.stage);
  if (opts.nag ?? true) Validations.of(app).addPlugins(new TryonNagChecks(app, { verbose: true }));
  return { config, data, auth, app: appStack, alarms, web, edge, edgeAlarms };
}
