/**
 * A CloudFormation custom resource (Lambda-backed, infra/lib/constructs/secrets.ts): at deploy time, when the
 * provenance secret is still empty, generate a signing chain (EC P-256 key, a self-issued root and a signing
 * leaf that meet the C2PA certificate profile, labelled "self-issued, not on the C2PA trust list" in their
 * subjects) and store it in the secret. A stage then signs results from its first deploy. A secret the operator
 * filled (a certificate from a C2PA-trusted issuer, docs/operations.md "Provenance") is never overwritten, and
 * deleting the resource leaves the secret as it is. Answers CloudFormation through the presigned ResponseURL.
 */
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { thrownInfo } from '../../shared/errors';
import { provenanceSecretSchema, type ProvenanceSecret } from '../../shared/schemas/secrets';
import { CHAIN_LABELS, createDevelopmentCredentials, credentialsToSecret } from '../lib/provenance';

interface CfnEvent {
  RequestType: 'Create' | 'Update' | 'Delete';
  ResponseURL: string;
  StackId: string;
  RequestId: string;
  LogicalResourceId: string;
  PhysicalResourceId?: string;
  ResourceProperties: { SecretArn: string; Stage: string };
}

export type ProvisionOutcome = 'generated' | 'kept';

/** Fill the secret when its key or chain is empty; otherwise keep what is there. */
export async function ensureProvenanceKey(
  client: Pick<SecretsManagerClient, 'send'>,
  secretArn: string,
  stage: string,
  now = new Date(),
): Promise<ProvisionOutcome> {
  const res = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
  let json: unknown = {};
  try {
    json = JSON.parse(res.SecretString ?? '{}');
  } catch {
    // not JSON: treat as empty (it could not sign anyway)
  }
  const current: ProvenanceSecret = provenanceSecretSchema.parse(json);
  if (current.privateKeyPem && current.certificateChainPem) return 'kept';
  const credentials = await createDevelopmentCredentials(now, CHAIN_LABELS.selfIssued(stage));
  await client.send(new PutSecretValueCommand({ SecretId: secretArn, SecretString: credentialsToSecret(credentials) }));
  return 'generated';
}

async function respond(
  event: CfnEvent,
  status: 'SUCCESS' | 'FAILED',
  reason: string,
  data: Record<string, string> = {},
) {
  const body = JSON.stringify({
    Status: status,
    Reason: reason.slice(0, 1000),
    PhysicalResourceId: event.PhysicalResourceId ?? `provenance-key-${event.LogicalResourceId}`,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
    Data: data,
  });
  const res = await fetch(event.ResponseURL, { method: 'PUT', body, headers: { 'content-type': '' } });
  if (!res.ok) throw new Error(`CloudFormation response refused: ${res.status}`);
}

export async function handler(event: CfnEvent): Promise<void> {
  try {
    if (event.RequestType === 'Delete') return await respond(event, 'SUCCESS', 'Nothing to delete: the secret stays');
    const outcome = await ensureProvenanceKey(
      new SecretsManagerClient({}),
      event.ResourceProperties.SecretArn,
      event.ResourceProperties.Stage,
    );
    await respond(event, 'SUCCESS', outcome, { Outcome: outcome });
  } catch (err) {
    await respond(event, 'FAILED', thrownInfo(err).message ?? String(err));
  }
}
