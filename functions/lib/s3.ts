/** S3 clients. Locally they talk to s3rver, which needs path-style addressing and no flexible checksums. */
import { randomBytes } from 'node:crypto';
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { thrownInfo } from '../../shared/errors';

/**
 * The secret the local stack signs browser URLs and upload policies with (s3rver accepts any). Random per
 * process, so a signature made by one local instance is worthless to another and nothing public signs; the
 * local /s3 proxy (same process) verifies with it. `LOCAL_S3_SECRET` pins it (several processes, one stack).
 */
const PROCESS_SECRET = randomBytes(32).toString('base64url');
export const localS3Secret = (): string => process.env.LOCAL_S3_SECRET || PROCESS_SECRET;
/** The access key id of local signatures (s3rver's default; it checks no credentials). */
export const LOCAL_S3_ACCESS_KEY = 'S3RVER';

/**
 * The one storage error mapping: does this error of a read (GetObject, HeadObject) of a key we own mean
 * "there is no such object"? S3 answers a missing key with 404 (NoSuchKey; NotFound for HEAD, which has no body)
 * only to a caller allowed s3:ListBucket on the bucket; to everyone else, as to most of our functions, it answers
 * 403 (AccessDenied; Forbidden for HEAD), so as not to reveal which keys exist. Our keys are ours (the IAM
 * contract grants the read), so a 403 on one is a missing object too. Shapes: test/support/s3-error-shapes.ts.
 */
export function isMissingObject(err: unknown): boolean {
  const e = thrownInfo(err);
  if (e.name === 'NoSuchBucket' || e.code === 'NoSuchBucket') return false; // configuration, not a missing key
  const status = e.httpStatus;
  return (
    status === 404 ||
    status === 403 ||
    ['NoSuchKey', 'NotFound', 'AccessDenied', 'Forbidden'].includes(e.name ?? '') ||
    ['NoSuchKey', 'AccessDenied'].includes(e.code ?? '')
  );
}

/**
 * Locally the functions' client answers a missing key as S3 answers our roles (which may not list the buckets):
 * 403 AccessDenied on GetObject, 403 Forbidden on HeadObject, instead of s3rver's 404. So every "missing object"
 * path runs the AWS branch offline (issue 24).
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
  const client = newS3Client(opts);
  if (opts.endpoint && opts.awsMissingKeySemantics) answerMissingKeysLikeAws(client);
  return client;
}

function newS3Client(opts: { endpoint?: string; region?: string }): S3Client {
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

let dataClient: S3Client | undefined;
let presignClient: S3Client | undefined;

/** The client for server-side object operations. */
export function getS3(): S3Client {
  dataClient ??= createS3Client({ endpoint: process.env.S3_ENDPOINT || undefined, awsMissingKeySemantics: true });
  return dataClient;
}

/**
 * Locally the browser reaches S3 through the app's own origin (/s3). `S3_PUBLIC_ENDPOINT=/s3` (a path, as the
 * local stack sets it) means: sign for PUBLIC_ORIGIN/s3 but hand the browser a relative URL, so the page works
 * whichever host it was opened on (localhost, 127.0.0.1: the CSP allows connect-src 'self' only).
 */
const relativePublicEndpoint = (): string | null => {
  const p = process.env.S3_PUBLIC_ENDPOINT;
  return p && p.startsWith('/') ? p : null;
};

/**
 * The client that signs URLs handed to browsers. Locally it signs for the same-origin /s3 proxy
 * (S3_PUBLIC_ENDPOINT), so the browser only ever talks to one origin.
 */
export function getPresignS3(): S3Client {
  const relative = relativePublicEndpoint();
  presignClient ??= createS3Client({
    endpoint: relative
      ? `${(process.env.PUBLIC_ORIGIN || 'http://localhost').replace(/\/$/, '')}${relative}`
      : process.env.S3_PUBLIC_ENDPOINT || process.env.S3_ENDPOINT || undefined,
  });
  return presignClient;
}

/** A signed URL as the browser gets it: relative to the page's origin when the public endpoint is a path. */
export function browserUrl(signed: string): string {
  if (!relativePublicEndpoint()) return signed;
  const u = new URL(signed);
  return `${u.pathname}${u.search}`;
}
