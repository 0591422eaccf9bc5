/** Provider events about a deleted account, on an in-memory store: recognised by any id they carry, recorded under the pseudonym. */
import { beforeEach, describe, expect, it } from 'vitest';
import { stripeEvent } from './payments/stripe-objects';
import { deletedAccountEventUseCases, type DeletedAccountStore } from './deleted-account-events';
import { sdkEvent } from '../../test/support/stripe-sdk-event';

const now = new Date('2026-11-01T12:00:00.000Z');
let recorded: { eventId: string; eventType: string; pseudonym: string }[];
let events: ReturnType<typeof deletedAccountEventUseCases>;

/** u-gone was deleted (pseudonym deleted-abc); its subscription's owner record was rewritten to the pseudonym. */
const store: DeletedAccountStore = {
  deletedAccountPseudonym: (userId) => Promise.resolve(userId === 'u-gone' ? 'deleted-abc' : null),
  getSubscriptionOwner: (subId) =>
    Promise.resolve(({ sub_gone: 'deleted-abc', sub_live: 'u-live' } as Record<string, string>)[subId] ?? null),
  recordDeletedAccountEvent: (e) => {
    recorded.push({ eventId: e.eventId, eventType: e.eventType, pseudonym: e.pseudonym });
    return Promise.resolve();
  },
};

beforeEach(() => {
  recorded = [];
  events = deletedAccountEventUseCases({ store });
});

const event = (id: string, type: string, object: Record<string, unknown>) =>
  sdkEvent(stripeEvent(id, type, object, now));

describe('events about a deleted account', () => {
  it('are recognised by the user id, the metadata, the invoice parent or the subscription owner', async () => {
    const cases = [
      event('e1', 'checkout.session.completed', { id: 'cs_1', client_reference_id: 'u-gone' }),
      event('e2', 'customer.subscription.updated', {
        id: 'sub_x',
        object: 'subscription',
        metadata: { userId: 'u-gone' },
      }),
      event('e3', 'invoice.paid', { id: 'in_1', parent: { subscription_details: { metadata: { userId: 'u-gone' } } } }),
      event('e4', 'customer.subscription.deleted', { id: 'sub_gone', object: 'subscription', metadata: {} }),
      event('e5', 'invoice.paid', { id: 'in_2', subscription: 'sub_gone' }),
      event('e6', 'invoice.paid', { id: 'in_3', parent: { subscription_details: { subscription: 'sub_gone' } } }),
      // the pseudonym itself, as a later event names it
      event('e7', 'charge.refunded', { id: 'ch_1', metadata: { userId: 'deleted-abc' } }),
    ];
    for (const e of cases) expect(await events.ignoreIfDeletedAccount(e, now)).toBe(true);
    expect(recorded.map((r) => [r.eventId, r.pseudonym])).toEqual(
      ['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7'].map((id) => [id, 'deleted-abc']),
    );
    // the deleted user's id is never written back
    expect(JSON.stringify(recorded)).not.toContain('u-gone');
  });

  it('leaves events about live accounts (and ones naming no one) to be applied', async () => {
    const cases = [
      event('e1', 'checkout.session.completed', { id: 'cs_1', client_reference_id: 'u-live' }),
      event('e2', 'invoice.paid', { id: 'in_1', subscription: 'sub_live' }),
      event('e3', 'customer.subscription.updated', { id: 'sub_unknown', object: 'subscription' }),
      event('e4', 'charge.refunded', { id: 'ch_1' }),
    ];
    for (const e of cases) expect(await events.ignoreIfDeletedAccount(e, now)).toBe(false);
    expect(recorded).toEqual([]);
  });
});
