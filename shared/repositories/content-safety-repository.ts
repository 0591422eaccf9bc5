/**
 * Refused images (content safety): one item per refusal under `REFUSALS#<yyyy-mm> / <createdAt>#<id>`,
 * expiring after a year (TTL). The image itself is never stored; only what the admin area shows.
 * Also: content hashes of public images (`IMGHASH#<sha256> / KEY#<key>`) so a takedown finds identical
 * copies, and closing the open reports of taken-down styles.
 */
import { DeleteCommand, GetCommand, PutCommand } from './dynamo-client';
import * as z from 'zod';
import { IMAGE_CHECK_KINDS } from '../domain/content-safety';
import { styleReportEntity } from './discovery-repository';
import { closeReport, listOpenReports } from './report-repository';
import { keys } from './keys';
import type { Db } from './table';
import { entity, queryAll, type EntityRecord } from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

/** A refused image, by month (never the image: only kind, reasons, who and when); expires after a year. */
export const contentRefusalEntity = entity({
  name: 'ContentRefusal',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      kind: z.enum(IMAGE_CHECK_KINDS),
      /** The classifier labels that blocked it. */
      reasons: z.array(z.string()).default([]),
      /** Which adapter decided (nsfwjs, rekognition, or a test classifier). */
      moderator: z.string(),
      userId: z.string().nullable().default(null),
      createdAt: z.string(),
    }),
  ),
  key: (r) => keys.contentRefusal(r.createdAt, r.id),
});
export type ContentRefusalRecord = EntityRecord<typeof contentRefusalEntity>;

/** A public-bucket object by its content hash (finds identical copies for a takedown). */
export const publicImageHashEntity = entity({
  name: 'PublicImageHash',
  schema: lazySchema(() => z.object({ sha256: z.string(), key: z.string(), createdAt: z.string() })),
  key: (h) => keys.publicImageHash(h.sha256, h.key),
});

const RETENTION_DAYS = 365;

export async function recordContentRefusal(db: Db, r: ContentRefusalRecord): Promise<void> {
  const ttl = Math.floor(new Date(r.createdAt).getTime() / 1000) + RETENTION_DAYS * 86_400;
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: contentRefusalEntity.item(r, { ttl }),
    }),
  );
}

/** Refusals of these months (yyyy-mm), newest first. */
export async function listContentRefusals(db: Db, months: string[], limit = 1000): Promise<ContentRefusalRecord[]> {
  const out: ContentRefusalRecord[] = [];
  for (const month of months) {
    const items = await queryAll(
      db,
      {
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.contentRefusalMonth(month).pk },
        ScanIndexForward: false,
      },
      { max: limit - out.length },
    );
    for (const i of items) out.push(contentRefusalEntity.parse(i));
    if (out.length >= limit) break;
  }
  return out.slice(0, limit);
}

// ------------------------------------------------------------------------- content hashes of public images

/** Remember which public object has these bytes (written by media-store on every public put). */
export async function recordPublicImageHash(db: Db, sha256: string, key: string, now = new Date()): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: publicImageHashEntity.item({ sha256, key, createdAt: now.toISOString() }),
    }),
  );
}

/** Every public object key recorded with this content hash. */
export async function listKeysWithHash(db: Db, sha256: string): Promise<string[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.publicImageHash(sha256, '').pk },
  });
  return items.map((i) => publicImageHashEntity.parsePick(i, ['key']).key);
}

export async function deletePublicImageHash(db: Db, sha256: string, key: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: keys.publicImageHash(sha256, key) }));
}

// ------------------------------------------------------------------------- resolving style reports

/** Close every open report of these styles (status resolved, out of the open index, per-user lock released). */
export async function resolveStyleReports(
  db: Db,
  styleIds: string[],
  resolution: 'resolved' | 'dismissed',
  now = new Date(),
): Promise<number> {
  const wanted = new Set(styleIds);
  const open = (await listOpenReports(db, styleReportEntity.name))
    .map(styleReportEntity.parse)
    .filter((i) => wanted.has(i.styleId));
  for (const r of open) await closeReport(db, r.id, keys.styleReportLock(r.styleId, r.reporterId), resolution, now);
  return open.length;
}

export async function getStyleReportById(
  db: Db,
  id: string,
): Promise<{ id: string; styleId: string; status: string } | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.styleReport(id) }));
  if (res.Item?.type !== styleReportEntity.name) return null;
  const { id: reportId, styleId, status } = styleReportEntity.parse(res.Item);
  return { id: reportId, styleId, status };
}
