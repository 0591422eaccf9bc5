/**
 * `npm run local:renew -- <email>`: one billing cycle passes for that user's local subscription (the running
 * `npm start` posts invoice.paid, or customer.subscription.deleted when it was set to cancel at period end),
 * so rollover, the cap and expiry can be tried by hand. PORT picks the running app (default 3000).
 */
const email = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!email) {
  console.error('usage: npm run local:renew -- <email>');
  process.exit(2);
}
const origin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`;
const res = await fetch(`${origin}/local/checkout/renew?email=${encodeURIComponent(email)}`, { method: 'POST' }).catch((err) => {
  console.error(`Could not reach ${origin} (is npm start running?): ${(err as Error).message}`);
  process.exit(1);
});
const body = await res.text();
if (!res.ok) {
  console.error(`${res.status}: ${body}`);
  process.exit(1);
}
console.log(body);
export {};
