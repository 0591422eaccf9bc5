/**
 * Presigned POST (browser-based upload to S3, Signature Version 4): a policy document (expiry, bucket, exact
 * key, exact Content-Type, content-length-range) signed with the function's credentials. S3 refuses an upload
 * that breaks any condition, so the browser can send at most `maxBytes` of the declared type to that one key.
 *
 * The signing is the documented SigV4 POST scheme (HMAC-SHA256 chain over date, region, "s3",
 * "aws4_request"; the signature is over the base64 policy), done with node:crypto, with the credentials the SDK's
 * client resolves (its default chain in AWS). This is a signature, not a transport: nothing is sent from here.
 * `@aws-sdk/s3-presigned-post` would compute the same fields for one more dependency, and the local /s3 proxy
 * needs this module's verifier (verifyPresignedPost, the same signing key) anyway (docs/decisions.md).
 *
 * Locally, s3rver does not check POST policies: the local API's /s3 proxy verifies the signature and the
 * expiry with verifyPresignedPost (so only our own signed uploads get through), and the finalize step
 * (upload-service.completeUpload) checks the size and the bytes in every environment.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { S3 } from './s3';

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
  expiresAt: string;
}

export interface PresignPostInput {
  bucket: string;
  key: string;
  contentType: string;
  maxBytes: number;
  expiresInSeconds: number;
  /** Override the clock (tests). */
  now?: Date;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

export function signingKey(secretAccessKey: string, date: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), 's3'), 'aws4_request');
}

const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The bucket's POST URL (path style on a local endpoint, virtual-hosted in AWS). */
function bucketUrl(client: S3, bucket: string): string {
  const { protocol, host, path } = client.address(bucket);
  return `${protocol}//${host}${path === '/' ? '' : path}`;
}

export async function createPresignedPost(client: S3, input: PresignPostInput): Promise<PresignedPost> {
  const region = client.region;
  const creds = await client.credentials();
  const now = input.now ?? new Date();
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const credential = `${creds.accessKeyId}/${day}/${region}/s3/aws4_request`;
  const expiresAt = new Date(now.getTime() + input.expiresInSeconds * 1000).toISOString();
  const fields: Record<string, string> = {
    key: input.key,
    'Content-Type': input.contentType,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': credential,
    'X-Amz-Date': date,
    ...(creds.sessionToken ? { 'X-Amz-Security-Token': creds.sessionToken } : {}),
  };
  const policy = {
    expiration: expiresAt,
    conditions: [
      { bucket: input.bucket },
      ['content-length-range', 1, input.maxBytes],
      ...Object.entries(fields).map(([k, v]) => ({ [k]: v })),
    ],
  };
  const encoded = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  fields.Policy = encoded;
  fields['X-Amz-Signature'] = createHmac('sha256', signingKey(creds.secretAccessKey, day, region))
    .update(encoded, 'utf8')
    .digest('hex');
  return { url: bucketUrl(client, input.bucket), fields, expiresAt };
}

export interface PostPolicy {
  expiration: string;
  conditions: (Record<string, string> | [string, ...unknown[]])[];
}

/**
 * Check a presigned POST's policy as S3 would for what a proxy can see before the body: the signature
 * (with the given secret), the expiry. Returns the decoded policy, or null when it is forged or expired.
 */
export function verifyPresignedPost(
  fields: { policy: string; signature: string; credential: string },
  secretAccessKey: string,
  now = new Date(),
): PostPolicy | null {
  const [, day, region] = fields.credential.split('/');
  if (!day || !region) return null;
  const expected = createHmac('sha256', signingKey(secretAccessKey, day, region))
    .update(fields.policy, 'utf8')
    .digest('hex');
  if (
    expected.length !== fields.signature.length ||
    !timingSafeEqual(Buffer.from(expected), Buffer.from(fields.signature))
  )
    return null;
  let policy: PostPolicy;
  try {
    policy = JSON.parse(Buffer.from(fields.policy, 'base64').toString('utf8')) as PostPolicy;
  } catch {
    return null;
  }
  if (!(Date.parse(policy.expiration) > now.getTime())) return null;
  return policy;
}
