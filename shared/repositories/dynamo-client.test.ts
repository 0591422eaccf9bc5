/**
 * The repositories' DynamoDB client (the SDK v3 document client, configured here) at the HTTP boundary: what it
 * puts on the wire (DynamoDB's JSON protocol, signed, documents marshalled as the repositories expect), the
 * transaction token kept across retries, how errors read, what it retries. The answers are DynamoDB's documented
 * ones (a throttled call is what DynamoDB Local never gives); the repositories' integration tests run the same
 * client against DynamoDB Local (test/integration/dynamo-idempotency.test.ts: a lost answer applies once).
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  BatchWriteCommand,
  DocClient,
  GetCommand,
  operationOf,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from './dynamo-client';

interface Seen {
  target: string;
  authorization: string;
  contentType: string;
  body: Record<string, unknown>;
}

let server: Server;
let endpoint: string;
const seen: Seen[] = [];
/** The next answers, in order: [status, body, extra headers]; the last one repeats. */
let answers: [number, unknown, Record<string, string>?][] = [];

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((text) => {
      seen.push({
        target: String(req.headers['x-amz-target']),
        authorization: String(req.headers.authorization),
        contentType: String(req.headers['content-type']),
        body: JSON.parse(text) as Record<string, unknown>,
      });
      const [status, body, headers] = answers.length > 1 ? answers.shift()! : answers[0]!;
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'req-1', ...headers });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => new DocClient({ region: 'eu-west-1', endpoint });
const answer = (...a: typeof answers) => {
  answers = a;
  seen.length = 0;
};

describe('the DynamoDB document client', () => {
  it('sends a signed JSON-protocol call with the document marshalled, and unmarshals the answer', async () => {
    answer([
      200,
      { Item: { pk: { S: 'USER#1' }, credits: { N: '12' }, tags: { L: [{ S: 'a' }] }, gone: { NULL: true } } },
    ]);
    const out = await client().send(new GetCommand({ TableName: 't', Key: { pk: 'USER#1', sk: 'PROFILE' } }));
    expect(out.Item).toEqual({ pk: 'USER#1', credits: 12, tags: ['a'], gone: null });
    expect(out.$metadata.httpStatusCode).toBe(200);
    const [call] = seen;
    expect(call!.target).toBe('DynamoDB_20120810.GetItem');
    expect(call!.contentType).toBe('application/x-amz-json-1.0');
    expect(call!.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=local\/\d{8}\/eu-west-1\/dynamodb\/aws4_request, /,
    );
    expect(call!.body).toEqual({ TableName: 't', Key: { pk: { S: 'USER#1' }, sk: { S: 'PROFILE' } } });
  });

  it('marshals expression values (dropping undefined ones), transaction items and batch writes; unmarshals pages', async () => {
    answer([200, {}]);
    await client().send(
      new UpdateCommand({
        TableName: 't',
        Key: { pk: 'A', sk: 'B' },
        UpdateExpression: 'SET n = n + :one',
        ExpressionAttributeValues: { ':one': 1, ':nothing': undefined },
      }),
    );
    expect(seen[0]!.body.ExpressionAttributeValues).toEqual({ ':one': { N: '1' } });
    await client().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: 't',
              Item: { pk: 'A', sk: 'B', on: true },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            ConditionCheck: {
              TableName: 't',
              Key: { pk: 'C', sk: 'D' },
              ConditionExpression: 'v = :v',
              ExpressionAttributeValues: { ':v': 'x' },
            },
          },
          { Delete: { TableName: 't', Key: { pk: 'E', sk: 'F' } } },
        ],
      }),
    );
    expect(seen[1]!.body.TransactItems).toEqual([
      {
        Put: {
          TableName: 't',
          Item: { pk: { S: 'A' }, sk: { S: 'B' }, on: { BOOL: true } },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        ConditionCheck: {
          TableName: 't',
          Key: { pk: { S: 'C' }, sk: { S: 'D' } },
          ConditionExpression: 'v = :v',
          ExpressionAttributeValues: { ':v': { S: 'x' } },
        },
      },
      { Delete: { TableName: 't', Key: { pk: { S: 'E' }, sk: { S: 'F' } } } },
    ]);
    answer([200, { UnprocessedItems: { t: [{ DeleteRequest: { Key: { pk: { S: 'G' }, sk: { S: 'H' } } } }] } }]);
    const batch = await client().send(
      new BatchWriteCommand({
        RequestItems: {
          t: [{ PutRequest: { Item: { pk: 'G', sk: 'H', n: 2 } } }, { DeleteRequest: { Key: { pk: 'G', sk: 'H' } } }],
        },
      }),
    );
    expect(seen[0]!.body.RequestItems).toEqual({
      t: [
        { PutRequest: { Item: { pk: { S: 'G' }, sk: { S: 'H' }, n: { N: '2' } } } },
        { DeleteRequest: { Key: { pk: { S: 'G' }, sk: { S: 'H' } } } },
      ],
    });
    expect(batch.UnprocessedItems).toEqual({ t: [{ DeleteRequest: { Key: { pk: 'G', sk: 'H' } } }] });
    answer([200, { Items: [{ pk: { S: 'A' } }], Count: 1, LastEvaluatedKey: { pk: { S: 'A' }, sk: { S: 'B' } } }]);
    const page = await client().send(
      new QueryCommand({
        TableName: 't',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'A' },
        ExclusiveStartKey: { pk: 'A', sk: 'A' },
      }),
    );
    expect(seen[0]!.body.ExclusiveStartKey).toEqual({ pk: { S: 'A' }, sk: { S: 'A' } });
    expect(page).toMatchObject({ Items: [{ pk: 'A' }], Count: 1, LastEvaluatedKey: { pk: 'A', sk: 'B' } });
  });

  it("answers DynamoDB's errors in the SDK's shape: the exception's name, the cancellation reasons, $metadata", async () => {
    answer([
      400,
      {
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        Message:
          'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Item: { n: { N: '3' } } }],
      },
    ]);
    const err = await client()
      .send(new TransactWriteCommand({ TransactItems: [] }))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      name: 'TransactionCanceledException',
      message: expect.stringMatching(/^Transaction cancelled/),
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
      $metadata: { httpStatusCode: 400, requestId: 'req-1' },
    });
    expect(seen).toHaveLength(1); // not retried
    answer([
      400,
      {
        __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
        message: 'The conditional request failed',
      },
    ]);
    await expect(client().send(new GetCommand({ TableName: 't', Key: { pk: 'A' } }))).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
      message: 'The conditional request failed',
    });
  });

  it("retries a throttled call with the SDK's standard mode (DynamoDB: four attempts), then gives the throttling error", async () => {
    // the backoff is `Math.random() * base * 2^attempt` (500 ms base when throttled): up to 10 s over this test by
    // luck, which timed it out on a busy machine and let its late retries land in the next tests' `seen`. The count
    // of attempts is what is tested here, so the jitter is held at its low end.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    onTestFinished(() => random.mockRestore());
    const throttled: [number, unknown] = [
      400,
      { __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException', message: 'Rate exceeded' },
    ];
    answer(throttled, throttled, [200, { Item: { pk: { S: 'A' } } }]);
    expect((await client().send(new GetCommand({ TableName: 't', Key: { pk: 'A' } }))).Item).toEqual({ pk: 'A' });
    expect(seen).toHaveLength(3);
    answer(throttled);
    await expect(client().send(new GetCommand({ TableName: 't', Key: { pk: 'A' } }))).rejects.toMatchObject({
      name: 'ProvisionedThroughputExceededException',
      $metadata: { httpStatusCode: 400 },
    });
    expect(seen).toHaveLength(4);
    answer([500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'oops' }], [200, {}]);
    await client().send(new GetCommand({ TableName: 't', Key: { pk: 'A' } }));
    expect(seen).toHaveLength(2);
  });

  it('sends every transaction with a ClientRequestToken, the same on each retry of one call, a new one per call', async () => {
    const items = { TransactItems: [{ Put: { TableName: 't', Item: { pk: 'A', sk: 'B' } } }] };
    answer([500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'oops' }], [200, {}]);
    await client().send(new TransactWriteCommand(items));
    expect(seen).toHaveLength(2);
    const [first, retry] = seen.map((s) => s.body.ClientRequestToken);
    expect(first).toEqual(expect.stringMatching(/^[\w-]{16,36}$/));
    expect(retry).toBe(first);
    answer([200, {}]);
    await client().send(new TransactWriteCommand(items));
    expect(seen[0]!.body.ClientRequestToken).toEqual(expect.any(String));
    expect(seen[0]!.body.ClientRequestToken).not.toBe(first);
  });

  it('runs middlewares around each call with the document input and answer', async () => {
    answer([200, { Item: { pk: { S: 'A' } } }]);
    const c = client();
    const log: string[] = [];
    c.use('outer', async (command, next) => {
      const input: object = command.input;
      log.push(`${operationOf(command)} ${JSON.stringify('Key' in input ? input.Key : null)}`);
      const out = await next();
      const seenOut: object = out;
      log.push(`answer ${JSON.stringify('Item' in seenOut ? seenOut.Item : null)}`);
      return out;
    });
    c.use('stop', async () => ({ $metadata: {}, Item: { pk: 'stubbed' } }) as never);
    expect((await c.send(new GetCommand({ TableName: 't', Key: { pk: 'A' } }))).Item).toEqual({ pk: 'stubbed' });
    expect(seen).toHaveLength(0);
    c.remove('stop');
    expect((await c.send(new GetCommand({ TableName: 't', Key: { pk: 'A' } }))).Item).toEqual({ pk: 'A' });
    expect(log).toEqual(['GetItem {"pk":"A"}', 'answer {"pk":"stubbed"}', 'GetItem {"pk":"A"}', 'answer {"pk":"A"}']);
  });

  it('does not keep a process alive after its calls (idle keep-alive sockets)', async () => {
    answer([200, {}]);
    server.keepAliveTimeout = 60_000;
    const script = `
      import { DocClient, GetCommand } from ${JSON.stringify(path.resolve(import.meta.dirname, 'dynamo-client.ts'))};
      await new DocClient({ region: 'eu-west-1', endpoint: ${JSON.stringify(endpoint)} }).send(new GetCommand({ TableName: 't', Key: { pk: 'A' } }));
      console.log('sent');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    // the server would hold an idle socket for a minute: the child exiting long before says it did not wait on it
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(out.trim()).toBe('sent');
    expect(code).toBe(0);
    expect(seen).toHaveLength(1);
  }, 30_000);
});
