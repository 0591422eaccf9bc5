/**
 * startLocalStack(): the whole product on one machine, as `npm start` runs it and as the browser tests
 * and the bench start it. Persists under dataDir; every step is idempotent so a restart reuses the data.
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { localSecrets, localSecretsEnv } from './local-secrets';
import {
  CreateTableCommand,
  DynamoDBClient,
  DescribeTableCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand } from '@aws-sdk/client-s3';
import { createDb, createTableInput, TABLE_SCHEMA } from '../../shared/repositories/table';
import { createS3Client } from './s3-sdk';
import { createApiServer, type LocalRoute } from './api-server';
import { ensureUserPool } from './cognito-setup';
import { startCognito, startDynamo, startS3, type ServiceHandle } from './services';
import { seed, seedDemoSubscriptions, type SeedSummary } from './seed';
import { startLocalStepFunctions, type LocalStepFunctionsOptions } from './step-functions';
import { checkoutRoute } from './checkout-page';
import { createOutbox } from './event-outbox';
import { httpEventSink } from '../../functions/billing/payments/local-adapter';
import { adminRoute } from './admin-route';

export const LOCAL_TABLE = 'tryon-local';
export const LOCAL_PRIVATE_BUCKET = 'tryon-private';
export const LOCAL_PUBLIC_BUCKET = 'tryon-public';
export const LOCAL_CONFIRMATION_CODE = '123456';

export interface LocalStackOptions {
  port: number;
  dataDir: string;
  webDir?: string;
  demoPassword?: string;
  log?: (line: string) => void;
  /** Ctrl-C: how long renders already running may take to finish before the stack stops (default 5 s). */
  stopGraceMs?: number;
  /** Extra local-only routes (the checkout page, the Step Functions endpoint), added by later modules. */
  localRoutes?: LocalRoute[];
  /** Faster Wait and Retry intervals for tests and the bench. */
  stepFunctions?: LocalStepFunctionsOptions;
}

export interface LocalStack {
  url: string;
  port: number;
  endpoints: { dynamodb: string; s3: string; cognito: string };
  userPoolId: string;
  clientId: string;
  seed: SeedSummary;
  /** Resolves when no generation workflow is running (tests, the bench). */
  drainWorkflows(): Promise<void>;
  workflowMetrics: { invocations: Record<string, number>; durationMs: Record<string, number> };
  stop(): Promise<void>;
}

export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const log = opts.log ?? (() => undefined);
  const t0 = performance.now();
  /** A step of the start, with the seconds since it began (where a slow start spends its time). */
  const step = (what: string) => log(`${what} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const dataDir = path.resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const origin = `http://localhost:${opts.port}`;
  const started: ServiceHandle[] = [];
  const stopAll = async () => {
    for (const s of started.reverse()) await s.stop().catch(() => undefined);
  };
  try {
    log('starting DynamoDB Local, s3rver and cognito-local...');
    const [dynamo, s3, cognito] = await Promise.all([
      startDynamo({ dir: path.join(dataDir, 'dynamodb') }).then((s) => (started.push(s), s)),
      startS3({ dir: path.join(dataDir, 's3') }).then((s) => (started.push(s), s)),
      startCognito({
        dir: path.join(dataDir, 'cognito'),
        issuerDomain: `${origin}/cognito`,
        code: LOCAL_CONFIRMATION_CODE,
      }).then((s) => (started.push(s), s)),
    ]);
    step('DynamoDB Local, s3rver and cognito-local up');
    const { userPoolId, clientId } = await ensureUserPool(cognito.url);

    Object.assign(process.env, {
      APP_STAGE: 'local',
      AWS_REGION: process.env.AWS_REGION ?? 'eu-west-1',
      TABLE_NAME: LOCAL_TABLE,
      DYNAMODB_ENDPOINT: dynamo.url,
      PRIVATE_BUCKET: LOCAL_PRIVATE_BUCKET,
      PUBLIC_BUCKET: LOCAL_PUBLIC_BUCKET,
      S3_ENDPOINT: s3.url,
      // a path: browsers get URLs relative to the page's origin (localhost or 127.0.0.1), see functions/lib/s3.ts
      S3_PUBLIC_ENDPOINT: '/s3',
      COGNITO_USER_POOL_ID: userPoolId,
      COGNITO_CLIENT_ID: clientId,
      COGNITO_ISSUER: `${origin}/cognito/${userPoolId}`,
      COGNITO_JWKS_URI: `${cognito.url}/${userPoolId}/.well-known/jwks.json`,
      COGNITO_PUBLIC_ENDPOINT: `${origin}/cognito`,
      COGNITO_ENDPOINT: cognito.url,
      LOCAL_CONFIRMATION_CODE,
      PUBLIC_ORIGIN: origin,
      // the local server plays the edge (CloudFront's origin token): random per instance, never a constant
      ORIGIN_VERIFY_SECRET: randomBytes(24).toString('base64url'),
      // signs browser upload policies and presigned GETs of this instance (functions/lib/s3.ts)
      LOCAL_S3_SECRET: randomBytes(24).toString('base64url'),
      // cursor key, IP pepper and webhook secret: random per data folder (infra/local/local-secrets.ts)
      ...localSecretsEnv(localSecrets(dataDir)),
      // the Open Graph page of a shared look (/l/{token}) embeds the built SPA's tags (functions/lib/spa-shell.ts)
      SPA_INDEX_FILE: path.join(opts.webDir ?? path.resolve('web/dist'), 'index.html'),
    });

    step('user pool ready');
    // executions are journaled in the data folder and resumed by the next start (issue 27)
    (await import('../../functions/generations/workflow/render-invoker')).acceptLocalInvocations();
    const sfn = await startLocalStepFunctions({
      stateDir: path.join(dataDir, 'step-functions'),
      ...opts.stepFunctions,
    });
    step('workflow runner ready');
    if (sfn.resumed) log(`resumed ${sfn.resumed} generation workflow(s) left running by the last stop`);
    // renders whose worker died with the last run: rendered again once their executions hold live task tokens
    const resumeRenders = async () => {
      await sfn.resumedEnqueued();
      const { resumeOrphanedRenders } = await import('../../functions/generations/workflow/render-attempts');
      const n = await resumeOrphanedRenders();
      if (n) log(`rendering again ${n} look(s) whose render was cut off by the last stop`);
    };
    started.push({ url: sfn.url, port: 0, stop: sfn.stop });
    process.env.SFN_ENDPOINT = sfn.url;
    process.env.STATE_MACHINE_ARN = sfn.stateMachineArn;

    await ensureTable(dynamo.url, LOCAL_TABLE);
    await ensureBuckets(s3.url, [LOCAL_PRIVATE_BUCKET, LOCAL_PUBLIC_BUCKET], origin);

    const db = createDb({ tableName: LOCAL_TABLE, endpoint: dynamo.url });
    const summary = await seed({
      db,
      cognitoUrl: cognito.url,
      userPoolId,
      clientId,
      password: opts.demoPassword ?? process.env.DEMO_PASSWORD ?? 'Demo-pass-1',
      s3: createS3Client({ endpoint: s3.url }),
      publicBucket: LOCAL_PUBLIC_BUCKET,
      log,
    });

    step('table, buckets and seed data ready');
    // the local checkout's Stripe-format events: kept until the webhook answers 2xx, retried with backoff (issue 27)
    const outbox = createOutbox({ dir: path.join(dataDir, 'stripe-outbox'), deliver: httpEventSink(), log });
    started.push({ url: '', port: 0, stop: async () => outbox.stop() });
    const api = createApiServer({
      port: opts.port,
      webDir: opts.webDir ?? path.resolve('web/dist'),
      cognitoUrl: cognito.url,
      s3Url: s3.url,
      publicBucket: LOCAL_PUBLIC_BUCKET,
      // the local checkout and portal pages stand in for Stripe's hosted pages (local only)
      localRoutes: [
        checkoutRoute({ db: () => db, sink: () => outbox.sink }),
        adminRoute({ db: () => db, s3: () => createS3Client({ endpoint: s3.url }), publicBucket: LOCAL_PUBLIC_BUCKET }),
        ...(opts.localRoutes ?? []),
      ],
      log: process.env.LOG_REQUESTS ? log : undefined,
    });
    try {
      await api.listen();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
        throw new Error(`Port ${opts.port} is already in use. Stop the other process or run with PORT=<another port>.`);
      throw err;
    }
    started.push({ url: origin, port: opts.port, stop: api.close });
    const redelivered = outbox.resume();
    if (redelivered)
      log(`redelivering ${redelivered} Stripe event(s) the webhook had not accepted before the last stop`);

    // The demo accounts' plans are bought through the local checkout, like a real purchase (once).
    await seedDemoSubscriptions({ db, origin, accounts: summary.accounts, log });
    step('API listening, demo plans in place');

    // The Fitly engine's worker threads load their models and run them on a blank crop now (in the background:
    // the API answers meanwhile and a render that comes first waits for its thread), so the first look pays
    // neither the models' load nor their first inferences.
    const enginePool = await import('../../functions/engine/pool');
    void enginePool.warmEnginePool({ prime: true }).catch((err) => log(`engine: ${(err as Error).message}`));
    void resumeRenders().catch((err) => log(`resuming renders: ${(err as Error).message}`));
    started.push({ url: '', port: 0, stop: () => enginePool.stopEnginePool() });

    // The sweeper runs every minute, as deployed (overdue render leases, a dispatch safety net, stuck generations).
    const { sweep } = await import('../../functions/generations/workflow/sweeper');
    const sweeper = setInterval(() => void sweep().catch((err) => log(`sweeper: ${(err as Error).message}`)), 60_000);
    sweeper.unref();
    started.push({ url: '', port: 0, stop: async () => clearInterval(sweeper) });

    // Pack expiry runs daily in AWS; locally every hour (and once at start).
    const { expirePacks } = await import('../../functions/billing/expire-packs');
    const runExpiry = () => void expirePacks(db).catch((err) => log(`expire-packs: ${(err as Error).message}`));
    runExpiry();
    const expiry = setInterval(runExpiry, 60 * 60_000);
    expiry.unref();
    started.push({ url: '', port: 0, stop: async () => clearInterval(expiry) });

    // Retention of generated images runs daily in AWS; locally every hour (and once at start).
    const { applyRetention } = await import('../../functions/privacy/retention-service');
    const runRetention = () => void applyRetention(db).catch((err) => log(`retention: ${(err as Error).message}`));
    runRetention();
    const retention = setInterval(runRetention, 60 * 60_000);
    retention.unref();
    started.push({ url: '', port: 0, stop: async () => clearInterval(retention) });

    return {
      url: origin,
      port: opts.port,
      endpoints: { dynamodb: dynamo.url, s3: s3.url, cognito: cognito.url },
      userPoolId,
      clientId,
      seed: summary,
      drainWorkflows: sfn.drain,
      workflowMetrics: sfn.metrics,
      async stop() {
        // stop taking new render work, give the running renders a few seconds, then stop everything; what is
        // left (queued, or claimed but not finished) is resumed by the next start
        const { quiesceLocalInvocations } = await import('../../functions/generations/workflow/render-invoker');
        const left = await quiesceLocalInvocations(opts.stopGraceMs ?? 5000);
        if (left) log(`${left} render(s) still running: they start again with the next start`);
        await stopAll();
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  // the table itself (control plane): the SDK's client, here only (the local stack, not a Lambda function)
  const doc = new DynamoDBClient({
    region: process.env.AWS_REGION ?? 'eu-west-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const wanted = createTableInput(tableName);
  try {
    const desc = await doc.send(new DescribeTableCommand({ TableName: tableName }));
    // A data folder from an older version: add the indexes it lacks (one per UpdateTable call).
    const have = new Set((desc.Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
    for (const gsi of wanted.GlobalSecondaryIndexes.filter((g) => !have.has(g.IndexName))) {
      await doc.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: wanted.AttributeDefinitions,
          GlobalSecondaryIndexUpdates: [
            { Create: { IndexName: gsi.IndexName, KeySchema: gsi.KeySchema, Projection: gsi.Projection } },
          ],
        }),
      );
    }
    return;
  } catch (err) {
    if ((err as Error).name !== 'ResourceNotFoundException') throw err;
  }
  await doc.send(new CreateTableCommand(wanted));
  await doc
    .send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true },
      }),
    )
    .catch(() => undefined);
}

export async function ensureBuckets(endpoint: string, buckets: string[], origin: string): Promise<void> {
  const s3 = createS3Client({ endpoint });
  for (const Bucket of buckets) {
    try {
      await s3.send(new HeadBucketCommand({ Bucket }));
    } catch {
      await s3.send(new CreateBucketCommand({ Bucket }));
    }
    await s3.send(
      new PutBucketCorsCommand({
        Bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [origin],
              AllowedMethods: ['GET', 'PUT', 'HEAD'],
              AllowedHeaders: ['*'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      }),
    );
  }
}
