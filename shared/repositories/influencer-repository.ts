/**
 * Influencer applications: `INFAPP#<id> / INFAPP`, by status in gsi1 (INFAPPS#<STATUS>, newest first) and by user
 * in gsi2 (INFAPPS#USER#<id>). One pending application per user: the lock `USER#<id> / INFAPP#PENDING` is Put
 * (attribute_not_exists) in the apply transaction and deleted in the review transaction. The review moves the
 * status (conditioned on pending) and, on approval, grants the influencer role on the user item, all at once.
 */
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ApplicationStatus, ReviewDecision } from '../domain/influencer';
import type { Role } from '../domain/roles';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import { withConflictRetry } from './toolkit';
import { queryAll } from './toolkit';

export interface InfluencerApplicationRecord {
  id: string;
  userId: string;
  status: ApplicationStatus;
  useCase: string;
  instagramHandle: string | null;
  tiktokHandle: string | null;
  youtubeChannel: string | null;
  otherSocial: string | null;
  reviewNotes: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const STRIP = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'type']);
const clean = (item: Record<string, unknown> | undefined): InfluencerApplicationRecord | null =>
  item
    ? (Object.fromEntries(
        Object.entries(item).filter(([k]) => !STRIP.has(k)),
      ) as unknown as InfluencerApplicationRecord)
    : null;

const cancellationCodes = (err: unknown): string[] =>
  (err as { name?: string }).name === 'TransactionCanceledException'
    ? ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r?.Code ?? 'None')
    : [];

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
                Item: {
                  ...keys.influencerApplication(app.id),
                  ...keys.influencerApplicationStatusIndex(app.status, app.createdAt, app.id),
                  ...keys.influencerApplicationUserIndex(app.userId, app.createdAt, app.id),
                  type: 'InfluencerApplication',
                  ...app,
                },
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
    for (const i of items) out.push(clean(i)!);
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
  const idx = keys.influencerApplicationStatusIndex(decision, app.createdAt, app.id);
  const items: Record<string, unknown>[] = [
    {
      Update: {
        TableName: db.tableName,
        Key: keys.influencerApplication(app.id),
        UpdateExpression:
          'SET #s = :s, reviewNotes = :n, reviewedBy = :by, reviewedAt = :now, updatedAt = :now, gsi1pk = :g1pk, gsi1sk = :g1sk',
        ConditionExpression: 'attribute_exists(pk) AND #s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':s': decision,
          ':n': reviewNotes,
          ':by': reviewerId,
          ':now': ts,
          ':g1pk': idx.gsi1pk,
          ':g1sk': idx.gsi1sk,
          ':pending': 'pending',
        },
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
    await withConflictRetry(() => db.doc.send(new TransactWriteCommand({ TransactItems: items as never })));
    return 'ok';
  } catch (err) {
    const codes = cancellationCodes(err);
    if (codes[0] === 'ConditionalCheckFailed') return 'not-pending';
    if (codes[2] === 'ConditionalCheckFailed') return 'user-changed';
    throw err;
  }
}
