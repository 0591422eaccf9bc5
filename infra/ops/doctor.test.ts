/**
 * The doctor against a stand-in `aws` on PATH (it answers as the AWS CLI would and logs every call): SES is checked
 * in the region Cognito sends from, and the Stripe webhook URL and its events are printed from the one list.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { awsChecks, sesSettings, stripeWebhookCheck } from './doctor';
import { STRIPE_WEBHOOK_EVENTS } from '../../shared/domain/stripe-webhook';

let saved: string | undefined;
let bin: string;
const log = () => path.join(bin, 'calls.log');

/**
 * A deployed prod stage (Auth and Web stacks) whose user pool sends through SES in us-east-1 (the operator's
 * verified domain is there); in the app's region (eu-west-1) SES is an untouched sandbox.
 */
const FAKE_AWS = `#!/usr/bin/env node
const fs = require('node:fs');
const args = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify('LOG')}, args.join(' ') + '\\n');
const region = args[args.indexOf('--region') + 1];
const has = (...w) => w.every((x) => args.includes(x));
const out = (v) => { process.stdout.write(typeof v === 'string' ? v : JSON.stringify(v)); process.exit(0); };
const fail = (m) => { process.stderr.write(m); process.exit(254); };
if (has('sts', 'get-caller-identity')) out({ Account: '123456789012', Arn: 'arn:aws:iam::123456789012:user/op' });
if (has('configure', 'get', 'region')) out('eu-west-1\\n');
if (has('ssm', 'get-parameter')) out({ Parameter: { Value: '25' } });
if (has('lambda', 'get-account-settings')) out({ AccountLimit: { ConcurrentExecutions: 1000 } });
if (has('cloudformation', 'describe-stacks')) {
  const name = args[args.indexOf('--stack-name') + 1];
  const outputs = {
    'Tryon-prod-Auth': { UserPoolId: 'eu-west-1_pool' },
    'Tryon-prod-Web': { AppUrl: 'https://d123.cloudfront.net', DistributionId: 'E1' },
  }[name];
  if (!outputs) fail('Stack with id ' + name + ' does not exist');
  out({ Stacks: [{ Outputs: Object.entries(outputs).map(([OutputKey, OutputValue]) => ({ OutputKey, OutputValue })) }] });
}
if (has('cognito-idp', 'describe-user-pool'))
  out({ UserPool: { EmailConfiguration: { EmailSendingAccount: 'DEVELOPER',
    SourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/example.com', From: 'Fitly <no-reply@example.com>' } } });
if (has('sesv2', 'get-account'))
  out(region === 'us-east-1' ? { ProductionAccessEnabled: true, SendingEnabled: true } : { ProductionAccessEnabled: false, SendingEnabled: true });
if (has('sesv2', 'get-email-identity')) {
  const id = args[args.indexOf('--email-identity') + 1];
  if (region === 'us-east-1' && id === 'example.com') out({ VerifiedForSendingStatus: true });
  fail('NotFoundException: Email identity ' + id + ' does not exist');
}
fail('unexpected call: ' + args.join(' '));
`;

beforeEach(() => {
  saved = process.env.PATH;
  bin = mkdtempSync(path.join(tmpdir(), 'fake-aws-doctor-'));
  writeFileSync(path.join(bin, 'aws'), FAKE_AWS.replace(JSON.stringify('LOG'), JSON.stringify(log())));
  chmodSync(path.join(bin, 'aws'), 0o755);
  process.env.PATH = `${bin}:${saved ?? ''}`;
});
afterEach(() => {
  process.env.PATH = saved;
  rmSync(bin, { recursive: true, force: true });
});

describe('npm run doctor -- --stage prod', () => {
  it('checks SES where the deployed user pool sends from (its SES identity), not in the app region', async () => {
    const checks = await awsChecks({ kind: 'aws', stage: 'prod', region: 'eu-west-1' });
    const byName = Object.fromEntries(checks.map((c) => [c.name, c]));
    expect(byName['SES account']).toMatchObject({ verdict: 'ok', detail: expect.stringContaining('us-east-1') });
    expect(byName['SES identity']).toMatchObject({
      verdict: 'ok',
      detail: 'example.com verified in us-east-1 (-c sesIdentity=example.com)',
    });
    const sesCalls = readFileSync(log(), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('sesv2'));
    expect(sesCalls.length).toBeGreaterThan(0);
    for (const call of sesCalls) expect(call).toContain('--region us-east-1');
  });

  it('prints the Stripe webhook URL on the app and every event the webhook handles', async () => {
    const checks = await awsChecks({ kind: 'aws', stage: 'prod', region: 'eu-west-1' });
    const hook = checks.find((c) => c.name === 'Stripe webhook')!;
    expect(hook.detail).toContain('https://d123.cloudfront.net/api/stripe/webhook');
    for (const e of STRIPE_WEBHOOK_EVENTS) expect(hook.detail).toContain(e);
    expect(stripeWebhookCheck(undefined)).toMatchObject({
      verdict: 'warn',
      detail: expect.stringContaining('<AppUrl>/api/stripe/webhook'),
    });
  });
});

describe('sesSettings', () => {
  const pool = {
    SourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/no-reply@example.com',
    From: 'Fitly <no-reply@example.com>',
  };
  it("the flags first, then the deployed pool's SES identity, then the app's region", () => {
    expect(sesSettings('eu-west-1', { sesRegion: 'eu-central-1', sesFrom: 'a@b.example' }, pool)).toMatchObject({
      region: 'eu-central-1',
      from: 'a@b.example',
    });
    expect(sesSettings('eu-west-1', {}, pool)).toMatchObject({ region: 'us-east-1', from: 'no-reply@example.com' });
    expect(sesSettings('eu-west-1', {}, null)).toMatchObject({ region: 'eu-west-1', from: undefined });
    expect(sesSettings('eu-west-1', {}, { EmailSendingAccount: 'COGNITO_DEFAULT' })).toMatchObject({
      region: 'eu-west-1',
    });
  });
});
