/**
 * The one DynamoDB table: generic keys and the client context every repository receives.
 * The CDK data construct and the local stack create the table from TABLE_SCHEMA.
 */
import * as z from 'zod';
import { DocClient } from './dynamo-client';
import { lazySchema } from '../schemas/lazy-schema';

export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  gsi2: { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ttlAttribute: 'ttl',
} as const;

export interface Db {
  doc: DocClient;
  tableName: string;
}

export interface DbOptions {
  tableName: string;
  endpoint?: string;
  region?: string;
}

export function createDb(opts: DbOptions): Db {
  const metrics = process.env.DDB_CAPACITY_METRICS === '1';
  const doc = new DocClient({
    region: opts.region ?? process.env.AWS_REGION ?? 'eu-west-1',
    endpoint: opts.endpoint,
    ...(metrics ? { consumedCapacity: true, onAnswer: countCapacity } : {}),
  });
  return { doc, tableName: opts.tableName };
}

/** The CreateTable input of the table as CDK deploys it (used by the local stack and the tests). */
export function createTableInput(tableName: string) {
  const { partitionKey, sortKey, gsi1, gsi2 } = TABLE_SCHEMA;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [
      { AttributeName: partitionKey, AttributeType: 'S' as const },
      { AttributeName: sortKey, AttributeType: 'S' as const },
      { AttributeName: gsi1.partitionKey, AttributeType: 'S' as const },
      { AttributeName: gsi1.sortKey, AttributeType: 'S' as const },
      { AttributeName: gsi2.partitionKey, AttributeType: 'S' as const },
      { AttributeName: gsi2.sortKey, AttributeType: 'S' as const },
    ],
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' as const },
      { AttributeName: sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: gsi1.name,
        KeySchema: [
          { AttributeName: gsi1.partitionKey, KeyType: 'HASH' as const },
          { AttributeName: gsi1.sortKey, KeyType: 'RANGE' as const },
        ],
        Projection: { ProjectionType: 'ALL' as const },
      },
      {
        IndexName: gsi2.name,
        KeySchema: [
          { AttributeName: gsi2.partitionKey, KeyType: 'HASH' as const },
          { AttributeName: gsi2.sortKey, KeyType: 'RANGE' as const },
        ],
        Projection: { ProjectionType: 'ALL' as const },
      },
    ],
  };
}

/** The name of a DynamoDB (or any) error, e.g. 'TransactionCanceledException'; undefined for a non-error. */
export const errorName = (err: unknown): string | undefined => (err instanceof Error ? err.name : undefined);

/** The cancellation reason codes of a failed transaction, by item index (empty for other errors). */
export function cancellationReasons(err: unknown): (string | undefined)[] {
  if (!err || typeof err !== 'object' || !('CancellationReasons' in err)) return [];
  const reasons: unknown = err.CancellationReasons;
  if (!Array.isArray(reasons)) return [];
  return reasons.map((r: unknown) =>
    r && typeof r === 'object' && 'Code' in r && typeof r.Code === 'string' ? r.Code : undefined,
  );
}

/** True when a DynamoDB error is a failed condition (single write or a transaction cancelled by one). */
export function isConditionFailure(err: unknown): boolean {
  const name = errorName(err);
  if (name === 'ConditionalCheckFailedException') return true;
  if (name === 'TransactionCanceledException')
    return cancellationReasons(err).some((c) => c === 'ConditionalCheckFailed');
  return false;
}

/** Consumed capacity totals, collected only when DDB_CAPACITY_METRICS=1 (the bench). */
export const capacityMetrics = { read: 0, write: 0, calls: 0 };

const READ_OPERATIONS = new Set(['GetItem', 'Query', 'BatchGetItem', 'TransactGetItems', 'Scan']);

const capacity = /* @__PURE__ */ lazySchema(() =>
  z.object({
    CapacityUnits: z.number().optional(),
    ReadCapacityUnits: z.number().optional(),
    WriteCapacityUnits: z.number().optional(),
  }),
);
/** What a command answers about its consumed capacity (one total, or one per table of a batch or transaction). */
const consumedOutput = /* @__PURE__ */ lazySchema(() =>
  z.object({ ConsumedCapacity: z.union([z.array(capacity), capacity]).optional() }),
);

function countCapacity(operation: string, answer: Record<string, unknown>) {
  const parsed = consumedOutput.safeParse(answer);
  const consumed = parsed.success ? parsed.data.ConsumedCapacity : undefined;
  const list = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  const isRead = READ_OPERATIONS.has(operation);
  for (const c of list) {
    if (c.ReadCapacityUnits !== undefined || c.WriteCapacityUnits !== undefined) {
      capacityMetrics.read += c.ReadCapacityUnits ?? 0;
      capacityMetrics.write += c.WriteCapacityUnits ?? 0;
    } else if (isRead) capacityMetrics.read += c.CapacityUnits ?? 0;
    else capacityMetrics.write += c.CapacityUnits ?? 0;
  }
  capacityMetrics.calls++;
}
