/**
 * The SDK v3 S3 client of the local tooling (the local stack's buckets and /s3 proxy, seeds, tests, ops
 * scripts): everything that is not a deployed function. The functions use their light client
 * (functions/lib/s3.ts). Locally it talks to s3rver, which needs path-style addressing and no flexible checksums.
 */
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { thrownInfo } from '../../shared/errors';
import { LOCAL_S3_ACCESS_KEY, localS3Secret } from '../../functions/lib/s3';

/**
 * Answer a missing key as S3 answers our roles (which may not list the buckets): 403 AccessDenied on GetObject,
 * 403 Forbidden on HeadObject, instead of s3rver's 404 (issue 24).
 */
function answerMissingKeysLikeAws(client: S3Client): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      try {
        return await next(args);
      } catch (err) {
        const { httpStatus, metadata } = thrownInfo(err);
        const head = context.commandName === 'HeadObjectCommand';
        if (httpStatus === 404 && (head || context.commandName === 'GetObjectCommand'))
          throw new S3ServiceException({
            name: head ? 'Forbidden' : 'AccessDenied',
            $fault: 'client',
            $metadata: { ...metadata, httpStatusCode: 403 },
            message: head ? 'Forbidden' : 'Access Denied',
          });
        throw err;
      }
    },
    { step: 'initialize', name: 'answerMissingKeysLikeAws' },
  );
}

export function createS3Client(
  opts: { endpoint?: string; region?: string; awsMissingKeySemantics?: boolean } = {},
): S3Client {
  const client = new S3Client({
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
  if (opts.endpoint && opts.awsMissingKeySemantics) answerMissingKeysLikeAws(client);
  return client;
}
