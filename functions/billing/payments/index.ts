/**
 * Which payments adapter serves: Stripe when a secret key is configured (STRIPE_SECRET_KEY in the
 * environment, or the Stripe secret in Secrets Manager via STRIPE_SECRET_ARN: JSON {secretKey, webhookSecret}),
 * otherwise the local adapter in local mode. Deployed without a key, billing answers 503.
 */
import { stripeSecretSchema } from '../../../shared/schemas/secrets';
import { getDb } from '../../lib/aws';
import { getConfig } from '../../lib/config';
import { createLocalAdapter } from './local-adapter';
import type { StripeAdapterOptions } from './stripe-adapter';
import { PaymentsUnavailable, type PaymentsAdapter } from './types';
import { filledSecret } from '../../lib/runtime-secrets';
import { sideModuleUrl } from '../../lib/side-modules';

/**
 * The Stripe adapter is loaded on first use: the stripe package (~240 KiB) is read only by a request that calls
 * Stripe, not by every cold start of the functions that hold billing code (credit balance reads, privacy). In a
 * deployed function it is a side module (../lib/side-modules.ts), a file of its own in the package.
 * The local adapter stays a static import: a dynamic import of it made esbuild keep the whole DynamoDB client
 * (every command, +40 KiB, ~10 ms of load).
 */
const loadStripeAdapter = (): Promise<typeof import('./stripe-adapter')> =>
  process.env.FITLY_SIDE_MODULES === 'files' ? import(sideModuleUrl('stripe-adapter')) : import('./stripe-adapter');
const createStripeAdapter = async (opts: StripeAdapterOptions) => (await loadStripeAdapter()).createStripeAdapter(opts);

/** The Stripe keys: cached a minute once the secret key is there, read again while it is not (filledSecret). */
function loadStripeSecret(arn: string) {
  return filledSecret(
    arn,
    (raw) => {
      const parsed = stripeSecretSchema.parse(JSON.parse(raw ?? '{}'));
      return { secretKey: parsed.secretKey ?? '', webhookSecret: parsed.webhookSecret ?? '' };
    },
    (s) => !!s.secretKey,
  );
}

let override: PaymentsAdapter | null = null;
/** Tests: force an adapter (null restores the environment's choice). */
export function setPaymentsAdapter(a: PaymentsAdapter | null): void {
  override = a;
}

export async function getPayments(): Promise<PaymentsAdapter> {
  if (override) return override;
  const apiBase = process.env.STRIPE_API_BASE || undefined;
  if (process.env.STRIPE_SECRET_KEY)
    return createStripeAdapter({
      secretKey: process.env.STRIPE_SECRET_KEY,
      webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? '',
      apiBase,
    });
  const arn = process.env.STRIPE_SECRET_ARN;
  if (arn) {
    const s = await loadStripeSecret(arn);
    if (s.secretKey) return createStripeAdapter({ ...s, apiBase });
    if (!getConfig().local) throw new PaymentsUnavailable();
  }
  if (getConfig().local) return createLocalAdapter({ db: getDb() });
  throw new PaymentsUnavailable();
}

export type { PaymentsAdapter, SubscriptionView, CheckoutInput } from './types';
export { PaymentsUnavailable } from './types';
