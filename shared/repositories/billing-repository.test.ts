/**
 * writeEventEffect against a fake table: an event's storage intents become the items of ONE transaction, its
 * APPLIED marker first (so a duplicate delivery is told apart from a lost race), and an effect that cannot be
 * composed makes no provider call.
 */
import { describe, expect, it } from 'vitest';
import { createDb } from './table';
import { writeEventEffect, type AppliedEvent } from './billing-repository';
import { keys } from './keys';

/** A table client whose sends stop before the network: each TransactWrite's items are kept (and `error` thrown). */
function fakeDb(error?: Error) {
  const sent: { items: Record<string, any>[] }[] = [];
  const db = createDb({ tableName: 't', endpoint: 'http://127.0.0.1:9' });
  db.doc.use('fakeTable', async (command) => {
    const input: object = command.input;
    const items: Record<string, any>[] =
      ('TransactItems' in input && (input.TransactItems as Record<string, any>[])) || [];
    sent.push({ items });
    if (error) throw error;
    return { $metadata: {} } as never;
  });
  return { db, sent };
}

const applied: AppliedEvent = {
  eventId: 'evt_1',
  eventType: 'checkout.session.completed',
  outcome: 'granted 30 pack',
  userId: 'u1',
  appliedAt: '2026-01-01T00:00:00.000Z',
};
const now = new Date('2026-01-01T00:00:00Z');

describe('writeEventEffect', () => {
  it('writes the APPLIED item first, then the ledger movement and every intent, in one transaction', async () => {
    const { db, sent } = fakeDb();
    const calls: string[] = [];
    const out = await writeEventEffect(
      db,
      applied,
      {
        ledger: {
          userId: 'u1',
          entries: [{ kind: 'grant.trial', bucket: 'trial', amount: 5, causeId: 'cs_1', note: 'trial' }],
        },
        intents: [
          {
            kind: 'payment-grant',
            refs: ['pi_1', 'cs_1', 'pi_1'],
            grant: { userId: 'u1', entryId: 'grant.trial:cs_1', bucket: 'trial', amount: 5, lotKey: null },
          },
          { kind: 'subscription-owner', subscriptionId: 'sub_1', userId: 'u1' },
          { kind: 'checkout-status', record: { sessionId: 'cs_1', userId: 'u1' }, status: 'complete' },
        ],
      },
      now,
      async () => void calls.push('before'),
    );
    expect(out).toBe('written');
    expect(calls).toEqual(['before']);
    expect(sent).toHaveLength(1);
    const items = sent[0]!.items;
    expect(items[0]!.Put.Item).toMatchObject({ ...keys.stripeEventApplied('evt_1'), outcome: 'granted 30 pack' });
    expect(items[0]!.Put.ConditionExpression).toBe('attribute_not_exists(#n0)');
    expect(items[0]!.Put.ExpressionAttributeNames).toEqual({ '#n0': 'pk' });
    const puts = items.filter((i) => i.Put).map((i) => `${i.Put.Item.pk}|${i.Put.Item.sk}`);
    // one grant record per distinct payment reference
    expect(puts).toContain(`${keys.paymentGrant('pi_1').pk}|GRANT`);
    expect(puts).toContain(`${keys.paymentGrant('cs_1').pk}|GRANT`);
    expect(puts.filter((p) => p.startsWith(keys.paymentGrant('pi_1').pk))).toHaveLength(1);
    // the checkout status is set on both of the session's items
    const statusUpdates = items.filter((i) =>
      Object.values(i.Update?.ExpressionAttributeValues ?? {}).includes('complete'),
    );
    expect(statusUpdates).toHaveLength(2);
  });

  it('an effect that cannot be composed (a zero grant) throws before the provider calls run', async () => {
    const { db, sent } = fakeDb();
    let called = false;
    await expect(
      writeEventEffect(
        db,
        applied,
        { ledger: { userId: 'u1', entries: [{ kind: 'grant.pack', bucket: 'pack', amount: 0, causeId: 'cs_2' }] } },
        now,
        async () => {
          called = true;
        },
      ),
    ).rejects.toThrow(/non-zero integer/);
    expect(called).toBe(false);
    expect(sent).toHaveLength(0);
  });

  it('tells a duplicate delivery (the APPLIED condition failed) from a lost race', async () => {
    const cancelled = (codes: string[]) =>
      Object.assign(new Error('cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: codes.map((Code) => ({ Code })),
      });
    expect(await writeEventEffect(fakeDb(cancelled(['ConditionalCheckFailed', 'None'])).db, applied, {}, now)).toBe(
      'duplicate',
    );
    expect(await writeEventEffect(fakeDb(cancelled(['None', 'ConditionalCheckFailed'])).db, applied, {}, now)).toBe(
      'conflict',
    );
  });
});
