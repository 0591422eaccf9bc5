/**
 * Guardrails: CloudWatch alarms that notify one SNS topic (subscribe the on-call e-mail with
 * -c alarmEmail=... or in the console). docs/operations.md says what to do when each fires.
 *
 * - API: 5xx rate over 5 % (and at least 5 requests) in 5 minutes; p99 latency over 5 s for 15 minutes; 429s
 *   (the stage throttle or the app's rate limits) over 2 % of requests.
 * - Lambda: any error (a crash or a timeout: handled errors are answers, not errors) or throttle, per function;
 *   the account's claimed concurrency over 80 % of its quota.
 * - Step Functions: a generation failure RATE (a refused photo or prompt fails its execution by design: one
 *   failure is not an incident, a quarter of them is); any timed-out execution.
 * - Render queue: the oldest waiting render has waited over 5 minutes.
 * - SES (where Cognito sends through it, in this region): bounce rate over 4 %, complaint rate over 0.08 %
 *   (SES reviews an account at 5 % / 0.1 %).
 * - DynamoDB: any read or write throttle event on the table.
 * - Dead-letter queues: any message (addDeadLetterQueue: the render queue's DLQ can be added later).
 * - Billing: any signed Stripe event refused at fulfilment.
 *
 * They live in their own stack (infra/lib/stacks/alarms-stack.ts), so the app stack keeps its room under
 * CloudFormation's 500 resources per stack.
 */
import { Duration } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

export interface AlarmsProps {
  httpApi: apigw.IHttpApi;
  functions: Record<string, lambda.IFunction>;
  stateMachine: sfn.IStateMachine;
  table: dynamodb.ITable;
  deadLetterQueues?: Record<string, sqs.IQueue>;
  /** Signed Stripe events refused at fulfilment (the Api construct's metric filter). */
  fulfilmentRefused?: cloudwatch.IMetric;
  /** Subscribed to the topic when given. */
  email?: string;
  /** 429 answers counted from the API's access logs (the Api construct's metric filter). */
  tooManyRequests?: cloudwatch.IMetric;
  /** Seconds the oldest waiting render has waited (the Workflow construct's metric filter). */
  renderQueueAge?: cloudwatch.IMetric;
  /** The account's Lambda concurrency quota in this region (stage config: 1,000 unless raised). */
  lambdaConcurrencyQuota?: number;
  /** Alarm on SES's reputation metrics (SES sends Cognito's e-mails from this region). */
  sesReputation?: boolean;
}

export const ALARM_THRESHOLDS = {
  api5xxPercent: 5,
  api5xxMinRequests: 5,
  apiP99LatencyMs: 5000,
  /** 429s as a share of the API's requests (5 minutes), from this many requests on. */
  api429Percent: 2,
  api429MinRequests: 20,
  /** Failed generation executions as a share of those started (15 minutes), from this many started. */
  generationFailurePercent: 25,
  generationFailureMinStarted: 8,
  renderQueueAgeSeconds: 300,
  /** Share of the account's Lambda concurrency quota. */
  accountConcurrencyPercent: 80,
  /** SES reputation (fractions): SES puts an account under review at 5 % bounces and 0.1 % complaints. */
  sesBounceRate: 0.04,
  sesComplaintRate: 0.0008,
} as const;

export class Alarms extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Topic', { displayName: 'tryon alarms', enforceSSL: true });
    acknowledge(
      this.topic,
      'AwsSolutions-SNS2',
      'Alarm notifications carry alarm names and metric values only (no customer data); SSE with a customer key would also need a key policy for CloudWatch.',
    );
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));

    const fiveMin = Duration.minutes(5);
    // API 5xx rate (HTTP API metrics; only counted when there is traffic).
    const errors = new cloudwatch.Metric({
      namespace: 'AWS/ApiGateway',
      metricName: '5xx',
      dimensionsMap: { ApiId: props.httpApi.apiId },
      statistic: 'Sum',
      period: fiveMin,
    });
    const count = new cloudwatch.Metric({
      namespace: 'AWS/ApiGateway',
      metricName: 'Count',
      dimensionsMap: { ApiId: props.httpApi.apiId },
      statistic: 'Sum',
      period: fiveMin,
    });
    this.add(
      'Api5xxRate',
      new cloudwatch.MathExpression({
        expression: `IF(requests >= ${ALARM_THRESHOLDS.api5xxMinRequests}, 100 * errors / requests, 0)`,
        usingMetrics: { errors, requests: count },
        period: fiveMin,
        label: 'API 5xx %',
      }),
      ALARM_THRESHOLDS.api5xxPercent,
      'API answers more than 5 % server errors (5 min)',
    );
    this.add(
      'ApiP99Latency',
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName: 'Latency',
        dimensionsMap: { ApiId: props.httpApi.apiId },
        statistic: 'p99',
        period: fiveMin,
      }),
      ALARM_THRESHOLDS.apiP99LatencyMs,
      'API p99 latency over 5 s for 15 minutes',
      3,
    );
    for (const [name, fn] of Object.entries(props.functions)) {
      this.add(
        `LambdaErrors-${name}`,
        fn.metricErrors({ period: fiveMin, statistic: 'Sum' }),
        1,
        `Lambda ${name}: crashed or timed out`,
      );
      this.add(
        `LambdaThrottles-${name}`,
        fn.metricThrottles({ period: fiveMin, statistic: 'Sum' }),
        1,
        `Lambda ${name}: throttled (concurrency limit)`,
      );
    }
    // A refused photo or prompt ends its execution FAILED (MarkFailed, refunded): one failure is an answer, not an
    // incident. The rate over 15 minutes is, once enough generations started to mean something.
    const fifteenMin = Duration.minutes(15);
    const T = ALARM_THRESHOLDS;
    this.add(
      'GenerationFailureRate',
      new cloudwatch.MathExpression({
        expression: `IF(started >= ${T.generationFailureMinStarted}, 100 * failed / started, 0)`,
        usingMetrics: {
          failed: props.stateMachine.metricFailed({ period: fifteenMin, statistic: 'Sum' }),
          started: props.stateMachine.metricStarted({ period: fifteenMin, statistic: 'Sum' }),
        },
        period: fifteenMin,
        label: 'generations failed %',
      }),
      T.generationFailurePercent,
      `More than ${T.generationFailurePercent} % of generation executions failed (15 min, at least ${T.generationFailureMinStarted} started)`,
    );
    this.add(
      'GenerationsTimedOut',
      props.stateMachine.metricTimedOut({ period: fiveMin, statistic: 'Sum' }),
      1,
      'Generation executions timed out',
    );
    for (const metricName of ['ReadThrottleEvents', 'WriteThrottleEvents'])
      this.add(
        `Dynamo${metricName}`,
        new cloudwatch.Metric({
          namespace: 'AWS/DynamoDB',
          metricName,
          dimensionsMap: { TableName: props.table.tableName },
          statistic: 'Sum',
          period: fiveMin,
        }),
        1,
        `DynamoDB table ${metricName}`,
      );
    if (props.tooManyRequests)
      this.add(
        'Api429Rate',
        new cloudwatch.MathExpression({
          expression: `IF(requests >= ${T.api429MinRequests}, 100 * throttled / requests, 0)`,
          usingMetrics: { throttled: props.tooManyRequests, requests: count },
          period: fiveMin,
          label: 'API 429 %',
        }),
        T.api429Percent,
        `More than ${T.api429Percent} % of API requests answered 429 (the stage throttle or rate limits, 5 min)`,
      );
    if (props.renderQueueAge)
      this.add(
        'RenderQueueAge',
        props.renderQueueAge,
        T.renderQueueAgeSeconds,
        `A render has waited in the queue over ${T.renderQueueAgeSeconds / 60} minutes (provider slots all busy or a stalled dispatch)`,
        2,
      );
    if (props.lambdaConcurrencyQuota)
      this.add(
        'AccountConcurrency',
        new cloudwatch.Metric({
          namespace: 'AWS/Lambda',
          metricName: 'ClaimedAccountConcurrency',
          statistic: 'Maximum',
          period: Duration.minutes(1),
        }),
        Math.floor((props.lambdaConcurrencyQuota * T.accountConcurrencyPercent) / 100),
        `Lambda concurrency over ${T.accountConcurrencyPercent} % of the account's quota (${props.lambdaConcurrencyQuota}) for 3 minutes`,
        3,
      );
    if (props.sesReputation)
      for (const [id, metricName, threshold] of [
        ['SesBounceRate', 'Reputation.BounceRate', T.sesBounceRate],
        ['SesComplaintRate', 'Reputation.ComplaintRate', T.sesComplaintRate],
      ] as const)
        this.add(
          id,
          new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) }),
          threshold,
          `SES ${metricName} at ${threshold * 100} % (SES reviews the account at ${metricName.includes('Bounce') ? '5' : '0.1'} %)`,
        );
    for (const [name, q] of Object.entries(props.deadLetterQueues ?? {})) this.addDeadLetterQueue(name, q);
    if (props.fulfilmentRefused)
      this.add(
        'FulfilmentRefused',
        props.fulfilmentRefused,
        1,
        'A Stripe event was refused at fulfilment (user, product, amount or currency differ from our checkout record; docs/security.md)',
      );
  }

  /** Alarm on any message in a dead-letter queue (e.g. the render queue's DLQ). */
  addDeadLetterQueue(name: string, queue: sqs.IQueue): cloudwatch.Alarm {
    return this.add(
      `DlqDepth-${name}`,
      queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      1,
      `Dead-letter queue ${name} has messages`,
    );
  }

  private add(
    id: string,
    metric: cloudwatch.IMetric,
    threshold: number,
    description: string,
    evaluationPeriods = 1,
  ): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription: `${description}. Runbook: docs/operations.md, "Alarms".`,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    alarm.addOkAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }
}
