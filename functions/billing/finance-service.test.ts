/**
 * The admins' finance views on an in-memory store: the date range's limits, per-day totals by category,
 * reconciliation (balances against entries and lots, events not applied, payments without their grant) and a
 * CSV export that neutralises spreadsheet formulas.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, HttpError } from '../../shared/errors';
import type { LedgerKind } from '../../shared/domain/ledger';
import type { LedgerEntry } from '../../shared/repositories/ledger-repository';
import type { AccountingItem } from '../../shared/repositories/finance-repository';
import type { ReceivedEvent } from '../../shared/repositories/billing-repository';
import { financeUseCases, type FinanceStore } from './finance-service';

const now = new Date('2026-11-15T12:00:00.000Z');
let entries: LedgerEntry[];
let accounting: AccountingItem[];
let received: ReceivedEvent[];
let applied: Set<string>;
let owners: Map<string, string>;
let emails: Map<string, string>;
let finance: ReturnType<typeof financeUseCases>;

const day = (e: LedgerEntry) => e.createdAt.slice(0, 10);

const store: FinanceStore = {
  ledgerEntriesPage: (q) => {
    const all = entries
      .filter((e) => (q.userId ? e.userId === q.userId : true) && q.days.includes(day(e)))
      .filter((e) => !q.kind || e.kind === q.kind)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const start = q.cursor ? Number(q.cursor) : 0;
    const next = start + q.limit;
    return Promise.resolve({
      items: all.slice(start, next),
      nextCursor: next < all.length ? String(next) : null,
    });
  },
  userEmails: (ids) =>
    Promise.resolve(ids.flatMap((id) => (emails.has(id) ? [{ id, email: emails.get(id) ?? '' }] : []))),
  dayMovements: (d) =>
    Promise.resolve(entries.filter((e) => day(e) === d).map((e) => ({ kind: e.kind, amount: e.amount }))),
  scanAccounting: () => Promise.resolve(accounting),
  listReceivedEvents: () => Promise.resolve(received),
  appliedEventIds: (ids) => Promise.resolve(new Set(ids.filter((id) => applied.has(id)))),
  subscriptionOwners: (subIds) =>
    Promise.resolve(new Map(subIds.flatMap((s) => (owners.has(s) ? [[s, owners.get(s) ?? '']] : [])))),
  existingEntries: (pairs) =>
    Promise.resolve(
      new Set(
        pairs
          .filter((p) => entries.some((e) => e.userId === p.userId && e.entryId === p.entryId))
          .map((p) => `${p.userId}|${p.entryId}`),
      ),
    ),
};

let n = 0;
function entry(userId: string, kind: LedgerKind, amount: number, createdAt: string, extra: Partial<LedgerEntry> = {}) {
  const e: LedgerEntry = {
    entryId: `${kind}:c${++n}`,
    userId,
    kind,
    bucket: 'pack',
    amount,
    causeId: `c${n}`,
    note: null,
    createdAt,
    ...extra,
  };
  entries.push(e);
  return e;
}

beforeEach(() => {
  entries = [];
  accounting = [];
  received = [];
  applied = new Set();
  owners = new Map();
  emails = new Map([['u1', 'one@example.com']]);
  finance = financeUseCases({ store, clock: () => now });
});

async function refusal(p: Promise<unknown>): Promise<[number, string, string]> {
  try {
    await p;
  } catch (err) {
    if (err instanceof HttpError) return [err.status, err.code, err.message];
    throw err;
  }
  return [200, '', ''];
}

describe('the date range', () => {
  it('defaults to the 30 days ending today and refuses a reversed or too long range with 400', async () => {
    const s = await finance.financeSummary({});
    expect([s.from, s.to, s.days.length]).toEqual(['2026-10-17', '2026-11-15', 30]);
    expect(await refusal(finance.financeSummary({ from: '2026-11-02', to: '2026-11-01' }))).toEqual([
      400,
      ERROR_CODES.badRequest,
      'from must not be after to',
    ]);
    expect(await refusal(finance.financeLedger({ from: '2025-01-01', to: '2026-11-01' }))).toEqual([
      400,
      ERROR_CODES.badRequest,
      'At most 400 days at a time',
    ]);
  });
});

describe('the day summary', () => {
  it('sums each category per day, oldest first: spends, expiries and revocations as positive, adjustments signed', async () => {
    entry('u1', 'grant.pack', 30, '2026-11-01T10:00:00.000Z');
    entry('u1', 'upgrade.reconcile', 30, '2026-11-01T11:00:00.000Z');
    entry('u1', 'spend.generation', -4, '2026-11-01T12:00:00.000Z');
    entry('u1', 'refund.generation', 4, '2026-11-02T12:00:00.000Z');
    entry('u1', 'rollover.cap', -5, '2026-11-02T12:00:00.000Z');
    entry('u1', 'expire', -3, '2026-11-02T13:00:00.000Z');
    entry('u1', 'revoke.refund', -7, '2026-11-02T14:00:00.000Z');
    entry('u1', 'admin.adjust', -2, '2026-11-02T15:00:00.000Z');
    entry('u1', 'admin.adjust', 5, '2026-11-02T16:00:00.000Z');
    const s = await finance.financeSummary({ from: '2026-11-01', to: '2026-11-02' });
    expect(s.days).toEqual([
      { day: '2026-11-01', granted: 60, spent: 4, refunded: 0, expired: 0, revoked: 0, adjusted: 0 },
      { day: '2026-11-02', granted: 0, spent: 0, refunded: 4, expired: 8, revoked: 7, adjusted: 3 },
    ]);
    expect(s.totals).toEqual({ granted: 60, spent: 4, refunded: 4, expired: 8, revoked: 7, adjusted: 3 });
  });
});

describe('the ledger and its export', () => {
  it("names each entry's owner (null once the account is gone) and the money behind it", async () => {
    entry('u1', 'grant.pack', 30, '2026-11-01T10:00:00.000Z', { meta: { money: { amount: 599, currency: 'EUR' } } });
    entry('gone', 'spend.generation', -1, '2026-11-02T10:00:00.000Z');
    const page = await finance.financeLedger({ from: '2026-11-01', to: '2026-11-02' });
    expect(page.items.map((e) => [e.userId, e.email, e.money])).toEqual([
      ['gone', null, null],
      ['u1', 'one@example.com', { amount: 599, currency: 'eur' }],
    ]);
  });

  it('writes every page as CSV: quoted where needed, spreadsheet formulas neutralised, negative numbers left alone', async () => {
    entry('u1', 'admin.adjust', -3, '2026-11-03T10:00:00.000Z', { note: '=HYPERLINK("x")' });
    entry('u1', 'admin.adjust', 2, '2026-11-02T10:00:00.000Z', { note: 'support, "goodwill"' });
    entry('u1', 'grant.pack', 30, '2026-11-01T10:00:00.000Z', {
      note: '@SUM(A1)',
      meta: { money: { amount: 599, currency: 'eur' } },
    });
    for (let i = 0; i < 600; i++) entry('u1', 'spend.generation', -1, '2026-10-30T10:00:00.000Z');
    const { csv } = await finance.financeCsv({ from: '2026-10-30', to: '2026-11-03' });
    const lines = csv.split('\r\n');
    const [, newest = '', second = '', third = ''] = lines;
    expect(lines[0]).toBe('createdAt,userId,email,entryId,kind,bucket,amount,money,currency,causeId,note');
    // every entry, across more than one page of 500
    expect(lines.length).toBe(1 + 603 + 1);
    expect(newest).toContain(',-3,');
    expect(newest.endsWith(`,"'=HYPERLINK(""x"")"`)).toBe(true);
    expect(second.endsWith(',"support, ""goodwill"""')).toBe(true);
    expect(third).toContain(',30,5.99,EUR,');
    expect(third.endsWith(",'@SUM(A1)")).toBe(true);
  });
});

describe('reconciliation', () => {
  const balance = (userId: string, b: Record<string, number>): AccountingItem => ({
    type: 'Balance',
    userId,
    item: { ...b },
  });
  const ledger = (userId: string, bucket: string, amount: number): AccountingItem => ({
    type: 'LedgerEntry',
    userId,
    item: { bucket, amount },
  });
  const lot = (userId: string, remaining: number): AccountingItem => ({ type: 'PackLot', userId, item: { remaining } });

  it('reports users whose balance differs from their entries or lots, or is negative; consistent users are not listed', async () => {
    accounting = [
      balance('ok', { trial: 0, monthly: 5, pack: 3, credits: 8 }),
      ledger('ok', 'monthly', 5),
      ledger('ok', 'pack', 3),
      lot('ok', 3),
      balance('off', { trial: 2, monthly: 0, pack: 0, credits: 1 }),
      ledger('off', 'trial', 1),
      balance('neg', { trial: 0, monthly: 0, pack: -1, credits: -1 }),
      ledger('neg', 'pack', -1),
      lot('neg', 1),
      lot('neg', -2),
    ];
    const r = await finance.financeReconciliation();
    expect(r.checkedUsers).toBe(3);
    expect(r.generatedAt).toBe(now.toISOString());
    expect(Object.fromEntries(r.mismatches.map((m) => [m.userId, m.problems]))).toEqual({
      off: ['trial: balance 2 != entries 1'],
      neg: ['pack: negative balance', 'a pack lot is negative'],
    });
  });

  it('lists events never applied, and each payment without its grant once (by its user or its subscription owner)', async () => {
    const ev = (eventId: string, facts: Partial<ReceivedEvent>): ReceivedEvent => ({
      eventId,
      eventType: 'invoice.paid',
      eventCreated: '2026-11-01T00:00:00.000Z',
      receivedAt: '2026-11-01T00:00:01.000Z',
      userId: null,
      expectedEntryId: null,
      paymentRef: null,
      subscriptionId: null,
      ...facts,
    });
    entry('u1', 'grant.monthly', 30, '2026-11-01T00:00:00.000Z', { entryId: 'grant.monthly:in_ok' });
    owners.set('sub_1', 'u1');
    received = [
      ev('e_ok', { expectedEntryId: 'grant.monthly:in_ok', subscriptionId: 'sub_1' }),
      ev('e_missing', { expectedEntryId: 'grant.monthly:in_missing', subscriptionId: 'sub_1' }),
      ev('e_missing_again', { expectedEntryId: 'grant.monthly:in_missing', userId: 'u1' }),
      ev('e_no_owner', { expectedEntryId: 'grant.pack:cs_1', subscriptionId: 'sub_unknown' }),
      ev('e_other', { eventType: 'customer.subscription.updated' }),
    ];
    applied = new Set(['e_ok', 'e_missing', 'e_missing_again', 'e_no_owner']);
    const r = await finance.financeReconciliation();
    expect(r.unappliedEvents.map((e) => e.eventId)).toEqual(['e_other']);
    expect(r.paymentsWithoutGrant.map((p) => [p.eventId, p.userId, p.expectedEntryId])).toEqual([
      ['e_missing', 'u1', 'grant.monthly:in_missing'],
      ['e_no_owner', null, 'grant.pack:cs_1'],
    ]);
  });
});
