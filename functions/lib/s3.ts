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
