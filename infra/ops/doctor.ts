/**
 * `npm run doctor`: a preflight that prints what to fix before (and after) a deploy.
 *   npm run doctor                                 checks for the local stack (what CI runs)
 *   npm run doctor -- --stage prod [--region eu-west-1] [--ses-from no-reply@example.com] [--ses-region r]
 *                                                  checks an AWS account: credentials, region, CDK bootstrap in
 *                                                  the app's region and us-east-1, SES (in the region Cognito
 *                                                  sends from), the Lambda concurrency quota, and once deployed:
 *                                                  secrets filled, WAF attached; prints the Stripe webhook
 * AWS checks use the AWS CLI (the operator's credentials and profile), no SDK client of its own.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { repoPath } from '../lib/paths';
import { DEFAULT_REGION } from '../lib/tryon-app';
import { awsCli, stackOutputs, type Target } from './target';
import { credentialsFromSecret } from '../../functions/lib/provenance';
import { STRIPE_WEBHOOK_EVENTS, stripeWebhookUrl } from '../../shared/domain/stripe-webhook';

export type Verdict = 'ok' | 'warn' | 'fail';
export interface Check {
  name: string;
  verdict: Verdict;
  detail: string;
  /** What to do when it is not ok. */
  fix?: string;
}

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' });

/** The checks that apply to the local stack (no AWS account). */
export async function localChecks(url?: string): Promise<Check[]> {
  const checks: Check[] = [];
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  checks.push({
    name: 'Node.js',
    verdict: major > 20 || (major === 20 && minor >= 19) ? 'ok' : 'fail',
    detail: process.versions.node,
    fix: 'Install Node.js 20.19+ (22 recommended)',
  });
  const java = run('java', ['-version']);
  const javaVersion = /version "(\d+)/.exec(`${java.stderr}${java.stdout}`)?.[1];
  checks.push({
    name: 'Java (DynamoDB Local)',
    verdict: javaVersion && Number(javaVersion) >= 17 ? 'ok' : 'fail',
    detail: javaVersion ? `Java ${javaVersion}` : 'not found',
    fix: 'sudo apt-get install -y default-jre-headless (Java 17+)',
  });
  checks.push({
    name: 'dependencies',
    verdict: existsSync(repoPath('node_modules', 'aws-cdk-lib')) ? 'ok' : 'fail',
    detail: existsSync(repoPath('node_modules', 'aws-cdk-lib')) ? 'node_modules present' : 'node_modules missing',
    fix: 'npm ci',
  });
  const cdkRegion = (JSON.parse(readFileSync(repoPath('cdk.json'), 'utf8')) as { context?: { region?: string } })
    .context?.region;
  checks.push({
    name: 'region pinned',
    verdict: cdkRegion ? 'ok' : 'warn',
    detail: cdkRegion ? `cdk.json context region ${cdkRegion}` : `not pinned: synth uses ${DEFAULT_REGION}`,
    fix: 'Set "region" in cdk.json context, or pass -c region=... to every cdk command',
  });
  if (url) {
    const cfg = await fetch(`${url}/api/config`).then(
      (r) => r.status,
      () => 0,
    );
    checks.push({
      name: 'local app',
      verdict: cfg === 200 ? 'ok' : 'fail',
      detail: cfg ? `${url}/api/config ${cfg}` : `${url} does not answer`,
      fix: 'npm start (or PORT=... / --url ...)',
    });
  }
  return checks;
}

/** What the doctor knows of the SES sender: where Cognito sends through SES, from which address. */
export interface SesSettings {
  region: string;
  from?: string;
  /** Where the answer came from (printed with the checks). */
  source: string;
}

/** A Cognito user pool's EmailConfiguration (describe-user-pool), as far as the doctor reads it. */
export interface PoolEmailConfiguration {
  EmailSendingAccount?: string;
  SourceArn?: string;
  From?: string;
}

/**
 * The SES region and sender to check, where they are configured (issue 41): the flags (`--ses-region`, the deploy's
 * `-c sesRegion`; `--ses-from`), else the deployed user pool's own configuration (its SES identity ARN names the
 * region, `From` the address), else the app's region (the stack's default for `sesRegion`).
 */
export function sesSettings(
  appRegion: string,
  flags: { sesRegion?: string; sesFrom?: string },
  pool?: PoolEmailConfiguration | null,
): SesSettings {
  const arnRegion = /^arn:aws[\w-]*:ses:([a-z0-9-]+):/.exec(pool?.SourceArn ?? '')?.[1];
  const poolFrom = /<?([^<>\s]+@[^<>\s]+)>?\s*$/.exec(pool?.From ?? '')?.[1];
  const region = flags.sesRegion ?? arnRegion ?? appRegion;
  const source = flags.sesRegion
    ? '--ses-region'
    : arnRegion
      ? "the deployed user pool's SES identity"
      : "the app's region (-c sesRegion not given)";
  return { region, from: flags.sesFrom ?? poolFrom, source };
}

/** The Stripe endpoint to register: the webhook URL on the app's origin and the events to enable. */
export function stripeWebhookCheck(appUrl: string | undefined): Check {
  return {
    name: 'Stripe webhook',
    verdict: appUrl ? 'ok' : 'warn',
    detail: `register ${appUrl ? stripeWebhookUrl(appUrl) : `<AppUrl>${stripeWebhookUrl('')}`} with the events ${STRIPE_WEBHOOK_EVENTS.join(', ')}`,
    fix: 'after the first deploy: the Web stack output AppUrl (or your custom domain) is the origin',
  };
}

/** The checks of an AWS account and, when deployed, of the stage. */
export async function awsChecks(
  target: Extract<Target, { kind: 'aws' }>,
  opts: { sesFrom?: string; sesRegion?: string } = {},
): Promise<Check[]> {
  const checks: Check[] = [];
  const attempt = (name: string, fix: string, f: () => Omit<Check, 'name' | 'fix'>) => {
    try {
      checks.push({ name, fix, ...f() });
    } catch (err) {
      checks.push({ name, verdict: 'fail', detail: (err as Error).message.split('\n')[0] ?? 'failed', fix });
    }
  };
  const { region, stage } = target;
  let account = '';
  attempt('credentials', 'aws configure (or aws sso login); an admin of the target account', () => {
    const id = awsCli(['sts', 'get-caller-identity'], region) as { Account: string; Arn: string };
    account = id.Account;
    return { verdict: 'ok', detail: `${id.Arn}` };
  });
  if (!account) return checks; // nothing else can be checked
  const profileRegion = run('aws', ['configure', 'get', 'region']).stdout.trim();
  checks.push({
    name: 'region',
    verdict: profileRegion && profileRegion !== region ? 'warn' : 'ok',
    detail: `the app deploys to ${region}${profileRegion ? `, your profile's region is ${profileRegion}` : ''}`,
    fix: `Pass -c region=${region} to every cdk command (cdk.json pins it) and --region ${region} to these scripts`,
  });
  for (const r of [...new Set([region, 'us-east-1'])])
    attempt(`CDK bootstrap ${r}`, `npx cdk bootstrap aws://${account}/${r}`, () => {
      const p = awsCli(['ssm', 'get-parameter', '--name', '/cdk-bootstrap/hnb659fds/version'], r) as {
        Parameter: { Value: string };
      };
      return {
        verdict: Number(p.Parameter.Value) >= 21 ? 'ok' : 'warn',
        detail: `bootstrap version ${p.Parameter.Value}`,
      };
    });
  attempt(
    'Lambda concurrency quota',
    'Service Quotas: request "Concurrent executions" >= 1000 for AWS Lambda in this region (a fresh account may have 10)',
    () => {
      const s = awsCli(['lambda', 'get-account-settings'], region) as {
        AccountLimit: { ConcurrentExecutions: number };
      };
      const n = s.AccountLimit.ConcurrentExecutions;
      return { verdict: n >= 100 ? 'ok' : 'fail', detail: `${n} concurrent executions` };
    },
  );
  // where Cognito sends through SES: the flags, else the deployed user pool's configuration, else the app's region
  let pool: PoolEmailConfiguration | null = null;
  try {
    const poolId = stackOutputs(stage, 'Auth', region).UserPoolId;
    if (poolId)
      pool =
        (
          awsCli(['cognito-idp', 'describe-user-pool', '--user-pool-id', poolId], region) as {
            UserPool?: { EmailConfiguration?: PoolEmailConfiguration };
          }
        ).UserPool?.EmailConfiguration ?? null;
  } catch {
    // not deployed yet: the flags or the app's region
  }
  const ses = sesSettings(region, opts, pool);
  const sesFrom = ses.from;
  attempt(
    'SES account',
    `SES console (${ses.region}): request production access (the sandbox only mails verified addresses)`,
    () => {
      const a = awsCli(['sesv2', 'get-account'], ses.region) as {
        ProductionAccessEnabled?: boolean;
        SendingEnabled?: boolean;
      };
      return {
        verdict: a.ProductionAccessEnabled && a.SendingEnabled ? 'ok' : stage === 'prod' ? 'fail' : 'warn',
        detail: `${ses.region} (${ses.source}): production access ${a.ProductionAccessEnabled ? 'yes' : 'no'}, sending ${a.SendingEnabled ? 'on' : 'off'}`,
      };
    },
  );
  if (sesFrom) {
    const domain = sesFrom.split('@')[1] ?? '';
    attempt(
      'SES identity',
      `SES console (${ses.region}): verify ${sesFrom} or the domain ${domain} (then deploy with -c sesIdentity=${domain} for a domain)`,
      () => {
        for (const identity of [sesFrom, domain]) {
          try {
            const i = awsCli(['sesv2', 'get-email-identity', '--email-identity', identity], ses.region) as {
              VerifiedForSendingStatus?: boolean;
            };
            if (i.VerifiedForSendingStatus)
              return {
                verdict: 'ok',
                detail: `${identity} verified in ${ses.region}${identity === domain ? ' (-c sesIdentity=' + domain + ')' : ''}`,
              };
          } catch {
            // not an identity: try the next
          }
        }
        return { verdict: 'fail', detail: `neither ${sesFrom} nor ${domain} is a verified identity in ${ses.region}` };
      },
    );
  }
  // after the first deploy
  let appUrl: string | undefined;
  try {
    appUrl = stackOutputs(stage, 'Web', region).AppUrl;
  } catch {
    // not deployed yet
  }
  checks.push(stripeWebhookCheck(appUrl));
  let app: Record<string, string> | null = null;
  try {
    app = stackOutputs(stage, 'App', region);
  } catch {
    checks.push({
      name: 'deployed',
      verdict: 'warn',
      detail: `Tryon-${stage}-App not deployed yet`,
      fix: 'docs/operations.md "First deploy"',
    });
  }
  if (app) {
    const secret = (arn: string | undefined) =>
      arn
        ? (awsCli(['secretsmanager', 'get-secret-value', '--secret-id', arn], region) as { SecretString: string })
            .SecretString
        : '{}';
    attempt(
      'Stripe secret',
      'aws secretsmanager put-secret-value --secret-id <StripeSecretArn> ... (docs/operations.md "Secrets")',
      () => {
        const s = JSON.parse(secret(app!.StripeSecretArn)) as { secretKey?: string; webhookSecret?: string };
        return {
          verdict: s.secretKey && s.webhookSecret ? 'ok' : 'warn',
          detail: s.secretKey ? 'filled' : 'empty: billing answers 503',
        };
      },
    );
    attempt('provider secret', 'aws secretsmanager put-secret-value --secret-id <ProviderSecretArn> ...', () => {
      const s = JSON.parse(secret(app!.ProviderSecretArn)) as { fashnApiKey?: string; geminiApiKey?: string };
      const filled = !!(s.fashnApiKey || s.geminiApiKey);
      return {
        verdict: filled || stage !== 'prod' ? 'ok' : 'fail',
        detail: filled ? 'filled' : 'empty: prod refuses generations',
      };
    });
    attempt(
      'provenance secret',
      'docs/operations.md "Provenance": replace with a certificate from a C2PA-trusted issuer',
      () => {
        const raw = secret(app!.ProvenanceSecretArn);
        const s = JSON.parse(raw) as { certificateChainPem?: string };
        if (!s.certificateChainPem) return { verdict: 'fail', detail: 'empty: generations are refused' };
        // the generated chain says so in its subject (functions/lib/provenance.ts CHAIN_LABELS)
        const subject = credentialsFromSecret(raw).certificate.subject;
        return /self-issued/.test(subject)
          ? { verdict: 'warn', detail: `self-issued (signs, not on the C2PA trust list): ${subject}` }
          : { verdict: 'ok', detail: subject };
      },
    );
    attempt('WAF attached', 'npx cdk deploy --all (the Web stack reads the Edge stack web ACL)', () => {
      const web = stackOutputs(stage, 'Web', region);
      const d = awsCli(['cloudfront', 'get-distribution-config', '--id', web.DistributionId ?? ''], region) as {
        DistributionConfig: { WebACLId?: string };
      };
      return {
        verdict: d.DistributionConfig.WebACLId ? 'ok' : 'fail',
        detail: d.DistributionConfig.WebACLId || 'no web ACL',
      };
    });
  }
  return checks;
}

export function report(checks: Check[]): { text: string; failed: number } {
  const mark = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' };
  const lines = checks.map(
    (c) => `${mark[c.verdict]} ${c.name}: ${c.detail}${c.verdict !== 'ok' && c.fix ? `\n     fix: ${c.fix}` : ''}`,
  );
  const failed = checks.filter((c) => c.verdict === 'fail').length;
  return { text: lines.join('\n'), failed };
}
