/**
 * Per-stage settings of the deployed app, resolved once in bin/app.ts from CDK context and the environment.
 *
 *   -c stage=dev|prod            (or env STAGE; default dev)
 *   -c region=eu-west-1          (else the CLI default region; see infra/lib/tryon-app.ts deployEnvironment)
 *   -c webOrigins=https://a,https://b   origins allowed to use presigned S3 URLs from a browser (CORS)
 *   -c domainName=app.example.com -c certificateArn=arn:aws:acm:us-east-1:...   optional custom domain
 *   -c publicOrigin=https://dxxxx.cloudfront.net   the app's URL (billing return links) when there is no custom domain
 *   -c sesFromEmail=no-reply@example.com [-c sesFromName=Fitly] [-c sesRegion=eu-west-1]   Cognito e-mail through SES
 *   -c sesIdentity=example.com   when SES verified the domain rather than the address
 *   -c alarmEmail=oncall@example.com   subscribed to the alarm topic
 *   -c webAclArn=arn:aws:wafv2:us-east-1:...   another WAF web ACL (default: the Edge stack's, cross-region reference)
 *   -c originSecretVersion=<VersionId>   after rotating the edge token (docs/operations.md "Rotation")
 *   -c exactProvider=fashn|engine -c creativeProvider=gemini|engine   who renders each mode (default: the AI
 *      providers; `engine` chooses the Fitly engine on purpose: "private rendering", photos never leave the account)
 *   -c providerConcurrency=fashn:6,gemini:20   a provider's slots capped (or raised) to what its account allows
 *   -c lambdaConcurrencyQuota=1000   the account's Lambda concurrency quota (its alarm fires at 80 %)
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { LogLevel } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { ProviderName } from '../../shared/domain/render-queue';
import { apiThrottle, parseProviderConcurrency, providerSlots, type CapacityTarget } from './capacity';

export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

export interface StageConfig {
  stage: Stage;
  prod: boolean;
  /** Prefix of every stack name: Tryon-dev-Data, Tryon-prod-App, ... */
  stackPrefix: string;
  /** Stateful resources (table, buckets, user pool): kept in prod, removed with the stack in dev. */
  removalPolicy: RemovalPolicy;
  logRetention: RetentionDays;
  /** The state machine's log level: ALL in dev, ERROR in prod (each state's events are log lines paid per GB). */
  stateMachineLogLevel: LogLevel;
  /**
   * Browser origins allowed by the media buckets' CORS rules (presigned GET/PUT go straight to S3, a
   * different origin than the SPA). Default: the custom domain when set, else any CloudFront domain
   * (`https://*.cloudfront.net`): the distribution's own domain is only known after the first deploy and
   * referencing it from the data stack would create a cross-stack cycle. Pin it with -c webOrigins=...
   */
  webOrigins: string[];
  domainName?: string;
  certificateArn?: string;
  /** Cognito threat protection (Plus feature plan, billed per MAU): enforced in prod only. */
  cognitoThreatProtection: boolean;
  /**
   * What the stage is sized for (docs/capacity.md, generated from ./capacity.ts): the provider slots and the API
   * throttle below follow from it.
   */
  capacity: CapacityTarget;
  /** API Gateway stage-wide throttling (requests per second, burst): `apiThrottle(capacity)`. */
  apiThrottle: { rateLimit: number; burstLimit: number };
  /**
   * Concurrent renders per provider (the render queue's slots, PROVIDER_CONCURRENCY_<P> of every function):
   * `providerSlots(capacity)`, then `-c providerConcurrency=...` where the provider's account allows fewer.
   */
  providerConcurrency: Record<ProviderName, number>;
  /** https://<app host>: return URLs of Stripe checkout and portal (PUBLIC_ORIGIN). */
  publicOrigin?: string;
  /** Cognito sends its e-mails (codes, password resets) through SES from this verified address. */
  ses?: { fromEmail: string; fromName?: string; region?: string; verifiedDomain?: string };
  alarmEmail?: string;
  /**
   * ARN of a CloudFront-scope WAF web ACL to use instead of the Edge stack's (which is attached by default
   * through a cross-region reference).
   */
  webAclArn?: string;
  /** After rotating the edge token: the VersionId CloudFront must send (else the version current at deploy). */
  originSecretVersion?: string;
  /**
   * The account's Lambda concurrency quota in the app's region (`-c lambdaConcurrencyQuota=...` after a raise; a
   * fresh account may have 10, the usual default is 1,000): the alarm fires at 80 % of it.
   */
  lambdaConcurrencyQuota: number;
  /** Requests per 5 minutes from one IP before the WAF rate rule blocks it. */
  wafRateLimit: number;
  /**
   * The media buckets keep object versions (prod). The functions are told (MEDIA_BUCKETS_VERSIONED), so that
   * photo and account deletion remove every version (functions/lib/media-versions.ts).
   */
  mediaVersioned: boolean;
  /**
   * Who renders each mode (EXACT_PROVIDER / CREATIVE_PROVIDER of every function): the AI provider by default; the
   * Fitly engine only when chosen here, never as a stand-in for a missing key (functions/generations/providers/index.ts).
   */
  renderProviders: { exact: 'fashn' | 'engine'; creative: 'gemini' | 'engine' };
}

/**
 * What each stage is built for. dev: a team's testing (10k looks a day, no viral share). prod: 1M looks a day and
 * one viral shared look at 10,000 votes a minute x 10 views a vote (docs/capacity.md, "A viral shared look").
 */
export const STAGE_CAPACITY: Record<Stage, CapacityTarget> = {
  dev: { looksPerDay: 10_000, viralShareViewsPerSecond: 0 },
  prod: { looksPerDay: 1_000_000, viralShareViewsPerSecond: 1_667 },
};

function contextString(scope: Construct, key: string): string | undefined {
  const v = scope.node.tryGetContext(key);
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/**
 * The SES identity Cognito sends through: the address itself (default) or, with -c sesIdentity=example.com, a
 * verified domain (the address must be of that domain). Both are what SES calls an identity.
 */
function sesDomain(fromEmail: string, identity: string | undefined): string | undefined {
  if (!identity || identity.includes('@')) return undefined;
  if (!fromEmail.toLowerCase().endsWith(`@${identity.toLowerCase()}`))
    throw new Error(`sesFromEmail ${fromEmail} is not an address of the SES domain identity ${identity}`);
  return identity;
}

function positiveInt(scope: Construct, key: string): number | undefined {
  const v = contextString(scope, key);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`-c ${key}=${v}: a positive whole number`);
  return n;
}

function choice<T extends string>(scope: Construct, key: string, allowed: readonly T[], fallback: T): T {
  const v = contextString(scope, key);
  if (v === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(v)) throw new Error(`-c ${key}=${v}: use ${allowed.join(' or ')}`);
  return v as T;
}

export function resolveStageConfig(scope: Construct, overrides: Partial<StageConfig> = {}): StageConfig {
  const raw = overrides.stage ?? contextString(scope, 'stage') ?? process.env.STAGE ?? 'dev';
  if (!(STAGES as readonly string[]).includes(raw))
    throw new Error(`Unknown stage "${raw}": use -c stage=${STAGES.join('|')}`);
  const stage = raw as Stage;
  const prod = stage === 'prod';
  const domainName = contextString(scope, 'domainName');
  const certificateArn = contextString(scope, 'certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn))
    throw new Error('domainName and certificateArn must be given together (the certificate lives in us-east-1)');
  const webOrigins =
    contextString(scope, 'webOrigins')
      ?.split(',')
      .map((o) => o.trim())
      .filter(Boolean) ?? (domainName ? [`https://${domainName}`] : ['https://*.cloudfront.net']);
  const capacity = overrides.capacity ?? STAGE_CAPACITY[stage];
  return {
    stage,
    prod,
    stackPrefix: `Tryon-${stage}`,
    removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    logRetention: prod ? RetentionDays.SIX_MONTHS : RetentionDays.TWO_WEEKS,
    stateMachineLogLevel: prod ? LogLevel.ERROR : LogLevel.ALL,
    webOrigins,
    domainName,
    certificateArn,
    cognitoThreatProtection: prod,
    capacity,
    apiThrottle: apiThrottle(capacity),
    providerConcurrency: {
      ...providerSlots(capacity),
      ...parseProviderConcurrency(contextString(scope, 'providerConcurrency')),
    },
    publicOrigin: (contextString(scope, 'publicOrigin') ?? (domainName ? `https://${domainName}` : undefined))?.replace(
      /\/$/,
      '',
    ),
    ses: contextString(scope, 'sesFromEmail')
      ? {
          fromEmail: contextString(scope, 'sesFromEmail')!,
          fromName: contextString(scope, 'sesFromName'),
          region: contextString(scope, 'sesRegion'),
          verifiedDomain: sesDomain(contextString(scope, 'sesFromEmail')!, contextString(scope, 'sesIdentity')),
        }
      : undefined,
    alarmEmail: contextString(scope, 'alarmEmail'),
    webAclArn: contextString(scope, 'webAclArn'),
    originSecretVersion: contextString(scope, 'originSecretVersion'),
    wafRateLimit: prod ? 2000 : 1000,
    lambdaConcurrencyQuota: positiveInt(scope, 'lambdaConcurrencyQuota') ?? 1000,
    mediaVersioned: prod,
    renderProviders: {
      exact: choice(scope, 'exactProvider', ['fashn', 'engine'] as const, 'fashn'),
      creative: choice(scope, 'creativeProvider', ['gemini', 'engine'] as const, 'gemini'),
    },
    ...overrides,
  };
}
