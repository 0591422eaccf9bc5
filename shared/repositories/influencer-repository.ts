/**
 * Influencer applications: `INFAPP#<id> / INFAPP`, by status in gsi1 (INFAPPS#<STATUS>, newest first) and by user
 * in gsi2 (INFAPPS#USER#<id>). One pending application per user: the lock `USER#<id> / INFAPP#PENDING` is Put
 * (attribute_not_exists) in the apply transaction and deleted in the review transaction. The review moves the
 * status (conditioned on pending) and, on approval, grants the influencer role on the user item, all at once.
 */
import { GetCommand, QueryCommand, TransactWriteCommand } from './dynamo-client';
import * as z from 'zod';
import { APPLICATION_STATUSES, type ApplicationStatus, type ReviewDecision } from '../domain/influencer';
import type { Role } from '../domain/roles';
import { keys } from './keys';
import { cancellationReasons, errorName, TABLE_SCHEMA, type Db } from './table';
import { buildUpdate, entity, withConflictRetry, type EntityRecord, type TransactItem } from './toolkit';
import { queryAll } from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

/** An influencer application: by status, newest first (gsi1); a user's, newest first (gsi2). */
export const influencerApplicationEntity = entity({
  name: 'InfluencerApplication',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      userId: z.string(),
      status: z.enum(APPLICATION_STATUSES),
      useCase: z.string(),
      instagramHandle: z.string().nullable(),
      tiktokHandle: z.string().nullable(),
      youtubeChannel: z.string().nullable(),
      otherSocial: z.string().nullable(),
      reviewNotes: z.string().nullable(),
      reviewedBy: z.string().nullable(),
      reviewedAt: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  key: (a) => keys.influencerApplication(a.id),
  indexes: {
    gsi1: (a: { id: string; status: string; createdAt: string }) =>
      keys.influencerApplicationStatusIndex(a.status, a.createdAt, a.id),
    gsi2: (a) => keys.influencerApplicationUserIndex(a.userId, a.createdAt, a.id),
  },
});
export type InfluencerApplicationRecord = EntityRecord<typeof influencerApplicationEntity>;

const clean = (item: unknown): InfluencerApplicationRecord | null => influencerApplicationEntity.parseOrNull(item);

const cancellationCodes = (err: unknown): string[] =>
  errorName(err) === 'TransactionCanceledException' ? cancellationReasons(err).map((c) => c ?? 'None') : [];

/** Create a pending application: 'pending' when one is already pending, 'influencer' when the user already is one. */
export async function createApplication(
  db: Db,
  app: InfluencerApplicationRecord,
): Promise<'created' | 'pending' | 'influencer'> {
  try {
    await withConflictRetry(() =>
      db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: db.tableName,
                Key: keys.user(app.userId),
                ConditionExpression:
                  'attribute_exists(pk) AND (attribute_not_exists(isInfluencer) OR isInfluencer = :false)',
                ExpressionAttributeValues: { ':false': false },
              },
            },
            {
              Put: {
                TableName: db.tableName,
                Item: {
                  ...keys.influencerPendingLock(app.userId),
                  type: 'InfluencerPendingLock',
                  applicationId: app.id,
                  createdAt: app.createdAt,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: db.tableName,
                Item: influencerApplicationEntity.item(app),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      ),
    );
    return 'created';
  } catch (err) {
    const codes = cancellationCodes(err);
    if (codes[0] === 'ConditionalCheckFailed') return 'influencer';
    if (codes[1] === 'ConditionalCheckFailed') return 'pending';
    throw err;
  }
}

export async function getApplication(db: Db, id: string): Promise<InfluencerApplicationRecord | null> {
  if (!id || id.length > 100) return null;
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.influencerApplication(id), ConsistentRead: true }),
  );
  return clean(res.Item);
}

/** The user's latest application, or null. */
export async function latestApplicationOf(db: Db, userId: string): Promise<InfluencerApplicationRecord | null> {
  const k = keys.influencerApplicationUserIndex(userId, '', '');
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: TABLE_SCHEMA.gsi2.name,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': k.gsi2pk },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const latest = clean(res.Items?.[0]);
  // the index lags the table: read the item itself for its current status
  return latest ? ((await getApplication(db, latest.id)) ?? latest) : null;
}

/** Applications of one status (or all), newest first. */
export async function listApplications(
  db: Db,
  status: ApplicationStatus | null,
): Promise<InfluencerApplicationRecord[]> {
  const statuses: ApplicationStatus[] = status ? [status] : ['pending', 'approved', 'rejected'];
  const out: InfluencerApplicationRecord[] = [];
  for (const s of statuses) {
    const k = keys.influencerApplicationStatusIndex(s, '', '');
    const items = await queryAll(db, {
      IndexName: TABLE_SCHEMA.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': k.gsi1pk },
      ScanIndexForward: false,
    });
    for (const i of items) out.push(influencerApplicationEntity.parse(i));
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

export interface RoleGrant {
  role: Role;
  currentRole: Role;
  permanentRole: Role;
  /** permanentRole as read: the grant only applies if it is unchanged. */
  expectedPermanentRole: Role | null;
}

/**
 * Review a pending application: status, notes and the status index move, the pending lock goes and, on approval,
 * the user becomes an influencer, in one transaction. 'not-pending' when it was reviewed meanwhile.
 */
export async function reviewApplication(
  db: Db,
  app: InfluencerApplicationRecord,
  decision: ReviewDecision,
  reviewNotes: string | null,
  reviewerId: string,
  grant: RoleGrant | null,
  now = new Date(),
): Promise<'ok' | 'not-pending' | 'user-changed'> {
  const ts = now.toISOString();
  // the status index moves with the status (the application's declaration)
  const idx = influencerApplicationEntity.indexUpdate('gsi1', { ...app, status: decision });
  const items: TransactItem[] = [
    {
      Update: {
        TableName: db.tableName,
        Key: keys.influencerApplication(app.id),
        ...buildUpdate(
          { status: decision, reviewNotes, reviewedBy: reviewerId, reviewedAt: ts, updatedAt: ts, ...idx.set },
          { undefinedAs: 'null', remove: idx.remove, names: { '#s': 'status' }, values: { ':pending': 'pending' } },
        ),
        ConditionExpression: 'attribute_exists(pk) AND #s = :pending',
      },
    },
    { Delete: { TableName: db.tableName, Key: keys.influencerPendingLock(app.userId) } },
  ];
  if (grant) {
    items.push({
      Update: {
        TableName: db.tableName,
        Key: keys.user(app.userId),
        UpdateExpression:
          'SET #role = :role, currentRole = :cur, permanentRole = :perm, isInfluencer = :true, influencerSince = :now, updatedAt = :now',
        ConditionExpression:
          grant.expectedPermanentRole === null
            ? 'attribute_exists(pk) AND attribute_not_exists(permanentRole)'
            : 'attribute_exists(pk) AND permanentRole = :expected',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: {
          ':role': grant.role,
          ':cur': grant.currentRole,
          ':perm': grant.permanentRole,
          ':true': true,
          ':now': ts,
          ...(grant.expectedPermanentRole === null ? {} : { ':expected': grant.expectedPermanentRole }),
        },
      },
    });
  }
  try {
    await withConflictRetry(() => db.doc.send(new TransactWriteCommand({ TransactItems: items })));
    return 'ok';
  } catch (err) {
    const codes = cancellationCodes(err);
    if (codes[0] === 'ConditionalCheckFailed') return 'not-pending';
    if (codes[2] === 'ConditionalCheckFailed') return 'user-changed';
    throw err;
  }
}
