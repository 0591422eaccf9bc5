/**
 * The local origin: one HTTP server that plays API Gateway (the route table, the 401 of `user` routes, payload 2.0
 * events, the same handler modules), CloudFront (the built SPA with history fallback and security headers)
 * and same-origin proxies to cognito-local (/cognito) and s3rver (/s3).
 */
import { prerenderedFileOf } from '../../shared/domain/prerendered-pages';
import { checkPresignedPost, LOCAL_POST_BODY_CAP } from './s3-post-check';
import { PUBLIC_MEDIA_CACHE_CONTROL, PUBLIC_MEDIA_PATH, publicMediaKey } from '../../shared/domain/image-ref';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { timingSafeEqual } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { GetObjectCommand, getPresignS3 } from '../../functions/lib/s3';
import { createS3Client } from './s3-sdk';
import { groupEntryPath, matchRoute, type Group } from '../../shared/routes';
import { ERROR_CODES } from '../../shared/errors';
import { bearerToken, verifyToken } from '../../functions/lib/auth';
import type { ApiEvent, ApiResult } from '../../functions/lib/http';
import { buildEvent, lambdaContext } from './api-event';
import { AdminGetUserCommand, AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from './cognito-setup';
import { getConfig } from '../../functions/lib/config';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../shared/domain/edge';
import { runContained } from './contain-errors';

const MAX_BODY = 10 * 1024 * 1024; // API Gateway's payload limit
const INTEGRATION_TIMEOUT_MS = 30_000;

export interface LocalRoute {
  /** Path prefix handled outside the API (local-only pages such as the checkout). */
  prefix: string;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> | void;
}

export interface ApiServerOptions {
  port: number;
  host?: string;
  webDir: string;
  cognitoUrl: string;
  s3Url: string;
  /** The public media bucket, served under /media/ as the distribution's /media/* behaviour does. */
  publicBucket?: string;
  localRoutes?: LocalRoute[];
  log?: (line: string) => void;
}

type Handler = (event: ApiEvent, ctx: unknown) => Promise<ApiResult>;
const handlers = new Map<Group, Promise<Handler>>();
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export function loadGroupHandler(group: Group): Promise<Handler> {
  let h = handlers.get(group);
  if (!h) {
    const file = path.join(root, groupEntryPath(group));
    h = import(pathToFileURL(file).href).then((m) => m.handler as Handler);
    handlers.set(group, h);
  }
  return h;
}

export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy':
    "default-src 'self'; img-src 'self' data: blob: http://localhost:* http://127.0.0.1:*; connect-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self' data:; frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
};

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...pick(SECURITY_HEADERS, ['x-content-type-options']),
  });
  res.end(JSON.stringify(body));
}

function pick(o: Record<string, string>, ks: string[]) {
  return Object.fromEntries(ks.map((k) => [k, o[k]]));
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) tooLarge = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * The local server plays CloudFront in front of the API: whatever the client sent as the edge's headers is
 * dropped, then the edge token (ORIGIN_VERIFY_SECRET, random per local stack) and the connection's address are
 * added, as the distribution's origin header and viewer-request function do (shared/domain/edge.ts).
 */
export function playEdge(req: IncomingMessage): void {
  delete req.headers[ORIGIN_VERIFY_HEADER];
  delete req.headers[VIEWER_IP_HEADER];
  const token = process.env.ORIGIN_VERIFY_SECRET;
  if (!token) return;
  req.headers[ORIGIN_VERIFY_HEADER] = token;
  const ip = (req.socket?.remoteAddress ?? '').replace(/^::ffff:/, '');
  if (ip) req.headers[VIEWER_IP_HEADER] = ip;
}

/** /l/{token}: served by the shares Lambda (an HTML page), everything else under /l/ is the SPA's. */
const SHARE_PAGE = /^\/l\/[^/]+$/;

async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  extraHeaders: Record<string, string> = {},
) {
  const match = matchRoute(req.method ?? 'GET', url.pathname);
  if (!match) return sendJson(res, 404, { message: 'Not Found', code: ERROR_CODES.notFound });
  if ('methodNotAllowed' in match)
    return sendJson(res, 405, { message: 'Method Not Allowed', code: ERROR_CODES.methodNotAllowed });
  const body = await readBody(req);
  if (body === null)
    return sendJson(res, 413, { message: 'Request Entity Too Large', code: ERROR_CODES.payloadTooLarge });

  // `user` routes: in AWS the edge authorizer's identity source includes the Authorization header, so a call
  // without a token is refused by API Gateway before the Lambda runs, and the handler verifies the token (its
  // 401 is this one). Locally the token is verified here already, with the same 401.
  let claims: Record<string, unknown> | null = null;
  if (match.route.auth === 'user') {
    const token = bearerToken(req.headers as Record<string, string>);
    // API Gateway's own 401 is {"message":"Unauthorized"} (no code, not configurable for HTTP APIs); locally the
    // same 401 carries our code too (docs/security.md). The SPA treats any 401 as signed out.
    if (!token) return sendJson(res, 401, { message: 'Unauthorized', code: ERROR_CODES.unauthorized });
    try {
      claims = (await verifyToken(token)).claims;
    } catch {
      return sendJson(res, 401, { message: 'Unauthorized', code: ERROR_CODES.unauthorized });
    }
  }
  playEdge(req);
  const event = buildEvent(req, url, match.route, match.pathParameters, body, claims);
  const handler = await loadGroupHandler(match.route.group);
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    handler(event, lambdaContext(`tryon-${match.route.group}`)),
    new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), INTEGRATION_TIMEOUT_MS))),
  ]).finally(() => clearTimeout(timer));
  if (result === 'timeout') return sendJson(res, 503, { message: 'Service Unavailable' });
  // CloudFront's response headers policy adds the security headers to pages it serves
  writeResult(res, { ...result, headers: { ...extraHeaders, ...(result.headers as Record<string, string>) } });
}

function writeResult(res: ServerResponse, result: ApiResult) {
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  if (result.body === undefined) return res.end();
  res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
}

/** Media served at our origin is never a page: no sniffing, and a sandboxing CSP if one is opened directly. */
const S3_RESPONSE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
};

function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  target: string,
  stripPrefix: string,
  url: URL,
  extraHeaders: Record<string, string> = {},
) {
  const t = new URL(target);
  const upstreamPath = url.pathname.slice(stripPrefix.length) || '/';
  const headers = { ...req.headers, host: t.host };
  const up = http.request(
    { hostname: t.hostname, port: t.port, method: req.method, path: upstreamPath + url.search, headers },
    (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, { ...upRes.headers, ...extraHeaders });
      upRes.pipe(res);
    },
  );
  up.on('error', () => sendJson(res, 502, { message: 'Bad Gateway', code: ERROR_CODES.badGateway }));
  req.pipe(up);
}

/**
 * /media/<key>: the local mirror of the distribution's /media/* behaviour. Image folders of the public bucket
 * only (the same rule as the CloudFront Function), GET/HEAD, the same year-long immutable Cache-Control, and
 * the same security headers; anything else is a 404.
 */
function serveMedia(req: IncomingMessage, res: ServerResponse, url: URL, s3Url: string, bucket: string | undefined) {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return sendJson(res, 405, { message: 'Method Not Allowed', code: ERROR_CODES.methodNotAllowed });
  const key = publicMediaKey(url.pathname);
  if (!bucket || !key) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
    return res.end('Not found\n');
  }
  const t = new URL(s3Url);
  const headers: Record<string, string> = { host: t.host };
  for (const h of ['if-none-match', 'if-modified-since', 'range'])
    if (typeof req.headers[h] === 'string') headers[h] = req.headers[h] as string;
  const up = http.request(
    {
      hostname: t.hostname,
      port: t.port,
      method: req.method,
      path: `/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
      headers,
    },
    (upRes) => {
      const status = upRes.statusCode ?? 502;
      if (status >= 400) {
        upRes.resume();
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
        return res.end('Not found\n');
      }
      const out: Record<string, string> = {
        'cache-control': PUBLIC_MEDIA_CACHE_CONTROL,
        ...SECURITY_HEADERS,
        ...S3_RESPONSE_HEADERS,
      };
      for (const h of ['content-type', 'content-length', 'etag', 'last-modified', 'content-range', 'accept-ranges']) {
        const v = upRes.headers[h];
        if (typeof v === 'string') out[h] = v;
      }
      res.writeHead(status, out);
      upRes.pipe(res);
    },
  );
  up.on('error', () => sendJson(res, 502, { message: 'Bad Gateway', code: 'bad_gateway' }));
  up.end();
}

/**
 * Buffer a browser POST upload (capped) and check it like S3 (s3rver does not check policies). What is stored
 * is rebuilt from the checked policy (its bucket, key and Content-Type) and the file: the form itself is never
 * forwarded, so nothing s3rver would read differently from the check can reach it.
 */
async function proxyCheckedPost(req: IncomingMessage, res: ServerResponse, target: string, url: URL) {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > LOCAL_POST_BODY_CAP) {
    req.resume();
    return sendS3Error(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total > LOCAL_POST_BODY_CAP)
      return sendS3Error(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    chunks.push(chunk as Buffer);
  }
  const bucket = url.pathname.slice('/s3/'.length).replace(/\/$/, '');
  const check = checkPresignedPost(bucket, req.headers['content-type'], Buffer.concat(chunks));
  if (!check.ok) return sendS3Error(res, check.status, check.code, check.message);
  try {
    await createS3Client({ endpoint: target }).send(
      new PutObjectCommand({ Bucket: check.bucket, Key: check.key, Body: check.body, ContentType: check.contentType }),
    );
  } catch {
    return sendS3Error(res, 502, 'InternalError', 'The local S3 could not store the upload');
  }
  res.writeHead(204, { 'cache-control': 'no-store' });
  res.end();
}

function sendS3Error(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message.replace(/[<&]/g, '')}</Message></Error>`,
  );
}

/**
 * cognito-local does not check IAM credentials, so the same-origin proxy serves only the operations a
 * browser may call on real Cognito (no Admin* calls), and the JWKS / OpenID documents.
 */
const PUBLIC_COGNITO_TARGETS = new Set(
  [
    'InitiateAuth',
    'RespondToAuthChallenge',
    'SignUp',
    'ConfirmSignUp',
    'ResendConfirmationCode',
    'ForgotPassword',
    'ConfirmForgotPassword',
    'GetUser',
    'ChangePassword',
    'GlobalSignOut',
    'RevokeToken',
    'UpdateUserAttributes',
    'VerifyUserAttribute',
    'GetUserAttributeVerificationCode',
    'DeleteUser',
  ].map((op) => `AWSCognitoIdentityProviderService.${op}`),
);

const CONFIRM_SIGN_UP_TARGET = 'AWSCognitoIdentityProviderService.ConfirmSignUp';

/**
 * ConfirmSignUp as Cognito does it: confirming a sign-up with the code mailed to the address verifies the
 * e-mail (`email_verified` = true in the next tokens; the pool auto-verifies e-mail). cognito-local confirms
 * the user but leaves the attribute unset, so the local proxy sets it after a successful confirmation (the
 * starter grant is bounded by a verified e-mail, docs/decisions.md).
 */
async function proxyConfirmSignUp(req: IncomingMessage, res: ServerResponse, cognitoUrl: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const upstream = await fetch(new URL('/', cognitoUrl), {
    method: 'POST',
    headers: {
      'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.1'),
      'x-amz-target': CONFIRM_SIGN_UP_TARGET,
    },
    body,
  });
  const text = await upstream.text();
  if (upstream.ok) {
    const username = (JSON.parse(body.toString('utf8')) as { Username?: string }).Username;
    if (username) {
      const cognito = cognitoClient(cognitoUrl);
      try {
        // cognito-local wants the address with its verification flag (the username is the address here)
        const user = await cognito.send(
          new AdminGetUserCommand({ UserPoolId: getConfig().userPoolId, Username: username }),
        );
        const email = user.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? username;
        await cognito.send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId: getConfig().userPoolId,
            Username: username,
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
            ],
          }),
        );
      } catch (err) {
        // the confirmation itself succeeded: answer it; the account just starts without the starter grant
        console.error('[local] could not mark the e-mail verified', err);
      } finally {
        cognito.destroy();
      }
    }
  }
  res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
  res.end(text);
}

async function cognitoRequestAllowed(req: IncomingMessage, url: URL): Promise<boolean> {
  if (req.method === 'GET')
    return /^\/cognito\/[\w-]+\/\.well-known\/(jwks\.json|openid-configuration)$/.test(url.pathname);
  if (req.method === 'OPTIONS') return true;
  return (
    req.method === 'POST' &&
    url.pathname.replace(/\/$/, '') === '/cognito' &&
    PUBLIC_COGNITO_TARGETS.has(String(req.headers['x-amz-target'] ?? ''))
  );
}

/**
 * Re-sign the same GetObject with the presigning client and compare: a tampered or forged URL is refused, and
 * so is any query parameter the signature does not cover (an unsigned `response-content-type=text/html` would
 * otherwise make s3rver serve an image as a page on our origin). Returns the signed query to forward, or null.
 */
async function signedGetQuery(req: IncomingMessage, url: URL): Promise<string | null> {
  if (req.method !== 'GET') return null;
  const q = url.searchParams;
  const sig = q.get('X-Amz-Signature');
  const date = q.get('X-Amz-Date');
  const expires = Number(q.get('X-Amz-Expires'));
  if (!sig || !date || !Number.isInteger(expires) || expires <= 0 || expires > 604800) return null;
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date);
  if (!m) return null;
  const [, year, month, day, hour, minute, second] = m;
  const signingDate = new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)),
  );
  if (Number.isNaN(signingDate.getTime()) || Date.now() > signingDate.getTime() + expires * 1000) return null;
  const [bucket, ...keyParts] = url.pathname.slice('/s3/'.length).split('/');
  if (!bucket || !keyParts.length) return null;
  let key: string;
  try {
    key = keyParts.map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  const signed = new URL(
    await getPresignS3().presignGet(new GetObjectCommand({ Bucket: bucket, Key: key }), {
      expiresIn: expires,
      signingDate,
    }),
  ).searchParams;
  const expected = signed.get('X-Amz-Signature');
  if (!expected || expected.length !== sig.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(sig)))
    return null;
  // exactly the signed parameters, nothing more (and no parameter twice)
  const given = [...q.keys()];
  if (
    given.length !== [...signed.keys()].length ||
    new Set(given).size !== given.length ||
    given.some((k) => signed.get(k) !== q.get(k))
  )
    return null;
  return `?${signed.toString()}`;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.woff2': 'font/woff2',
  // the Fitly engine in the browser: TensorFlow.js's WASM backend (compiled from the response: its type must say
  // wasm) and the models' weights
  '.wasm': 'application/wasm',
  '.bin': 'application/octet-stream',
  '.webmanifest': 'application/manifest+json',
};

function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, webDir: string) {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return sendJson(res, 405, { message: 'Method Not Allowed', code: ERROR_CODES.methodNotAllowed });
  const index = path.join(webDir, 'index.html');
  if (!existsSync(index)) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    return res.end('The web app is not built yet. Run `npm start` (it builds it) or `npm run build:web`.\n');
  }
  let rel: string;
  try {
    rel = decodeURIComponent(url.pathname);
  } catch {
    rel = '/';
  }
  const file = path.join(webDir, path.normalize(rel).replace(/^(\.\.[/\\])+/, ''));
  const inside = file.startsWith(webDir + path.sep);
  let target = index;
  // a page prerendered at build time at its clean URL (/, /privacy), as CloudFront's viewer-request function does
  const prerendered = prerenderedFileOf(url.pathname);
  if (prerendered && existsSync(path.join(webDir, prerendered))) target = path.join(webDir, prerendered);
  else if (inside && existsSync(file) && statSync(file).isFile()) target = file;
  else if (path.extname(rel)) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
    return res.end('Not found\n');
  }
  const ext = path.extname(target);
  const immutable = target.includes(`${path.sep}assets${path.sep}`);
  const headers: Record<string, string> = {
    'content-type': MIME[ext] ?? 'application/octet-stream',
    'cache-control':
      target === index || prerendered
        ? 'no-cache'
        : immutable
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
    vary: 'accept-encoding',
    ...SECURITY_HEADERS,
  };
  // Compress text like CloudFront does (gzip, cached per file version).
  if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    const body = gzipped(target);
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': String(body.length) });
    return res.end(req.method === 'HEAD' ? undefined : body);
  }
  // the length, as S3 and CloudFront send it (the engine's model download shows its progress against it)
  res.writeHead(200, { ...headers, 'content-length': String(statSync(target).size) });
  if (req.method === 'HEAD') return res.end();
  createReadStream(target).pipe(res);
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.md', '.webmanifest']);
const gzipCache = new Map<string, { mtime: number; body: Buffer }>();
function gzipped(file: string): Buffer {
  const mtime = statSync(file).mtimeMs;
  const hit = gzipCache.get(file);
  if (hit && hit.mtime === mtime) return hit.body;
  const body = gzipSync(readFileSync(file), { level: 9 });
  gzipCache.set(file, { mtime, body });
  return body;
}

export function createApiServer(opts: ApiServerOptions) {
  const webDir = path.resolve(opts.webDir);
  const server = http.createServer(
    (req, res) =>
      void (async () => {
        const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
        const started = Date.now();
        try {
          // Each API request in its own scope: an exception escaping it fails it (500), not the stack.
          if (url.pathname === '/api' || url.pathname.startsWith('/api/'))
            await runContained(() => handleApi(req, res, url));
          // Shared looks' Open Graph page: the same Lambda (route table) as behind CloudFront's /l/* behaviour.
          else if (SHARE_PAGE.test(url.pathname) && req.method === 'GET')
            await runContained(() => handleApi(req, res, url, SECURITY_HEADERS));
          else if (url.pathname.startsWith('/cognito/') || url.pathname === '/cognito') {
            if (!(await cognitoRequestAllowed(req, url)))
              return sendJson(res, 400, {
                __type: 'NotAuthorizedException',
                message: 'Only the public Cognito API is served here',
              });
            if (String(req.headers['x-amz-target'] ?? '') === CONFIRM_SIGN_UP_TARGET)
              await proxyConfirmSignUp(req, res, opts.cognitoUrl);
            else proxy(req, res, opts.cognitoUrl, '/cognito', url);
          } else if (url.pathname.startsWith(PUBLIC_MEDIA_PATH))
            serveMedia(req, res, url, opts.s3Url, opts.publicBucket);
          else if (url.pathname.startsWith('/s3/')) {
            // Browser uploads (presigned POST to /s3/<bucket>): checked here as S3 would, then forwarded.
            if (req.method === 'POST' && /^\/s3\/[^/]+\/?$/.test(url.pathname))
              return await proxyCheckedPost(req, res, opts.s3Url, url);
            // s3rver checks no signatures: only let through GETs whose presigned signature we verify ourselves.
            const query = await signedGetQuery(req, url);
            if (query === null) return sendJson(res, 403, { message: 'Forbidden', code: ERROR_CODES.forbidden });
            const forward = new URL(url.pathname + query, url);
            proxy(req, res, opts.s3Url, '/s3', forward, S3_RESPONSE_HEADERS);
          } else {
            const local = opts.localRoutes?.find((r) => url.pathname.startsWith(r.prefix));
            if (local) await local.handle(req, res, url);
            else serveStatic(req, res, url, webDir);
          }
        } catch (err) {
          opts.log?.(`error ${req.method} ${url.pathname}: ${(err as Error).stack ?? err}`);
          if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error', code: ERROR_CODES.internal });
          else res.end();
        } finally {
          if (url.pathname.startsWith('/api/'))
            opts.log?.(`${req.method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`);
        }
      })(),
  );
  server.keepAliveTimeout = 5000;
  return {
    server,
    listen: () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
