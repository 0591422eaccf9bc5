/**
 * Where an ops script acts: the local stack (`npm start`, the default; `--url` or PORT picks it) or a deployed
 * stage (`--stage prod [--region eu-west-1]`, with the operator's AWS credentials). Deployed resources are found
 * by the stacks' outputs, read with the AWS CLI (`aws cloudformation describe-stacks`), which every operator
 * has: no extra SDK client in the repository. The repositories' client (the SDK's) finds the operator's
 * credentials itself through its default chain: environment, profiles (AWS_PROFILE), SSO, credential_process.
 */
import { spawnSync } from 'node:child_process';
import { DEFAULT_REGION } from '../lib/tryon-app';

export type Target = { kind: 'local'; url: string } | { kind: 'aws'; stage: string; region: string };

export interface ParsedArgs {
  target: Target;
  positional: string[];
  flags: Record<string, string>;
}

export function parseArgs(argv: string[]): ParsedArgs {
  const flags: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const [k, v] = a.slice(2).split('=', 2);
      if (v !== undefined) flags[k!] = v;
      else if (argv[i + 1] && !argv[i + 1]!.startsWith('--')) flags[k!] = argv[++i]!;
      else flags[k!] = 'true';
    } else positional.push(a);
  }
  const stage = flags.stage ?? (flags.local ? undefined : process.env.STAGE);
  const target: Target = stage
    ? { kind: 'aws', stage, region: flags.region ?? process.env.AWS_REGION ?? DEFAULT_REGION }
    : { kind: 'local', url: (flags.url ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '') };
  return { target, positional, flags };
}

/** Run the AWS CLI with JSON output; throws with its message when it fails. */
export function awsCli(args: string[], region: string): unknown {
  const r = spawnSync('aws', [...args, '--region', region, '--output', 'json'], { encoding: 'utf8' });
  if (r.error) throw new Error(`The AWS CLI is needed here (${r.error.message}): https://aws.amazon.com/cli/`);
  if (r.status !== 0) throw new Error((r.stderr || r.stdout).trim());
  return r.stdout.trim() ? JSON.parse(r.stdout) : null;
}

/** The outputs of one deployed stack (Tryon-<stage>-<part>). */
export function stackOutputs(stage: string, part: string, region: string): Record<string, string> {
  const res = awsCli(['cloudformation', 'describe-stacks', '--stack-name', `Tryon-${stage}-${part}`], region) as {
    Stacks: { Outputs?: { OutputKey: string; OutputValue: string }[] }[];
  };
  return Object.fromEntries((res.Stacks[0]?.Outputs ?? []).map((o) => [o.OutputKey, o.OutputValue]));
}

/** An ID token of the local admin (ADMIN_EMAIL / DEMO_PASSWORD), through the app's own /cognito proxy. */
export async function localAdminToken(url: string): Promise<string> {
  const config = (await fetch(`${url}/api/config`).then((r) => r.json())) as { auth: { userPoolClientId: string } };
  const res = await fetch(`${url}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.auth.userPoolClientId,
      AuthParameters: {
        USERNAME: process.env.ADMIN_EMAIL ?? 'admin@example.com',
        PASSWORD: process.env.DEMO_PASSWORD ?? 'Demo-pass-1',
      },
    }),
  });
  const token = ((await res.json()) as { AuthenticationResult?: { IdToken?: string } }).AuthenticationResult?.IdToken;
  if (!token) throw new Error(`Could not sign in as the local admin (${res.status})`);
  return token;
}

export function die(message: string): never {
  console.error(message);
  process.exit(1);
}
