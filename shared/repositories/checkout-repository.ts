/**
 * Our own record of every checkout session we open: the user, the product, the amount and currency we asked
 * for. Stripe fulfilment (functions/services/stripe-events.ts) grants only what this record says, and only
 * when the paid session matches it; an event body is never trusted for who, what or how much.
 * Two items per session: CHECKOUT#<id>/SESSION (lookup by session id) and USER#<id>/CHECKOUT#<id> (a user's
 * sessions, to expire the other open ones of the same kind when one completes).
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ProductType } from '../domain/plans';
import { keys } from './keys';
import type { TransactItem } from './ledger-repository';
import { isConditionFailure, type Db } from './table';
import { queryAll } from './toolkit';

/** trial: once ever; subscription: at most one live; pack: any number. */
export type CheckoutKind = 'trial' | 'subscription' | 'pack';
export type CheckoutStatus = 'open' | 'complete' | 'expired' | 'refused';

export interface CheckoutRecord {
  sessionId: string;
  userId: string;
  productType: ProductType;
  kind: CheckoutKind;
  mode: 'payment' | 'subscription';
  /** What we asked the customer to pay, in the smallest unit (cents). */
  expectedAmount: number;
  /** Lower-case ISO code, as Stripe spells it. */
  currency: string;
  status: CheckoutStatus;
  createdAt: string;
}

const strip = (item: Record<string, unknown> | undefined): CheckoutRecord | null => {
  if (!item) return null;
  const { pk, sk, type, ...rest } = item;
  void pk;
  void sk;
  void type;
  return rest as unknown as CheckoutRecord;
};

export async function putCheckoutRecord(db: Db, r: CheckoutRecord): Promise<void> {
  const item = { type: 'CheckoutSession', ...r };
  await db.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: db.tableName,
            Item: { ...keys.checkoutSession(r.sessionId), ...item },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        { Put: { TableName: db.tableName, Item: { ...keys.userCheckoutSession(r.userId, r.sessionId), ...item } } },
      ],
    }),
  );
}

export async function getCheckoutRecord(db: Db, sessionId: string): Promise<CheckoutRecord | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.checkoutSession(sessionId), ConsistentRead: true }),
  );
  return strip(res.Item);
}

/** The user's sessions of one kind still open (newest last). */
export async function listOpenCheckouts(db: Db, userId: string, kind: CheckoutKind): Promise<CheckoutRecord[]> {
  const k = keys.userCheckoutSessionPrefix(userId);
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': k.pk, ':p': k.skPrefix },
    ConsistentRead: true,
  });
  return items.map((i) => strip(i)!).filter((r) => r.kind === kind && r.status === 'open');
}

/** Transaction items setting a session's status on both of its items (written with the grant or refusal). */
export function checkoutStatusItems(
  db: Db,
  r: Pick<CheckoutRecord, 'sessionId' | 'userId'>,
  status: CheckoutStatus,
  now: Date,
  onlyFrom?: CheckoutStatus,
): TransactItem[] {
  return [keys.checkoutSession(r.sessionId), keys.userCheckoutSession(r.userId, r.sessionId)].map((Key) => ({
    Update: {
      TableName: db.tableName,
      Key,
      UpdateExpression: 'SET #s = :s, updatedAt = :now',
      ConditionExpression: onlyFrom ? 'attribute_exists(pk) AND #s = :from' : 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':s': status,
        ':now': now.toISOString(),
        ...(onlyFrom ? { ':from': onlyFrom } : {}),
      },
    },
  }));
}

/** Mark an open session expired; false when it is no longer open (completed or refused meanwhile). */
export async function expireOpenCheckout(
  db: Db,
  r: Pick<CheckoutRecord, 'sessionId' | 'userId'>,
  now = new Date(),
): Promise<boolean> {
  try {
    await db.doc.send(new TransactWriteCommand({ TransactItems: checkoutStatusItems(db, r, 'expired', now, 'open') }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
