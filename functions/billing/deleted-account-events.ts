/**
 * Payment-provider events about a deleted account (a subscription cancelled at period end keeps sending
 * updates, then its deletion): they must not write the deleted user's id back, nor fail and be retried for
 * days. They are recorded under the ledger pseudonym as ignored.
 */
import type { Db } from '../../shared/repositories/table';
import { keys } from '../../shared/repositories/keys';
import {
  deletedAccountPseudonym,
  getItem,
  recordDeletedAccountEvent,
} from '../../shared/repositories/privacy-repository';
import type Stripe from 'stripe';

const PSEUDONYM = /^deleted-/;

/** A nested field of a Stripe object whatever its event type (undefined where the path does not exist). */
function at(value: unknown, ...path: string[]): unknown {
  let v = value;
  for (const k of path) v = v && typeof v === 'object' && k in v ? Reflect.get(v, k) : undefined;
  return v;
}

/** The pseudonym when the event is about a deleted account, else null. */
export async function deletedAccountOfEvent(db: Db, event: Stripe.Event): Promise<string | null> {
  const o: unknown = event.data.object;
  const ids = [
    at(o, 'client_reference_id'),
    at(o, 'metadata', 'userId'),
    at(o, 'parent', 'subscription_details', 'metadata', 'userId'),
    at(o, 'subscription_details', 'metadata', 'userId'),
  ].filter((v): v is string => typeof v === 'string' && v.length > 0);
  for (const id of new Set(ids)) {
    if (PSEUDONYM.test(id)) return id;
    const p = await deletedAccountPseudonym(db, id);
    if (p) return p;
  }
  const subId =
    at(o, 'object') === 'subscription'
      ? at(o, 'id')
      : typeof at(o, 'subscription') === 'string'
        ? at(o, 'subscription')
        : at(o, 'parent', 'subscription_details', 'subscription');
  if (typeof subId === 'string') {
    const owner = (await getItem(db, keys.subscriptionOwner(subId)))?.userId;
    if (typeof owner === 'string' && PSEUDONYM.test(owner)) return owner;
  }
  return null;
}

/** Handle the event if it is about a deleted account; true when it was (nothing else to do). */
export async function ignoreIfDeletedAccount(db: Db, event: Stripe.Event, now = new Date()): Promise<boolean> {
  const pseudonym = await deletedAccountOfEvent(db, event);
  if (!pseudonym) return false;
  await recordDeletedAccountEvent(
    db,
    { eventId: event.id, eventType: event.type, eventCreated: new Date(event.created * 1000).toISOString(), pseudonym },
    now,
  );
  return true;
}
