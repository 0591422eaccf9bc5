/**
 * Refused images (content safety): one item per refusal under `REFUSALS#<yyyy-mm> / <createdAt>#<id>`,
 * expiring after a year (TTL). The image itself is never stored; only what the admin area shows.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ImageCheckKind } from '../domain/content-safety';
import { keys } from './keys';
import type { Db } from './table';

export interface ContentRefusalRecord {
  id: string;
  kind: ImageCheckKind;
  /** The classifier labels that blocked it. */
  reasons: string[];
  /** Which adapter decided (nsfwjs, rekognition, or a test classifier). */
  moderator: string;
  userId: string | null;
  createdAt: string;
}

const RETENTION_DAYS = 365;

export async function recordContentRefusal(db: Db, r: ContentRefusalRecord): Promise<void> {
  const ttl = Math.floor(new Date(r.createdAt).getTime() / 1000) + RETENTION_DAYS * 86_400;
  await db.doc.send(new PutCommand({ TableName: db.tableName, Item: { ...keys.contentRefusal(r.createdAt, r.id), type: 'ContentRefusal', ...r, ttl } }));
}

/** Refusals of these months (yyyy-mm), newest first. */
export async function listContentRefusals(db: Db, months: string[], limit = 1000): Promise<ContentRefusalRecord[]> {
  const out: ContentRefusalRecord[] = [];
  for (const month of months) {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const res = await db.doc.send(
        new QueryCommand({
          TableName: db.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.contentRefusalMonth(month).pk },
          ScanIndexForward: false,
          ExclusiveStartKey,
        }),
      );
      for (const i of res.Items ?? []) out.push({ id: i.id, kind: i.kind, reasons: i.reasons ?? [], moderator: i.moderator, userId: i.userId ?? null, createdAt: i.createdAt });
      ExclusiveStartKey = res.LastEvaluatedKey;
    } while (ExclusiveStartKey && out.length < limit);
    if (out.length >= limit) break;
  }
  return out.slice(0, limit);
}
