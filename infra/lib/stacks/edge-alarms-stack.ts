import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';

export interface EdgeAlarmsStackProps extends StackProps {
  config: StageConfig;
  /** The Web stack's distribution (a cross-region reference: CloudFront's metrics live in us-east-1 only). */
  distributionId: string;
}

export const CLOUDFRONT_ALARM = { fiveXxPercent: 5, minRequests: 50 } as const;

/**
 * The CloudFront distribution's 5xx rate. CloudFront publishes its metrics in us-east-1 only, and an alarm reads
 * only its own region's metrics (and notifies only its own region's topics): so this stack, its own SNS topic
 * (the same -c alarmEmail subscribed) and the alarm live in us-east-1. docs/operations.md, "Alarms".
 */
export class EdgeAlarmsStack extends Stack {
  readonly topic: sns.Topic;
  readonly alarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: EdgeAlarmsStackProps) {
    super(scope, id, props);
    this.topic = new sns.Topic(this, 'Topic', { displayName: 'tryon edge alarms', enforceSSL: true });
    acknowledge(
      this.topic,
      'AwsSolutions-SNS2',
      'Alarm notifications carry alarm names and metric values only (no customer data); SSE with a customer key would also need a key policy for CloudWatch.',
    );
    if (props.config.alarmEmail)
      this.topic.addSubscription(new subscriptions.EmailSubscription(props.config.alarmEmail));
    const metric = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        statistic,
        period: Duration.minutes(5),
      });
    const T = CLOUDFRONT_ALARM;
    this.alarm = new cloudwatch.Alarm(this, 'CloudFront5xxRate', {
      metric: new cloudwatch.MathExpression({
        expression: `IF(requests >= ${T.minRequests}, rate, 0)`,
        usingMetrics: { rate: metric('5xxErrorRate', 'Average'), requests: metric('Requests', 'Sum') },
        period: Duration.minutes(5),
        label: 'CloudFront 5xx %',
      }),
      threshold: T.fiveXxPercent,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription: `More than ${T.fiveXxPercent} % of the distribution's answers are 5xx (5 min, at least ${T.minRequests} requests): the origin (API, S3) or CloudFront itself. Runbook: docs/operations.md, "Alarms".`,
    });
    this.alarm.addAlarmAction(new actions.SnsAction(this.topic));
    this.alarm.addOkAction(new actions.SnsAction(this.topic));
    new CfnOutput(this, 'EdgeAlarmTopicArn', { value: this.topic.topicArn });
  }
}
