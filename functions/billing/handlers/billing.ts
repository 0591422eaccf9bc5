/** Endpoint group billing: checkout, the subscription summary, credits and ledger, plan changes, the portal. */
import { HttpError } from '../../../shared/errors';
import { getDb } from '../../lib/aws';
import { createGroupHandler, json, requireAuth, type ApiResult, type Req } from '../../lib/http';
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

const me = (req: Req) => ensureUser(getDb(), requireAuth(req));

/** Provider problems become clear 503/502 answers instead of a generic 500. */
async function withPayments(fn: (payments: PaymentsAdapter) => Promise<ApiResult>): Promise<ApiResult> {
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

const cancel = (req: Req) =>
  withPayments(async (payments) => json(await cancelSubscription(getDb(), payments, await me(req))));

export const handler = createGroupHandler(
  billingRoutes,
  {
    'POST /api/subscriptions/checkout': async (req) =>
      withPayments(async (payments) => {
        const { productType, returnTo } = req.body;
        const result = await startCheckout(
          getDb(),
          payments,
          await me(req),
          productType,
          publicOrigin(req.headers),
          returnTo,
        );
        return json(result, 201);
      }),
    'GET /api/subscriptions/current': async (req) => json(await subscriptionSummary(getDb(), await me(req))),
    'POST /api/subscriptions/cancel': cancel,
    'DELETE /api/subscriptions/cancel': cancel,
    'DELETE /api/subscriptions/scheduled-change': async (req) =>
      withPayments(async (payments) => json(await cancelScheduledChange(getDb(), payments, await me(req)))),
    'POST /api/subscriptions/change': async (req) =>
      withPayments(async (payments) => {
        const { plan } = req.body;
        return json(await changePlan(getDb(), payments, await me(req), plan));
      }),
    'POST /api/subscriptions/update-payment-method': async (req) =>
      withPayments(async (payments) =>
        json(await portalUrl(payments, await me(req), publicOrigin(req.headers), 'payment_method_update')),
      ),
    'GET /api/subscriptions/portal': async (req) =>
      withPayments(async (payments) => json(await portalUrl(payments, await me(req), publicOrigin(req.headers)))),
    'GET /api/credits': async (req) => json(await creditsView(getDb(), await me(req))),
    'GET /api/credits/ledger': async (req) => json(await ledgerPage(getDb(), requireAuth(req).sub, req.query)),
  },
  (auth) => ensureUser(getDb(), auth),
);
