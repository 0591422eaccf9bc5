import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Api } from '../constructs/api';
import { Web } from '../constructs/web';
import type { StageConfig } from '../stage-config';

export interface WebStackProps extends StackProps {
  config: StageConfig;
  api: Api;
  /** The public media bucket's name (Data stack), served under /media/*. */
  publicMediaBucketName?: string;
  /** Directory of the built SPA; defaults to web/dist. */
  webDist?: string;
  /** The edge token CloudFront adds to API requests (App stack's generated secret). */
  originSecret: secretsmanager.ISecret;
  /** The WAF web ACL's ARN (Edge stack, us-east-1: a cross-region reference) or -c webAclArn. */
  webAclArn?: string;
}

/** The CloudFront distribution serving the SPA and proxying /api/* to the HTTP API. */
export class WebStack extends Stack {
  readonly web: Web;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    this.web = new Web(this, 'Web', {
      config: props.config,
      apiDomainName: props.api.domainName,
      webDist: props.webDist,
      publicMediaBucketName: props.publicMediaBucketName,
      originSecret: props.originSecret,
      originSecretVersion: props.config.originSecretVersion,
      webAclArn: props.webAclArn,
    });
    new CfnOutput(this, 'AppUrl', {
      value: `https://${props.config.domainName ?? this.web.distribution.distributionDomainName}`,
      description: 'The app (SPA and /api/*)',
    });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
  }
}
