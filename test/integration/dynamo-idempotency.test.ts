/**
 * Issue 41, item 1: a transaction whose commit's answer is lost is retried by the SDK and applies ONCE. The
 * repositories' client (shared/repositories/dynamo-client.ts, the SDK's document client) sends each
 * TransactWriteItems with a ClientRequestToken and keeps it across its retries; DynamoDB (here DynamoDB Local)
 * answers a retry with the same token from the first commit instead of applying it again. The hand-written
 * transport it replaced sent no token: the control below strips the token and sees the same retry apply twice.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { HttpRequest } from '@smithy/types';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../infra/local/stack';
import { DocClient } from '../../shared/repositories/dynamo-client';
import type { Db } from '../../shared/repositories/table';
import { getItem, putItem, transact, tx, update } from '../../shared/repositories/toolkit';

const region = 'eu-west-1';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
let endpoint: string;
let tableName: string;

beforeAll(async () => {
  endpoint = inject('endpoints').dynamodb;
  tableName = `test-idem-${randomUUID().slice(0, 8)}`;
  await ensureTable(endpoint, tableName);
});

/** A serialized request's JSON body (a string, or bytes) */
const bodyOf = (request: HttpRequest): Record<string, unknown> => {
  const body: unknown = request.body;
  const text = typeof body === 'string' ? body : Buffer.from(body as Uint8Array).toString('utf8');
  return JSON.parse(text) as Record<string, unknown>;
};

/**
 * A request handler that sends each request to DynamoDB Local, and for the first TransactWriteItems throws a
 * connection reset after DynamoDB has committed it (the answer is lost on the way back): a retryable error.
 */
function losingFirstTransactionAnswer() {
  const real = new DynamoDBClient({ region, endpoint, credentials }).config.requestHandler;
  const seen = { transactions: 0, lost: 0, tokens: [] as (string | undefined)[] };
  const handler = {
    async handle(request: HttpRequest, options?: Record<string, unknown>) {
      const transaction = String(request.headers['x-amz-target']).endsWith('.TransactWriteItems');
      if (transaction) {
        seen.transactions++;
        seen.tokens.push(bodyOf(request).ClientRequestToken as string | undefined);
      }
      const res = await real.handle(request, options);
      if (transaction && seen.lost === 0) {
        seen.lost++;
        (res.response.body as NodeJS.ReadableStream | undefined)?.resume();
        throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      }
      return res;
    },
  };
  return { handler, seen };
}

/** A Db on DynamoDB Local whose client loses the first transaction's answer; `stripToken` plays the old transport. */
function dbLosingAnAnswer(opts: { stripToken?: boolean } = {}) {
  const { handler, seen } = losingFirstTransactionAnswer();
  const doc = new DocClient({ region, endpoint, sdk: { requestHandler: handler } });
  if (opts.stripToken)
    // before signing and Content-Length (the build step): the request as a transport without a token sends it
    doc.sdk().middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as HttpRequest;
        if (String(request.headers['x-amz-target']).endsWith('.TransactWriteItems')) {
          const body = bodyOf(request);
          delete body.ClientRequestToken;
          request.body = JSON.stringify(body);
          delete request.headers['content-length'];
        }
        return next(args);
      },
      { step: 'build', priority: 'high', name: 'stripClientRequestToken' },
    );
  const db: Db = { doc, tableName };
  return { db, seen };
}

/**
 * A counter at 0 (written by a client that loses nothing), then ONE transaction through `db` that adds 1 to it
 * and records the movement; the counter's value after it.
 */
async function addOnceWithALostAnswer(db: Db): Promise<number> {
  const plain: Db = { doc: new DocClient({ region, endpoint }), tableName };
  const key = { pk: `COUNTER#${randomUUID()}`, sk: 'COUNTER' };
  await putItem(plain, { ...key, n: 0 });
  await transact(db, [
    tx.update(db, key, update<{ n: number }>().add({ n: 1 })),
    tx.put(db, { pk: key.pk, sk: `MOVE#${randomUUID()}` }),
  ]);
  const item = await getItem(plain, key, { consistent: true });
  plain.doc.destroy();
  return Number(item?.n);
}

describe('a transaction whose answer is lost', () => {
  it('is retried by the SDK with the same ClientRequestToken and applies once', async () => {
    const { db, seen } = dbLosingAnAnswer();
    expect(await addOnceWithALostAnswer(db)).toBe(1);
    expect(seen).toMatchObject({ transactions: 2, lost: 1 });
    expect(seen.tokens[0]).toEqual(expect.any(String));
    expect(seen.tokens[1]).toBe(seen.tokens[0]);
  });

  it('control: the same lost answer without a token applies twice (what the hand-written transport did)', async () => {
    const { db, seen } = dbLosingAnAnswer({ stripToken: true });
    expect(await addOnceWithALostAnswer(db)).toBe(2);
    expect(seen).toMatchObject({ transactions: 2, lost: 1 });
    expect(seen.tokens).toEqual([undefined, undefined]);
  });
});
