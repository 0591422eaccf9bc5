/**
 * The repositories' DynamoDB client: the AWS SDK v3 document client (`@aws-sdk/lib-dynamodb` over
 * `@aws-sdk/client-dynamodb`), created on first use (one per Db, so one per process: functions/lib/aws.ts), with
 * what the SDK gives and a hand-written transport did not (issue 41):
 * - idempotent transactions: every TransactWriteItems carries a ClientRequestToken, filled by the SDK once per call
 *   and kept across its retries, so a transaction retried after a commit whose answer was lost applies once
 *   (test/integration/dynamo-idempotency.test.ts). Nothing here sets or clears it;
 * - the standard retry mode (3 attempts, exponential backoff with jitter, a retry quota that stops retry storms,
 *   throttling backoff), clock-skew correction, and the default credential chain (the Lambda role's environment,
 *   profiles, SSO, container and instance roles for the ops scripts).
 *
 * The commands are lib-dynamodb's own classes, re-exported, so the IAM map (functions/lib/aws-access.ts) and its
 * contract test trace `new GetCommand(...)` to the SDK. `use`/`remove` wrap every send (tests and the bench count
 * reads and writes, or answer before the network).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
  type ServiceInputTypes,
  type ServiceOutputTypes,
} from '@aws-sdk/lib-dynamodb';
import type { Command } from '@smithy/types';

export {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
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

/** A document command of lib-dynamodb (what `DynamoDBDocumentClient.send` takes). */
export type DocCommand<I extends ServiceInputTypes, O extends ServiceOutputTypes> = Command<
  ServiceInputTypes,
  I,
  ServiceOutputTypes,
  O,
  never
>;

const OPERATIONS: [new (input: never) => object, string][] = [
  [GetCommand, 'GetItem'],
  [PutCommand, 'PutItem'],
  [UpdateCommand, 'UpdateItem'],
  [DeleteCommand, 'DeleteItem'],
  [QueryCommand, 'Query'],
  [ScanCommand, 'Scan'],
  [BatchGetCommand, 'BatchGetItem'],
  [BatchWriteCommand, 'BatchWriteItem'],
  [TransactGetCommand, 'TransactGetItems'],
  [TransactWriteCommand, 'TransactWriteItems'],
];

/** The DynamoDB operation a document command calls (GetCommand: GetItem, ...). */
export const operationOf = (command: object): string =>
  OPERATIONS.find(([cls]) => command instanceof cls)?.[1] ?? 'Unknown';

/** The SDK client's options we set (tests may add a request handler of their own). */
type SdkOptions = ConstructorParameters<typeof DynamoDBClient>[0];

export interface DocClientOptions {
  region: string;
  /** DynamoDB Local: fixed local credentials are used with it */
  endpoint?: string;
  /** Observes each answer (the bench's consumed-capacity totals) */
  onAnswer?: (operation: string, output: Record<string, unknown>) => void;
  /** Asks each call for its consumed capacity (the bench) */
  consumedCapacity?: boolean;
  /** More SDK client options (tests: a request handler that loses an answer) */
  sdk?: Partial<NonNullable<SdkOptions>>;
}

/**
 * Wraps every send: the command (lib-dynamodb's, with its document input) and `next` for its answer. Runs before
 * the SDK (marshalling, retries): a middleware that answers itself stops before the network.
 */
export type DocMiddleware = <I extends ServiceInputTypes, O extends ServiceOutputTypes>(
  command: DocCommand<I, O>,
  next: () => Promise<O>,
) => Promise<O>;

/** Document marshalling as the repositories expect: undefined attributes dropped, class instances refused. */
const TRANSLATE = { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } } as const;

/** The document client: `send(new GetCommand({...}))` answers what lib-dynamodb's does (it is lib-dynamodb's). */
export class DocClient {
  private client: DynamoDBDocumentClient | undefined;
  private readonly middlewares: { name: string; run: DocMiddleware }[] = [];

  constructor(private readonly options: DocClientOptions) {}

  /** The SDK client, created on first use. */
  sdk(): DynamoDBDocumentClient {
    this.client ??= DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: this.options.region,
        ...(this.options.endpoint
          ? { endpoint: this.options.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
          : {}),
        ...this.options.sdk,
      }),
      TRANSLATE,
    );
    return this.client;
  }

  use(name: string, run: DocMiddleware): void {
    this.middlewares.push({ name, run });
  }

  remove(name: string): void {
    const i = this.middlewares.findIndex((m) => m.name === name);
    if (i >= 0) this.middlewares.splice(i, 1);
  }

  send<I extends ServiceInputTypes, O extends ServiceOutputTypes>(command: DocCommand<I, O>): Promise<O> {
    const call = (i: number): Promise<O> => {
      const m = this.middlewares[i];
      return m ? m.run(command, () => call(i + 1)) : this.transport(command);
    };
    return call(0);
  }

  private async transport<I extends ServiceInputTypes, O extends ServiceOutputTypes>(
    command: DocCommand<I, O>,
  ): Promise<O> {
    if (this.options.consumedCapacity) Object.assign(command.input, { ReturnConsumedCapacity: 'TOTAL' });
    const out = await this.sdk().send(command);
    this.options.onAnswer?.(operationOf(command), out as Record<string, unknown>);
    return out;
  }

  /** Close the SDK client's sockets (tests and scripts that end). */
  destroy(): void {
    this.client?.destroy();
    this.client = undefined;
  }
}
