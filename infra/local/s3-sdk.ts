/**
 * The SDK v3 S3 client of the local tooling (the local stack's buckets and /s3 proxy, seeds, tests, ops
 * scripts): everything that is not a deployed function (those use functions/lib/s3.ts, the same SDK). Locally it
 * talks to s3rver, which needs path-style addressing and no flexible checksums.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { LOCAL_S3_ACCESS_KEY, localS3Secret } from '../../functions/lib/s3';

export function createS3Client(opts: { endpoint?: string; region?: string } = {}): S3Client {
  return new S3Client({
    region: opts.region ?? process.env.AWS_REGION ?? 'eu-west-1',
    ...(opts.endpoint
      ? {
          endpoint: opts.endpoint,
          forcePathStyle: true,
          credentials: { accessKeyId: LOCAL_S3_ACCESS_KEY, secretAccessKey: localS3Secret() },
        }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
