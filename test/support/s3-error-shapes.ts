/**
 * What the AWS SDK v3 (client-s3 3.11xx) throws when real S3 answers, as deserialized from the wire (recorded
 * from S3's documented answers: a role without s3:ListBucket gets 403 for a key that does not exist, so as not
 * to learn which keys exist; HEAD answers have no body, so the SDK names those errors from the status).
 */
const meta = (httpStatusCode: number) => ({
  httpStatusCode,
  requestId: 'R3C0RD3DREQ1D00',
  extendedRequestId: 'k1Jx0rWm3y0Fh1m2Qe4Vn6lC9Xb8Z7aYp5Tt3Ss1Rr0Qq9Pp8Oo7Nn6Mm5Ll4Kk3Jj2Ii1Hh0=',
  attempts: 1,
  totalRetryDelay: 0,
});

export const S3_ERROR_SHAPES = {
  /** GetObject of a missing key, caller without s3:ListBucket (most of our functions). */
  getMissingWithoutList: {
    name: 'AccessDenied',
    $fault: 'client',
    $metadata: meta(403),
    Code: 'AccessDenied',
    RequestId: 'R3C0RD3DREQ1D00',
    message: 'Access Denied',
  },
  /** GetObject of a missing key, caller with s3:ListBucket. */
  getMissingWithList: {
    name: 'NoSuchKey',
    $fault: 'client',
    $metadata: meta(404),
    Code: 'NoSuchKey',
    Key: 'users/u1/x.jpg',
    message: 'The specified key does not exist.',
  },
  /** HeadObject of a missing key, without s3:ListBucket (no body: named from the status). */
  headMissingWithoutList: { name: 'Forbidden', $fault: 'client', $metadata: meta(403), message: 'Forbidden' },
  /** HeadObject of a missing key, with s3:ListBucket. */
  headMissingWithList: { name: 'NotFound', $fault: 'client', $metadata: meta(404), message: 'Not Found' },
  /** Not "missing": the bucket itself is wrong (configuration), throttling, a server error. */
  noSuchBucket: {
    name: 'NoSuchBucket',
    $fault: 'client',
    $metadata: meta(404),
    Code: 'NoSuchBucket',
    message: 'The specified bucket does not exist',
  },
  slowDown: {
    name: 'SlowDown',
    $fault: 'server',
    $metadata: meta(503),
    Code: 'SlowDown',
    message: 'Please reduce your request rate.',
  },
  internal: {
    name: 'InternalError',
    $fault: 'server',
    $metadata: meta(500),
    Code: 'InternalError',
    message: 'We encountered an internal error. Please try again.',
  },
} as const;

/** An error object as the SDK throws it (an Error with the recorded fields). */
export function s3Error(shape: (typeof S3_ERROR_SHAPES)[keyof typeof S3_ERROR_SHAPES]): Error {
  return Object.assign(new Error(shape.message), shape);
}
