/**
 * The one logger of every function (Powertools). API handlers get the Lambda context and a correlation id
 * injected by their middy pipeline (functions/lib/http.ts); scheduled jobs are wrapped with withLogging().
 * Services import the logger from here, never from the HTTP layer.
 *
 * Correlation id: the caller's `x-correlation-id` header when it is a plain token (so a client or an upstream
 * service can follow one request through the logs), otherwise API Gateway's request id.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';

export const logger = new Logger({ serviceName: 'tryon-api', logLevel: (process.env.LOG_LEVEL as 'INFO') ?? 'INFO' });

export const CORRELATION_HEADER = 'x-correlation-id';
const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

interface MaybeHttpEvent {
  headers?: Record<string, string | undefined> | null;
  requestContext?: { requestId?: string };
}

/** The correlation id of an API event: a well-formed x-correlation-id header, else the API Gateway request id. */
export function correlationIdOf(event: unknown): string | undefined {
  const e = (event ?? {}) as MaybeHttpEvent;
  const headers = e.headers ?? {};
  const given =
    headers[CORRELATION_HEADER] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === CORRELATION_HEADER)?.[1];
  if (given && CORRELATION_ID.test(given)) return given;
  return e.requestContext?.requestId;
}

/** Middy middlewares of an API handler: the Lambda context on every line, keys reset per call, the correlation id. */
export function loggingMiddlewares<E, R>(): middy.MiddlewareObj<E, R>[] {
  return [
    injectLambdaContext(logger, { resetKeys: true }),
    {
      before: async (request) => {
        const id = correlationIdOf(request.event);
        if (id) logger.setCorrelationId(id);
      },
    },
  ];
}

/** A scheduled or asynchronous job's handler with the Lambda context injected into its log lines. */
export function withLogging<E, R>(fn: (event: E) => Promise<R>) {
  return middy<E, R>(async (event: E) => fn(event)).use(injectLambdaContext(logger, { resetKeys: true }));
}
