/**
 * The repositories' one toolkit: every page of a query, typed writes (expression.ts compiles them; a failed
 * condition answers false or names the transaction items that failed, never a caught exception in a
 * repository), transactions with ONE bounded retry policy (full jitter), batch reads with their unprocessed keys
 * retried, and the signed pagination cursors (cursor.ts). Only shared/repositories use its storage helpers; services use only its retry
 * loop (retryOptimistic, AGAIN) and typed errors (WriteConflict, StorageContention), never DynamoDB commands.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
  type ScanCommandInput,
  type TransactWriteCommandInput,
} from './dynamo-client';
import { signCursor, verifyCursor } from './cursor';
import { tableKeySchema, type StoredItem } from './entity';
import { cancellationReasons, errorName, isConditionFailure, type Db } from './table';
import { compileCondition, type Compilable, type Condition } from './expression';

export { entity, MalformedItem, type EntityRecord, type IndexUpdate, type StoredItem } from './entity';
export { cancellationReasons, errorName } from './table';
export {
  ITEM_ABSENT,
  ITEM_EXISTS,
  update,
  where,
  Update,
  type Attributes,
  type Compilable,
  type CompiledUpdate,
  type Condition,
  type Where,
} from './expression';

/** A stored item as read: attribute values unknown until an entity declaration parses them (entity.ts). */
export type Item = StoredItem;
export type Key = Record<string, unknown>;
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;
export type ScanInput = Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/* ---------------- retries: one policy ---------------- */

/**
 * A retry policy: at most `attempts` tries, sleeping before try n (n >= 1) a delay of at most
 * min(capMs, baseMs * 2^(n-1)): uniform below it (full jitter, the default) or exactly it (jitter 'none', for
 * waits on a known cadence). Every retry and wait loop of the product runs on withRetry with one of these.
 */
export interface RetryPolicy {
  attempts: number;
  baseMs: number;
  capMs: number;
  jitter?: 'full' | 'none';
}

/**
 * The one retry bound of the storage layer: at most `attempts` tries, sleeping a full-jitter delay
 * (uniform in [0, min(capMs, baseMs * 2^attempt)]) between them. Generous enough for 50 concurrent spends
 * of one user's balance (test/integration/generations.test.ts). Tests may shorten the delays.
 */
export const RETRY: RetryPolicy = { attempts: 25, baseMs: 5, capMs: 200 };

/** The delay after the failed try `attempt` (0-based) under `policy`. */
export function retryDelay(attempt: number, policy: RetryPolicy = RETRY): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** attempt);
  return policy.jitter === 'none' ? ceiling : Math.random() * ceiling;
}

export const backoff = (attempt: number, policy: RetryPolicy = RETRY): Promise<void> =>
  new Promise((r) => setTimeout(r, retryDelay(attempt, policy)));

/** Contention that outlasted the retry bound: nothing was written; the caller may try again later (503). */
export class StorageContention extends Error {
  constructor(readonly lastError?: unknown) {
    super('Too much contention on the same records');
    this.name = 'StorageContention';
  }
}

const cancellationCodes = cancellationReasons;

/** A transaction that lost a race with another one (no condition of ours failed): safe to run again. */
export function isTransactionConflict(err: unknown): boolean {
  const name = errorName(err);
  if (name === 'TransactionConflictException' || name === 'TransactionInProgressException') return true;
  if (name !== 'TransactionCanceledException') return false;
  const codes = cancellationCodes(err);
  return codes.some((c) => c === 'TransactionConflict') && !codes.some((c) => c === 'ConditionalCheckFailed');
}

/** Any transaction that was cancelled or lost a race (its items' conditions, conflicts, throttling). */
export function isCancelledTransaction(err: unknown): boolean {
  const name = errorName(err);
  return (
    name === 'TransactionCanceledException' ||
    name === 'TransactionConflictException' ||
    name === 'TransactionInProgressException'
  );
}

/**
 * A repository's typed answer for a write that lost an optimistic race (what the caller decided on changed
 * before the write landed): nothing was written; decide again from fresh reads (see retryOptimistic).
 */
export class WriteConflict extends Error {
  constructor(readonly lastError?: unknown) {
    super('The records changed before the write landed');
    this.name = 'WriteConflict';
  }
}

/** Returned by an attempt to ask for another one (e.g. the state it read changed before it could write). */
export const AGAIN: unique symbol = Symbol('again');

/** What an attempt is told: its index and whether it is the last one the bound allows. */
export type Attempt<T> = (n: number, last: boolean) => Promise<T | typeof AGAIN>;

/**
 * Run `attempt` until it returns, retrying (with the one policy) while `retryable(err)` or while it returns
 * AGAIN. After the bound it throws `onContention(lastError)`: StorageContention (a 503 busy) unless the caller
 * names its own answer; never the last conflict in disguise. `policy` is the storage bound unless the caller
 * names its own (a provider's retries, a wait for a record).
 */
export async function withRetry<T>(
  attempt: Attempt<T>,
  retryable: (err: unknown) => boolean = isTransactionConflict,
  onContention: (lastError: unknown) => Error = (lastError) => new StorageContention(lastError),
  policy: RetryPolicy = RETRY,
): Promise<T> {
  let last: unknown;
  for (let n = 0; n < policy.attempts; n++) {
    if (n) await backoff(n - 1, policy);
    try {
      const out = await attempt(n, n === policy.attempts - 1);
      if (out !== AGAIN) return out;
      last = undefined;
    } catch (err) {
      if (!retryable(err)) throw err;
      last = err;
    }
  }
  throw onContention(last);
}

/**
 * The services' optimistic read-decide-write loop on the one retry policy: `attempt` reads, decides and writes,
 * and runs again while it returns AGAIN (a repository answered "changed meanwhile") or a repository throws
 * WriteConflict. Contention that outlasts the bound throws `onContention()`: each endpoint keeps its own answer
 * (e.g. 409 conflict for an edit of a record that kept changing); the default is StorageContention (503 busy).
 */
export function retryOptimistic<T>(attempt: Attempt<T>, onContention?: (lastError: unknown) => Error): Promise<T> {
  return withRetry(attempt, (err) => err instanceof WriteConflict, onContention);
}

/** Run one write (usually a transaction) again while it only lost a race with another one (the one policy). */
export const withConflictRetry = <T>(write: () => Promise<T>): Promise<T> => withRetry(write);

/** One transaction, no retry. */
export async function transact(db: Db, items: TransactItem[]): Promise<void> {
  await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
}

/**
 * A transaction rebuilt from fresh reads on every try (`build` runs again after a conflict). Conditions that
 * fail are not retried: they are the caller's answer (duplicate, stale, insufficient).
 */
export async function transactWithRetry(
  db: Db,
  build: (n: number) => Promise<TransactItem[]> | TransactItem[],
  retryable: (err: unknown) => boolean = isTransactionConflict,
): Promise<void> {
  await withRetry(async (n) => transact(db, await build(n)), retryable);
}

const isItemList = (entry: TransactItem | readonly TransactItem[]): entry is readonly TransactItem[] =>
  Array.isArray(entry);

/** The items of a transaction by name (a name may stand for several items, e.g. the lots a spend takes from). */
export type NamedItems = Record<string, TransactItem | readonly TransactItem[] | null | undefined | false>;

/** A named transaction's answer: applied, or which named items' conditions failed (or that it lost a race). */
export type NamedOutcome<N extends string> =
  | { applied: true; conflict: false; failed: (name: N) => false }
  | {
      applied: false;
      conflict: boolean;
      failed: (name: N) => boolean;
      /** What DynamoDB answered (for a caller that tells one kind of race from another). */
      error: unknown;
    };

/**
 * One transaction of named items (absent ones skipped). A failed condition is an answer: `failed(name)` says
 * whose (for a name of several items, any of them). Conflicts are retried with the one policy (a lasting one
 * throws StorageContention), or with `retryConflicts: false` answered as `{ applied: false, conflict: true }`
 * (the caller decides again from fresh reads).
 * Any other error is thrown.
 */
export async function transactNamed<I extends NamedItems>(
  db: Db,
  named: I,
  opts: {
    retryConflicts?: boolean;
    /** With retryConflicts false: any cancellation without a failed condition answers as a conflict. */
    anyCancellationIsConflict?: boolean;
  } = {},
): Promise<NamedOutcome<keyof I & string>> {
  const names: string[] = [];
  const items: TransactItem[] = [];
  for (const [name, entry] of Object.entries(named)) {
    if (!entry) continue;
    for (const item of isItemList(entry) ? entry : [entry]) {
      names.push(name);
      items.push(item);
    }
  }
  try {
    if (opts.retryConflicts === false) await transact(db, items);
    else await withConflictRetry(() => transact(db, items));
    return { applied: true, conflict: false, failed: () => false };
  } catch (err) {
    const condition = isConditionFailure(err);
    const lostRace = opts.anyCancellationIsConflict ? isCancelledTransaction(err) : isTransactionConflict(err);
    if (!condition && !(opts.retryConflicts === false && lostRace)) throw err;
    const codes = cancellationCodes(err);
    // a single write's ConditionalCheckFailedException has no reasons: its (only) item failed
    const failed = new Set(
      condition
        ? codes.length
          ? names.filter((_, i) => codes[i] === 'ConditionalCheckFailed')
          : names.slice(0, 1)
        : [],
    );
    return { applied: false, conflict: !condition, failed: (name) => failed.has(name), error: err };
  }
}

const withCondition = (condition: Condition | undefined) => (condition ? compileCondition(condition) : {});

/** Transaction items without the table name spelled each time; conditions and updates typed (expression.ts). */
export const tx = {
  put: (db: Db, item: Item, condition?: Condition): TransactItem => ({
    Put: { TableName: db.tableName, Item: item, ...withCondition(condition) },
  }),
  delete: (db: Db, key: Key, condition?: Condition): TransactItem => ({
    Delete: { TableName: db.tableName, Key: key, ...withCondition(condition) },
  }),
  check: (db: Db, key: Key, condition: Condition): TransactItem => ({
    ConditionCheck: { TableName: db.tableName, Key: key, ...compileCondition(condition) },
  }),
  update: (db: Db, key: Key, update: Compilable): TransactItem => ({
    Update: { TableName: db.tableName, Key: key, ...update.compile() },
  }),
};

/* ---------------- single items ---------------- */

export async function getItem(
  db: Db,
  key: Key,
  opts: { consistent?: boolean; projection?: string; names?: Record<string, string> } = {},
): Promise<Item | null> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: key,
      ...(opts.consistent ? { ConsistentRead: true } : {}),
      ...(opts.projection ? { ProjectionExpression: opts.projection } : {}),
      ...(opts.names ? { ExpressionAttributeNames: opts.names } : {}),
    }),
  );
  return res.Item ?? null;
}

export async function itemExists(db: Db, key: Key): Promise<boolean> {
  return !!(await getItem(db, key, { consistent: true, projection: 'pk' }));
}

/** A put; with a condition, one that must hold (a failed one throws: use putIf when it is an answer). */
export async function putItem(db: Db, item: Item, condition?: Condition): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.tableName, Item: item, ...withCondition(condition) }));
}

/** A conditional put: true when it applied, false when its condition failed (any other error is thrown). */
export async function putIf(db: Db, item: Item, condition: Condition): Promise<boolean> {
  return answered(db.doc.send(new PutCommand({ TableName: db.tableName, Item: item, ...compileCondition(condition) })));
}

/** An update (a condition it carries that fails throws; use updateIf for a condition that is an answer). */
export async function updateItem(
  db: Db,
  key: Key,
  update: Compilable,
  opts: { returnValues?: 'ALL_NEW' | 'ALL_OLD' } = {},
): Promise<Item | undefined> {
  const input = { TableName: db.tableName, Key: key, ...update.compile() };
  const res = await db.doc.send(
    new UpdateCommand(opts.returnValues ? { ...input, ReturnValues: opts.returnValues } : input),
  );
  return res.Attributes;
}

/** A conditional update: true when it applied, false when its condition failed (any other error is thrown). */
export async function updateIf(db: Db, key: Key, update: Compilable): Promise<boolean> {
  return answered(updateItem(db, key, update));
}

/**
 * A conditional update that answers the item as it was (ALL_OLD) or is (ALL_NEW) after it, or null when its
 * condition failed (any other error is thrown).
 */
export async function updateIfReturning(
  db: Db,
  key: Key,
  update: Compilable,
  returnValues: 'ALL_NEW' | 'ALL_OLD',
): Promise<Item | null> {
  try {
    return (await updateItem(db, key, update, { returnValues })) ?? null;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** A conditional delete answering the deleted item, or null when its condition failed (any other error is thrown). */
export async function deleteIfReturning(db: Db, key: Key, condition: Condition): Promise<Item | null> {
  try {
    return (await deleteItem(db, key, { condition, returnValues: 'ALL_OLD' })) ?? null;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** A conditional delete: true when it applied, false when its condition failed (any other error is thrown). */
export async function deleteIf(db: Db, key: Key, condition: Condition): Promise<boolean> {
  return answered(deleteItem(db, key, { condition }));
}

/** A write whose failed condition is an answer (false), not an error; the toolkit's one such catch. */
async function answered(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The keys (pk, sk) of every item of a partition whose sort key starts with a prefix (consistent read). */
export async function keysUnder(
  db: Db,
  prefix: { pk: string; skPrefix: string },
): Promise<{ pk: string; sk: string }[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': prefix.pk, ':p': prefix.skPrefix },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  return items.map((i) => tableKeySchema.parse(i));
}

export async function deleteItem(
  db: Db,
  key: Key,
  opts: { condition?: Condition; returnValues?: 'ALL_OLD' } = {},
): Promise<Item | undefined> {
  const res = await db.doc.send(
    new DeleteCommand({
      TableName: db.tableName,
      Key: key,
      ...withCondition(opts.condition),
      ...(opts.returnValues ? { ReturnValues: opts.returnValues } : {}),
    }),
  );
  return res.Attributes;
}

/* ---------------- queries ---------------- */

/** One page of a query from `start`; `lastKey` is where the next page starts (undefined: no more). */
export async function queryPage(
  db: Db,
  input: QueryInput,
  start?: Key,
): Promise<{ items: Item[]; lastKey?: Key; count: number; scanned: number }> {
  const res = await db.doc.send(
    new QueryCommand({ TableName: db.tableName, ...input, ...(start ? { ExclusiveStartKey: start } : {}) }),
  );
  const count = res.Count ?? 0;
  return { items: res.Items ?? [], lastKey: res.LastEvaluatedKey, count, scanned: res.ScannedCount ?? count };
}

/** Every page of a query (or until `max` items; then `lastKey` says where it stopped). */
export async function queryAll(db: Db, input: QueryInput, opts: { max?: number; start?: Key } = {}): Promise<Item[]> {
  return (await queryUpTo(db, input, opts)).items;
}

/** Pages of a query until `max` items or the end, with the key to continue from. */
export async function queryUpTo(
  db: Db,
  input: QueryInput,
  opts: { max?: number; start?: Key } = {},
): Promise<{ items: Item[]; lastKey?: Key }> {
  const items: Item[] = [];
  let start = opts.start;
  do {
    const room = opts.max === undefined ? undefined : opts.max - items.length;
    const page = await queryPage(
      db,
      room === undefined ? input : { ...input, Limit: Math.min(room, input.Limit ?? room) },
      start,
    );
    items.push(...page.items);
    start = page.lastKey;
  } while (start && (opts.max === undefined || items.length < opts.max));
  return { items, lastKey: start };
}

/** The number of items a query matches (Select COUNT, every page). */
export async function countAll(db: Db, input: QueryInput): Promise<number> {
  let n = 0;
  let start: Key | undefined;
  do {
    const page = await queryPage(db, { ...input, Select: 'COUNT' }, start);
    n += page.count;
    start = page.lastKey;
  } while (start);
  return n;
}

/** Every page of a Scan (the finance reconciliation is the only caller). */
export async function scanAll(db: Db, input: ScanInput): Promise<Item[]> {
  const out: Item[] = [];
  let start: Key | undefined;
  do {
    const res = await db.doc.send(
      new ScanCommand({ TableName: db.tableName, ...input, ...(start ? { ExclusiveStartKey: start } : {}) }),
    );
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/* ---------------- paging with signed cursors ---------------- */

/** A page read from `start` (one partition): its items and where the next page starts (undefined: no more). */
export type PageReader<T> = (limit: number, start?: Key) => Promise<{ items: T[]; lastKey?: Key }>;

/** One page of a listing behind a signed cursor: the cursor is verified for `scope`, the next one signed for it. */
export async function signedPage<T>(
  read: PageReader<T>,
  opts: { limit: number; cursor?: string | null; scope: string },
): Promise<{ items: T[]; nextCursor: string | null }> {
  const page = await read(opts.limit, decodeCursor(opts.cursor, opts.scope));
  return { items: page.items, nextCursor: encodeCursor(page.lastKey, opts.scope) };
}

const isKey = (v: unknown): v is Key => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * One page of up to `limit` items read across ordered partitions (e.g. the days of a range, newest first), each
 * read a page at a time, behind one signed cursor that names the partition and the key to resume from.
 */
export async function signedPageAcross<T>(
  partitions: readonly string[],
  read: (partition: string, limit: number, start?: Key) => Promise<{ items: T[]; lastKey?: Key }>,
  opts: { limit: number; cursor?: string | null; scope: string },
): Promise<{ items: T[]; nextCursor: string | null }> {
  const cur = decodeCursor(opts.cursor, opts.scope);
  const from = typeof cur?.partition === 'string' ? partitions.indexOf(cur.partition) : 0;
  let i = Math.max(0, from);
  let start = isKey(cur?.key) ? cur.key : undefined;
  const items: T[] = [];
  while (items.length < opts.limit && i < partitions.length) {
    const page = await read(partitions[i]!, opts.limit - items.length, start);
    items.push(...page.items);
    start = page.lastKey;
    if (!start) i++;
  }
  const next = i < partitions.length ? { partition: partitions[i], ...(start ? { key: start } : {}) } : null;
  return { items, nextCursor: encodeCursor(next, opts.scope) };
}

/* ---------------- batches ---------------- */

const keyId = (k: Key) =>
  JSON.stringify(
    Object.keys(k)
      .sort()
      .map((n) => [n, k[n]]),
  );

/** The items of many keys (duplicates asked once; chunks of 100; unprocessed keys retried with the one policy). */
export async function batchGetAll(
  db: Db,
  keyList: Key[],
  opts: { projection?: string; names?: Record<string, string>; consistent?: boolean } = {},
): Promise<Item[]> {
  const unique = [...new Map(keyList.map((k) => [keyId(k), k])).values()];
  const out: Item[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Key[] = unique.slice(i, i + 100);
    await withRetry(async () => {
      const res = await db.doc.send(
        new BatchGetCommand({
          RequestItems: {
            [db.tableName]: {
              Keys: pending,
              ...(opts.consistent ? { ConsistentRead: true } : {}),
              ...(opts.projection ? { ProjectionExpression: opts.projection } : {}),
              ...(opts.names ? { ExpressionAttributeNames: opts.names } : {}),
            },
          },
        }),
      );
      out.push(...(res.Responses?.[db.tableName] ?? []));
      pending = res.UnprocessedKeys?.[db.tableName]?.Keys ?? [];
      return pending.length ? AGAIN : undefined;
    });
  }
  return out;
}

/** Delete many keys (chunks of 25; unprocessed ones retried with the one policy). */
export async function batchDeleteAll(db: Db, keyList: Key[]): Promise<void> {
  for (let i = 0; i < keyList.length; i += 25) {
    let pending = keyList.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    await withRetry(async () => {
      const res = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.tableName]: pending } }));
      pending = (res.UnprocessedItems?.[db.tableName] ?? []).flatMap((r) =>
        r.DeleteRequest?.Key ? [{ DeleteRequest: { Key: r.DeleteRequest.Key } }] : [],
      );
      return pending.length ? AGAIN : undefined;
    });
  }
}

/** Delete many keys in transactions of 100 (each all or nothing; conflicts retried with the one policy). */
export async function transactDeleteAll(db: Db, keyList: Key[]): Promise<void> {
  for (let i = 0; i < keyList.length; i += 100) {
    const chunk = keyList.slice(i, i + 100);
    await withConflictRetry(() =>
      transact(
        db,
        chunk.map((key) => tx.delete(db, key)),
      ),
    );
  }
}

/** Put many items (chunks of 25; unprocessed ones retried with the one policy). */
export async function batchPutAll(db: Db, items: Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let pending = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    await withRetry(async () => {
      const res = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.tableName]: pending } }));
      pending = (res.UnprocessedItems?.[db.tableName] ?? []).flatMap((r) =>
        r.PutRequest?.Item ? [{ PutRequest: { Item: r.PutRequest.Item } }] : [],
      );
      return pending.length ? AGAIN : undefined;
    });
  }
}

/* ---------------- cursors ---------------- */

/** A signed cursor for the key a page stopped at (null: no next page); `scope` binds it to its listing. */
export const encodeCursor = (key: Key | undefined | null, scope: string): string | null => signCursor(key, scope);
/** The key a signed cursor carries (undefined: none); a 400 for anything not signed for this scope. */
export const decodeCursor = (cursor: string | undefined | null, scope: string): Key | undefined =>
  verifyCursor(cursor, scope);
