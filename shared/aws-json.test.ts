/**
 * The JSON-protocol caller for the services the API functions call without the SDK: each service's target, content
 * type and signing name on the wire (what Cognito and Secrets Manager expect; DynamoDB's are in
 * repositories/dynamo-client.test.ts), and their errors in the SDK's shape. Answers as the services document them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AwsServiceError, awsJsonCaller, lambdaEventInvoker } from './aws-json';
import { functionNameOf } from '../functions/lib/lambda-invoke';

let server: Server;
let endpoint: string;
const seen: {
  target?: string;
  contentType?: string;
  authorization?: string;
  body: string;
  method?: string;
  url?: string;
  invocationType?: string;
}[] = [];
let next: [number, unknown] = [200, {}];
let nextHeaders: Record<string, string> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({
        target: req.headers['x-amz-target']?.toString(),
        contentType: req.headers['content-type'],
        authorization: req.headers.authorization,
        body,
        method: req.method,
        url: req.url,
        invocationType: req.headers['x-amz-invocation-type']?.toString(),
      });
      res.writeHead(next[0], {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-requestid': 'r-9',
        ...nextHeaders,
      });
      res.end(next[1] === undefined ? '' : JSON.stringify(next[1]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('awsJsonCaller', () => {
  it("sends Secrets Manager's GetSecretValue as its JSON 1.1 protocol wants, signed for secretsmanager", async () => {
    seen.length = 0;
    next = [200, { ARN: 'arn:x', SecretString: '{"secretKey":"sk"}', VersionStages: ['AWSCURRENT'] }];
    const call = awsJsonCaller('secretsmanager', { region: 'eu-west-1', endpoint });
    const { raw, $metadata } = await call('GetSecretValue', { SecretId: 'arn:x', VersionStage: 'AWSPREVIOUS' });
    expect(raw.SecretString).toBe('{"secretKey":"sk"}');
    expect($metadata).toEqual({ httpStatusCode: 200, requestId: 'r-9' });
    expect(seen[0]).toMatchObject({
      target: 'secretsmanager.GetSecretValue',
      contentType: 'application/x-amz-json-1.1',
      authorization: expect.stringMatching(/Credential=local\/\d{8}\/eu-west-1\/secretsmanager\/aws4_request/),
    });
    expect(JSON.parse(seen[0]!.body)).toEqual({ SecretId: 'arn:x', VersionStage: 'AWSPREVIOUS' });
  });

  it("sends Cognito's calls under AWSCognitoIdentityProviderService, signed for cognito-idp, and names its errors", async () => {
    seen.length = 0;
    next = [400, { __type: 'UserNotFoundException', message: 'User does not exist.' }];
    const call = awsJsonCaller('cognito-idp', { region: 'eu-west-1', endpoint });
    const err = await call('AdminGetUser', { UserPoolId: 'p', Username: 'u' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AwsServiceError);
    expect(err).toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
      $metadata: { httpStatusCode: 400, requestId: 'r-9' },
    });
    expect(seen).toHaveLength(1); // a client error is not retried
    expect(seen[0]).toMatchObject({
      target: 'AWSCognitoIdentityProviderService.AdminGetUser',
      contentType: 'application/x-amz-json-1.1',
      authorization: expect.stringMatching(/\/eu-west-1\/cognito-idp\/aws4_request/),
    });
  });
});

describe("lambdaEventInvoker (Lambda's REST-JSON Invoke)", () => {
  it('queues the event: POST to the function by name, X-Amz-Invocation-Type Event, JSON body, signed for lambda', async () => {
    seen.length = 0;
    next = [202, undefined];
    nextHeaders = {};
    const invoke = lambdaEventInvoker({ region: 'eu-west-1', endpoint });
    const name = functionNameOf('arn:aws:lambda:eu-west-1:123456789012:function:Tryon-prod-render-worker');
    expect(name).toBe('Tryon-prod-render-worker');
    expect(await invoke(name, { generationId: 'g1', provider: 'engine' })).toEqual({ statusCode: 202 });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/2015-03-31/functions/Tryon-prod-render-worker/invocations',
      invocationType: 'Event',
      authorization: expect.stringMatching(/Credential=local\/\d{8}\/eu-west-1\/lambda\/aws4_request/),
    });
    expect(JSON.parse(seen[0]!.body)).toEqual({ generationId: 'g1', provider: 'engine' });
  });

  it("names Lambda's errors from x-amzn-ErrorType (its REST answers carry no __type)", async () => {
    next = [404, { Type: 'User', message: 'Function not found: arn:aws:lambda:eu-west-1:1:function:gone' }];
    nextHeaders = {
      'x-amzn-errortype': 'ResourceNotFoundException:http://internal.amazon.com/coral/com.amazonaws.awsgirapi/',
    };
    const err = await lambdaEventInvoker({ region: 'eu-west-1', endpoint })('gone', {}).catch((e: unknown) => e);
    nextHeaders = {};
    expect(err).toBeInstanceOf(AwsServiceError);
    expect(err).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Function not found: arn:aws:lambda:eu-west-1:1:function:gone',
      $metadata: { httpStatusCode: 404 },
    });
  });
});
