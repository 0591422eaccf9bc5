/** The routes of the billing endpoint group (functions/billing/handlers/billing.ts implements exactly these). */
import { defineRoutes } from './route-def';
import { changePlanSchema, checkoutSchema, subscriptionSummarySchema } from '../schemas/billing';
import { urlResultSchema } from '../schemas/common';
import { ledgerPageQuery } from '../schemas/requests';
import { checkoutResultSchema, creditsViewSchema, ledgerPageSchema } from '../schemas/responses';

export const billingRoutes = defineRoutes([
  // billing: checkout, the subscription, credits and the ledger (fulfilment only by the webhook)
  {
    method: 'POST',
    path: '/api/subscriptions/checkout',
    group: 'billing',
    auth: 'user',
    body: checkoutSchema,
    response: checkoutResultSchema,
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/subscriptions/current',
    group: 'billing',
    auth: 'user',
    response: subscriptionSummarySchema,
  },
  {
    method: 'POST',
    path: '/api/subscriptions/cancel',
    group: 'billing',
    auth: 'user',
    response: subscriptionSummarySchema,
  },
  {
    method: 'DELETE',
    path: '/api/subscriptions/cancel',
    group: 'billing',
    auth: 'user',
    response: subscriptionSummarySchema,
  },
  {
    method: 'DELETE',
    path: '/api/subscriptions/scheduled-change',
    group: 'billing',
    auth: 'user',
    response: subscriptionSummarySchema,
  },
  {
    method: 'POST',
    path: '/api/subscriptions/change',
    group: 'billing',
    auth: 'user',
    body: changePlanSchema,
    response: subscriptionSummarySchema,
  },
  {
    method: 'POST',
    path: '/api/subscriptions/update-payment-method',
    group: 'billing',
    auth: 'user',
    response: urlResultSchema,
  },
  { method: 'GET', path: '/api/subscriptions/portal', group: 'billing', auth: 'user', response: urlResultSchema },
  { method: 'GET', path: '/api/credits', group: 'billing', auth: 'user', response: creditsViewSchema },
  {
    method: 'GET',
    path: '/api/credits/ledger',
    group: 'billing',
    auth: 'user',
    query: ledgerPageQuery,
    response: ledgerPageSchema,
  },
]);
