/**
 * Calls to AWS services that speak the JSON protocol (DynamoDB, Cognito user pools, Secrets Manager, Step
 * Functions, Rekognition) and Lambda's asynchronous Invoke (REST-JSON), over ./aws-http.ts (SigV4, keep-alive,
 * the SDK's retry rule; a JSON service's throttling answer is a 400 named in its body, retried as the SDK does).
 * The API functions used to bundle the SDK v3 clients for these, then @aws-lite/client; each was a large part of
 * the 100 ms budget of a cold module load (docs/performance.md, "Lambda weight"; docs/decisions.md, "A lighter
 * AWS client"). S3 (REST and XML) has its own client on the same transport, functions/lib/s3.ts.
 *
 * A failed call throws an AwsServiceError shaped as the SDK's exceptions are where our code reads them
 * (shared/errors.ts thrownInfo): `name` is the service's exception (e.g. `UserNotFoundException`),
 * `$metadata.httpStatusCode` is set, and what else the service answered is kept in `details`.
 */
import { environmentCredentials, sendAws, type AwsCredentials, type AwsHttpResponse } from './aws-http';

export type Raw = Record<string, unknown>;
export type AwsMetadata = { httpStatusCode?: number; requestId?: string };

export const isRaw = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
export const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The services, with their JSON protocol's target prefix and content type. */
export const AWS_JSON_SERVICES = {
  dynamodb: { target: 'DynamoDB_20120810', contentType: 'application/x-amz-json-1.0' },
  'cognito-idp': { target: 'AWSCognitoIdentityProviderService', contentType: 'application/x-amz-json-1.1' },
  secretsmanager: { target: 'secretsmanager', contentType: 'application/x-amz-json-1.1' },
  states: { target: 'AWSStepFunctions', contentType: 'application/x-amz-json-1.0' },
  rekognition: { target: 'RekognitionService', contentType: 'application/x-amz-json-1.1' },
} as const;
export type AwsJsonService = keyof typeof AWS_JSON_SERVICES;

export class AwsServiceError extends Error {
  constructor(
    name: string,
    message: string,
    readonly $metadata: AwsMetadata,
    /** the rest of the service's answer (e.g. a cancelled transaction's CancellationReasons) */
    readonly details: Raw,
  ) {
    super(message);
    this.name = name;
  }
}

/**
 * The SDK's throttling and transient error codes (its retry rule): a JSON service answers them as a 400 (or 5xx)
 * with the code in the body's __type.
 */
const RETRYABLE_TYPES = new Set([
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'RequestThrottledException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'TransactionInProgressException',
  'RequestLimitExceeded',
  'BandwidthLimitExceeded',
  'LimitExceededException',
  'RequestThrottled',
  'SlowDown',
  'PriorRequestNotComplete',
  'EC2ThrottledException',
  'RequestTimeout',
  'RequestTimeoutException',
]);

const parseJson = (body: Buffer): unknown => {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
};

/** The exception's name: REST services (Lambda) say it in a header ("ResourceNotFoundException:http://…"). */
function errorType(res: AwsHttpResponse, body: Raw): string {
  const type =
    text(res.headers['x-amzn-errortype'])?.split(':')[0] || text(body.__type) || text(body.code) || 'UnknownError';
  return type.slice(type.lastIndexOf('#') + 1);
}

const isRetryable = (res: AwsHttpResponse): boolean => {
  if (res.status !== 400) return false;
  const body = parseJson(res.body);
  return RETRYABLE_TYPES.has(errorType(res, isRaw(body) ? body : {}));
};

/** A failed answer in the SDK's shape. */
function serviceError(res: AwsHttpResponse, what: string): AwsServiceError {
  const parsed = parseJson(res.body);
  const body: Raw = isRaw(parsed) ? parsed : {};
  const name = errorType(res, body);
  const message = text(body.message) ?? text(body.Message) ?? '';
  const details: Raw = {};
  for (const [k, v] of Object.entries(body)) if (!['message', 'Message', '__type', 'code'].includes(k)) details[k] = v;
  return new AwsServiceError(
    name,
    message || `${what} failed: ${name}`,
    { httpStatusCode: res.status, requestId: text(res.headers['x-amzn-requestid']) },
    details,
  );
}

export interface AwsJsonOptions {
  region: string;
  /** a local emulator (DynamoDB Local, cognito-local, the local Step Functions) or a test's fake: fixed credentials */
  endpoint?: string;
}

/** Where a service is, and with what credentials: a local endpoint's fixed ones, else the environment's. */
function target(service: string, options: AwsJsonOptions) {
  const url = new URL(options.endpoint ?? `https://${service}.${options.region}.amazonaws.com`);
  const credentials = (): AwsCredentials =>
    options.endpoint ? { accessKeyId: 'local', secretAccessKey: 'local' } : environmentCredentials();
  return {
    protocol: url.protocol === 'https:' ? ('https:' as const) : ('http:' as const),
    host: url.host,
    base: url.pathname.replace(/\/$/, ''),
    credentials,
  };
}

const jsonBody = (payload: Raw) => Buffer.from(JSON.stringify(payload), 'utf8');

/**
 * Lambda's asynchronous Invoke (REST-JSON: POST /2015-03-31/functions/{name}/invocations with
 * X-Amz-Invocation-Type: Event; Lambda answers 202 once the event is queued). The function is named by its
 * name (the last part of an ARN's function path), which needs no escaping in the path.
 */
export function lambdaEventInvoker(options: AwsJsonOptions) {
  const t = target('lambda', options);
  return async (functionName: string, event: Raw): Promise<{ statusCode: number }> => {
    const res = await sendAws(
      {
        service: 'lambda',
        region: options.region,
        protocol: t.protocol,
        host: t.host,
        method: 'POST',
        path: `${t.base}/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`,
        headers: { 'content-type': 'application/json', 'x-amz-invocation-type': 'Event' },
        body: jsonBody(event),
      },
      t.credentials,
      isRetryable,
    );
    if (res.status < 200 || res.status > 299) throw serviceError(res, `lambda Invoke ${functionName}`);
    return { statusCode: res.status };
  };
}

/** One service's caller. */
export function awsJsonCaller(service: AwsJsonService, options: AwsJsonOptions) {
  const t = target(service, options);
  const { target: prefix, contentType } = AWS_JSON_SERVICES[service];
  return async (operation: string, payload: Raw): Promise<{ raw: Raw; $metadata: AwsMetadata }> => {
    const res = await sendAws(
      {
        service,
        region: options.region,
        protocol: t.protocol,
        host: t.host,
        method: 'POST',
        path: `${t.base}/`,
        headers: { 'content-type': contentType, 'x-amz-target': `${prefix}.${operation}` },
        body: jsonBody(payload),
      },
      t.credentials,
      isRetryable,
    );
    if (res.status < 200 || res.status > 299) throw serviceError(res, `${service} ${operation}`);
    const parsed = parseJson(res.body);
    return {
      raw: isRaw(parsed) ? parsed : {},
      $metadata: { httpStatusCode: res.status, requestId: text(res.headers['x-amzn-requestid']) },
    };
  };
}
