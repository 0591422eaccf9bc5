/**
 * Idempotent seed: the demo accounts (local mode only) and the demo content. Running it again changes
 * nothing: accounts are looked up before they are created and every credit grant has a deterministic
 * ledger id, so it is recorded once.
 */
import { startCheckout } from '../../functions/billing/billing-service';
import type { Db } from '../../shared/repositories/table';
import { createUserIfMissing, getUser, updateUser, type UserPatch } from '../../shared/repositories/user-repository';
import { setAgeStatus } from '../../shared/repositories/privacy-repository';
import { AGE_CONFIRMATION } from '../../shared/domain/privacy';
import { recordMovement } from '../../shared/repositories/ledger-repository';
import type { MonthlyPlanId } from '../../shared/domain/plans';
import { createLocalAdapter, httpEventSink, payLocalSession } from '../../functions/billing/payments/local-adapter';
import { ensureAccount } from './cognito-setup';
import type { S3Client } from '@aws-sdk/client-s3';
import { seedCatalog } from './seed-catalog';

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  label: string;
  patch: UserPatch;
  /** Credits granted once through the ledger. */
  grant?: { kind: 'grant.monthly' | 'grant.pack'; bucket: 'monthly' | 'pack'; amount: number };
  /**
   * A monthly plan bought through the local payments adapter once the app runs (seedDemoSubscriptions):
   * checkout session, Pay, the signed Stripe events to the real webhook, so the plan has a billing
   * subscription that can be changed or cancelled, and its credits come from the webhook's grant.
   */
  subscription?: MonthlyPlanId;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@example.com',
    firstName: 'Ada',
    lastName: 'Admin',
    label: 'admin (permanent admin, unlimited credits)',
    patch: { role: 'admin', currentRole: 'admin', permanentRole: 'admin', hasUnlimitedCredits: true, onboarded: true },
  },
  {
    email: 'influencer@example.com',
    firstName: 'Iris',
    lastName: 'Vale',
    label: 'influencer on Creator',
    patch: {
      role: 'influencer',
      currentRole: 'influencer',
      permanentRole: 'influencer',
      isInfluencer: true,
      influencerSince: '2026-01-15T10:00:00.000Z',
      isPublic: true,
      showCollections: true,
      onboarded: true,
    },
    subscription: 'creator',
  },
  {
    email: 'shopper@example.com',
    firstName: 'Sam',
    lastName: 'Shopper',
    label: 'shopper on Starter with credits',
    patch: { onboarded: true },
    subscription: 'starter',
  },
];

export interface SeedOptions {
  db: Db;
  cognitoUrl: string;
  userPoolId: string;
  clientId: string;
  password: string;
  s3: S3Client;
  publicBucket: string;
  log?: (line: string) => void;
}

export interface SeedSummary {
  accounts: { email: string; label: string; userId: string }[];
}

export async function seed(opts: SeedOptions): Promise<SeedSummary> {
  const accounts: SeedSummary['accounts'] = [];
  for (const acc of DEMO_ACCOUNTS) {
    const sub = await ensureAccount(opts.cognitoUrl, opts.userPoolId, opts.clientId, {
      email: acc.email,
      password: opts.password,
      firstName: acc.firstName,
      lastName: acc.lastName,
    });
    const existing = await getUser(opts.db, sub);
    if (!existing) {
      await createUserIfMissing(opts.db, {
        id: sub,
        email: acc.email,
        firstName: acc.firstName,
        lastName: acc.lastName,
      });
      await updateUser(opts.db, sub, acc.patch);
    }
    // Demo accounts are adults (photo profiles need an age statement); once, also on older data folders.
    await setAgeStatus(opts.db, sub, 'adult', AGE_CONFIRMATION.version);
    if (acc.grant) {
      await recordMovement(opts.db, {
        userId: sub,
        kind: acc.grant.kind,
        bucket: acc.grant.bucket,
        amount: acc.grant.amount,
        causeId: `seed:${acc.email}`,
        note: 'Demo account credits',
      });
    }
    accounts.push({ email: acc.email, label: acc.label, userId: sub });
  }
  const id = (email: string) => accounts.find((a) => a.email === email)!.userId;
  await seedCatalog({
    db: opts.db,
    s3: opts.s3,
    publicBucket: opts.publicBucket,
    owners: { influencer: id('influencer@example.com'), admin: id('admin@example.com') },
    log: opts.log,
  });
  return { accounts };
}

/**
 * The demo subscriptions, bought like a real purchase through the local payments adapter (run once the API
 * listens at `origin`, since the events go to its webhook route). Idempotent: an account that already has a
 * billing subscription is left alone.
 */
export async function seedDemoSubscriptions(opts: {
  db: Db;
  origin: string;
  accounts: SeedSummary['accounts'];
  log?: (line: string) => void;
}): Promise<number> {
  const adapter = createLocalAdapter({ db: opts.db, origin: opts.origin });
  const sink = httpEventSink(`${opts.origin.replace(/\/$/, '')}/api/stripe/webhook`);
  let bought = 0;
  for (const acc of DEMO_ACCOUNTS) {
    if (!acc.subscription) continue;
    const userId = opts.accounts.find((a) => a.email === acc.email)?.userId;
    const user = userId ? await getUser(opts.db, userId) : null;
    if (!user || user.subscriptionId) continue;
    // the same service call as the Buy button: it also writes our own checkout record, the only thing
    // fulfilment trusts (a session without it is refused)
    const session = await startCheckout(opts.db, adapter, user, acc.subscription, opts.origin);
    await payLocalSession(opts.db, session.sessionId, sink);
    bought++;
    opts.log?.(`demo subscription: ${acc.email} on ${acc.subscription}`);
  }
  return bought;
}
