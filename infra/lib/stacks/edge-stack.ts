import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

export interface EdgeStackProps extends StackProps {
  config: StageConfig;
}

/**
 * The WAF web ACL of the CloudFront distribution. CloudFront-scope web ACLs must be created in us-east-1,
 * whatever the app's region: this stack always deploys there (env.region us-east-1) and outputs the ARN that
 * the Web stack takes as -c webAclArn=... (no cross-region reference custom resources).
 *
 * Rules: a rate-based rule per client IP (config.wafRateLimit requests per 5 minutes, then 403 until the rate
 * drops), and AWS's common rule set and known-bad-inputs managed groups.
 */
export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;
    const visibility = (name: string) => ({
      cloudWatchMetricsEnabled: true,
      metricName: `tryon-${config.stage}-${name}`,
      sampledRequestsEnabled: true,
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      rules: [
        {
          name: 'rate-per-ip',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: { limit: config.wafRateLimit, aggregateKeyType: 'IP', evaluationWindowSec: 300 },
          },
          visibilityConfig: visibility('rate-per-ip'),
        },
        {
          name: 'aws-common',
          priority: 1,
          overrideAction: { none: {} },
          // SizeRestrictions_BODY would block uploads and JSON over 8 KB: count it only (images go straight to S3 anyway).
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('aws-common'),
        },
        {
          name: 'aws-known-bad-inputs',
          priority: 2,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesKnownBadInputsRuleSet' } },
          visibilityConfig: visibility('aws-known-bad-inputs'),
        },
      ],
    });
    new CfnOutput(this, 'WebAclArn', {
      value: this.webAcl.attrArn,
      description: 'Pass to the app as -c webAclArn=...',
    });
  }
}
