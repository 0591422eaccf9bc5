import { GetCommand, QueryCommand } from './dynamo-client';
import * as z from 'zod';
import { ROLES, type Role } from '../domain/roles';
import { PLAN_IDS, STARTER_CREDITS, STARTER_GRANT_STATES } from '../domain/plans';
import { ACCOUNT_STATUSES, RETENTION_DAYS, type AccountStatus } from '../domain/privacy';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import { starterClaimKey, tombstoneKey } from './keys';
import { ledgerItems } from './ledger-repository';
import { ERROR_CODES, HttpError } from '../errors';
import {
  batchGetAll,
  entity,
  ITEM_ABSENT,
  ITEM_EXISTS,
  transactNamed,
  tx,
  updateIf,
  updateIfReturning,
  updateItem,
  type EntityRecord,
} from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

/** A token issued before "Delete my account" must not re-create the user. */
export const ACCOUNT_DELETED = { code: ERROR_CODES.accountDeleted, message: 'This account was deleted.' } as const;

export { ACCOUNT_STATUSES, type AccountStatus };

const role = /* @__PURE__ */ lazySchema(() => z.enum(ROLES));
const plan = /* @__PURE__ */ lazySchema(() => z.enum(PLAN_IDS));

/**
 * The user item: found by e-mail (gsi1); in the retention job's sparse work list (gsi2) while it has automatic
 * deletion of generated images (privacy-repository sets it).
 */
export const userEntity = entity({
  name: 'User',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      email: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      handle: z.string(),
      profileImageUrl: z.string().nullable(),
      hasUnlimitedCredits: z.boolean(),
      role,
      currentRole: role,
      permanentRole: role,
      currentPlan: plan,
      subscriptionStatus: z.string(),
      hasUsedTrial: z.boolean(),
      isInfluencer: z.boolean(),
      influencerSince: z.string().nullable(),
      nextScheduledPlan: plan.nullable(),
      nextScheduledPlanDate: z.string().nullable(),
      /** Billing (set from Stripe webhooks; absent until the first checkout). */
      subscriptionId: z.string().nullish(),
      stripeCustomerId: z.string().nullish(),
      currentPeriodEnd: z.string().nullish(),
      cancelAtPeriodEnd: z.boolean().optional(),
      isPublic: z.boolean(),
      showCollections: z.boolean(),
      onboarded: z.boolean(),
      /** Absent means active; account deletion marks 'deleting' first, then 'deleted'; an operator may set 'disabled'. */
      accountStatus: z.enum(ACCOUNT_STATUSES).optional(),
      accountStatusAt: z.string().optional(),
      /** Privacy (privacy-repository): the age statement (never the birth date), the retention choice. */
      ageStatus: z.enum(['adult', 'minor']).optional(),
      /**
       * The starter grant at creation (issue 39): 'granted', or 'address-used' when the verified e-mail had
       * claimed it before (an earlier, maybe deleted, account): the SPA says why there is no free look.
       * Absent: an unverified account (no grant was due) or one created before this field.
       */
      starterGrant: z.enum(STARTER_GRANT_STATES).optional(),
      ageConfirmedAt: z.string().optional(),
      ageWordingVersion: z.string().optional(),
      retentionDays: z.union(RETENTION_DAYS.map((d) => z.literal(d))).optional(),
      /** The ledger pseudonym an account deletion moves the accounting items to (once). */
      deletionPseudonym: z.string().optional(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  key: (u) => keys.user(u.id),
  indexes: {
    gsi1: (u: { email: string }) => keys.userEmailIndex(u.email),
    gsi2: (u: { id: string; retentionDays?: number | null }) => (u.retentionDays ? keys.retentionIndex(u.id) : null),
  },
});
export type UserRecord = EntityRecord<typeof userEntity>;

/** A unique handle's claim: which user holds it (older claims lack `handle`: reads pick `userId`). */
export const handleClaimEntity = entity({
  name: 'Handle',
  schema: lazySchema(() => z.object({ handle: z.string(), userId: z.string(), claimedAt: z.string().optional() })),
  key: (h) => keys.handle(h.handle),
});

/** True when the account may use the API (no status, or 'active'). */
export const isAccountActive = (u: Pick<UserRecord, 'accountStatus'>): boolean =>
  !u.accountStatus || u.accountStatus === 'active';

export interface NewUser {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /**
   * The e-mail is verified (the sign-up was confirmed): the account gets the one-time starter grant
   * (STARTER_CREDITS) in the creating transaction, unless that e-mail already claimed it (docs/decisions.md).
   */
  emailVerified?: boolean;
}

/** The ledger cause of a user's starter grant: entry id `grant.starter:<userId>`, so it is written once. */
export const starterGrantCause = (userId: string) => `starter:${userId}`;

const strip = (item: unknown): UserRecord | null => userEntity.parseOrNull(item);

/** `consistent`: a strongly consistent read (the request pipeline's one read of the caller: functions/lib/http.ts). */
export async function getUser(db: Db, userId: string, consistent = false): Promise<UserRecord | null> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: keys.user(userId),
      ...(consistent ? { ConsistentRead: true } : {}),
    }),
  );
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
 * Create the user item (role shopper, no plan) with its unique handle claim, once; with a verified e-mail not
 * yet used for it, the starter grant too (its e-mail claim, ledger entry and balance in the same transaction).
 * A claimed e-mail (a second account, or one re-created after deletion) gets no grant: the create is retried
 * without it.
 * Concurrent first sign-ins are safe: attribute_not_exists makes exactly one create win; the others read it.
 */
export async function createUserIfMissing(db: Db, input: NewUser, now = new Date()): Promise<UserRecord> {
  const existing = await getUser(db, input.id);
  if (existing) return existing;
  const base = baseHandle(input.email);
  let grant = !!input.emailVerified && STARTER_CREDITS > 0;
  let addressUsed = false; // the e-mail's claim exists: created without the grant, and said so
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
      ...(grant ? { starterGrant: 'granted' as const } : addressUsed ? { starterGrant: 'address-used' as const } : {}),
      createdAt: ts,
      updatedAt: ts,
    };
    const out = await transactNamed(db, {
      user: tx.put(db, userEntity.item(user), ITEM_ABSENT),
      handle: tx.put(db, handleClaimEntity.item({ handle, userId: input.id, claimedAt: ts }), ITEM_ABSENT),
      tombstone: tx.check(db, tombstoneKey(input.id), ITEM_ABSENT),
      starterClaim:
        grant && tx.put(db, { ...starterClaimKey(input.email), type: 'StarterClaim', claimedAt: ts }, ITEM_ABSENT),
      starterGrant: grant && starterGrantItems(db, input.id, ts, now),
    });
    if (out.applied) return user;
    if (out.failed('tombstone')) throw new HttpError(401, ACCOUNT_DELETED.code, ACCOUNT_DELETED.message);
    if (out.failed('starterClaim') && !out.failed('user')) {
      grant = false; // this e-mail had its starter grant already: create the account without one
      addressUsed = true;
      attempt--; // the handle was not the problem
      continue;
    }
    if (out.failed('user')) {
      const raced = await getUser(db, input.id);
      if (raced) return raced;
    }
    // the handle is taken: try again with a suffix
  }
  throw new Error(`Could not allocate a handle for ${input.email}`);
}

/** The starter grant's ledger items (the entry and the balance; the e-mail's claim is its own item). */
function starterGrantItems(db: Db, userId: string, ts: string, now: Date) {
  return [
    ...ledgerItems(
      db,
      {
        userId,
        entries: [
          {
            kind: 'grant.starter',
            bucket: 'trial',
            amount: STARTER_CREDITS,
            causeId: starterGrantCause(userId),
            note: 'Welcome: your first look is free',
          },
        ],
      },
      now,
    ),
  ];
}

/** Some fields of many users (BatchGet through the toolkit: chunks of 100, unprocessed keys retried). */
export async function getUsersByIds<F extends keyof UserRecord>(
  db: Db,
  ids: string[],
  fields: F[],
): Promise<Pick<UserRecord, F | 'id'>[]> {
  const read = [...new Set<F | 'id'>([...fields, 'id'])];
  const names = Object.fromEntries(read.map((f, i) => [`#p${i}`, f]));
  const items = await batchGetAll(
    db,
    ids.map((id) => keys.user(id)),
    { projection: Object.keys(names).join(', '), names },
  );
  return items.map((i) => userEntity.parsePick(i, read));
}

export type UserPatch = Partial<Omit<UserRecord, 'id' | 'email' | 'handle' | 'createdAt' | 'updatedAt'>>;

/** Update plain fields of an existing user (never its keys, e-mail or handle). */
export async function updateUser(db: Db, userId: string, patch: UserPatch, now = new Date()): Promise<UserRecord> {
  const written = await updateItem(
    db,
    keys.user(userId),
    userEntity
      .update()
      .set({ ...patch, updatedAt: now.toISOString() })
      .where(ITEM_EXISTS),
    { returnValues: 'ALL_NEW' },
  );
  return strip(written)!;
}

/** Switch the active role, only if the stored permanentRole is still admin (checked in the same write). */
export async function setCurrentRole(db: Db, userId: string, role: Role, now = new Date()): Promise<UserRecord | null> {
  const written = await updateIfReturning(
    db,
    keys.user(userId),
    userEntity
      .update()
      .set({ currentRole: role, updatedAt: now.toISOString() })
      .where((w) => w.and(ITEM_EXISTS, w.eq('permanentRole', 'admin'))),
    'ALL_NEW',
  );
  return strip(written);
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
  const at = now.toISOString();
  return updateIf(
    db,
    keys.user(userId),
    userEntity.update().set({ accountStatus: status, accountStatusAt: at, updatedAt: at }).where(ITEM_EXISTS),
  );
}
