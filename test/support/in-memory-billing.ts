/**
 * In-memory collaborators of the billing use cases (stripe-events.ts and its effects, billing-service.ts), for
 * their unit tests: the stored state in maps with the rules of the repositories they rely on. A ledger write is
 * all or nothing: each entry id at most once, a debit never below zero in its bucket, `expect` as the exact
 * bucket values, lot ops guarded as the repository guards them. An event's effect is written with its APPLIED
 * marker ('duplicate' when the marker exists, 'conflict' when another condition fails); the user's plan fields
 * under the trial-once and one-live-subscription guards. A payments provider that keeps its sessions and
 * subscriptions in maps and records every call. Never wired in production.
 */
import { BUCKETS, emptyBuckets, ledgerEntryId } from '../../shared/domain/ledger';
import { isLiveSubscriptionStatus, type MonthlyPlanId } from '../../shared/domain/plans';
import type { Balance, LedgerEntry, LedgerWrite, PackLot } from '../../shared/repositories/ledger-repository';
import type { UserPatch, UserRecord } from '../../shared/repositories/user-repository';
import type { CheckoutRecord } from '../../shared/repositories/checkout-repository';
import type {
  AppliedEvent,
  BillingIntent,
  PlanUpdateGuard,
  ReceivedEvent,
  StoredPaymentGrant,
} from '../../shared/repositories/billing-repository';
import type { StripeStore } from '../../functions/billing/stripe-effect';
import type { BillingStore } from '../../functions/billing/billing-service';
import type { CheckoutSessionView, PaymentsAdapter, SubscriptionView } from '../../functions/billing/payments/types';
import { aUser } from './in-memory-start-deps';

export { aUser };

/** The stored billing state of every user. */
export interface BillingState {
  users: Map<string, UserRecord>;
  balances: Map<string, Balance>;
  /** By `<userId>|<entryId>`. */
  entries: Map<string, LedgerEntry>;
  /** By `<userId>|<lotKey>`. */
  lots: Map<string, PackLot>;
  checkouts: Map<string, CheckoutRecord>;
  /** By payment reference. */
  grants: Map<string, StoredPaymentGrant>;
  /** Subscription id -> user id. */
  owners: Map<string, string>;
  received: Map<string, ReceivedEvent>;
  applied: Map<string, AppliedEvent>;
  /** Runs once before the next effect write is checked (another writer getting there first). */
  beforeNextWrite: (() => void) | null;
}

export function billingState(): BillingState {
  return {
    users: new Map(),
    balances: new Map(),
    entries: new Map(),
    lots: new Map(),
    checkouts: new Map(),
    grants: new Map(),
    owners: new Map(),
    received: new Map(),
    applied: new Map(),
    beforeNextWrite: null,
  };
}

export const balanceOf = (s: BillingState, userId: string): Balance =>
  s.balances.get(userId) ?? { ...emptyBuckets(), credits: 0 };

/** A user's entries, as `<kind>/<bucket>/<amount>`, sorted. */
export const entriesOf = (s: BillingState, userId: string): string[] =>
  [...s.entries.values()]
    .filter((e) => e.userId === userId)
    .map((e) => `${e.kind}/${e.bucket}/${e.amount}`)
    .sort();

/* ---------------- the ledger's rules ---------------- */

function ledgerHolds(s: BillingState, w: LedgerWrite): boolean {
  for (const e of w.entries) {
    if (!Number.isInteger(e.amount) || (e.amount === 0 && e.kind !== 'revoke.refund'))
      throw new Error(`ledger amount must be a non-zero integer (${e.kind})`);
    if (s.entries.has(`${w.userId}|${ledgerEntryId(e.kind, e.causeId)}`)) return false;
  }
  const b = balanceOf(s, w.userId);
  for (const bucket of BUCKETS) {
    const net = w.entries.filter((e) => e.bucket === bucket).reduce((sum, e) => sum + e.amount, 0);
    const expected = w.expect?.[bucket];
    if (expected !== undefined ? b[bucket] !== expected : net < 0 && b[bucket] < -net) return false;
  }
  for (const op of w.lots ?? []) {
    const lot = s.lots.get(`${w.userId}|${op.lotKey}`);
    if (op.op === 'create' ? lot : !lot) return false;
    if (op.op === 'consume' && lot && lot.remaining < op.take) return false;
    if (op.op === 'remove' && lot && lot.remaining !== op.expected) return false;
  }
  return true;
}

function applyLedger(s: BillingState, w: LedgerWrite, now: Date): void {
  const b = { ...balanceOf(s, w.userId) };
  for (const e of w.entries) {
    const entryId = ledgerEntryId(e.kind, e.causeId);
    s.entries.set(`${w.userId}|${entryId}`, {
      entryId,
      userId: w.userId,
      kind: e.kind,
      bucket: e.bucket,
      amount: e.amount,
      causeId: e.causeId,
      note: e.note ?? null,
      createdAt: now.toISOString(),
      ...(e.meta ? { meta: e.meta } : {}),
    });
    b[e.bucket] += e.amount;
    b.credits += e.amount;
  }
  s.balances.set(w.userId, b);
  for (const op of w.lots ?? []) {
    const key = `${w.userId}|${op.lotKey}`;
    const lot = s.lots.get(key);
    if (op.op === 'create')
      s.lots.set(key, {
        lotKey: op.lotKey,
        userId: w.userId,
        amount: op.amount,
        remaining: op.amount,
        expiresAt: op.expiresAt,
        causeId: op.causeId,
        createdAt: now.toISOString(),
        expiredTotal: 0,
        revokedTotal: 0,
      });
    else if (lot && op.op === 'consume') lot.remaining -= op.take;
    else if (lot && op.op === 'restore') lot.remaining += op.amount;
    else if (lot && op.op === 'remove') {
      lot.remaining = op.expected - op.take;
      lot[op.counter] += op.take;
    }
  }
}

/* ---------------- the user's plan fields ---------------- */

function fieldsHold(s: BillingState, userId: string, guard: PlanUpdateGuard = {}): boolean {
  const u = s.users.get(userId);
  if (!u) return false;
  if (guard.trialUnused && u.hasUsedTrial) return false;
  if (
    guard.liveSubscription !== undefined &&
    u.subscriptionId &&
    u.subscriptionId !== guard.liveSubscription &&
    isLiveSubscriptionStatus(u.subscriptionStatus)
  )
    return false;
  return true;
}

function applyFields(s: BillingState, userId: string, fields: UserPatch, now: Date): void {
  const u = s.users.get(userId);
  if (!u) return;
  const patch = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === undefined ? null : v]));
  s.users.set(userId, { ...u, ...patch, updatedAt: now.toISOString() });
}

/* ---------------- an event's effect ---------------- */

function intentHolds(s: BillingState, i: BillingIntent): boolean {
  switch (i.kind) {
    case 'payment-revoked':
      return s.grants.get(i.paymentRef)?.revoked === i.prev;
    case 'user-fields':
      return fieldsHold(s, i.userId, i.guard);
    case 'checkout-status':
      return s.checkouts.has(i.record.sessionId);
    default:
      return true;
  }
}

function applyIntent(s: BillingState, i: BillingIntent, now: Date): void {
  switch (i.kind) {
    case 'payment-grant':
      for (const ref of new Set(i.refs.filter(Boolean))) s.grants.set(ref, { paymentRef: ref, ...i.grant, revoked: 0 });
      return;
    case 'payment-revoked': {
      const g = s.grants.get(i.paymentRef);
      if (g) g.revoked = i.next;
      return;
    }
    case 'user-fields':
      return applyFields(s, i.userId, i.fields, now);
    case 'subscription-owner':
      s.owners.set(i.subscriptionId, i.userId);
      return;
    case 'checkout-status': {
      const r = s.checkouts.get(i.record.sessionId);
      if (r) s.checkouts.set(r.sessionId, { ...r, status: i.status, updatedAt: now.toISOString() });
      return;
    }
  }
}

const copy = <T extends object>(v: T | undefined): T | null => (v ? { ...v } : null);

/** The Stripe webhook's store on this state. */
export function stripeStore(s: BillingState): StripeStore {
  return {
    entryExists: (userId, entryId) => Promise.resolve(s.entries.has(`${userId}|${entryId}`)),
    getBalance: (userId) => Promise.resolve({ ...balanceOf(s, userId) }),
    getLot: (userId, lotKey) => Promise.resolve(copy(s.lots.get(`${userId}|${lotKey}`))),
    getUser: (userId) => Promise.resolve(copy(s.users.get(userId))),
    getSubscriptionOwner: (subId) => Promise.resolve(s.owners.get(subId) ?? null),
    getCheckoutRecord: (sessionId) => Promise.resolve(copy(s.checkouts.get(sessionId))),
    listOpenCheckouts: (userId, kind) =>
      Promise.resolve(
        [...s.checkouts.values()].filter((r) => r.userId === userId && r.kind === kind && r.status === 'open'),
      ),
    expireOpenCheckout: (r) => {
      const stored = s.checkouts.get(r.sessionId);
      if (stored?.status !== 'open') return Promise.resolve(false);
      s.checkouts.set(r.sessionId, { ...stored, status: 'expired' });
      return Promise.resolve(true);
    },
    findPaymentGrant: (refs) => {
      for (const ref of refs) {
        const g = s.grants.get(ref);
        if (g) return Promise.resolve({ ...g });
      }
      return Promise.resolve(null);
    },
    isEventApplied: (eventId) => Promise.resolve(s.applied.has(eventId)),
    recordEventReceived: (e) => {
      if (!s.received.has(e.eventId)) s.received.set(e.eventId, e);
      return Promise.resolve();
    },
    writeEventEffect: async (applied, effect, now, beforeWrite = async () => undefined) => {
      await beforeWrite();
      const interfere = s.beforeNextWrite;
      s.beforeNextWrite = null;
      interfere?.();
      if (s.applied.has(applied.eventId)) return 'duplicate';
      const intents = effect.intents ?? [];
      if ((effect.ledger && !ledgerHolds(s, effect.ledger)) || !intents.every((i) => intentHolds(s, i)))
        return 'conflict';
      if (effect.ledger) applyLedger(s, effect.ledger, now);
      for (const i of intents) applyIntent(s, i, now);
      s.applied.set(applied.eventId, applied);
      return 'written';
    },
  };
}

/** The signed-in user's billing store on this state (usage counts fixed per test). */
export function billingStore(
  s: BillingState,
  usage: { profiles: number; privateStyles: number; publicStyles: number } = {
    profiles: 0,
    privateStyles: 0,
    publicStyles: 0,
  },
): BillingStore {
  const { getBalance, getUser } = stripeStore(s);
  return {
    getBalance,
    getUser,
    countPhotoProfiles: () => Promise.resolve(usage.profiles),
    getStyleCounts: () =>
      Promise.resolve({ privateStyleCount: usage.privateStyles, publicStyleCount: usage.publicStyles }),
    listLots: (userId) =>
      Promise.resolve(
        [...s.lots.values()]
          .filter((l) => l.userId === userId)
          .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.lotKey.localeCompare(b.lotKey)),
      ),
    listLedgerPage: (userId, opts = {}) => {
      const all = [...s.entries.values()]
        .filter((e) => e.userId === userId)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.entryId.localeCompare(a.entryId));
      const start = opts.cursor ? Number(opts.cursor) : 0;
      const limit = opts.limit ?? 50;
      const items = all.slice(start, start + limit);
      return Promise.resolve({ items, nextCursor: start + limit < all.length ? String(start + limit) : null });
    },
    putCheckoutRecord: (r) => {
      if (s.checkouts.has(r.sessionId)) return Promise.reject(new Error(`checkout ${r.sessionId} exists`));
      s.checkouts.set(r.sessionId, r);
      return Promise.resolve();
    },
    writePlanFields: (userId, fields, now, ledger = null) => {
      if (!fieldsHold(s, userId) || (ledger && !ledgerHolds(s, ledger))) return Promise.resolve(false);
      if (ledger) applyLedger(s, ledger, now);
      applyFields(s, userId, fields, now);
      return Promise.resolve(true);
    },
  };
}

/* ---------------- the payments provider ---------------- */

export interface FakePayments extends PaymentsAdapter {
  sessions: Map<string, CheckoutSessionView>;
  subscriptions: Map<string, SubscriptionView>;
  /** Every call that changes something at the provider, in order (`refund <ref> <key>`, `cancel-now <id>`...). */
  calls: string[];
}

export function fakePayments(): FakePayments {
  let n = 0;
  const sessions = new Map<string, CheckoutSessionView>();
  const subscriptions = new Map<string, SubscriptionView>();
  const calls: string[] = [];
  const sub = (id: string): SubscriptionView => {
    const v = subscriptions.get(id);
    if (!v) throw new Error(`no subscription ${id}`);
    return v;
  };
  const change = (id: string, patch: Partial<SubscriptionView>, call: string): Promise<SubscriptionView> => {
    calls.push(`${call} ${id}`);
    const next = { ...sub(id), ...patch };
    subscriptions.set(id, next);
    return Promise.resolve({ ...next });
  };
  return {
    name: 'local',
    sessions,
    subscriptions,
    calls,
    webhookSecret: () => Promise.resolve('whsec_test'),
    createCheckoutSession: (input) => {
      const id = `cs_test_${++n}`;
      calls.push(`checkout ${input.productType} ${input.userId}`);
      return Promise.resolve({ id, url: `https://pay.example/${id}?success=${encodeURIComponent(input.successUrl)}` });
    },
    retrieveSubscription: (id) => Promise.resolve(copy(subscriptions.get(id))),
    cancelAtPeriodEnd: (id) => change(id, { cancelAtPeriodEnd: true }, 'cancel-at-period-end'),
    resume: (id) => change(id, { cancelAtPeriodEnd: false }, 'resume'),
    changePlan: (id, plan: MonthlyPlanId, when) =>
      change(id, when === 'now' ? { plan, scheduledPlan: null } : { scheduledPlan: plan }, `change-${when} ${plan}`),
    cancelScheduledChange: (id) => change(id, { scheduledPlan: null }, 'cancel-scheduled'),
    applyScheduledPlan: (id, plan) => change(id, { plan, scheduledPlan: null }, 'apply-scheduled'),
    createPortalSession: (input) =>
      Promise.resolve({ url: `https://portal.example/${input.customerId}?return=${input.returnUrl}` }),
    retrieveCheckoutSession: (id) => Promise.resolve(copy(sessions.get(id))),
    expireCheckoutSession: (id) => {
      calls.push(`expire ${id}`);
      return Promise.resolve();
    },
    cancelSubscriptionNow: (id) => {
      calls.push(`cancel-now ${id}`);
      const v = subscriptions.get(id);
      if (v) subscriptions.set(id, { ...v, status: 'canceled' });
      return Promise.resolve();
    },
    refundPayment: (ref, key) => {
      calls.push(`refund ${ref} ${key}`);
      return Promise.resolve();
    },
  };
}
