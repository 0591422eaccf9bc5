/**
 * The one way our code sends a request to an AWS service without the SDK: SigV4 by aws4 (the signer the SDK's
 * alternatives use), over node:http(s) with keep-alive agents, with the SDK's standard retry rule (three attempts
 * with exponential backoff and full jitter, on throttling, transient 5xx and connection errors). The S3 client
 * (functions/lib/s3.ts, REST and XML) and the JSON-protocol caller (./aws-json.ts: DynamoDB, Cognito, Secrets
 * Manager, Step Functions, Rekognition, Lambda) are built on it; each reads its own answers and errors.
 *
 * Credentials: fixed ones (a local emulator's, a test's), else the environment's (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN: what Lambda gives a function's role; the ops scripts put an operator's
 * there from the AWS CLI, infra/ops/target.ts).
 */
import aws4 from 'aws4';
import http from 'node:http';
import https from 'node:https';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The role's credentials from the environment; a clear error when there are none. */
export function environmentCredentials(): AwsCredentials {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey)
    throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

/** One request, before signing. */
export interface AwsHttpRequest {
  /** the signing name (s3, dynamodb, cognito-idp, states, lambda, ...) */
  service: string;
  region: string;
  protocol: 'http:' | 'https:';
  /** host[:port] */
  host: string;
  method: string;
  /** path and query, encoded */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** read no body larger than this (the Content-Length is checked before the body is read) */
  maxBody?: number;
  /** sign with the query string (a presigned URL) instead of headers */
  signQuery?: boolean;
}

/** One answer as it came: `overCap` when the body was larger than the request's maxBody (and not read). */
export interface AwsHttpResponse {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
  overCap?: boolean;
}

/** The request signed (headers, or the query when signQuery): what aws4 gives back. */
export function signRequest(
  req: AwsHttpRequest,
  credentials: AwsCredentials,
): { path: string; headers: Record<string, string> } {
  const signed = aws4.sign(
    {
      service: req.service,
      region: req.region,
      method: req.method,
      host: req.host,
      path: req.path,
      headers: { Host: req.host, ...req.headers, ...(req.body ? { 'content-length': String(req.body.length) } : {}) },
      ...(req.body ? { body: req.body } : {}),
      ...(req.signQuery ? { signQuery: true } : {}),
    },
    credentials,
  );
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(signed.headers ?? {})) if (v !== undefined) headers[k] = String(v);
  return { path: signed.path ?? req.path, headers };
}

const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);
const RETRYABLE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNREFUSED', 'EAI_AGAIN', 'ENOTFOUND']);
const ATTEMPTS = 3;
const SOCKET_TIMEOUT_MS = 30_000;

// Idle keep-alive sockets are unref'd by node's agent: they never hold a process open (tested).
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 50 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 50 }),
};

/**
 * Send with retries: the request is signed anew for each attempt (the date is part of the signature). `retryable`
 * adds the service's own throttling answers (a JSON service says so in a 400's body) to 429 and 5xx.
 */
export async function sendAws(
  req: AwsHttpRequest,
  credentials: () => AwsCredentials,
  retryable: (res: AwsHttpResponse) => boolean = () => false,
): Promise<AwsHttpResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await exchange(req, credentials());
      if ((!RETRYABLE_STATUS.has(res.status) && !retryable(res)) || attempt >= ATTEMPTS) return res;
    } catch (err) {
      const code = err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : '';
      if (!RETRYABLE_CODES.has(code) || attempt >= ATTEMPTS) throw err;
    }
    // the SDK's standard retry: exponential backoff with full jitter, base 100 ms
    await new Promise((r) => setTimeout(r, Math.random() * 100 * 2 ** (attempt - 1)));
  }
}

/** One signed HTTP exchange. */
function exchange(req: AwsHttpRequest, credentials: AwsCredentials): Promise<AwsHttpResponse> {
  const signed = signRequest(req, credentials);
  const url = new URL(`${req.protocol}//${req.host}`);
  const transport = req.protocol === 'https:' ? https : http;
  return new Promise<AwsHttpResponse>((resolve, reject) => {
    const r = transport.request(
      {
        protocol: req.protocol,
        hostname: url.hostname,
        port: url.port || undefined,
        method: req.method,
        path: signed.path,
        headers: signed.headers,
        agent: req.protocol === 'https:' ? agents.https : agents.http,
      },
      (res) => {
        const headers: Record<string, string | undefined> = {};
        for (const [k, v] of Object.entries(res.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
        const status = res.statusCode ?? 0;
        const length = Number(headers['content-length']);
        const cap = req.maxBody;
        if (cap !== undefined && status >= 200 && status < 300 && length > cap) {
          res.destroy(); // not read: the caller refuses it by its size
          resolve({ status, headers, body: Buffer.alloc(0), overCap: true });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (cap !== undefined && size > cap) {
            res.destroy();
            resolve({ status, headers, body: Buffer.alloc(0), overCap: true });
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => resolve({ status, headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    r.setTimeout(SOCKET_TIMEOUT_MS, () =>
      r.destroy(Object.assign(new Error(`${req.service} request timed out`), { code: 'ETIMEDOUT' })),
    );
    r.on('error', reject);
    r.end(req.body);
  });
}
