/**
 * Local-only pages standing in for Stripe's hosted pages (never deployed), at the app's own origin:
 *   GET  /local/checkout/<session id>         the checkout: product, price (shared/domain/plans.ts), Pay, Cancel
 *   POST /local/checkout/<session id>/pay     completes the session: posts the signed Stripe events to the real
 *                                             webhook route over HTTP, then 303 to the success URL
 *   POST /local/checkout/<session id>/cancel  303 to the cancel URL (nothing is written)
 *   GET  /local/checkout/portal?...           the "customer portal": a page with a link back
 *   POST /local/checkout/renew?email=...      one billing cycle passes for that user's subscription
 *                                             (`npm run local:renew -- <email>`; needs the local admin's
 *                                             ID token as a bearer, which the script obtains by signing in)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatEur, productInfo, type ProductType } from '../../shared/domain/plans';
import { findUserByEmail, getUser, isAccountActive } from '../../shared/repositories/user-repository';
import { bearerToken, verifyToken } from '../../functions/lib/auth';
import type { Db } from '../../shared/repositories/table';
import {
  advanceLocalCycle,
  getLocalSession,
  httpEventSink,
  payLocalSession,
  type EventSink,
} from '../../functions/billing/payments/local-adapter';
import type { LocalRoute } from './api-server';
import { ERROR_CODES } from '../../shared/errors';

export const CHECKOUT_PREFIX = '/local/checkout/';

const esc = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#f5f5f7;margin:0;display:grid;place-items:center;min-height:100vh;color:#111}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:2rem;max-width:26rem;width:100%}
h1{font-size:1.25rem;margin:0 0 .25rem}.price{font-size:2rem;font-weight:700;margin:1rem 0}.note{color:#666;font-size:.875rem}
form{display:inline}button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #ccc;background:#fff;cursor:pointer;margin-right:.5rem}
button.pay{background:#635bff;color:#fff;border-color:#635bff}a{color:#635bff}
</style></head><body><main>${body}</main></body></html>`;
}

function send(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(html);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

export interface CheckoutRouteOptions {
  db: () => Db;
  /** Where the events go (default: signed HTTP POST to the webhook route at PUBLIC_ORIGIN). */
  sink?: () => EventSink;
}

export async function localAdmin(req: IncomingMessage, db: Db): Promise<'ok' | 401 | 403> {
  const token = bearerToken(req.headers as Record<string, string>);
  if (!token) return 401;
  const auth = await verifyToken(token).catch(() => null);
  if (!auth) return 401;
  const user = await getUser(db, auth.sub);
  return user?.permanentRole === 'admin' && isAccountActive(user) ? 'ok' : 403;
}

export function checkoutRoute(opts: CheckoutRouteOptions): LocalRoute {
  const sink = () => (opts.sink ? opts.sink() : httpEventSink());
  return {
    prefix: CHECKOUT_PREFIX,
    async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
      const rest = url.pathname.slice(CHECKOUT_PREFIX.length).split('/').filter(Boolean);
      const db = opts.db();
      if (rest[0] === 'portal' && req.method === 'GET') {
        const back = url.searchParams.get('return_url') ?? '/subscription';
        const flow = url.searchParams.get('flow');
        return send(
          res,
          200,
          page(
            'Billing portal (local)',
            `<h1>Billing portal</h1><p class="note">Local mode: there is no card to manage. Customer ${esc(url.searchParams.get('customer'))}${flow ? `, flow ${esc(flow)}` : ''}.</p><p><a href="${esc(back.startsWith('/') || back.startsWith('http://localhost') ? back : '/subscription')}">Return to the app</a></p>`,
          ),
        );
      }
      if (rest[0] === 'renew' && req.method === 'POST') {
        // local-only, but still bound to the local admin: a bearer ID token of a permanent admin
        const who = await localAdmin(req, db);
        if (who !== 'ok') {
          res.writeHead(who, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify(
              who === 401
                ? { message: 'Unauthorized', code: ERROR_CODES.unauthorized }
                : { message: 'Only the local admin may renew subscriptions', code: ERROR_CODES.forbidden },
            ),
          );
          return;
        }
        const email = url.searchParams.get('email') ?? '';
        const user = email ? await findUserByEmail(db, email) : null;
        if (!user?.subscriptionId) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: `No subscription for ${email}` }));
          return;
        }
        const events = await advanceLocalCycle(db, user.subscriptionId, sink());
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            subscriptionId: user.subscriptionId,
            events: events.map((e) => ({ id: e.id, type: e.type })),
          }),
        );
        return;
      }
      const id = rest[0];
      const session = id ? await getLocalSession(db, id) : null;
      if (!session)
        return send(res, 404, page('Not found', '<h1>Checkout not found</h1><p><a href="/subscription">Back</a></p>'));
      if (session.status === 'expired')
        return send(
          res,
          410,
          page(
            'Expired',
            '<h1>This checkout has expired</h1><p>Another checkout of the same kind was completed.</p><p><a href="/subscription">Back</a></p>',
          ),
        );
      if (rest[1] === 'pay' && req.method === 'POST')
        return redirect(res, await payLocalSession(db, session.id, sink()));
      if (rest[1] === 'cancel' && req.method === 'POST') return redirect(res, session.cancel_url);
      if (rest.length !== 1 || req.method !== 'GET')
        return send(res, 405, page('Not allowed', '<h1>Method not allowed</h1>'));
      const p = productInfo(session.metadata.productType as ProductType);
      const done = session.status === 'complete';
      return send(
        res,
        200,
        page(
          `Checkout: ${p.name}`,
          `<p class="note">Local checkout (no real payment)</p><h1>${esc(p.name)}</h1>
<p>${p.credits} credits${p.mode === 'subscription' ? ' every month' : p.bucket === 'pack' ? ', valid 12 months' : ', one time'}</p>
<p class="price">${esc(formatEur(p.priceCents))}${p.interval ? '<span class="note"> / month</span>' : ''}</p>
${done ? '<p>This checkout is already paid.</p>' : ''}
<form method="post" action="${esc(`${CHECKOUT_PREFIX}${session.id}/pay`)}"><button class="pay" type="submit">${done ? 'Continue' : 'Pay'}</button></form>
<form method="post" action="${esc(`${CHECKOUT_PREFIX}${session.id}/cancel`)}"><button type="submit">Cancel</button></form>`,
        ),
      );
    },
  };
}
