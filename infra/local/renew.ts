/**
 * `npm run local:renew -- <email>`: one billing cycle passes for that user's local subscription (the running
 * `npm start` posts invoice.paid, or customer.subscription.deleted when it was set to cancel at period end),
 * so rollover, the cap and expiry can be tried by hand. PORT picks the running app (default 3000).
 * The endpoint is bound to the local admin: the script signs in as ADMIN_EMAIL (default admin@example.com)
 * with DEMO_PASSWORD (default Demo-pass-1) through the app's own /cognito proxy and sends the ID token.
 */
import { localAdminToken } from '../ops/target';

const email = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!email) {
  console.error('usage: npm run local:renew -- <email>');
  process.exit(2);
}
const origin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`;
const fail = (msg: string): never => {
  console.error(msg);
  process.exit(1);
};
const idToken = await localAdminToken(origin).catch((err) =>
  fail(`Could not sign in as the local admin at ${origin} (is npm start running?): ${(err as Error).message}`),
);
const res = await fetch(`${origin}/local/checkout/renew?email=${encodeURIComponent(email)}`, {
  method: 'POST',
  headers: { authorization: `Bearer ${idToken}` },
});
const body = await res.text();
if (!res.ok) fail(`${res.status}: ${body}`);
console.log(body);
