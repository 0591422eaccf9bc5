/**
 * Writes of prompt templates (`PROMPT#<id>`, gsi1 PROMPTS by lower-cased name) and raw templates (`RAWTPL#<id>`,
 * gsi1 RAWTPLS by zero-padded priority). An update that changes the name or the priority rewrites the index key
 * in the same write, so listings stay in order.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from './dynamo-client';
import { keys } from './keys';
import { isConditionFailure, type Db } from './table';
import {
  promptTemplateEntity,
  rawTemplateEntity,
  type PromptTemplateRecord,
  type RawTemplateRecord,
} from './catalog-repository';
import { buildUpdate, type IndexUpdate } from './toolkit';

export async function createPromptTemplate(db: Db, t: PromptTemplateRecord & { updatedAt: string }): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: promptTemplateEntity.item(t),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function createRawTemplate(db: Db, t: RawTemplateRecord & { updatedAt: string }): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: rawTemplateEntity.item(t),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

async function update<T>(
  db: Db,
  key: Record<string, string>,
  patch: Record<string, unknown>,
  index: IndexUpdate | null,
  parse: (item: unknown) => T,
): Promise<T | null> {
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        ...buildUpdate({ ...patch, ...index?.set }, { remove: index?.remove ?? [] }),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_NEW',
      }),
    );
    return parse(res.Attributes);
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** Update a prompt template; `name` (when it changes) rewrites the index key. Null when missing. */
export function updatePromptTemplate(db: Db, id: string, patch: Partial<PromptTemplateRecord> & { updatedAt: string }) {
  return update(
    db,
    keys.promptTemplate(id),
    patch,
    patch.name !== undefined ? promptTemplateEntity.indexUpdate('gsi1', { id, name: patch.name }) : null,
    promptTemplateEntity.parse,
  );
}

/** Update a raw template; `priority` (when given) rewrites the index key. Null when missing. */
export function updateRawTemplate(db: Db, id: string, patch: Partial<RawTemplateRecord> & { updatedAt: string }) {
  return update(
    db,
    keys.rawTemplate(id),
    patch,
    patch.priority !== undefined ? rawTemplateEntity.indexUpdate('gsi1', { id, priority: patch.priority }) : null,
    rawTemplateEntity.parse,
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
