/**
 * Writes of prompt templates (`PROMPT#<id>`, gsi1 PROMPTS by lower-cased name) and raw templates (`RAWTPL#<id>`,
 * gsi1 RAWTPLS by zero-padded priority). An update that changes the name or the priority rewrites the index key
 * in the same write, so listings stay in order.
 */
import { keys } from './keys';
import { type Db } from './table';
import {
  promptTemplateEntity,
  rawTemplateEntity,
  type PromptTemplateRecord,
  type RawTemplateRecord,
} from './catalog-repository';
import { deleteIf, ITEM_ABSENT, ITEM_EXISTS, putItem, updateIfReturning } from './toolkit';

export async function createPromptTemplate(db: Db, t: PromptTemplateRecord & { updatedAt: string }): Promise<void> {
  await putItem(db, promptTemplateEntity.item(t), ITEM_ABSENT);
}

export async function createRawTemplate(db: Db, t: RawTemplateRecord & { updatedAt: string }): Promise<void> {
  await putItem(db, rawTemplateEntity.item(t), ITEM_ABSENT);
}

/** Update a prompt template; `name` (when it changes) rewrites the index key. Null when missing. */
export async function updatePromptTemplate(
  db: Db,
  id: string,
  patch: Partial<PromptTemplateRecord> & { updatedAt: string },
): Promise<PromptTemplateRecord | null> {
  const u = promptTemplateEntity.update().set(patch).where(ITEM_EXISTS);
  if (patch.name !== undefined) u.index(promptTemplateEntity.indexUpdate('gsi1', { id, name: patch.name }));
  const written = await updateIfReturning(db, keys.promptTemplate(id), u, 'ALL_NEW');
  return written ? promptTemplateEntity.parse(written) : null;
}

/** Update a raw template; `priority` (when given) rewrites the index key. Null when missing. */
export async function updateRawTemplate(
  db: Db,
  id: string,
  patch: Partial<RawTemplateRecord> & { updatedAt: string },
): Promise<RawTemplateRecord | null> {
  const u = rawTemplateEntity.update().set(patch).where(ITEM_EXISTS);
  if (patch.priority !== undefined) u.index(rawTemplateEntity.indexUpdate('gsi1', { id, priority: patch.priority }));
  const written = await updateIfReturning(db, keys.rawTemplate(id), u, 'ALL_NEW');
  return written ? rawTemplateEntity.parse(written) : null;
}

export const deletePromptTemplate = (db: Db, id: string) => deleteIf(db, keys.promptTemplate(id), ITEM_EXISTS);
export const deleteRawTemplate = (db: Db, id: string) => deleteIf(db, keys.rawTemplate(id), ITEM_EXISTS);
