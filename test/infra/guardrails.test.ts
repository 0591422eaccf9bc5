/**
 * Guardrails for a real account: alarms to one SNS topic, failure destinations for the scheduled jobs, the
 * WAF web ACL in us-east-1, PUBLIC_ORIGIN for billing, Cognito e-mail through SES, the AWS SDK bundled.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Web } from '../../infra/lib/constructs/web';
import { resolveStageConfig } from '../../infra/lib/stage-config';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_MODULES } from '../../infra/lib/constructs/app-function';
import { buildTryonApp } from '../../infra/lib/tryon-app';
import { flatten, resourcesOf, synthApp, type SynthesizedApp } from './synth';
import { ALARM_THRESHOLDS } from '../../infra/lib/constructs/alarms';
import { CLOUDFRONT_ALARM } from '../../infra/lib/stacks/edge-alarms-stack';
import { QUEUE_AGE_MESSAGE } from '../../functions/generations/workflow/queue-age';

let dev: SynthesizedApp;
beforeAll(() => {
  dev = synthApp('dev');
});
afterAll(() => {
  if (dev) rmSync(dev.outdir, { recursive: true, force: true });
});

/** A prod app with context (no synth to disk; templates from the stacks). */
function prodWith(context: Record<string, string>) {
  const app = new App({ context: { stage: 'prod', 'aws:cdk:bundling-stacks': [], ...context } });
  return buildTryonApp(app, { nag: false });
}

describe('alarms', () => {
  it('alarm on API 5xx rate and p99 latency, every function errors and throttles, generations failed/timed out, DynamoDB throttles and the jobs DLQ, all to one SNS topic', () => {
    const t = dev.templates.alarms;
    const alarms = Object.values(resourcesOf(t, 'AWS::CloudWatch::Alarm'));
    // in their own stack: none left in the app stack
    expect(Object.keys(resourcesOf(dev.templates.app, 'AWS::CloudWatch::Alarm'))).toEqual([]);
    const topics = Object.keys(resourcesOf(t, 'AWS::SNS::Topic'));
    expect(topics).toHaveLength(1);
    for (const a of alarms) {
      expect(a.Properties.AlarmActions).toEqual([{ Ref: topics[0] }]);
      expect(a.Properties.TreatMissingData).toBe('notBreaching');
    }
    const metricNames = alarms.map(
      (a) =>
        a.Properties.MetricName ??
        a.Properties.Metrics?.map(
          (m: { MetricStat?: { Metric: { MetricName: string } } }) => m.MetricStat?.Metric.MetricName,
        )
          .filter(Boolean)
          .join('+'),
    );
    expect(metricNames).toEqual(
      expect.arrayContaining([
        '5xx+Count',
        'Latency',
        'Errors',
        'Throttles',
        'ExecutionsFailed+ExecutionsStarted',
        'ExecutionsTimedOut',
        'ReadThrottleEvents',
        'WriteThrottleEvents',
        'ApproximateNumberOfMessagesVisible',
        'FulfilmentRefused',
      ]),
    );
    const fnCount = Object.keys(resourcesOf(dev.templates.app, 'AWS::Lambda::Function')).filter(
      // deploy-time custom resources (CDK's and our provenance key generator: a failure fails the deploy itself)
      (id) => !/CustomResource|LogRetention|AutoDelete|ProvenanceKeyGenerator/.test(id),
    ).length;
    expect(metricNames.filter((m) => m === 'Errors')).toHaveLength(fnCount);
    expect(metricNames.filter((m) => m === 'Throttles')).toHaveLength(fnCount);
    const latency = alarms.find((a) => a.Properties.MetricName === 'Latency')!;
    expect(latency.Properties.ExtendedStatistic).toBe('p99');
    t.hasResourceProperties('AWS::SNS::Topic', Match.anyValue());
  });

  it('alarms that mean something: a failure RATE (not every refusal), 429s, the render queue age, account concurrency, SES reputation', () => {
    const stacks = prodWith({ sesFromEmail: 'no-reply@example.org', publicOrigin: 'https://app.example.org' });
    const t = Template.fromStack(stacks.alarms);
    const alarms = resourcesOf(t, 'AWS::CloudWatch::Alarm');
    const byId = (prefix: string) => {
      const hit = Object.entries(alarms).find(([id]) => id.startsWith(`Alarms${prefix}`));
      if (!hit) throw new Error(`no alarm ${prefix}`);
      return hit[1].Properties;
    };
    const mathOf = (p: { Metrics: { Expression?: string; MetricStat?: { Metric: { MetricName: string } } }[] }) => ({
      expression: p.Metrics.find((m) => m.Expression)?.Expression,
      metrics: p.Metrics.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : [])).sort(),
    });
    // no alarm on a single failed execution any more (a refused photo fails its execution by design)
    expect(Object.values(alarms).filter((a) => a.Properties.MetricName === 'ExecutionsFailed')).toEqual([]);
    const failure = byId('GenerationFailureRate');
    expect(mathOf(failure)).toEqual({
      expression: `IF(started >= ${ALARM_THRESHOLDS.generationFailureMinStarted}, 100 * failed / started, 0)`,
      metrics: ['ExecutionsFailed', 'ExecutionsStarted'],
    });
    expect(failure.Threshold).toBe(ALARM_THRESHOLDS.generationFailurePercent);
    const tooMany = byId('Api429Rate');
    expect(mathOf(tooMany).metrics).toEqual(['Count', 'TooManyRequests']);
    expect(tooMany.Threshold).toBe(ALARM_THRESHOLDS.api429Percent);
    // the 429 count comes from the API's access logs (HTTP APIs publish no 429 metric)
    Template.fromStack(stacks.app).hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [Match.objectLike({ MetricName: 'TooManyRequests', MetricNamespace: 'Tryon/Api' })],
    });
    const queue = byId('RenderQueueAge');
    expect([queue.MetricName, queue.Namespace, queue.Threshold]).toEqual([
      'RenderQueueOldestWaitSeconds',
      'Tryon/Render',
      ALARM_THRESHOLDS.renderQueueAgeSeconds,
    ]);
    Template.fromStack(stacks.app).hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: `{ $.message = "${QUEUE_AGE_MESSAGE}" }`,
      MetricTransformations: [Match.objectLike({ MetricValue: '$.oldestWaitSeconds' })],
    });
    const concurrency = byId('AccountConcurrency');
    expect([concurrency.MetricName, concurrency.Threshold]).toEqual(['ClaimedAccountConcurrency', 800]);
    expect(byId('SesBounceRate')).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate' });
    expect(byId('SesComplaintRate')).toMatchObject({ MetricName: 'Reputation.ComplaintRate' });
    // a raised quota moves the threshold; SES in another region cannot be alarmed from here; dev has no SES
    const raised = prodWith({
      sesFromEmail: 'no-reply@example.org',
      sesRegion: 'us-east-1',
      publicOrigin: 'https://app.example.org',
      lambdaConcurrencyQuota: '3000',
    });
    const raisedAlarms = Object.entries(resourcesOf(Template.fromStack(raised.alarms), 'AWS::CloudWatch::Alarm'));
    expect(raisedAlarms.find(([id]) => id.startsWith('AlarmsAccountConcurrency'))![1].Properties.Threshold).toBe(2400);
    expect(raisedAlarms.some(([id]) => id.startsWith('AlarmsSes'))).toBe(false);
    expect(
      Object.keys(resourcesOf(dev.templates.alarms, 'AWS::CloudWatch::Alarm')).some((id) => id.includes('Ses')),
    ).toBe(false);
  });

  it("alarms on CloudFront's 5xx rate from us-east-1 (where its metrics are), to a topic there", () => {
    const stacks = prodWith({
      sesFromEmail: 'no-reply@example.org',
      publicOrigin: 'https://app.example.org',
      alarmEmail: 'oncall@example.org',
    });
    expect(stacks.edgeAlarms.region).toBe('us-east-1');
    const t = Template.fromStack(stacks.edgeAlarms);
    const [topic] = Object.keys(resourcesOf(t, 'AWS::SNS::Topic'));
    t.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@example.org' });
    const [alarm] = Object.values(resourcesOf(t, 'AWS::CloudWatch::Alarm'));
    const p = alarm!.Properties;
    expect(p.AlarmActions).toEqual([{ Ref: topic }]);
    expect(p.Threshold).toBe(CLOUDFRONT_ALARM.fiveXxPercent);
    const stats = p.Metrics.flatMap((m: { MetricStat?: { Metric: Record<string, unknown> } }) =>
      m.MetricStat ? [m.MetricStat.Metric] : [],
    );
    expect(stats.map((m: { MetricName: string }) => m.MetricName).sort()).toEqual(['5xxErrorRate', 'Requests']);
    for (const m of stats)
      expect(m).toMatchObject({
        Namespace: 'AWS/CloudFront',
        Dimensions: expect.arrayContaining([{ Name: 'Region', Value: 'Global' }]),
      });
  });

  it('alarms on the jobs and render dead-letter queues, and accepts more later', () => {
    const stacks = prodWith({ sesFromEmail: 'no-reply@example.org', publicOrigin: 'https://app.example.org' });
    const dlqAlarms = (t: Template) =>
      Object.values(resourcesOf(t, 'AWS::CloudWatch::Alarm')).filter(
        (a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible',
      );
    const q = new sqs.Queue(stacks.app, 'ExtraDlq', { enforceSSL: true });
    stacks.alarms.alarms.addDeadLetterQueue('extra', q);
    expect(dlqAlarms(Template.fromStack(stacks.alarms))).toHaveLength(3);
  });

  it('keep every stack well under the 500-resource limit (the app stack grows with each route group and task)', () => {
    const counts = Object.fromEntries(
      Object.entries(dev.templates).map(([name, t]) => [name, Object.keys(t.toJSON().Resources ?? {}).length]),
    );
    for (const [name, n] of Object.entries(counts)) expect(n, `${name} stack resources`).toBeLessThan(400);
    expect(counts.alarms).toBeGreaterThan(40);
  });
});

describe('scheduled jobs', () => {
  it('send failed runs (after retries) and undeliverable events to the jobs DLQ', () => {
    const t = dev.templates.app;
    const [dlqId] = Object.keys(resourcesOf(t, 'AWS::SQS::Queue')).filter((id) => id.startsWith('JobsDlq'));
    expect(dlqId).toBeDefined();
    // expire-packs and the sweeper (the render worker's and provider call's destinations are checked in app.test.ts)
    const configs = Object.values(resourcesOf(t, 'AWS::Lambda::EventInvokeConfig')).filter(
      (c) => !/RenderWorker|ProviderCall/.test(flatten(c.Properties.FunctionName)),
    );
    expect(configs).toHaveLength(2);
    for (const c of configs)
      expect(flatten(c.Properties.DestinationConfig.OnFailure.Destination)).toBe(`<${dlqId}.Arn>`);
    const expireRule = Object.values(resourcesOf(t, 'AWS::Events::Rule')).find(
      (r) => r.Properties.ScheduleExpression === 'cron(15 3 * * ? *)',
    )!;
    expect(flatten(expireRule.Properties.Targets[0].DeadLetterConfig.Arn)).toBe(`<${dlqId}.Arn>`);
  });
});

describe('WAF', () => {
  it('the web ACL is CloudFront-scope with a rate-based rule per IP, in a us-east-1 stack', () => {
    expect(dev.stacks.edge.region).toBe('us-east-1');
    const t = Template.fromStack(dev.stacks.edge);
    t.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: Match.arrayWith([
        Match.objectLike({
          Action: { Block: {} },
          Statement: { RateBasedStatement: { Limit: 1000, AggregateKeyType: 'IP', EvaluationWindowSec: 300 } },
        }),
      ]),
    });
  });
  it('prod refuses to synthesize a distribution without a web ACL', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'NoWaf', { env: { region: 'eu-west-1' } });
    new Web(stack, 'Web', {
      config: resolveStageConfig(app, { stage: 'prod' }),
      apiDomainName: 'abc.execute-api.eu-west-1.amazonaws.com',
      originSecret: new secretsmanager.Secret(stack, 'Token'),
      webDist: '/nonexistent',
    });
    Annotations.fromStack(stack).hasError('*', Match.stringLikeRegexp('No WAF web ACL'));
  });
  it('is attached to the distribution when its ARN is given', () => {
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/tryon/abc';
    const stacks = prodWith({
      webAclArn: arn,
      sesFromEmail: 'no-reply@example.org',
      publicOrigin: 'https://app.example.org',
    });
    Template.fromStack(stacks.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: arn }),
    });
  });
});

describe('PUBLIC_ORIGIN and Cognito e-mail', () => {
  it('prod: PUBLIC_ORIGIN reaches the functions and Cognito sends through SES from the verified sender', () => {
    const stacks = prodWith({
      sesFromEmail: 'no-reply@example.org',
      sesFromName: 'Fitly',
      publicOrigin: 'https://app.example.org/',
    });
    const app = Template.fromStack(stacks.app);
    const billing = Object.values(resourcesOf(app, 'AWS::Lambda::Function')).find(
      (f) => f.Properties.Description === 'API group billing',
    )!;
    expect(billing.Properties.Environment.Variables.PUBLIC_ORIGIN).toBe('https://app.example.org');
    Template.fromStack(stacks.auth).hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', From: 'Fitly <no-reply@example.org>' }),
    });
    expect(Annotations.fromStack(stacks.auth).findError('*', Match.anyValue())).toEqual([]);
    expect(Annotations.fromStack(stacks.app).findError('*', Match.anyValue())).toEqual([]);
  });
  it('SES: an address identity by default, a verified domain identity with -c sesIdentity (issue 24)', () => {
    const sourceArn = (context: Record<string, string>) => {
      const stacks = prodWith({
        sesFromEmail: 'no-reply@example.org',
        publicOrigin: 'https://app.example.org',
        ...context,
      });
      const [pool] = Object.values(Template.fromStack(stacks.auth).findResources('AWS::Cognito::UserPool'));
      return flatten(pool!.Properties.EmailConfiguration.SourceArn);
    };
    expect(sourceArn({})).toMatch(/:identity\/no-reply@example\.org$/);
    expect(sourceArn({ sesIdentity: 'example.org' })).toMatch(/:identity\/example\.org$/);
    expect(() => prodWith({ sesFromEmail: 'no-reply@example.org', sesIdentity: 'other.example' })).toThrow(
      /not an address of the SES domain identity/,
    );
  });
  it("the README's prod context is all a prod synth needs (issue 41: day one as written)", () => {
    const readme = readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
    const line = /^PROD="([^"]+)"$/m.exec(readme)?.[1];
    expect(line, 'README.md gives the prod context as PROD="..."').toBeDefined();
    const context = Object.fromEntries([...line!.matchAll(/-c (\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
    expect(context.stage).toBe('prod');
    const { config, ...stacks } = prodWith(context);
    expect(config.prod).toBe(true);
    for (const [name, stack] of Object.entries(stacks))
      expect(Annotations.fromStack(stack).findError('*', Match.anyValue()), `${name} stack errors`).toEqual([]);
  });
  it('prod refuses the built-in e-mail sender and a missing PUBLIC_ORIGIN (synth errors); dev only warns', () => {
    const stacks = prodWith({});
    expect(Annotations.fromStack(stacks.auth).findError('*', Match.stringLikeRegexp('SES'))).toHaveLength(1);
    expect(Annotations.fromStack(stacks.app).findError('*', Match.stringLikeRegexp('PUBLIC_ORIGIN'))).toHaveLength(1);
    expect(Annotations.fromStack(dev.stacks.auth).findError('*', Match.anyValue())).toEqual([]);
  });
});

describe('AWS SDK version at run time', () => {
  it('is bundled (only sharp, a native addon, stays external)', () => {
    // sharp ships in its layer; the local classifier (tfjs, nsfwjs) never runs in AWS (Rekognition does)
    expect(EXTERNAL_MODULES).toEqual(['sharp', '@tensorflow/*', 'nsfwjs']);
  });
});
