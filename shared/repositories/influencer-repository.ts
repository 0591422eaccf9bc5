/**
 * Influencer applications: `INFAPP#<id> / INFAPP`, by status in gsi1 (INFAPPS#<STATUS>, newest first) and by user
 * in gsi2 (INFAPPS#USER#<id>). One pending application per user: the lock `USER#<id> / INFAPP#PENDING` is Put
 * (attribute_not_exists) in the apply transaction and deleted in the review transaction. The review moves the
 * status (conditioned on pending) and, on approval, grants the influencer role on the user item, all at once.
 */
import { GetCommand, QueryCommand } from './dynamo-client';
import * as z from 'zod';
import { APPLICATION_STATUSES, type ApplicationStatus, type ReviewDecision } from '../domain/influencer';
import type { Role } from '../domain/roles';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import { entity, ITEM_ABSENT, ITEM_EXISTS, transactNamed, tx, type EntityRecord } from './toolkit';
import { userEntity } from './user-repository';
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

/** Create a pending application: 'pending' when one is already pending, 'influencer' when the user already is one. */
export async function createApplication(
  db: Db,
  app: InfluencerApplicationRecord,
): Promise<'created' | 'pending' | 'influencer'> {
  const u = userEntity.where;
  const out = await transactNamed(db, {
    notInfluencer: tx.check(
      db,
      keys.user(app.userId),
      u.and(ITEM_EXISTS, u.or(u.notExists('isInfluencer'), u.eq('isInfluencer', false))),
    ),
    pendingLock: tx.put(
      db,
      {
        ...keys.influencerPendingLock(app.userId),
        type: 'InfluencerPendingLock',
        applicationId: app.id,
        createdAt: app.createdAt,
      },
      ITEM_ABSENT,
    ),
    application: tx.put(db, influencerApplicationEntity.item(app), ITEM_ABSENT),
  });
  if (out.applied) return 'created';
  if (out.failed('notInfluencer')) return 'influencer';
  if (out.failed('pendingLock')) return 'pending';
  throw out.error;
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
  const out = await transactNamed(db, {
    application: tx.update(
      db,
      keys.influencerApplication(app.id),
      influencerApplicationEntity
        .update()
        .set({ status: decision, reviewNotes, reviewedBy: reviewerId, reviewedAt: ts, updatedAt: ts })
        .index(idx)
        .where((w) => w.and(ITEM_EXISTS, w.eq('status', 'pending'))),
    ),
    pendingLock: tx.delete(db, keys.influencerPendingLock(app.userId)),
    user:
      grant &&
      tx.update(
        db,
        keys.user(app.userId),
        userEntity
          .update()
          .set({
            role: grant.role,
            currentRole: grant.currentRole,
            permanentRole: grant.permanentRole,
            isInfluencer: true,
            influencerSince: ts,
            updatedAt: ts,
          })
          .where((w) =>
            w.and(
              ITEM_EXISTS,
              grant.expectedPermanentRole === null
                ? w.notExists('permanentRole')
                : w.eq('permanentRole', grant.expectedPermanentRole),
            ),
          ),
      ),
  });
  if (out.applied) return 'ok';
  if (out.failed('application')) return 'not-pending';
  if (out.failed('user')) return 'user-changed';
  throw out.error;
}
