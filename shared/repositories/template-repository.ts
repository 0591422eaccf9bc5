/**
 * Writes of prompt templates (`PROMPT#<id>`, gsi1 PROMPTS by lower-cased name) and raw templates (`RAWTPL#<id>`,
 * gsi1 RAWTPLS by zero-padded priority). An update that changes the name or the priority rewrites the index key
 * in the same write, so listings stay in order.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { isConditionFailure, type Db } from './table';
import type { PromptTemplateRecord, RawTemplateRecord } from './catalog-repository';
import { buildUpdate } from './toolkit';

const STRIP = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'type']);
const clean = <T>(item: Record<string, unknown> | undefined): T =>
  Object.fromEntries(Object.entries(item ?? {}).filter(([k]) => !STRIP.has(k))) as T;

export async function createPromptTemplate(db: Db, t: PromptTemplateRecord & { updatedAt: string }): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...keys.promptTemplate(t.id), ...keys.promptTemplateIndex(t.name, t.id), type: 'PromptTemplate', ...t },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function createRawTemplate(db: Db, t: RawTemplateRecord & { updatedAt: string }): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...keys.rawTemplate(t.id), ...keys.rawTemplateIndex(t.priority, t.id), type: 'RawTemplate', ...t },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

async function update<T>(
  db: Db,
  key: Record<string, string>,
  patch: Record<string, unknown>,
  index: Record<string, string> | null,
): Promise<T | null> {
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        ...buildUpdate({ ...patch, ...(index ? { gsi1pk: index.gsi1pk, gsi1sk: index.gsi1sk } : {}) }),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_NEW',
      }),
    );
    return clean<T>(res.Attributes);
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** Update a prompt template; `name` (when it changes) rewrites the index key. Null when missing. */
export function updatePromptTemplate(db: Db, id: string, patch: Partial<PromptTemplateRecord> & { updatedAt: string }) {
  return update<PromptTemplateRecord>(
    db,
    keys.promptTemplate(id),
    patch,
    patch.name !== undefined ? keys.promptTemplateIndex(patch.name, id) : null,
  );
}

/** Update a raw template; `priority` (when given) rewrites the index key. Null when missing. */
export function updateRawTemplate(db: Db, id: string, patch: Partial<RawTemplateRecord> & { updatedAt: string }) {
  return update<RawTemplateRecord>(
    db,
    keys.rawTemplate(id),
    patch,
    patch.priority !== undefined ? keys.rawTemplateIndex(patch.priority, id) : null,
  );
}

async function del(db: Db, key: Record<string, string>): Promise<boolean> {
  try {
    await db.doc.send(
      new DeleteCommand({ TableName: db.tableName, Key: key, ConditionExpression: 'attribute_exists(pk)' }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export const deletePromptTemplate = (db: Db, id: string) => del(db, keys.promptTemplate(id));
export const deleteRawTemplate = (db: Db, id: string) => del(db, keys.rawTemplate(id));
