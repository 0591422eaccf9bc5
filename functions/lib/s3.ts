/** S3 clients. Locally they talk to s3rver, which needs path-style addressing and no flexible checksums. */
import { S3Client } from '@aws-sdk/client-s3';

export function createS3Client(opts: { endpoint?: string; region?: string } = {}): S3Client {
  return new S3Client({
    region: opts.region ?? process.env.AWS_REGION ?? 'eu-west-1',
    ...(opts.endpoint
      ? {
          endpoint: opts.endpoint,
          forcePathStyle: true,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

let dataClient: S3Client | undefined;
let presignClient: S3Client | undefined;

/** The client for server-side object operations. */
export function getS3(): S3Client {
  dataClient ??= createS3Client({ endpoint: process.env.S3_ENDPOINT || undefined });
  return dataClient;
}

/**
 * The client that signs URLs handed to browsers. Locally it signs for the same-origin /s3 proxy
 * (S3_PUBLIC_ENDPOINT), so the browser only ever talks to one origin.
 */
export function getPresignS3(): S3Client {
  presignClient ??= createS3Client({
    endpoint: process.env.S3_PUBLIC_ENDPOINT || process.env.S3_ENDPOINT || undefined,
  });
  return presignClient;
}
