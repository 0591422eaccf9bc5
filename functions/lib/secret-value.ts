/**
 * Reading a secret from Secrets Manager (the runtime secrets, the provider keys, the Stripe keys, the provenance
 * signing key): GetSecretValue through the AWS SDK v3 client (created on first use; the SDK's standard retry and
 * credential chain). The command is the SDK's (the IAM map, functions/lib/aws-access.ts, names it).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

let client: SecretsManagerClient | undefined;

/** The secret's string (null when it has none); a missing secret or version throws ResourceNotFoundException. */
export async function getSecretString(secretId: string, stage?: 'AWSCURRENT' | 'AWSPREVIOUS'): Promise<string | null> {
  client ??= new SecretsManagerClient({ region: process.env.AWS_REGION ?? 'eu-west-1' });
  const res = await client.send(
    new GetSecretValueCommand({ SecretId: secretId, ...(stage ? { VersionStage: stage } : {}) }),
  );
  return res.SecretString || null;
}
