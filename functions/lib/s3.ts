/**
 * The functions' S3 clients: the AWS SDK v3 (`@aws-sdk/client-s3`, presigned GETs by `@aws-sdk/s3-request-presigner`),
 * one client per use (server-side object operations; the signing of URLs handed to browsers), each created on first
 * use. The SDK's standard retry (backoff, retry quota), clock-skew correction and default credential chain apply.
 * The object commands are the SDK's own classes, re-exported, so the IAM map (functions/lib/aws-access.ts) and its
 * contract test trace `new GetObjectCommand(...)` to the SDK.
 *
 * Locally it talks to s3rver (or the local /s3 proxy) path-style with the local key, and computes checksums only
 * where S3 requires them (s3rver stores aws-chunked framing as the object's bytes otherwise: LOCAL-STACK.md).
 */
import {
  S3Client,
  type GetObjectCommand,
  type S3ClientConfig,
  type ServiceInputTypes,
  type ServiceOutputTypes,
} from '@aws-sdk/client-s3';
import type { Command } from '@smithy/types';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomBytes } from 'node:crypto';
import { thrownInfo } from '../../shared/errors';

export {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';

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
 * The one storage error mapping: does this error of a read (GetObject, HeadObject) mean "there is no such
 * object"? Only S3's 404 (NoSuchKey; NotFound for HEAD, which has no body) does. S3 answers 404 for a missing key
 * to a caller allowed s3:ListBucket on the bucket, which every function that reads objects is
 * (functions/lib/aws-access.ts); a 403 (AccessDenied, Forbidden) is a real refusal and surfaces as an error
 * instead of being read as "missing" (issue 41). A missing bucket is configuration, not a missing key.
 * Shapes: test/support/s3-error-shapes.ts.
 */
export function isMissingObject(err: unknown): boolean {
  const e = thrownInfo(err);
  if (e.name === 'NoSuchBucket' || e.code === 'NoSuchBucket') return false;
  return (
    e.httpStatus === 404 || ['NoSuchKey', 'NotFound'].includes(e.name ?? '') || ['NoSuchKey'].includes(e.code ?? '')
  );
}

export interface S3Options {
  region?: string;
  /** s3rver (or the local /s3 proxy): path-style, signed with the local key */
  endpoint?: string;
  /** fixed credentials (tests); otherwise the local key on an endpoint, the default chain in AWS */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** Each path segment in RFC 3986 form (S3's canonical URI encodes everything but unreserved characters). */
const encodeKey = (key: string) =>
  key
    .split('/')
    .map((p) => encodeURIComponent(p).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

/** One S3 client (the SDK's, created on first use) and what our code asks of it beyond `send`. */
export class S3 {
  private client: S3Client | undefined;
  readonly region: string;

  constructor(private readonly options: S3Options = {}) {
    this.region = options.region ?? process.env.AWS_REGION ?? 'eu-west-1';
  }

  /** The SDK client, created on first use. */
  sdk(): S3Client {
    const { endpoint, credentials } = this.options;
    const config: S3ClientConfig = {
      region: this.region,
      ...(endpoint
        ? {
            endpoint,
            forcePathStyle: true,
            credentials: credentials ?? { accessKeyId: LOCAL_S3_ACCESS_KEY, secretAccessKey: localS3Secret() },
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
          }
        : credentials
          ? { credentials }
          : {}),
    };
    this.client ??= new S3Client(config);
    return this.client;
  }

  send<I extends ServiceInputTypes, O extends ServiceOutputTypes>(
    command: Command<ServiceInputTypes, I, ServiceOutputTypes, O, never>,
  ): Promise<O> {
    return this.sdk().send(command);
  }

  /** The credentials requests are signed with (the SDK's chain; a presigned POST signs its policy with them). */
  async credentials(): Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }> {
    return this.sdk().config.credentials();
  }

  /** Where a bucket's object lives: path-style on a local endpoint, virtual-hosted in AWS. */
  address(bucket: string, key?: string): { protocol: 'http:' | 'https:'; host: string; path: string } {
    const keyPath = key === undefined ? '' : encodeKey(key);
    if (this.options.endpoint) {
      const u = new URL(this.options.endpoint);
      return {
        protocol: u.protocol === 'https:' ? 'https:' : 'http:',
        host: u.host,
        path: `${u.pathname.replace(/\/$/, '')}/${bucket}${key === undefined ? '' : `/${keyPath}`}`,
      };
    }
    return { protocol: 'https:', host: `${bucket}.s3.${this.region}.amazonaws.com`, path: `/${keyPath}` };
  }

  /**
   * A presigned URL for a GET of the object (the SDK's presigner), valid `expiresIn` seconds from `signingDate`
   * (default now; a fixed one makes the URL stable within a window).
   */
  presignGet(command: GetObjectCommand, opts: { expiresIn: number; signingDate?: Date }): Promise<string> {
    return getSignedUrl(this.sdk(), command, {
      expiresIn: opts.expiresIn,
      ...(opts.signingDate ? { signingDate: opts.signingDate } : {}),
    });
  }

  /** Close the SDK client's sockets (tests and scripts that end). */
  destroy(): void {
    this.client?.destroy();
    this.client = undefined;
  }
}

/* ------------------------------------------------------------------------------------------ instances */

let dataClient: S3 | undefined;
let presignClient: S3 | undefined;

/** The client for server-side object operations. */
export function getS3(): S3 {
  dataClient ??= new S3({ endpoint: process.env.S3_ENDPOINT || undefined });
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
export function getPresignS3(): S3 {
  const relative = relativePublicEndpoint();
  presignClient ??= new S3({
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
