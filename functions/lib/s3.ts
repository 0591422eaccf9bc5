/**
 * The functions' S3 client: the six object commands our code sends, named as the SDK's are (the IAM map,
 * functions/lib/aws-access.ts, and its contract test read them), sent by shared/aws-http.ts (SigV4 by aws4,
 * node:http(s) with keep-alive, the SDK's retry rule: three attempts on throttling, 5xx and connection errors);
 * and presigned GET URLs by aws4's query signing. It replaces
 * @aws-sdk/client-s3 and its presigner in every function bundle: their load alone was over the 100 ms budget of
 * an API function's cold start (docs/decisions.md, "A lighter AWS client"). Answers are read field by field from
 * S3's documented XML; errors keep the SDK's shape where our code reads them (`name` = S3's error code, `Code`,
 * `$metadata.httpStatusCode`; HEAD answers have no body and are named from the status, as the SDK does).
 *
 * Locally it talks to s3rver path-style with the local key. The local tooling (stack, seeds, tests) keeps the
 * SDK's client: infra/local/s3-sdk.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { AwsServiceError, type AwsMetadata } from '../../shared/aws-json';
import {
  environmentCredentials,
  sendAws,
  signRequest,
  type AwsCredentials,
  type AwsHttpResponse,
} from '../../shared/aws-http';
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

/** S3's error: `name` and `Code` are S3's error code (or, for a bodiless answer, the status's name). */
export class S3ServiceError extends AwsServiceError {
  constructor(
    name: string,
    message: string,
    $metadata: AwsMetadata,
    readonly Code: string | undefined,
  ) {
    super(name, message, $metadata, {});
  }
}

/* ------------------------------------------------------------------------------------------ the wire */

/** One request as a command describes it (the transport adds the bucket's address and signs it). */
export interface S3Wire {
  method: 'GET' | 'PUT' | 'POST' | 'HEAD';
  key?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Buffer;
  /** read no body larger than this (the Content-Length is checked before the body is read) */
  maxBody?: number;
}

/** One answer as it came (shared/aws-http.ts). */
export type S3Response = AwsHttpResponse;

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (XML_ENTITIES[e.toLowerCase()] ?? ''),
  );
const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The inner XML of every `<tag>…</tag>` (S3's answers are flat: no attributes on these elements). */
export const xmlBlocks = (xml: string, tag: string): string[] =>
  [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1] ?? '');
/** The text of the first `<tag>` (entities decoded). */
export const xmlText = (xml: string, tag: string): string | undefined => {
  const [first] = xmlBlocks(xml, tag);
  return first === undefined ? undefined : unescapeXml(first);
};

/* ------------------------------------------------------------------------------------------ commands */

export abstract class S3Command<Input extends { Bucket: string }, Output> {
  abstract readonly operation: string;
  constructor(readonly input: Input) {}
  abstract wire(): S3Wire;
  /** A 2xx answer, read. */
  abstract answer(res: S3Response): Output;
}

const etagOf = (res: S3Response) => res.headers.etag;

export interface PutObjectInput {
  Bucket: string;
  Key: string;
  Body: Buffer | Uint8Array;
  ContentType: string;
  CacheControl?: string;
  ContentEncoding?: string;
  ContentDisposition?: string;
  Metadata?: Record<string, string>;
  /** URL-encoded tags, as the x-amz-tagging header takes them */
  Tagging?: string;
}
export class PutObjectCommand extends S3Command<PutObjectInput, { ETag?: string }> {
  readonly operation = 'PutObject';
  wire(): S3Wire {
    const i = this.input;
    const headers: Record<string, string> = { 'content-type': i.ContentType };
    if (i.CacheControl) headers['cache-control'] = i.CacheControl;
    if (i.ContentEncoding) headers['content-encoding'] = i.ContentEncoding;
    if (i.ContentDisposition) headers['content-disposition'] = i.ContentDisposition;
    if (i.Tagging) headers['x-amz-tagging'] = i.Tagging;
    for (const [k, v] of Object.entries(i.Metadata ?? {})) headers[`x-amz-meta-${k.toLowerCase()}`] = v;
    return { method: 'PUT', key: i.Key, headers, body: Buffer.from(i.Body) };
  }
  answer(res: S3Response) {
    return { ETag: etagOf(res) };
  }
}

export interface GetObjectOutput {
  Body: Buffer;
  ContentType?: string;
  ContentLength?: number;
  ETag?: string;
  Metadata: Record<string, string>;
  /** the object is larger than the request's MaxBytes: its body was not read (Body is empty) */
  OverMaxBytes: boolean;
}
export class GetObjectCommand extends S3Command<
  { Bucket: string; Key: string; IfNoneMatch?: string; /** ours: do not read a larger body */ MaxBytes?: number },
  GetObjectOutput
> {
  readonly operation = 'GetObject';
  wire(): S3Wire {
    const { Key, IfNoneMatch, MaxBytes } = this.input;
    return {
      method: 'GET',
      key: Key,
      ...(IfNoneMatch ? { headers: { 'if-none-match': IfNoneMatch } } : {}),
      ...(MaxBytes !== undefined ? { maxBody: MaxBytes } : {}),
    };
  }
  answer(res: S3Response): GetObjectOutput {
    const length = Number(res.headers['content-length']);
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers))
      if (k.startsWith('x-amz-meta-') && v !== undefined) metadata[k.slice('x-amz-meta-'.length)] = v;
    return {
      Body: res.body,
      ContentType: res.headers['content-type'],
      ContentLength: Number.isFinite(length) ? length : res.overCap ? undefined : res.body.length,
      ETag: etagOf(res),
      Metadata: metadata,
      OverMaxBytes: res.overCap === true,
    };
  }
}

export class HeadObjectCommand extends S3Command<{ Bucket: string; Key: string }, { ETag?: string }> {
  readonly operation = 'HeadObject';
  wire(): S3Wire {
    return { method: 'HEAD', key: this.input.Key };
  }
  answer(res: S3Response) {
    return { ETag: etagOf(res) };
  }
}

export interface ObjectIdentifier {
  Key: string;
  VersionId?: string;
}
export class DeleteObjectsCommand extends S3Command<
  { Bucket: string; Delete: { Objects: ObjectIdentifier[]; Quiet?: boolean } },
  { Errors: { Key?: string; Code?: string; Message?: string }[] }
> {
  readonly operation = 'DeleteObjects';
  wire(): S3Wire {
    const { Objects, Quiet } = this.input.Delete;
    const objects = Objects.map(
      (o) =>
        `<Object><Key>${escapeXml(o.Key)}</Key>${o.VersionId ? `<VersionId>${escapeXml(o.VersionId)}</VersionId>` : ''}</Object>`,
    ).join('');
    const body = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${Quiet ? '<Quiet>true</Quiet>' : ''}${objects}</Delete>`,
    );
    // S3 requires an integrity header on DeleteObjects
    const md5 = createHash('md5').update(body).digest('base64');
    return {
      method: 'POST',
      query: { delete: '' },
      headers: { 'content-type': 'application/xml', 'content-md5': md5 },
      body,
    };
  }
  answer(res: S3Response) {
    return {
      Errors: xmlBlocks(res.body.toString('utf8'), 'Error').map((e) => ({
        Key: xmlText(e, 'Key'),
        Code: xmlText(e, 'Code'),
        Message: xmlText(e, 'Message'),
      })),
    };
  }
}

export class ListObjectsV2Command extends S3Command<
  { Bucket: string; Prefix?: string; MaxKeys?: number; ContinuationToken?: string },
  { Contents: { Key: string; LastModified?: Date }[]; IsTruncated: boolean; NextContinuationToken?: string }
> {
  readonly operation = 'ListObjectsV2';
  wire(): S3Wire {
    const { Prefix, MaxKeys, ContinuationToken } = this.input;
    return {
      method: 'GET',
      query: {
        'list-type': '2',
        ...(Prefix !== undefined ? { prefix: Prefix } : {}),
        ...(MaxKeys !== undefined ? { 'max-keys': String(MaxKeys) } : {}),
        ...(ContinuationToken ? { 'continuation-token': ContinuationToken } : {}),
      },
    };
  }
  answer(res: S3Response) {
    const xml = res.body.toString('utf8');
    const contents: { Key: string; LastModified?: Date }[] = [];
    for (const c of xmlBlocks(xml, 'Contents')) {
      const key = xmlText(c, 'Key');
      const modified = xmlText(c, 'LastModified');
      if (key !== undefined) contents.push({ Key: key, ...(modified ? { LastModified: new Date(modified) } : {}) });
    }
    return {
      Contents: contents,
      IsTruncated: xmlText(xml, 'IsTruncated') === 'true',
      NextContinuationToken: xmlText(xml, 'NextContinuationToken'),
    };
  }
}

const versionsOf = (xml: string, tag: string): Required<ObjectIdentifier>[] =>
  xmlBlocks(xml, tag).flatMap((v) => {
    const Key = xmlText(v, 'Key');
    const VersionId = xmlText(v, 'VersionId');
    return Key !== undefined && VersionId !== undefined ? [{ Key, VersionId }] : [];
  });

export class ListObjectVersionsCommand extends S3Command<
  { Bucket: string; Prefix: string; MaxKeys?: number },
  { Versions: Required<ObjectIdentifier>[]; DeleteMarkers: Required<ObjectIdentifier>[]; IsTruncated: boolean }
> {
  readonly operation = 'ListObjectVersions';
  wire(): S3Wire {
    const { Prefix, MaxKeys } = this.input;
    return {
      method: 'GET',
      query: { versions: '', prefix: Prefix, ...(MaxKeys !== undefined ? { 'max-keys': String(MaxKeys) } : {}) },
    };
  }
  answer(res: S3Response) {
    const xml = res.body.toString('utf8');
    return {
      Versions: versionsOf(xml, 'Version'),
      DeleteMarkers: versionsOf(xml, 'DeleteMarker'),
      IsTruncated: xmlText(xml, 'IsTruncated') === 'true',
    };
  }
}

/* ------------------------------------------------------------------------------------------ the client */

/** Wraps every send at the wire (tests: a double that answers S3's XML, or S3's answers to another role). */
export type S3Middleware = (
  command: S3Command<{ Bucket: string }, unknown>,
  next: () => Promise<S3Response>,
) => Promise<S3Response>;

export interface S3Options {
  region?: string;
  /** s3rver (or the local /s3 proxy): path-style, signed with the local key */
  endpoint?: string;
  /** locally, answer a missing key as S3 answers our roles (403), not as s3rver does (404): see isMissingObject */
  awsMissingKeySemantics?: boolean;
  /** fixed credentials (tests); otherwise the local key on an endpoint, the environment's in AWS */
  credentials?: S3Credentials;
}

/** The credentials a request is signed with (shared/aws-http.ts). */
export type S3Credentials = AwsCredentials;

/** Each path segment in RFC 3986 form (S3's canonical URI encodes everything but unreserved characters). */
const encodeKey = (key: string) =>
  key
    .split('/')
    .map((p) => encodeURIComponent(p).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

/** A bodiless answer's name, as the SDK gives it (HEAD: NotFound, Forbidden; a matching If-None-Match: NotModified). */
const STATUS_NAMES: Record<number, string> = {
  304: 'NotModified',
  400: 'BadRequest',
  403: 'Forbidden',
  404: 'NotFound',
  412: 'PreconditionFailed',
};

function errorOf(res: S3Response): S3ServiceError {
  const xml = res.body.toString('utf8');
  const code = xmlText(xml, 'Code');
  const name = code ?? STATUS_NAMES[res.status] ?? `Http${res.status}`;
  return new S3ServiceError(
    name,
    xmlText(xml, 'Message') ?? STATUS_CODES[res.status] ?? name,
    { httpStatusCode: res.status, requestId: res.headers['x-amz-request-id'] },
    code,
  );
}

export class S3 {
  private readonly middlewares: { name: string; run: S3Middleware }[] = [];
  readonly region: string;

  constructor(private readonly options: S3Options = {}) {
    this.region = options.region ?? process.env.AWS_REGION ?? 'eu-west-1';
  }

  use(name: string, run: S3Middleware): void {
    this.middlewares.push({ name, run });
  }

  remove(name: string): void {
    const i = this.middlewares.findIndex((m) => m.name === name);
    if (i >= 0) this.middlewares.splice(i, 1);
  }

  /** The Lambda role's credentials (from the environment), or the local key. */
  credentials(): S3Credentials {
    if (this.options.credentials) return this.options.credentials;
    if (this.options.endpoint) return { accessKeyId: LOCAL_S3_ACCESS_KEY, secretAccessKey: localS3Secret() };
    return environmentCredentials();
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

  async send<I extends { Bucket: string }, O>(command: S3Command<I, O>): Promise<O> {
    const call = (i: number): Promise<S3Response> => {
      const m = this.middlewares[i];
      return m ? m.run(command, () => call(i + 1)) : this.transport(command);
    };
    const res = await call(0);
    if (res.status < 200 || res.status > 299) throw errorOf(res);
    return command.answer(res);
  }

  /**
   * A presigned URL for a GET of the object (query signing; UNSIGNED-PAYLOAD), valid `expiresIn` seconds from
   * `signingDate` (default now; a fixed one makes the URL stable within a window).
   */
  presignGet(command: GetObjectCommand, opts: { expiresIn: number; signingDate?: Date }): string {
    const { protocol, host, path } = this.address(command.input.Bucket, command.input.Key);
    const date = (opts.signingDate ?? new Date()).toISOString().replace(/[:-]|\.\d{3}/g, '');
    const signed = signRequest(
      {
        service: 's3',
        region: this.region,
        protocol,
        method: 'GET',
        host,
        // the parameters the SDK's presigner sends (X-Amz-Content-Sha256 too), so a URL reads the same either way
        path: `${path}?X-Amz-Content-Sha256=UNSIGNED-PAYLOAD&X-Amz-Expires=${opts.expiresIn}&X-Amz-Date=${date}`,
        signQuery: true,
      },
      this.credentials(),
    );
    return `${protocol}//${host}${signed.path}`;
  }

  private async transport(command: S3Command<{ Bucket: string }, unknown>): Promise<S3Response> {
    const wire = command.wire();
    const { protocol, host, path } = this.address(command.input.Bucket, wire.key);
    const query = new URLSearchParams(wire.query ?? {}).toString();
    // GET and HEAD carry no body (and so no Content-Length or Content-Type, which aws4 adds for any body)
    const body = wire.method === 'PUT' || wire.method === 'POST' ? (wire.body ?? Buffer.alloc(0)) : undefined;
    const res = await sendAws(
      {
        service: 's3',
        region: this.region,
        protocol,
        host,
        method: wire.method,
        path: query ? `${path}?${query}` : path,
        ...(wire.headers ? { headers: wire.headers } : {}),
        ...(body ? { body } : {}),
        ...(wire.maxBody !== undefined ? { maxBody: wire.maxBody } : {}),
      },
      () => this.credentials(),
    );
    const missing = res.status === 404 && (command.operation === 'GetObject' || command.operation === 'HeadObject');
    if (this.options.endpoint && this.options.awsMissingKeySemantics && missing) {
      // s3rver says 404 where S3 says 403 to a role without s3:ListBucket (issue 24): answer as S3 does
      const head = command.operation === 'HeadObject';
      return {
        status: 403,
        headers: {},
        body: Buffer.from(head ? '' : '<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>'),
      };
    }
    return res;
  }
}

/* ------------------------------------------------------------------------------------------ instances */

let dataClient: S3 | undefined;
let presignClient: S3 | undefined;

/** The client for server-side object operations. */
export function getS3(): S3 {
  dataClient ??= new S3({ endpoint: process.env.S3_ENDPOINT || undefined, awsMissingKeySemantics: true });
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
