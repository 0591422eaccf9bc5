import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/use-toast';
import { getCreditsQueryOptions, refreshBilling } from '../../../api/billing';
import { checkoutReturn, pollUntilChanged, takeRememberedBalance } from '../../../lib/format';

/**
 * Back from checkout (spec 01 section 2), on whichever page the checkout started from (the checkout carries
 * that page as its return path): `?success=true` shows "Payment successful!", refreshes the user,
 * credits and subscription, and cleans the URL. The purchase is fulfilled by the webhook, which may land a
 * moment later: the balance is read every second (up to 10 s) until it changes, then everything is refreshed
 * again. `?canceled=true` says so in a toast (nothing was charged) and is removed from the URL.
 */
export const CHECKOUT_CANCELED = {
  title: 'Checkout cancelled',
  description: 'No payment was made. You can pick a plan or a credit pack whenever you are ready.',
} as const;

export function useCheckoutReturn(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    const { success, canceled, cleanedSearch } = checkoutReturn(location.search);
    if (!success && !canceled) return;
    handled.current = true;
    void navigate({ pathname: location.pathname, search: cleanedSearch, hash: location.hash }, { replace: true });
    if (!success) {
      toast({ title: CHECKOUT_CANCELED.title, description: CHECKOUT_CANCELED.description });
      return;
    }
    toast({ title: 'Payment successful!', description: 'Thank you. Your purchase is being added to your account.' });
    void refreshBilling(client);
    const baseline = takeRememberedBalance();
    void pollUntilChanged({
      baseline,
      read: async () => {
        const view = await client.fetchQuery({ ...getCreditsQueryOptions(), staleTime: 0 });
        return view.credits;
      },
    }).then((changed) => {
      if (changed !== null) void refreshBilling(client);
    });
  }, [client, location.hash, location.pathname, location.search, navigate]);
}

/** The checkout return, mounted once for every signed-in page (web/src/app/signed-in-providers.tsx). */
export function CheckoutReturn(): null {
  useCheckoutReturn();
  return null;
}
