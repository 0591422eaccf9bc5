/**
 * The open-report index (gsi1 `styleReportOpenIndex`), shared by reports of styles (type StyleReport,
 * discovery-repository.ts) and of shared looks (type ShareReport, share-repository.ts). A report is written
 * together with its reporter's lock (one open report per reporter and subject); closing it takes it out of the
 * index and releases the lock in one transaction.
 */
import * as z from 'zod';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import { entity, ITEM_ABSENT, queryAll, transact, transactNamed, tx, type Item, type Key } from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

export type ReportType = 'StyleReport' | 'ShareReport';

/** What every report carries (a style report adds the style, a share report the share). */
export const reportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    reporterId: z.string(),
    reason: z.string(),
    status: z.enum(['open', 'resolved', 'dismissed']),
    resolvedAt: z.string().optional(),
    createdAt: z.string(),
  }),
);
export type ReportRecord = z.output<typeof reportSchema>;

/** The key of every report (its declarations in discovery-repository and share-repository use it). */
export const reportKey = (r: { id: string }) => keys.styleReport(r.id);
/** The open-report index: a report is in it while open (gsi1). */
export const openReportIndex = (r: { id: string; status: string; createdAt: string }) =>
  r.status === 'open' ? keys.styleReportOpenIndex(r.createdAt, r.id) : null;

/** The per-reporter index (gsi2) of a report whose reporter is this account (null: an anonymous reporter). */
export const reportByReporterIndex = (reporterUserId: string | null, r: { id: string; createdAt: string }) =>
  reporterUserId ? keys.reportByReporterIndex(reporterUserId, r.createdAt, r.id) : null;

/** Any report (the common attributes); StyleReport and ShareReport declare their own on top. */
const reportEntity = entity({
  name: 'Report',
  schema: reportSchema,
  key: reportKey,
  indexes: { gsi1: openReportIndex },
});

/**
 * Write a report and its reporter's lock; false when the lock (an open report of this reporter) exists. `report`
 * is the subtype's whole item (its entity's `item`: the style or share reported, the open and per-reporter indexes).
 */
export async function createReportWithLock(
  db: Db,
  type: ReportType,
  lockKey: Key,
  r: ReportRecord,
  report: Item,
): Promise<boolean> {
  const lock = { ...lockKey, type: `${type}Lock`, reportId: r.id, createdAt: r.createdAt };
  const out = await transactNamed(db, {
    lock: tx.put(db, lock, ITEM_ABSENT),
    report: tx.put(db, report, ITEM_ABSENT),
  });
  return out.applied;
}

/** A report as its reporter sees it in their export: what was reported (a style or a shared look), why, its status. */
export type MadeReport = ReportRecord & {
  type: ReportType;
  styleId: string | null;
  styleName: string | null;
  shareId: string | null;
};

const madeReportSchema = /* @__PURE__ */ lazySchema(() =>
  reportSchema.extend({
    type: z.enum(['StyleReport', 'ShareReport']),
    styleId: z.string().nullish(),
    styleName: z.string().nullish(),
    shareId: z.string().nullish(),
  }),
);

/** The reports a person made while signed in (both types, through the per-reporter index), oldest first. */
export async function listReportsMadeBy(db: Db, userId: string): Promise<MadeReport[]> {
  const items = await queryAll(db, {
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.reportByReporterPartition(userId) },
  });
  return items.map((i) => {
    const r = madeReportSchema.parse(i);
    return { ...r, styleId: r.styleId ?? null, styleName: r.styleName ?? null, shareId: r.shareId ?? null };
  });
}

/** Open reports of one type, newest first (at most `limit`). */
export async function listOpenReports(db: Db, type: ReportType, limit?: number): Promise<Item[]> {
  return queryAll(
    db,
    {
      IndexName: TABLE_SCHEMA.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: '#t = :t',
      ExpressionAttributeNames: { '#t': 'type' },
      ExpressionAttributeValues: { ':pk': keys.styleReportOpenIndex('', '').gsi1pk, ':t': type },
      ScanIndexForward: false,
    },
    limit === undefined ? {} : { max: limit },
  );
}

/** Open reports of one type as records (parsed by their declaration), newest first. */
export async function listOpenReportRecords<T>(
  db: Db,
  type: { name: ReportType; parse: (item: unknown) => T },
  limit: number,
): Promise<T[]> {
  return (await listOpenReports(db, type.name, limit)).map((i) => type.parse(i));
}

/** Close a report (status set, out of the open index) and release its reporter's lock. */
export async function closeReport(
  db: Db,
  reportId: string,
  lock: Key,
  resolution: 'resolved' | 'dismissed',
  now: Date,
): Promise<void> {
  await transact(db, [
    tx.update(
      db,
      reportKey({ id: reportId }),
      reportEntity
        .update()
        .set({ status: resolution, resolvedAt: now.toISOString() })
        .index(reportEntity.indexUpdate('gsi1', null)),
    ),
    tx.delete(db, lock),
  ]);
}
