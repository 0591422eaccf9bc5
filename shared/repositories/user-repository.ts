import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../domain/roles';
import type { PlanId } from '../domain/plans';
import { keys } from './keys';
import { isConditionFailure, TABLE_SCHEMA, type Db } from './table';
import { tombstoneKey } from './privacy-repository';
import { ERROR_CODES, HttpError } from '../errors';
import { batchGetAll, buildUpdate, updateIf } from './toolkit';

/** A token issued before "Delete my account" must not re-create the user. */
export const ACCOUNT_DELETED = { code: ERROR_CODES.accountDeleted, message: 'This account was deleted.' } as const;

export interface UserRecord {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  handle: string;
  profileImageUrl: string | null;
  hasUnlimitedCredits: boolean;
  role: Role;
  currentRole: Role;
  permanentRole: Role;
  currentPlan: PlanId;
  subscriptionStatus: string;
  hasUsedTrial: boolean;
  isInfluencer: boolean;
  influencerSince: string | null;
  nextScheduledPlan: PlanId | null;
  nextScheduledPlanDate: string | null;
  /** Billing (set from Stripe webhooks; absent until the first checkout). */
  subscriptionId?: string | null;
  stripeCustomerId?: string | null;
  currentPeriodEnd?: string | null;
  cancelAtPeriodEnd?: boolean;
  isPublic: boolean;
  showCollections: boolean;
  onboarded: boolean;
  /** Absent means active; account deletion marks 'deleting' first, then 'deleted'; an operator may set 'disabled'. */
  accountStatus?: AccountStatus;
  createdAt: string;
  updatedAt: string;
}

export const ACCOUNT_STATUSES = ['active', 'deleting', 'deleted', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** True when the account may use the API (no status, or 'active'). */
export const isAccountActive = (u: Pick<UserRecord, 'accountStatus'>): boolean =>
  !u.accountStatus || u.accountStatus === 'active';

export interface NewUser {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

const strip = <T extends Record<string, unknown>>(item: T | undefined): UserRecord | null => {
  if (!item) return null;
  const { pk, sk, gsi1pk, gsi1sk, ...rest } = item as Record<string, unknown>;
  void pk;
  void sk;
  void gsi1pk;
  void gsi1sk;
  return rest as unknown as UserRecord;
};

export async function getUser(db: Db, userId: string): Promise<UserRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.user(userId) }));
  return strip(res.Item);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | null> {
  const k = keys.userEmailIndex(email.trim().toLowerCase());
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: TABLE_SCHEMA.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': k.gsi1pk, ':sk': k.gsi1sk },
      Limit: 1,
    }),
  );
  return strip(res.Items?.[0]);
}

/** A handle derived from the e-mail's local part: lowercase letters, digits and underscores, 3 to 30 long. */
export function baseHandle(email: string): string {
  const local = email.split('@')[0] ?? '';
  let h = local
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
  if (h.length < 3) h = `${h}user`.slice(0, 30);
  return h.slice(0, 24);
}

/**
 * Create the user item (role shopper, no plan, no credits) with its unique handle claim, once.
 * Concurrent first sign-ins are safe: attribute_not_exists makes exactly one create win; the others read it.
 */
export async function createUserIfMissing(db: Db, input: NewUser, now = new Date()): Promise<UserRecord> {
  const existing = await getUser(db, input.id);
  if (existing) return existing;
  const base = baseHandle(input.email);
  for (let attempt = 0; attempt < 6; attempt++) {
    const handle = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    const ts = now.toISOString();
    const user: UserRecord = {
      id: input.id,
      email: input.email.toLowerCase(),
      firstName: input.firstName?.trim() || null,
      lastName: input.lastName?.trim() || null,
      handle,
      profileImageUrl: null,
      hasUnlimitedCredits: false,
      role: 'shopper',
      currentRole: 'shopper',
      permanentRole: 'shopper',
      currentPlan: 'none',
      subscriptionStatus: 'none',
      hasUsedTrial: false,
      isInfluencer: false,
      influencerSince: null,
      nextScheduledPlan: null,
      nextScheduledPlanDate: null,
      isPublic: false,
      showCollections: true,
      onboarded: false,
      createdAt: ts,
      updatedAt: ts,
    };
    try {
      await db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: db.tableName,
                Item: { ...keys.user(input.id), ...keys.userEmailIndex(user.email), type: 'User', ...user },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: db.tableName,
                Item: { ...keys.handle(handle), type: 'Handle', userId: input.id },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              ConditionCheck: {
                TableName: db.tableName,
                Key: tombstoneKey(input.id),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
      return user;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      if (reasons[2]?.Code === 'ConditionalCheckFailed')
        throw new HttpError(401, ACCOUNT_DELETED.code, ACCOUNT_DELETED.message);
      if (reasons[0]?.Code === 'ConditionalCheckFailed') {
        const raced = await getUser(db, input.id);
        if (raced) return raced;
      }
      // the handle is taken: try again with a suffix
    }
  }
  throw new Error(`Could not allocate a handle for ${input.email}`);
}

/** Some fields of many users (BatchGet through the toolkit: chunks of 100, unprocessed keys retried). */
export async function getUsersByIds<F extends keyof UserRecord>(
  db: Db,
  ids: string[],
  fields: F[],
): Promise<Pick<UserRecord, F | 'id'>[]> {
  const names = Object.fromEntries(fields.map((f, i) => [`#p${i}`, f]));
  return batchGetAll<Pick<UserRecord, F | 'id'>>(
    db,
    ids.map((id) => keys.user(id)),
    { projection: Object.keys(names).join(', '), names },
  );
}

export type UserPatch = Partial<Omit<UserRecord, 'id' | 'email' | 'handle' | 'createdAt' | 'updatedAt'>>;

/** Update plain fields of an existing user (never its keys, e-mail or handle). */
export async function updateUser(db: Db, userId: string, patch: UserPatch, now = new Date()): Promise<UserRecord> {
  const res = await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.user(userId),
      ...buildUpdate({ ...patch, updatedAt: now.toISOString() }),
      ConditionExpression: 'attribute_exists(pk)',
      ReturnValues: 'ALL_NEW',
    }),
  );
  return strip(res.Attributes)!;
}

/** Switch the active role, only if the stored permanentRole is still admin (checked in the same write). */
export async function setCurrentRole(db: Db, userId: string, role: Role, now = new Date()): Promise<UserRecord | null> {
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.user(userId),
        UpdateExpression: 'SET currentRole = :r, updatedAt = :u',
        ConditionExpression: 'attribute_exists(pk) AND permanentRole = :admin',
        ExpressionAttributeValues: { ':r': role, ':u': now.toISOString(), ':admin': 'admin' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return strip(res.Attributes);
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/**
 * Mark the account's state (account deletion sets 'deleting' before anything else, then 'deleted').
 * The request pipeline refuses every authenticated call of an account whose status is not 'active'.
 * Returns false when there is no user item.
 */
export async function setAccountStatus(
  db: Db,
  userId: string,
  status: AccountStatus,
  now = new Date(),
): Promise<boolean> {
  return updateIf(db, {
    Key: keys.user(userId),
    UpdateExpression: 'SET accountStatus = :s, accountStatusAt = :u, updatedAt = :u',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':s': status, ':u': now.toISOString() },
  });
}
