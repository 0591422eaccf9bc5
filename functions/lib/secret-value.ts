/**
 * Reading a secret from Secrets Manager (the runtime secrets, the provider keys, the Stripe keys, the provenance
 * signing key): GetSecretValue over the light JSON-protocol caller (shared/aws-json.ts) instead of the SDK v3
 * client, which every API function bundled for this one call. The command keeps the SDK's name: the IAM map
 * (functions/lib/aws-access.ts) names it.
 */
import { awsJsonCaller, text, type Raw } from '../../shared/aws-json';

export class GetSecretValueCommand {
  readonly operation = 'GetSecretValue';
  constructor(readonly input: { SecretId: string; VersionStage?: 'AWSCURRENT' | 'AWSPREVIOUS' }) {}
}

let call: ReturnType<typeof awsJsonCaller> | undefined;

/** The secret's string (null when it has none); a missing secret or version throws ResourceNotFoundException. */
export async function getSecretString(secretId: string, stage?: 'AWSCURRENT' | 'AWSPREVIOUS'): Promise<string | null> {
  call ??= awsJsonCaller('secretsmanager', { region: process.env.AWS_REGION ?? 'eu-west-1' });
  const command = new GetSecretValueCommand({ SecretId: secretId, ...(stage ? { VersionStage: stage } : {}) });
  const input: Raw = command.input;
  const { raw } = await call(command.operation, input);
  return text(raw.SecretString) || null;
}
