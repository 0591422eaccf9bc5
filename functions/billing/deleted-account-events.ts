/**
 * Payment-provider events about a deleted account (a subscription cancelled at period end keeps sending
 * updates, then its deletion): they must not write the deleted user's id back, nor fail and be retried for
 * days. They are recorded under the ledger pseudonym as ignored.
 */
import type { Db } from '../../shared/repositories/table';
import { deletedAccountPseudonym } from '../../shared/repositories/privacy-repository';
import { getSubscriptionOwner, recordDeletedAccountEvent } from '../../shared/repositories/billing-repository';
import type Stripe from 'stripe';
import { bindDb, type Store } from '../lib/bind-db';

const repositories = { deletedAccountPseudonym, getSubscriptionOwner, recordDeletedAccountEvent };
export type DeletedAccountStore = Store<typeof repositories>;

const PSEUDONYM = /^deleted-/;

/** A nested field of a Stripe object whatever its event type (undefined where the path does not exist). */
function at(value: unknown, ...path: string[]): unknown {
  let v = value;
  for (const k of path) v = v && typeof v === 'object' && k in v ? Reflect.get(v, k) : undefined;
  return v;
}

/** Events about deleted accounts, on their store. */
export function deletedAccountEventUseCases({ store }: { store: DeletedAccountStore }) {
  /** The pseudonym when the event is about a deleted account, else null. */
  async function deletedAccountOfEvent(event: Stripe.Event): Promise<string | null> {
    const o: unknown = event.data.object;
    const ids = [
      at(o, 'client_reference_id'),
      at(o, 'metadata', 'userId'),
      at(o, 'parent', 'subscription_details', 'metadata', 'userId'),
      at(o, 'subscription_details', 'metadata', 'userId'),
    ].filter((v): v is string => typeof v === 'string' && v.length > 0);
    for (const id of new Set(ids)) {
      if (PSEUDONYM.test(id)) return id;
      const p = await store.deletedAccountPseudonym(id);
      if (p) return p;
    }
    const subId =
      at(o, 'object') === 'subscription'
        ? at(o, 'id')
        : typeof at(o, 'subscription') === 'string'
          ? at(o, 'subscription')
          : at(o, 'parent', 'subscription_details', 'subscription');
    if (typeof subId === 'string') {
      // account deletion rewrites the subscription's owner record to the pseudonym
      const owner = await store.getSubscriptionOwner(subId);
      if (owner && PSEUDONYM.test(owner)) return owner;
    }
    return null;
  }

  /** Handle the event if it is about a deleted account; true when it was (nothing else to do). */
  async function ignoreIfDeletedAccount(event: Stripe.Event, now: Date): Promise<boolean> {
    const pseudonym = await deletedAccountOfEvent(event);
    if (!pseudonym) return false;
    await store.recordDeletedAccountEvent(
      {
        eventId: event.id,
        eventType: event.type,
        eventCreated: new Date(event.created * 1000).toISOString(),
        pseudonym,
      },
      now,
    );
    return true;
  }
  return { deletedAccountOfEvent, ignoreIfDeletedAccount };
}

/** Production wiring: handle the event on the table if it is about a deleted account. */
export const ignoreIfDeletedAccount = (db: Db, event: Stripe.Event, now = new Date()): Promise<boolean> =>
  deletedAccountEventUseCases({ store: bindDb(db, repositories) }).ignoreIfDeletedAccount(event, now);
