/**
 * Endpoint group stripe-webhook: POST /api/stripe/webhook (public, raw body). The Stripe-Signature header is
 * verified on the raw body before anything is read or written (400 otherwise); the event is then applied
 * exactly once (functions/billing/stripe-events.ts). Unknown event types answer 200 so Stripe stops retrying.
 */
import { ERROR_CODES, HttpError } from '../../../shared/errors';
import { getDb } from '../../lib/aws';
import { createGroupHandler } from '../../lib/http';
import { stripeWebhookRoutes } from '../../../shared/routes/stripe-webhook';
import { logger } from '../../lib/logger';
import { getPayments, PaymentsUnavailable } from '../payments';
import { constructWebhookEvent } from '../payments/signature';
import { applyStripeEvent } from '../stripe-events';
import { faultPoint } from '../../lib/fault-points';
import { ignoreIfDeletedAccount } from '../deleted-account-events';

export const handler = createGroupHandler(stripeWebhookRoutes, {
  'POST /api/stripe/webhook': async (req) => {
    let payments;
    try {
      payments = await getPayments();
    } catch (err) {
      if (err instanceof PaymentsUnavailable)
        throw new HttpError(503, ERROR_CODES.billingUnavailable, 'Payments are not configured');
      throw err;
    }
    const raw = req.rawBody ?? '';
    // the SDK verifies the signature on the raw body, then parses it
    const check = constructWebhookEvent(raw, req.headers['stripe-signature'], await payments.webhookSecret());
    if (!check.ok && check.problem === 'signature') {
      logger.warn('stripe webhook refused', { reason: check.reason });
      throw new HttpError(400, ERROR_CODES.stripeInvalidSignature, `Invalid signature: ${check.reason}`);
    }
    if (!check.ok) throw new HttpError(400, ERROR_CODES.badRequest, 'Invalid JSON');
    const event = check.event;
    if (
      !event ||
      event.object !== 'event' ||
      typeof event.id !== 'string' ||
      typeof event.type !== 'string' ||
      !event.data?.object
    )
      throw new HttpError(400, ERROR_CODES.badRequest, 'Not a Stripe event');
    // About a deleted account: recorded under its pseudonym, not applied (docs/privacy.md).
    if (await ignoreIfDeletedAccount(getDb(), event)) return { received: true, outcome: 'ignored' };
    const outcome = await applyStripeEvent(getDb(), payments, event);
    faultPoint('stripe.after-apply');
    logger.info('stripe event', { eventId: event.id, type: event.type, outcome });
    return { received: true, outcome };
  },
});
