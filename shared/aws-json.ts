/**
 * Calls to AWS services that speak the JSON protocol (DynamoDB, Cognito user pools, Secrets Manager, Step
 * Functions, Rekognition) through
 * `@aws-lite/client`: SigV4 (aws4), credentials from the environment (Lambda) or the profile files, keep-alive,
 * and retries of throttling, transient and connection errors (three attempts, the SDK's default). The API
 * functions used to bundle the SDK v3 clients for these three; their load alone was over the 100 ms budget of a
 * cold module load (docs/performance.md, "Lambda weight"; docs/decisions.md, "A lighter AWS client"). S3 (REST
 * and XML) has its own light client, functions/lib/s3.ts.
 *
 * A failed call throws an AwsServiceError shaped as the SDK's exceptions are where our code reads them
 * (shared/errors.ts thrownInfo): `name` is the service's exception (e.g. `UserNotFoundException`),
 * `$metadata.httpStatusCode` is set, and what else the service answered is kept in `details`.
 */
import awsLite from '@aws-lite/client';

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

/** aws-lite's error (the service's answer spread on an Error, with statusCode and headers) in the SDK's shape. */
function toServiceError(err: unknown, what: string): unknown {
  if (!(err instanceof Error) || !('statusCode' in err) || typeof err.statusCode !== 'number') return err;
  const headers = 'headers' in err && isRaw(err.headers) ? err.headers : {};
  // REST services (Lambda) name the error in a header ("ResourceNotFoundException:http://…"); JSON ones in __type
  const type =
    text(headers['x-amzn-errortype'])?.split(':')[0] ||
    text('__type' in err ? err.__type : undefined) ||
    text('code' in err ? err.code : undefined) ||
    'UnknownError';
  const name = type.slice(type.lastIndexOf('#') + 1);
  // aws-lite prefixes the service's message with where it came from
  const message = err.message.replace(/^@aws-lite\/client: [^:]*: /, '');
  const details: Raw = {};
  for (const [k, v] of Object.entries(err))
    if (!['statusCode', 'headers', 'message', 'name', 'code', '__type', 'time', 'service'].includes(k)) details[k] = v;
  return new AwsServiceError(
    name,
    message || `${what} failed: ${name}`,
    { httpStatusCode: err.statusCode, requestId: text(headers['x-amzn-requestid']) },
    details,
  );
}

export interface AwsJsonOptions {
  region: string;
  /** a local emulator (DynamoDB Local, cognito-local, the local Step Functions) or a test's fake: fixed credentials */
  endpoint?: string;
}

type AwsLite = Awaited<ReturnType<typeof awsLite>>;

/** An aws-lite client made on the first call (it reads credentials then), made again after a failed start. */
function lazyClient(options: AwsJsonOptions): () => Promise<AwsLite> {
  let client: Promise<AwsLite> | undefined;
  return () =>
    (client ??= awsLite({
      region: options.region,
      autoloadPlugins: false,
      plugins: [],
      // answers are JSON-parsed, never unmarshalled by aws-lite (the DynamoDB client does it per command)
      responseContentType: 'application/json',
      // the SDK's default: three attempts
      retries: 2,
      ...(options.endpoint
        ? { endpoint: options.endpoint, accessKeyId: 'local', secretAccessKey: 'local', keepAlive: true }
        : {}),
    }).catch((err: unknown) => {
      client = undefined;
      throw err;
    }));
}

/**
 * Lambda's asynchronous Invoke (REST-JSON: POST /2015-03-31/functions/{name}/invocations with
 * X-Amz-Invocation-Type: Event; Lambda answers 202 once the event is queued). The function is named by its
 * name (the last part of an ARN's function path), which needs no escaping in the path.
 */
export function lambdaEventInvoker(options: AwsJsonOptions) {
  const lite = lazyClient(options);
  return async (functionName: string, event: Raw): Promise<{ statusCode: number }> => {
    const aws = await lite();
    try {
      const res = await aws({
        service: 'lambda',
        method: 'POST',
        path: `/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`,
        headers: { 'x-amz-invocation-type': 'Event' },
        payload: event,
      });
      return { statusCode: res.statusCode };
    } catch (err) {
      throw toServiceError(err, `lambda Invoke ${functionName}`);
    }
  };
}

/** One service's caller. */
export function awsJsonCaller(service: AwsJsonService, options: AwsJsonOptions) {
  const lite = lazyClient(options);
  const { target, contentType } = AWS_JSON_SERVICES[service];
  return async (operation: string, payload: Raw): Promise<{ raw: Raw; $metadata: AwsMetadata }> => {
    const aws = await lite();
    try {
      const res = await aws({
        service,
        method: 'POST',
        path: '/',
        headers: { 'content-type': contentType, 'x-amz-target': `${target}.${operation}` },
        payload,
        awsjson: false,
      });
      const raw: Raw = isRaw(res.payload) ? res.payload : {};
      const headers: Raw = res.headers;
      return { raw, $metadata: { httpStatusCode: res.statusCode, requestId: text(headers['x-amzn-requestid']) } };
    } catch (err) {
      throw toServiceError(err, `${service} ${operation}`);
    }
  };
}
