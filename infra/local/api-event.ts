/** Builds API Gateway HTTP API (payload 2.0) events from Node requests, as the deployed gateway would. */
import { randomUUID } from 'node:crypto';
import type { RouteDef } from '../../shared/routes';
import { routeKey } from '../../shared/routes';
import type { ApiEvent } from '../../functions/lib/http';

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|.*\+json)|text\/)/i;

/** A request as the gateway sees it (a Node IncomingMessage fits, and so does a test's plain object). */
export interface RawRequest {
  method?: string;
  headers: Record<string, string | string[] | undefined>;
  httpVersion?: string;
  socket?: { remoteAddress?: string };
}

export function buildEvent(
  req: RawRequest,
  url: URL,
  route: RouteDef,
  pathParameters: Record<string, string>,
  body: Buffer,
  claims: Record<string, unknown> | null,
): ApiEvent {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'cookie') continue;
    headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  }
  const cookieHeader = req.headers.cookie;
  const cookies =
    typeof cookieHeader === 'string'
      ? cookieHeader
          .split(';')
          .map((c) => c.trim())
          .filter(Boolean)
      : undefined;
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const now = new Date();
  const key = routeKey(route);
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion ?? '1.1'}`,
        sourceIp: req.socket?.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
      ...(claims ? { authorizer: { jwt: { claims, scopes: [] } } } : {}),
    },
  } as ApiEvent;
}

export function lambdaContext(functionName: string) {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
