/**
 * What the AWS SDK v3 (client-s3 3.1142) throws when real S3 answers, as deserialized from the wire (recorded
 * from S3's documented answers: a role without s3:ListBucket gets 403 for a key that does not exist, so as not
 * to learn which keys exist; HEAD answers have no body, so the SDK names those errors from the status).
 * functions/lib/s3.test.ts checks that the SDK reads S3_WIRE_ANSWERS into these shapes.
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
  /**
   * HeadObject of a missing key, without s3:ListBucket (no body: client-s3 3.1142 names it 'Unknown', older
   * versions 'Forbidden'; only the status is reliable).
   */
  headMissingWithoutList: { name: 'Unknown', $fault: 'client', $metadata: meta(403), message: 'UnknownError' },
  /** HeadObject of a missing key, with s3:ListBucket (no body: named from the status). */
  headMissingWithList: { name: 'NotFound', $fault: 'client', $metadata: meta(404), message: 'UnknownError' },
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

const xmlError = (code: string, message: string, extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>${extra}<RequestId>R3C0RD3DREQ1D00</RequestId><HostId>k1Jx0rWm3y0Fh1m2Qe4Vn6lC9Xb8Z7aYp5Tt3Ss1Rr0Qq9Pp8Oo7Nn6Mm5Ll4Kk3Jj2Ii1Hh0=</HostId></Error>`;

/**
 * The same answers as S3 sends them on the wire (status and XML body; HEAD answers have none), for tests that
 * answer at the wire under the functions' SDK client (test/support/s3-wire.ts). Keyed as S3_ERROR_SHAPES.
 */
export const S3_WIRE_ANSWERS: Record<keyof typeof S3_ERROR_SHAPES, { status: number; body: string }> = {
  getMissingWithoutList: { status: 403, body: xmlError('AccessDenied', 'Access Denied') },
  getMissingWithList: {
    status: 404,
    body: xmlError('NoSuchKey', 'The specified key does not exist.', '<Key>users/u1/x.jpg</Key>'),
  },
  headMissingWithoutList: { status: 403, body: '' },
  headMissingWithList: { status: 404, body: '' },
  noSuchBucket: {
    status: 404,
    body: xmlError('NoSuchBucket', 'The specified bucket does not exist', '<BucketName>tryon-private</BucketName>'),
  },
  slowDown: { status: 503, body: xmlError('SlowDown', 'Please reduce your request rate.') },
  internal: { status: 500, body: xmlError('InternalError', 'We encountered an internal error. Please try again.') },
};
