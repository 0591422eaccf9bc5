/**
 * The HTTP API, generated from the one route table (shared/routes/): one Lambda per endpoint group in use,
 * one API route per table entry, and on every route the edge authorizer (functions/edge/authorizer.ts; docs/
 * decisions.md, "Nothing reaches the API except through the edge"): a Lambda REQUEST authorizer whose identity
 * source is CloudFront's origin-verify header, so a request that went around CloudFront (the execute-api URL,
 * no header) is refused by API Gateway with 401 before any function runs, and the authorizer's answer is cached
 * per header value. On `user` routes the identity source adds the Authorization header: a call without a token
 * is refused there too, as the Cognito JWT authorizer did (an HTTP API route takes one authorizer); the token
 * itself is verified by the handlers (aws-jwt-verify, functions/lib/http.ts), as it always was.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { groupsInUse, routeKey, routesOfGroup, type Group, type RouteDef } from '../../../shared/routes';
import { EDGE_AUTHORIZER_ENTRY, WEB_DIST, exists, groupEntry } from '../paths';
import { ORIGIN_VERIFY_HEADER } from '../../../shared/domain/edge';
import { readFileSync } from 'node:fs';
import { spaTagsFromIndexHtml } from '../../../functions/lib/spa-shell';
import type { StageConfig } from '../stage-config';
import { AppFunction } from './app-function';
import { AWS_ACCESS, usesSharp, type Principal } from '../../../functions/lib/aws-access';
import { grantSdkAccess } from './grants';

/**
 * What each group may do comes from the IAM contract (functions/lib/aws-access.ts, principal `api:<group>`):
 * the policy is built from the SDK commands the group sends. Groups missing from the route table are simply
 * not deployed.
 */
/**
 * The built SPA's script/link tags for the Open Graph page of shared looks (/l/{token}); empty when web/dist
 * is not built (the page then still carries its preview tags). Hashed assets are never pruned from the SPA
 * bucket, so a page rendered with an older build's tags still loads.
 */
function builtSpaTags(): string {
  const index = `${WEB_DIST}/index.html`;
  return exists(index) ? spaTagsFromIndexHtml(readFileSync(index, 'utf8')) : '';
}

export const groupPrincipal = (group: Group): Principal => `api:${group}` as Principal;

/**
 * How long API Gateway keeps the authorizer's answer for one identity (the header values): the maximum. The
 * token changes only by rotation, and the functions check it themselves on every request.
 */
export const EDGE_AUTHORIZER_CACHE = Duration.hours(1);
/** The identity sources of the edge authorizers: CloudFront's header; on `user` routes the bearer token too. */
export const EDGE_IDENTITY = {
  edge: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
  user: [`$request.header.${ORIGIN_VERIFY_HEADER}`, '$request.header.Authorization'],
} as const;

export interface ApiProps {
  config: StageConfig;
  /** Environment every function of the app receives (stage, table, buckets, user pool). */
  environment: Record<string, string>;
  table: dynamodb.ITable;
  privateBucket: s3.IBucket;
  publicBucket: s3.IBucket;
  userPool: cognito.IUserPool;
  stateMachine: sfn.IStateMachine;
  stripeSecret: secretsmanager.ISecret;
  /** Provider keys: groups that start generations refuse (503, before any spend) when prod has none. */
  providerSecret: secretsmanager.ISecret;
  /** The render worker's function name and ARN (FASHN's webhook route hands the job to it). */
  renderWorker: { name: string; arn: string };
  /** The C2PA signing key (groups that mark images: shares). */
  provenanceSecret?: secretsmanager.ISecret;
  /** Generated keys read at run time (functions/lib/runtime-secrets.ts): only their ARNs are in the environment. */
  cursorKeySecret: secretsmanager.ISecret;
  ipHashSecret: secretsmanager.ISecret;
  originSecret: secretsmanager.ISecret;
  /**
   * sharp for linux-arm64 when built. Attached to every group: group modules import the image pipeline (and
   * with it sharp) at module load, so a function without the layer fails at cold start.
   */
  sharpLayer?: lambda.ILayerVersion;
}

export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly functions: Partial<Record<Group, NodejsFunction>> = {};
  /**
   * Counts signed Stripe events refused at fulfilment (a metric filter on the webhook's log group); the alarm
   * on it lives in the alarms stack (infra/lib/stacks/alarms-stack.ts).
   */
  fulfilmentRefused?: cloudwatch.Metric;
  /**
   * 429 answers (the stage throttle's and the app's own rate limits), counted from the access logs: HTTP APIs
   * publish no 429 metric of their own. The alarm (a share of all requests) lives in the alarms stack.
   */
  readonly tooManyRequests: cloudwatch.Metric;
  /** API routes by route key ("GET /api/config"). */
  readonly routes: Record<string, apigw.HttpRoute> = {};
  /** The edge authorizer's function (functions/edge/authorizer.ts). */
  readonly authorizerFunction: NodejsFunction;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { config } = props;

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: `tryon ${config.stage} API (served to browsers through CloudFront /api/*)`,
      // The stage is created below with throttling and access logs.
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: config.apiThrottle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    this.tooManyRequests = new logs.MetricFilter(this, 'TooManyRequestsFilter', {
      logGroup: accessLogs,
      filterPattern: logs.FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: 'Tryon/Api',
      metricName: 'TooManyRequests',
      metricValue: '1',
      defaultValue: 0,
    }).metric({ statistic: 'Sum', period: Duration.minutes(5) });

    const authorizerFn = new AppFunction(this, 'EdgeAuthorizer', {
      entry: EDGE_AUTHORIZER_ENTRY,
      description: "API authorizer: lets through only requests carrying CloudFront's origin token",
      logRetention: config.logRetention,
      removalPolicy: config.removalPolicy,
      memorySize: 256,
      timeout: Duration.seconds(10),
      environment: { APP_STAGE: config.stage, ORIGIN_SECRET_ARN: props.originSecret.secretArn },
    });
    this.authorizerFunction = authorizerFn.fn;
    grantSdkAccess(authorizerFn.fn, 'edge:authorizer', { originSecret: props.originSecret });
    const edgeAuthorizer = (id: string, identitySource: readonly string[]) =>
      new HttpLambdaAuthorizer(id, authorizerFn.fn, {
        authorizerName: id,
        identitySource: [...identitySource],
        responseTypes: [HttpLambdaResponseType.SIMPLE],
        resultsCacheTtl: EDGE_AUTHORIZER_CACHE,
      });
    const authorizers = {
      edge: edgeAuthorizer('edge-only', EDGE_IDENTITY.edge),
      user: edgeAuthorizer('edge-and-bearer', EDGE_IDENTITY.user),
    };

    const groups = groupsInUse();
    const missing = groups.filter((g) => !exists(groupEntry(g)));
    if (missing.length)
      throw new Error(
        `The route table names groups without a handler module: ${missing.map((g) => groupEntry(g)).join(', ')}`,
      );

    for (const group of groups) {
      const principal = groupPrincipal(group);
      if (!(principal in AWS_ACCESS))
        throw new Error(`Group ${group} has no entry ${principal} in functions/lib/aws-access.ts`);
      const access = AWS_ACCESS[principal].access as Record<string, unknown>;
      const fn = new AppFunction(this, `Fn-${group}`, {
        entry: groupEntry(group),
        description: `API group ${group}`,
        logRetention: config.logRetention,
        removalPolicy: config.removalPolicy,
        memorySize: 512,
        // API Gateway's integration timeout is 29 s (hard limit for HTTP APIs is 30 s).
        timeout: Duration.seconds(29),
        layers: props.sharpLayer && usesSharp(principal) ? [props.sharpLayer] : undefined,
        environment: {
          ...props.environment,
          ...(access.stateMachine ? { STATE_MACHINE_ARN: props.stateMachine.stateMachineArn } : {}),
          ...(access.providerSecret ? { PROVIDER_SECRET_ARN: props.providerSecret.secretArn } : {}),
          ...(access.renderWorker ? { RENDER_WORKER_ARN: props.renderWorker.name } : {}),
          ...(access.stripeSecret ? { STRIPE_SECRET_ARN: props.stripeSecret.secretArn } : {}),
          ...(access.provenanceSecret && props.provenanceSecret
            ? { PROVENANCE_SECRET_ARN: props.provenanceSecret.secretArn }
            : {}),
          // the Open Graph page of a shared look embeds the SPA's tags (functions/lib/spa-shell.ts)
          ...(group === 'shares' ? { SPA_TAGS: builtSpaTags() } : {}),
          ...(access.cursorKeySecret ? { CURSOR_KEY_SECRET_ARN: props.cursorKeySecret.secretArn } : {}),
          ...(access.ipHashSecret ? { IP_HASH_SECRET_ARN: props.ipHashSecret.secretArn } : {}),
          ...(access.originSecret ? { ORIGIN_SECRET_ARN: props.originSecret.secretArn } : {}),
        },
      });
      this.functions[group] = fn.fn;

      grantSdkAccess(
        fn.fn,
        principal,
        {
          table: props.table,
          privateBucket: props.privateBucket,
          publicBucket: props.publicBucket,
          userPoolArn: props.userPool.userPoolArn,
          stateMachine: props.stateMachine,
          stripeSecret: props.stripeSecret,
          providerSecret: props.providerSecret,
          provenanceSecret: props.provenanceSecret,
          cursorKeySecret: props.cursorKeySecret,
          ipHashSecret: props.ipHashSecret,
          originSecret: props.originSecret,
          renderWorkerArn: props.renderWorker.arn,
        },
        { skip: ['exportFunction'] },
      ); // the export job is created later; the app stack grants its invoke
      if (group === 'stripe-webhook') this.fulfilmentRefused = this.fulfilmentRefusedMetric(fn.logGroup);

      // One invoke permission per function for this API (not one per route): keeps the stack far from the
      // 500-resource limit as the route table grows; the function still only receives its own routes.
      const integration = new HttpLambdaIntegration(`Integration-${group}`, fn.fn, { scopePermissionToRoute: false });
      for (const route of routesOfGroup(group))
        this.addRoute(route, integration, route.auth === 'user' ? authorizers.user : authorizers.edge);
    }
  }

  /**
   * A signed Stripe event that disagrees with our own checkout record is refused and logged as
   * `stripe fulfilment refused` (functions/billing/stripe-events.ts); each such line counts 1 here, and the
   * alarms stack raises an alarm on any (docs/security.md).
   */
  private fulfilmentRefusedMetric(logGroup: logs.ILogGroup): cloudwatch.Metric {
    return new logs.MetricFilter(this, 'FulfilmentRefusedFilter', {
      logGroup,
      filterPattern: logs.FilterPattern.stringValue('$.message', '=', 'stripe fulfilment refused'),
      metricNamespace: 'Tryon/Billing',
      metricName: 'FulfilmentRefused',
      metricValue: '1',
      defaultValue: 0,
    }).metric({ statistic: 'Sum', period: Duration.minutes(5) });
  }

  private addRoute(route: RouteDef, integration: HttpLambdaIntegration, authorizer: HttpLambdaAuthorizer): void {
    const [httpRoute] = this.httpApi.addRoutes({
      path: route.path,
      methods: [apigw.HttpMethod[route.method]],
      integration,
      authorizer,
    });
    if (!httpRoute) throw new Error(`${routeKey(route)}: API Gateway created no route`);
    this.routes[routeKey(route)] = httpRoute;
  }

  /** The execute-api host name, for the CloudFront origin. */
  get domainName(): string {
    return `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }
}
