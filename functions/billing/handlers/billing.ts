/** Endpoint group billing: checkout, the subscription summary, credits and ledger, plan changes, the portal. */
import { HttpError } from '../../../shared/errors';
import { getDb } from '../../lib/aws';
import { createGroupHandler, type Caller } from '../../lib/http';
import { billingRoutes } from '../../../shared/routes/billing';
import { getPayments, PaymentsUnavailable, type PaymentsAdapter } from '../payments';
import { StripeApiError } from '../payments/types';
import {
  BILLING_CODES,
  cancelScheduledChange,
  cancelSubscription,
  changePlan,
  creditsView,
  ledgerPage,
  portalUrl,
  publicOrigin,
  startCheckout,
  subscriptionSummary,
} from '../billing-service';
import { ensureUser } from '../../profiles';

/** Provider problems become clear 503/502 answers instead of a generic 500. */
async function withPayments<T>(fn: (payments: PaymentsAdapter) => Promise<T>): Promise<T> {
  let payments: PaymentsAdapter;
  try {
    payments = await getPayments();
  } catch (err) {
    if (err instanceof PaymentsUnavailable)
      throw new HttpError(
        503,
        BILLING_CODES.unavailable,
        'Payments are not available right now. Please try again later.',
      );
    throw err;
  }
  try {
    return await fn(payments);
  } catch (err) {
    if (err instanceof StripeApiError)
      throw new HttpError(err.status === 402 ? 402 : 502, 'billing.provider_error', err.message);
    throw err;
  }
}

const cancel = ({ caller }: { caller: Caller }) =>
  withPayments((payments) => cancelSubscription(getDb(), payments, caller.user));

export const handler = createGroupHandler(
  billingRoutes,
  {
    'POST /api/subscriptions/checkout': async ({ caller, body, headers }) =>
      withPayments((payments) =>
        startCheckout(getDb(), payments, caller.user, body.productType, publicOrigin(headers), body.returnTo),
      ),
    'GET /api/subscriptions/current': async ({ caller }) => subscriptionSummary(getDb(), caller.user),
    'POST /api/subscriptions/cancel': cancel,
    'DELETE /api/subscriptions/cancel': cancel,
    'DELETE /api/subscriptions/scheduled-change': async ({ caller }) =>
      withPayments((payments) => cancelScheduledChange(getDb(), payments, caller.user)),
    'POST /api/subscriptions/change': async ({ caller, body }) =>
      withPayments((payments) => changePlan(getDb(), payments, caller.user, body.plan)),
    'POST /api/subscriptions/update-payment-method': async ({ caller, headers }) =>
      withPayments((payments) => portalUrl(payments, caller.user, publicOrigin(headers), 'payment_method_update')),
    'GET /api/subscriptions/portal': async ({ caller, headers }) =>
      withPayments((payments) => portalUrl(payments, caller.user, publicOrigin(headers))),
    'GET /api/credits': async ({ caller }) => creditsView(getDb(), caller.user),
    'GET /api/credits/ledger': async ({ caller, query }) => ledgerPage(getDb(), caller.user.id, query),
  },
  { loadUser: (auth) => ensureUser(getDb(), auth) },
);
