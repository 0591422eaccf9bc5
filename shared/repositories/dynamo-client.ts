/**
 * The repositories' DynamoDB document client: the commands and `send` of `@aws-sdk/lib-dynamodb` (same names,
 * same inputs and outputs, typed by that package's types, which cost nothing at run time) over a light transport:
 * shared/aws-json.ts over shared/aws-http.ts (SigV4 by aws4, credentials from the environment, keep-alive, the SDK's
 * retries of throttling, transient and connection errors) and the SDK's own marshaller (`@aws-sdk/util-dynamodb`, the code
 * lib-dynamodb marshals with, so values convert exactly as before).
 *
 * Why: every API function bundled the SDK v3 DynamoDB client, whose load alone was over the 100 ms budget of a
 * cold module load on this machine (docs/performance.md, "Lambda weight"; docs/decisions.md, "A lighter AWS
 * client"). Errors keep the SDK's shape where the repositories read it (shared/repositories/table.ts): `name` is
 * the service's exception (e.g. `ConditionalCheckFailedException`), a cancelled transaction carries
 * `CancellationReasons`, and `$metadata.httpStatusCode` is set.
 */
import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  TransactGetCommandInput,
  TransactGetCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall, type NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { AwsServiceError, awsJsonCaller, isRaw, text, type AwsMetadata, type Raw } from '../aws-json';

export type {
  BatchGetCommandInput,
  BatchWriteCommandInput,
  DeleteCommandInput,
  GetCommandInput,
  PutCommandInput,
  QueryCommandInput,
  ScanCommandInput,
  TransactGetCommandInput,
  TransactWriteCommandInput,
  UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';

type Doc = Record<string, NativeAttributeValue>;
type Metadata = AwsMetadata;

const MARSHALL = { removeUndefinedValues: true, convertClassInstanceToMap: false } as const;

/** A document as DynamoDB's wire form (undefined attributes dropped, as lib-dynamodb was told to). */
const wire = (doc: Doc | undefined) => (doc === undefined ? undefined : marshall(doc, MARSHALL));

/** An attribute map from an answer: an object whose values are objects (DynamoDB's typed values). */
const isAttributeMap = (v: unknown): v is Record<string, AttributeValue> =>
  isRaw(v) && Object.values(v).every((a) => isRaw(a));
const doc = (v: unknown): Doc | undefined => (isAttributeMap(v) ? unmarshall(v) : undefined);
const docs = (v: unknown): Doc[] => (Array.isArray(v) ? v.filter(isAttributeMap).map((a) => unmarshall(a)) : []);
const count = (v: unknown) => (typeof v === 'number' ? v : undefined);
/** Per table: its items (BatchGetItem's Responses) */
const perTable = <T>(v: unknown, f: (x: unknown) => T): Record<string, T> | undefined =>
  isRaw(v) ? Object.fromEntries(Object.entries(v).map(([t, x]) => [t, f(x)])) : undefined;

type Put = { Item?: Doc; ExpressionAttributeValues?: Doc };
type Keyed = { Key?: Doc; ExpressionAttributeValues?: Doc };
const putToWire = <T extends Put>(p: T) => ({
  ...p,
  Item: wire(p.Item),
  ExpressionAttributeValues: wire(p.ExpressionAttributeValues),
});
const keyedToWire = <T extends Keyed>(k: T) => ({
  ...k,
  Key: wire(k.Key),
  ExpressionAttributeValues: wire(k.ExpressionAttributeValues),
});
const writesToWire = (table: { PutRequest?: { Item?: Doc }; DeleteRequest?: { Key?: Doc } }[]) =>
  table.map((w) => ({
    ...(w.PutRequest ? { PutRequest: { Item: wire(w.PutRequest.Item) } } : {}),
    ...(w.DeleteRequest ? { DeleteRequest: { Key: wire(w.DeleteRequest.Key) } } : {}),
  }));
const writesFromWire = (v: unknown) =>
  (Array.isArray(v) ? v.filter(isRaw) : []).map((w) => ({
    ...(isRaw(w.PutRequest) ? { PutRequest: { Item: doc(w.PutRequest.Item) } } : {}),
    ...(isRaw(w.DeleteRequest) ? { DeleteRequest: { Key: doc(w.DeleteRequest.Key) } } : {}),
  }));

/** A Query's or a Scan's input and page (the same shapes). */
const pageToWire = <T extends { ExclusiveStartKey?: Doc; ExpressionAttributeValues?: Doc }>(input: T) => ({
  ...input,
  ExclusiveStartKey: wire(input.ExclusiveStartKey),
  ExpressionAttributeValues: wire(input.ExpressionAttributeValues),
});
const pageFromWire = (raw: Raw, $metadata: Metadata) => ({
  $metadata,
  Items: docs(raw.Items),
  Count: count(raw.Count),
  ScannedCount: count(raw.ScannedCount),
  LastEvaluatedKey: doc(raw.LastEvaluatedKey),
});

/**
 * A command: its DynamoDB operation, its input (lib-dynamodb's), that input in DynamoDB's wire form, and how its
 * answer reads back. The IAM map (functions/lib/aws-access.ts) names commands by these classes' names.
 */
export abstract class DocCommand<Input extends object, Output extends object> {
  abstract readonly operation: string;
  constructor(readonly input: Input) {}
  abstract request(): Raw;
  abstract answer(raw: Raw, $metadata: Metadata): Output;
}

export class GetCommand extends DocCommand<GetCommandInput, GetCommandOutput> {
  readonly operation = 'GetItem';
  request = () => ({ ...this.input, Key: wire(this.input.Key) });
  answer = (raw: Raw, $metadata: Metadata) => ({ $metadata, Item: doc(raw.Item) });
}
export class PutCommand extends DocCommand<PutCommandInput, PutCommandOutput> {
  readonly operation = 'PutItem';
  request = () => putToWire(this.input);
  answer = (raw: Raw, $metadata: Metadata) => ({ $metadata, Attributes: doc(raw.Attributes) });
}
export class UpdateCommand extends DocCommand<UpdateCommandInput, UpdateCommandOutput> {
  readonly operation = 'UpdateItem';
  request = () => keyedToWire(this.input);
  answer = (raw: Raw, $metadata: Metadata) => ({ $metadata, Attributes: doc(raw.Attributes) });
}
export class DeleteCommand extends DocCommand<DeleteCommandInput, DeleteCommandOutput> {
  readonly operation = 'DeleteItem';
  request = () => keyedToWire(this.input);
  answer = (raw: Raw, $metadata: Metadata) => ({ $metadata, Attributes: doc(raw.Attributes) });
}
export class QueryCommand extends DocCommand<QueryCommandInput, QueryCommandOutput> {
  readonly operation = 'Query';
  request = () => pageToWire(this.input);
  answer = pageFromWire;
}
export class ScanCommand extends DocCommand<ScanCommandInput, ScanCommandOutput> {
  readonly operation = 'Scan';
  request = () => pageToWire(this.input);
  answer = pageFromWire;
}
export class BatchGetCommand extends DocCommand<BatchGetCommandInput, BatchGetCommandOutput> {
  readonly operation = 'BatchGetItem';
  request = () => ({
    ...this.input,
    RequestItems: Object.fromEntries(
      Object.entries(this.input.RequestItems ?? {}).map(([t, r]) => [t, { ...r, Keys: (r.Keys ?? []).map(wire) }]),
    ),
  });
  answer = (raw: Raw, $metadata: Metadata) => ({
    $metadata,
    Responses: perTable(raw.Responses, docs),
    UnprocessedKeys: perTable(raw.UnprocessedKeys, (r) => ({ Keys: isRaw(r) ? docs(r.Keys) : [] })),
  });
}
export class BatchWriteCommand extends DocCommand<BatchWriteCommandInput, BatchWriteCommandOutput> {
  readonly operation = 'BatchWriteItem';
  request = () => ({
    ...this.input,
    RequestItems: Object.fromEntries(
      Object.entries(this.input.RequestItems ?? {}).map(([t, writes]) => [t, writesToWire(writes)]),
    ),
  });
  answer = (raw: Raw, $metadata: Metadata) => ({
    $metadata,
    UnprocessedItems: perTable(raw.UnprocessedItems, writesFromWire),
  });
}
export class TransactWriteCommand extends DocCommand<TransactWriteCommandInput, TransactWriteCommandOutput> {
  readonly operation = 'TransactWriteItems';
  request = () => ({
    ...this.input,
    TransactItems: (this.input.TransactItems ?? []).map((t) => ({
      ...(t.Put ? { Put: putToWire(t.Put) } : {}),
      ...(t.Update ? { Update: keyedToWire(t.Update) } : {}),
      ...(t.Delete ? { Delete: keyedToWire(t.Delete) } : {}),
      ...(t.ConditionCheck ? { ConditionCheck: keyedToWire(t.ConditionCheck) } : {}),
    })),
  });
  answer = (_raw: Raw, $metadata: Metadata) => ({ $metadata });
}
export class TransactGetCommand extends DocCommand<TransactGetCommandInput, TransactGetCommandOutput> {
  readonly operation = 'TransactGetItems';
  request = () => ({
    ...this.input,
    TransactItems: (this.input.TransactItems ?? []).map((t) => ({
      ...t,
      Get: t.Get && { ...t.Get, Key: wire(t.Get.Key) },
    })),
  });
  answer = (raw: Raw, $metadata: Metadata) => ({
    $metadata,
    Responses: (Array.isArray(raw.Responses) ? raw.Responses.filter(isRaw) : []).map((r) => ({ Item: doc(r.Item) })),
  });
}

/**
 * A DynamoDB error as the SDK shapes it: `name` the service's exception, `$metadata`, and for a cancelled
 * transaction its `CancellationReasons` (with the items as documents where the call asked for them).
 */
export class DynamoDbError extends AwsServiceError {
  CancellationReasons?: { Code?: string; Message?: string; Item?: Doc }[];
  Item?: Doc;
}

function toDynamoError(err: unknown): unknown {
  if (!(err instanceof AwsServiceError)) return err;
  const out = new DynamoDbError(err.name, err.message, err.$metadata, err.details);
  const reasons = err.details.CancellationReasons;
  if (Array.isArray(reasons))
    out.CancellationReasons = reasons.filter(isRaw).map((r) => ({
      Code: text(r.Code),
      Message: text(r.Message),
      Item: doc(r.Item),
    }));
  if ('Item' in err.details) out.Item = doc(err.details.Item);
  return out;
}

export interface DocClientOptions {
  region: string;
  /** DynamoDB Local; its fixed credentials are used with it */
  endpoint?: string;
  /** Observes each answer as it came (the bench's consumed-capacity totals) */
  onAnswer?: (operation: string, raw: Raw) => void;
  /** Asks each call for its consumed capacity (the bench) */
  consumedCapacity?: boolean;
}

/**
 * Wraps every send (tests and the bench count reads and writes, or stop before the network): the command, and
 * `next` for its answer.
 */
export type DocMiddleware = <I extends object, O extends object>(
  command: DocCommand<I, O>,
  next: () => Promise<O>,
) => Promise<O>;

/** The document client: `send(new GetCommand({...}))` answers what lib-dynamodb's would. */
export class DocClient {
  private readonly call: ReturnType<typeof awsJsonCaller>;
  private readonly middlewares: { name: string; run: DocMiddleware }[] = [];

  constructor(private readonly options: DocClientOptions) {
    this.call = awsJsonCaller('dynamodb', { region: options.region, endpoint: options.endpoint });
  }

  use(name: string, run: DocMiddleware): void {
    this.middlewares.push({ name, run });
  }

  remove(name: string): void {
    const i = this.middlewares.findIndex((m) => m.name === name);
    if (i >= 0) this.middlewares.splice(i, 1);
  }

  send<I extends object, O extends object>(command: DocCommand<I, O>): Promise<O> {
    const call = (i: number): Promise<O> => {
      const m = this.middlewares[i];
      return m ? m.run(command, () => call(i + 1)) : this.transport(command);
    };
    return call(0);
  }

  private async transport<I extends object, O extends object>(command: DocCommand<I, O>): Promise<O> {
    const payload = command.request();
    if (this.options.consumedCapacity) payload.ReturnConsumedCapacity = 'TOTAL';
    const { raw, $metadata } = await this.call(command.operation, payload).catch((err: unknown) => {
      throw toDynamoError(err);
    });
    this.options.onAnswer?.(command.operation, raw);
    return command.answer(raw, $metadata);
  }

  /** Nothing to release: idle keep-alive sockets do not hold the process open (tested). */
  destroy(): void {}
}
