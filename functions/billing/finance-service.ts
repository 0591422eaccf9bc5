/**
 * Finance views for admins: the ledger across users (gsi2 `LEDGER#DAY#<yyyy-mm-dd>`), per-day totals,
 * reconciliation (balances vs entries, events received but not applied, payments without a grant) and a CSV
 * export. Reconciliation is the one Scan in the product (admin group only). `financeUseCases(deps)` is the use case on
 * its collaborators (the store and a clock); the functions exported under the admin group's names are the production
 * wiring.
 */
import {
  BUCKETS,
  emptyBuckets,
  moneyDecimal,
  moneyOf,
  type Buckets,
  type LedgerKind,
  type LedgerMoney,
} from '../../shared/domain/ledger';
import { getUsersByIds } from '../../shared/repositories/user-repository';
import type { LedgerEntry } from '../../shared/repositories/ledger-repository';
import {
  dayMovements,
  existingEntries,
  ledgerEntriesPage,
  scanAccounting,
} from '../../shared/repositories/finance-repository';
import { appliedEventIds, listReceivedEvents, subscriptionOwners } from '../../shared/repositories/billing-repository';
import type { Db } from '../../shared/repositories/table';
import type { FinanceLedgerQuery } from '../../shared/schemas/billing';
import { badRequest } from '../../shared/errors';
import { bindDb, type Store } from '../lib/bind-db';

/** The e-mails of these users (a finance row names its owner). */
const userEmails = (db: Db, ids: string[]): Promise<{ id: string; email: string }[]> =>
  getUsersByIds(db, ids, ['email']);

const repositories = {
  appliedEventIds,
  dayMovements,
  existingEntries,
  ledgerEntriesPage,
  listReceivedEvents,
  scanAccounting,
  subscriptionOwners,
  userEmails,
};
export type FinanceStore = Store<typeof repositories>;

/** What the finance views work with: the store and the clock (the default range ends today). */
export interface FinanceDeps {
  store: FinanceStore;
  clock: () => Date;
}

const DAY_MS = 86_400_000;
const MAX_DAYS = 400;

function range(
  from: string | undefined,
  to: string | undefined,
  now: Date,
): { from: string; to: string; days: string[] } {
  const t = to ?? now.toISOString().slice(0, 10);
  const f = from ?? new Date(Date.parse(`${t}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  if (f > t) throw badRequest('from must not be after to');
  const days: string[] = [];
  for (let d = Date.parse(`${t}T00:00:00Z`); d >= Date.parse(`${f}T00:00:00Z`); d -= DAY_MS)
    days.push(new Date(d).toISOString().slice(0, 10));
  if (days.length > MAX_DAYS) throw badRequest(`At most ${MAX_DAYS} days at a time`);
  return { from: f, to: t, days };
}

/** A finance row: the entry, its owner's e-mail (null once the account is gone) and the money behind it. */
export type FinanceEntry = LedgerEntry & { email: string | null; money: LedgerMoney | null };

/** Entries newest first, across users (or one user's), a page at a time, with e-mails and amounts (issue 39). */
export interface DaySummary {
  day: string;
  granted: number;
  spent: number;
  refunded: number;
  expired: number;
  revoked: number;
  adjusted: number;
}

type Category = keyof Omit<DaySummary, 'day'>;
const CATEGORIES = [
  'granted',
  'spent',
  'refunded',
  'expired',
  'revoked',
  'adjusted',
] as const satisfies readonly Category[];

const CATEGORY: Record<LedgerKind, Category> = {
  'grant.starter': 'granted',
  'grant.trial': 'granted',
  'grant.monthly': 'granted',
  'grant.pack': 'granted',
  'upgrade.reconcile': 'granted',
  'spend.generation': 'spent',
  'refund.generation': 'refunded',
  expire: 'expired',
  'rollover.cap': 'expired',
  'revoke.refund': 'revoked',
  'admin.adjust': 'adjusted',
};

const categoryOf = new Map<string, Category>(Object.entries(CATEGORY));

export interface ReconciliationReport {
  checkedUsers: number;
  /** Users whose balance differs from the sum of their entries, or is negative, or whose pack lots differ. */
  mismatches: {
    userId: string;
    balance: Buckets & { credits: number };
    entries: Buckets;
    lotsRemaining: number;
    problems: string[];
  }[];
  /** Verified events with no APPLIED record (an error, or still in flight). */
  unappliedEvents: { eventId: string; eventType: string; receivedAt: string }[];
  /** Payment events whose grant entry does not exist. */
  paymentsWithoutGrant: {
    eventId: string;
    eventType: string;
    userId: string | null;
    expectedEntryId: string;
    receivedAt: string;
  }[];
  generatedAt: string;
}

const csvCell = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  // neutralise spreadsheet formulas, quote everything that needs it
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const CSV_COLUMNS = [
  'createdAt',
  'userId',
  'email',
  'entryId',
  'kind',
  'bucket',
  'amount',
  'money',
  'currency',
  'causeId',
  'note',
] as const;

/** One CSV row's cells: the entry's, the e-mail, and the money as a plain decimal with its currency code. */
const csvFields = (e: FinanceEntry): Record<(typeof CSV_COLUMNS)[number], unknown> => ({
  ...e,
  money: e.money ? moneyDecimal(e.money) : '',
  currency: e.money?.currency.toUpperCase() ?? '',
});

/** The finance views, on their collaborators. */
export function financeUseCases({ store, clock }: FinanceDeps) {
  async function financeLedger(
    q: FinanceLedgerQuery,
  ): Promise<{ items: FinanceEntry[]; nextCursor: string | null; from: string; to: string }> {
    const { from, to, days } = range(q.from, q.to, clock());
    const page = await store.ledgerEntriesPage({ ...q, from, to, days, limit: q.limit ?? 100 });
    const ids = [...new Set(page.items.map((e) => e.userId))];
    const users = ids.length ? await store.userEmails(ids) : [];
    const emailOf = new Map(users.map((u) => [u.id, u.email]));
    const items = page.items.map((e) => ({ ...e, email: emailOf.get(e.userId) ?? null, money: moneyOf(e.meta) }));
    return { ...page, items, from, to };
  }

  /** Per-day totals (credits; spent, expired and revoked as positive numbers), oldest day first. */
  async function financeSummary(q: {
    from?: string;
    to?: string;
  }): Promise<{ from: string; to: string; days: DaySummary[]; totals: Omit<DaySummary, 'day'> }> {
    const { from, to, days } = range(q.from, q.to, clock());
    const totals = { granted: 0, spent: 0, refunded: 0, expired: 0, revoked: 0, adjusted: 0 };
    const out: DaySummary[] = [];
    for (const day of [...days].reverse()) {
      const s: DaySummary = { day, granted: 0, spent: 0, refunded: 0, expired: 0, revoked: 0, adjusted: 0 };
      for (const e of await store.dayMovements(day)) {
        const cat = categoryOf.get(e.kind);
        if (!cat) continue;
        s[cat] += cat === 'adjusted' ? e.amount : Math.abs(e.amount);
      }
      for (const k of CATEGORIES) totals[k] += s[k];
      out.push(s);
    }
    return { from, to, days: out, totals };
  }

  async function financeReconciliation(): Promise<ReconciliationReport> {
    const now = clock();
    const items = await store.scanAccounting();
    const users = new Map<
      string,
      { balance: Buckets & { credits: number }; entries: Buckets; lots: number; negativeLot: boolean }
    >();
    const u = (id: string) => {
      let v = users.get(id);
      if (!v)
        users.set(
          id,
          (v = { balance: { ...emptyBuckets(), credits: 0 }, entries: emptyBuckets(), lots: 0, negativeLot: false }),
        );
      return v;
    };
    for (const { type, userId, item: it } of items) {
      if (type === 'Balance') {
        const b = u(userId).balance;
        for (const k of BUCKETS) b[k] = Number(it[k] ?? 0);
        b.credits = Number(it.credits ?? 0);
      } else if (type === 'LedgerEntry') {
        const bucket = BUCKETS.find((b) => b === it.bucket);
        if (bucket) u(userId).entries[bucket] += Number(it.amount);
      } else if (type === 'PackLot') {
        u(userId).lots += Number(it.remaining);
        if (Number(it.remaining) < 0) u(userId).negativeLot = true;
      }
    }
    const mismatches: ReconciliationReport['mismatches'] = [];
    for (const [userId, v] of users) {
      const problems: string[] = [];
      for (const k of BUCKETS) {
        if (v.balance[k] !== v.entries[k]) problems.push(`${k}: balance ${v.balance[k]} != entries ${v.entries[k]}`);
        if (v.balance[k] < 0) problems.push(`${k}: negative balance`);
      }
      const sum = v.entries.trial + v.entries.monthly + v.entries.pack;
      if (v.balance.credits !== sum) problems.push(`credits: ${v.balance.credits} != entries ${sum}`);
      if (v.lots !== v.balance.pack) problems.push(`pack lots hold ${v.lots}, bucket ${v.balance.pack}`);
      if (v.negativeLot) problems.push('a pack lot is negative');
      if (problems.length)
        mismatches.push({ userId, balance: v.balance, entries: v.entries, lotsRemaining: v.lots, problems });
    }

    // events
    const received = await store.listReceivedEvents();
    const applied = await store.appliedEventIds(received.map((r) => r.eventId));
    const unappliedEvents = received
      .filter((r) => !applied.has(r.eventId))
      .map((r) => ({ eventId: r.eventId, eventType: r.eventType, receivedAt: r.receivedAt }));

    const payments = received.filter((r): r is typeof r & { expectedEntryId: string } => !!r.expectedEntryId);
    const owners = await store.subscriptionOwners(
      payments.flatMap((p) => (!p.userId && p.subscriptionId ? [p.subscriptionId] : [])),
    );
    const withUser = payments.map((p) => ({
      ...p,
      userId: p.userId ?? (p.subscriptionId ? owners.get(p.subscriptionId) : undefined) ?? null,
    }));
    const grants = await store.existingEntries(
      withUser.flatMap((p) => (p.userId ? [{ userId: p.userId, entryId: p.expectedEntryId }] : [])),
    );
    const paymentsWithoutGrant = withUser
      .filter((p) => !p.userId || !grants.has(`${p.userId}|${p.expectedEntryId}`))
      .map((p) => ({
        eventId: p.eventId,
        eventType: p.eventType,
        userId: p.userId,
        expectedEntryId: p.expectedEntryId,
        receivedAt: p.receivedAt,
      }));
    // one payment is often announced by several events (completed + async_payment_succeeded): report it once
    const seen = new Set<string>();
    const dedupedPayments = paymentsWithoutGrant.filter((p) =>
      seen.has(p.expectedEntryId) ? false : (seen.add(p.expectedEntryId), true),
    );
    return {
      checkedUsers: users.size,
      mismatches,
      unappliedEvents,
      paymentsWithoutGrant: dedupedPayments,
      generatedAt: now.toISOString(),
    };
  }

  async function financeCsv(
    q: FinanceLedgerQuery,
    maxRows = 50_000,
  ): Promise<{ csv: string; from: string; to: string }> {
    const rows: string[] = [CSV_COLUMNS.join(',')];
    let cursor: string | undefined = q.cursor;
    let from = '';
    let to = '';
    do {
      const page = await financeLedger({ ...q, cursor, limit: 500 });
      from = page.from;
      to = page.to;
      for (const e of page.items) {
        const f = csvFields(e);
        rows.push(CSV_COLUMNS.map((c) => csvCell(f[c])).join(','));
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor && rows.length <= maxRows);
    return { csv: `${rows.join('\r\n')}\r\n`, from, to };
  }
  return { financeLedger, financeSummary, financeReconciliation, financeCsv };
}

/** Production wiring: the finance views on the table and the wall clock. */
const on = (db: Db, now = new Date()) => financeUseCases({ store: bindDb(db, repositories), clock: () => now });

export const financeLedger = (
  db: Db,
  q: FinanceLedgerQuery,
): Promise<{ items: FinanceEntry[]; nextCursor: string | null; from: string; to: string }> => on(db).financeLedger(q);
export const financeSummary = (
  db: Db,
  q: { from?: string; to?: string },
): Promise<{ from: string; to: string; days: DaySummary[]; totals: Omit<DaySummary, 'day'> }> =>
  on(db).financeSummary(q);
export const financeReconciliation = (db: Db, now = new Date()): Promise<ReconciliationReport> =>
  on(db, now).financeReconciliation();
export const financeCsv = (
  db: Db,
  q: FinanceLedgerQuery,
  maxRows = 50_000,
): Promise<{ csv: string; from: string; to: string }> => on(db).financeCsv(q, maxRows);
