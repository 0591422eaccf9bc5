/** The routes of the billing endpoint group (functions/billing/handlers/billing.ts implements exactly these). */
import { defineGroup } from './route-def';
import {
  changePlanSchema,
  checkoutResultSchema,
  checkoutSchema,
  creditsViewSchema,
  ledgerPageSchema,
  subscriptionSummarySchema,
} from '../schemas/billing';
import { urlResultSchema } from '../schemas/common';
import { ledgerPageQuery } from '../schemas/requests';

export const billingRoutes = defineGroup('billing', { auth: 'user' }, [
  // billing: checkout, the subscription, credits and the ledger (fulfilment only by the webhook)
  {
    method: 'POST',
    path: '/api/subscriptions/checkout',
    body: checkoutSchema,
    response: checkoutResultSchema,
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/subscriptions/current',
    response: subscriptionSummarySchema,
  },
  {
    method: 'POST',
    path: '/api/subscriptions/cancel',
    response: subscriptionSummarySchema,
  },
  {
    method: 'DELETE',
    path: '/api/subscriptions/cancel',
    response: subscriptionSummarySchema,
  },
  {
    method: 'DELETE',
    path: '/api/subscriptions/scheduled-change',
    response: subscriptionSummarySchema,
  },
  {
    method: 'POST',
    path: '/api/subscriptions/change',
    body: changePlanSchema,
    response: subscriptionSummarySchema,
  },
  {
    method: 'POST',
    path: '/api/subscriptions/update-payment-method',
    response: urlResultSchema,
  },
  { method: 'GET', path: '/api/subscriptions/portal', response: urlResultSchema },
  { method: 'GET', path: '/api/credits', response: creditsViewSchema },
  {
    method: 'GET',
    path: '/api/credits/ledger',
    query: ledgerPageQuery,
    response: ledgerPageSchema,
  },
]);
