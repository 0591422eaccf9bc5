/**
 * What the API adds to the reads it needs (issue 28): GET /api/auth/user against its two DynamoDB reads (the
 * user item and the balance), side by side in one run, at concurrency 1, 10 and 50. Three paths, interleaved
 * round by round so the machine's load hits them alike:
 * - raw: the two GetItems (the repositories' getUser and getBalance, in turn, as the route reads them);
 * - handler: the endpoint group's Lambda handler called with an API Gateway event (no HTTP): the pipeline's cost;
 * - http: the request through the local HTTP API (keep-alive), as the SPA sends it.
 * Reported per path: p50 / p99 latency per request; the ratios are http / raw and handler / raw at p50.
 */
import { Agent, request } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../shared/repositories/keys';
import { getBalance } from '../../shared/repositories/ledger-repository';
import { getUser } from '../../shared/repositories/user-repository';
import type { Db } from '../../shared/repositories/table';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../shared/domain/edge';
import { matchRoute } from '../../shared/routes';
import { verifyToken } from '../../functions/lib/auth';
import { buildEvent } from '../../infra/local/api-event';
import { loadGroupHandler } from '../../infra/local/api-server';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

export interface OverheadRow {
  concurrency: number;
  n: number;
  raw: { p50: number; p99: number };
  handler: { p50: number; p99: number };
  http: { p50: number; p99: number };
  /** the same two reads through the SDK v3 document client (the client the repositories used before session 12) */
  rawSdk: { p50: number; p99: number };
  httpOverRaw: number;
  handlerOverRaw: number;
  /** raw (our client) over rawSdk at p50 */
  ourClientOverSdk: number;
}

type Op = () => Promise<void>;

/** `total` calls of op by `concurrency` workers; each call's latency. */
async function run(op: Op, concurrency: number, total: number): Promise<number[]> {
  const times: number[] = [];
  let left = total;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left > 0) {
        left--;
        const t = performance.now();
        await op();
        times.push(performance.now() - t);
      }
    }),
  );
  return times;
}

export async function benchApiOverhead(opts: {
  base: string;
  db: Db;
  /** DynamoDB Local, for the SDK v3 comparison */
  endpoint: string;
  token: string;
  userId: string;
  rounds: number;
  perRound: (concurrency: number) => number;
}): Promise<OverheadRow[]> {
  const { db, token, userId } = opts;
  const url = new URL('/api/auth/user', opts.base);
  const m = matchRoute('GET', url.pathname);
  if (!m || !('route' in m)) throw new Error('GET /api/auth/user is not in the route table');
  const handler = await loadGroupHandler(m.route.group);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });

  const raw: Op = async () => {
    const u = await getUser(db, userId);
    if (!u) throw new Error('the bench user is missing');
    await getBalance(db, userId);
  };
  const sdk = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: process.env.AWS_REGION ?? 'eu-west-1',
      endpoint: opts.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const rawSdk: Op = async () => {
    const u = await sdk.send(new GetCommand({ TableName: db.tableName, Key: keys.user(userId) }));
    if (!u.Item) throw new Error('the bench user is missing');
    await sdk.send(new GetCommand({ TableName: db.tableName, Key: keys.balance(userId), ConsistentRead: true }));
  };
  // the claims the gateway's JWT authorizer hands over (the local API verifies the token as API Gateway does)
  const claims = (await verifyToken(token)).claims;
  // and the headers the edge (CloudFront, played locally by the API server) adds
  const edge = { [ORIGIN_VERIFY_HEADER]: process.env.ORIGIN_VERIFY_SECRET ?? '', [VIEWER_IP_HEADER]: '127.0.0.1' };
  const viaHandler: Op = async () => {
    const event = buildEvent(
      { method: 'GET', headers: { ...edge, host: url.host, authorization: `Bearer ${token}` } },
      url,
      m.route,
      m.pathParameters,
      Buffer.alloc(0),
      claims,
    );
    const res = (await handler(event, {} as never)) as { statusCode?: number };
    if (res.statusCode !== 200) throw new Error(`handler answered ${res.statusCode}`);
  };
  const viaHttp: Op = () =>
    new Promise((resolve, reject) => {
      const send = (retry: boolean) => {
        const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
        });
        // a kept-alive socket the server closed while idle (between rounds): send once more on a new one, as
        // Node's documentation advises for reused sockets
        req.on('error', (err: NodeJS.ErrnoException) =>
          retry && req.reusedSocket && err.code === 'ECONNRESET' ? send(false) : reject(err),
        );
        req.end();
      };
      send(true);
    });

  const rows: OverheadRow[] = [];
  try {
    for (const concurrency of [1, 10, 50]) {
      const per = opts.perRound(concurrency);
      // warm every path (JWKS fetched, connections open, code compiled)
      for (const op of [raw, viaHandler, viaHttp, rawSdk]) await run(op, concurrency, Math.min(per, 50));
      const t = { raw: [] as number[], handler: [] as number[], http: [] as number[], rawSdk: [] as number[] };
      for (let r = 0; r < opts.rounds; r++) {
        t.rawSdk.push(...(await run(rawSdk, concurrency, per)));
        t.raw.push(...(await run(raw, concurrency, per)));
        t.handler.push(...(await run(viaHandler, concurrency, per)));
        t.http.push(...(await run(viaHttp, concurrency, per)));
      }
      const s = (xs: number[]) => ({ p50: +pct(xs, 50).toFixed(2), p99: +pct(xs, 99).toFixed(2) });
      const row = {
        concurrency,
        n: t.raw.length,
        raw: s(t.raw),
        handler: s(t.handler),
        http: s(t.http),
        rawSdk: s(t.rawSdk),
      };
      rows.push({
        ...row,
        ourClientOverSdk: +(row.raw.p50 / row.rawSdk.p50).toFixed(2),
        httpOverRaw: +(row.http.p50 / row.raw.p50).toFixed(2),
        handlerOverRaw: +(row.handler.p50 / row.raw.p50).toFixed(2),
      });
    }
  } finally {
    agent.destroy();
    sdk.destroy();
  }
  return rows;
}
