/**
 * Per-file integration context: a fresh table, fresh buckets and a fresh user pool on the shared emulators,
 * the environment the handlers read, real Cognito users with real tokens, and invoke() which calls a
 * handler module with the API Gateway event the gateway would send.
 */
import { responseDrift } from '../../shared/schemas/response-check';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inject } from 'vitest';
import { sign } from './jwt';
import { CreateUserPoolCommand, CreateUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createDb, type Db } from '../../shared/repositories/table';
import { groupEntryPath, matchRoute, type Group } from '../../shared/routes';
import { buildEvent } from '../../infra/local/api-event';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../shared/domain/edge';
import { ensureBuckets, ensureTable } from '../../infra/local/stack';
import { cognitoClient, ensureAccount, signIn } from '../../infra/local/cognito-setup';
import { bearerToken, verifyToken } from '../../functions/lib/auth';
import type { ApiEvent, ApiResult } from '../../functions/lib/http';

const require = createRequire(import.meta.url);

export interface TestUser {
  sub: string;
  email: string;
  password: string;
  idToken: string;
  accessToken: string;
}

export interface InvokeOptions {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  /** Skip the gateway's JWT authorizer emulation (to reach the handler's own verification). */
  bypassGateway?: boolean;
  /**
   * When the file configures the edge (ORIGIN_VERIFY_SECRET), invoke plays CloudFront: it overwrites the edge
   * headers with the token and this viewer address (default 127.0.0.1), whatever `headers` says.
   */
  viewerIp?: string;
  /** Call around the edge (the execute-api URL): no edge headers are added, only what `headers` says. */
  aroundEdge?: boolean;
}

export interface InvokeResult {
  status: number;
  headers: Record<string, string>;
  body: any;
  raw: ApiResult;
}

export interface IntegrationContext {
  db: Db;
  tableName: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
  endpoints: { dynamodb: string; s3: string; cognito: string };
  createUser(opts?: { email?: string; firstName?: string; lastName?: string }): Promise<TestUser>;
  invoke(method: string, path: string, opts?: InvokeOptions): Promise<InvokeResult>;
  /** Sign a token with cognito-local's (public) key: for expired, foreign-client or wrong-issuer tokens. */
  forgeToken(claims: Record<string, unknown>): string;
}

export async function setupIntegration(): Promise<IntegrationContext> {
  const endpoints = inject('endpoints');
  const id = randomUUID().slice(0, 8);
  const tableName = `test-${id}`;
  const cognito = cognitoClient(endpoints.cognito);
  const pool = await cognito.send(new CreateUserPoolCommand({ PoolName: `pool-${id}`, UsernameAttributes: ['email'] }));
  const userPoolId = pool.UserPool!.Id!;
  const client = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  cognito.destroy();
  const clientId = client.UserPoolClient!.ClientId!;
  const issuer = `${endpoints.cognito}/${userPoolId}`;

  Object.assign(process.env, {
    APP_STAGE: 'local',
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: endpoints.dynamodb,
    PRIVATE_BUCKET: `private-${id}`,
    PUBLIC_BUCKET: `public-${id}`,
    S3_ENDPOINT: endpoints.s3,
    S3_PUBLIC_ENDPOINT: endpoints.s3,
    COGNITO_USER_POOL_ID: userPoolId,
    COGNITO_CLIENT_ID: clientId,
    COGNITO_ISSUER: issuer,
    COGNITO_JWKS_URI: `${issuer}/.well-known/jwks.json`,
    LOCAL_CONFIRMATION_CODE: '123456',
    COGNITO_ENDPOINT: endpoints.cognito,
  });
  await ensureTable(endpoints.dynamodb, tableName);
  await ensureBuckets(endpoints.s3, [`private-${id}`, `public-${id}`], 'http://localhost:3000');
  const db = createDb({ tableName, endpoint: endpoints.dynamodb });

  const pem = JSON.parse(readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8'))
    .pem as string;

  return {
    db,
    tableName,
    userPoolId,
    clientId,
    issuer,
    endpoints,
    async createUser(opts = {}) {
      const email = opts.email ?? `user-${randomUUID().slice(0, 8)}@example.test`;
      const password = 'Test-pass-1';
      const sub = await ensureAccount(endpoints.cognito, userPoolId, clientId, {
        email,
        password,
        firstName: opts.firstName,
        lastName: opts.lastName,
      });
      const tokens = await signIn(endpoints.cognito, clientId, email, password);
      return { sub, email, password, idToken: tokens.idToken, accessToken: tokens.accessToken };
    },
    async invoke(method, path, opts = {}) {
      const url = new URL(path, 'http://localhost');
      const match = matchRoute(method, url.pathname);
      if (!match || 'methodNotAllowed' in match) throw new Error(`No route for ${method} ${url.pathname}`);
      const headers: Record<string, string> = { host: 'localhost', ...(opts.headers ?? {}) };
      let body: Buffer = Buffer.alloc(0);
      if (opts.body !== undefined) {
        if (Buffer.isBuffer(opts.body)) body = opts.body;
        else if (typeof opts.body === 'string') body = Buffer.from(opts.body);
        else {
          body = Buffer.from(JSON.stringify(opts.body));
          headers['content-type'] ??= 'application/json';
        }
      }
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const edgeToken = process.env.ORIGIN_VERIFY_SECRET;
      if (edgeToken && !opts.aroundEdge) {
        headers[ORIGIN_VERIFY_HEADER] = edgeToken;
        headers[VIEWER_IP_HEADER] = opts.viewerIp ?? '127.0.0.1';
      }
      let claims: Record<string, unknown> | null = null;
      if (match.route.auth === 'user' && !opts.bypassGateway) {
        const token = bearerToken(headers);
        const verified = token ? await verifyToken(token).catch(() => null) : null;
        if (!verified) {
          const raw = { statusCode: 401, body: JSON.stringify({ message: 'Unauthorized' }) } as ApiResult;
          return { status: 401, headers: {}, body: { message: 'Unauthorized' }, raw };
        }
        claims = verified.claims;
      }
      const event: ApiEvent = buildEvent({ method, headers }, url, match.route, match.pathParameters, body, claims);
      const handler = await loadHandler(match.route.group);
      const raw = await handler(event, {});
      const resHeaders = (raw.headers ?? {}) as Record<string, string>;
      let parsed: unknown = raw.body;
      // A binary body (base64) is decoded as the gateway would; a gzip one is parsed only when uncompressed.
      const binary = raw.isBase64Encoded && raw.body ? Buffer.from(raw.body, 'base64') : null;
      if (binary) parsed = resHeaders['content-encoding'] ? binary : binary.toString('utf8');
      if (typeof parsed === 'string' && parsed && String(resHeaders['content-type'] ?? '').includes('json'))
        parsed = JSON.parse(parsed);
      // The API contract: a success must match the response schema its route names (drift fails the test).
      const drift = responseDrift(match.route, raw.statusCode ?? 200, parsed);
      if (drift) throw new Error(drift);
      return { status: raw.statusCode ?? 200, headers: resHeaders, body: parsed, raw };
    },
    forgeToken(claims) {
      const now = Math.floor(Date.now() / 1000);
      return sign(
        {
          iss: issuer,
          aud: clientId,
          token_use: 'id',
          sub: randomUUID(),
          email: 'forged@example.test',
          iat: now,
          exp: now + 3600,
          ...claims,
        },
        pem,
        'CognitoLocal',
      );
    },
  };
}

const cache = new Map<Group, Promise<(e: ApiEvent, c: unknown) => Promise<ApiResult>>>();
function loadHandler(group: Group) {
  let h = cache.get(group);
  if (!h) {
    h = import(`../../${groupEntryPath(group)}`).then((m) => m.handler);
    cache.set(group, h);
  }
  return h;
}
