/** Billing calls (docs/api.md "Billing, credits and the Stripe webhook") as TanStack Query hooks. */
import type * as R from '../../../shared/schemas/responses';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MonthlyPlanId, ProductType } from '../../../shared/domain/plans';
import { apiJson } from '../lib/api-client';
import { rememberBalance } from '../lib/format';
import type { SubscriptionSummary } from '../../../shared/schemas/billing';

export const USER_KEY = ['/api/auth/user'] as const;
export const SUMMARY_KEY = ['/api/subscriptions/current'] as const;
export const CREDITS_KEY = ['/api/credits'] as const;
export const LEDGER_KEY = ['/api/credits/ledger'] as const;

export type { SubscriptionSummary };

export type CreditsView = R.CreditsView;

export type LedgerEntryView = R.LedgerEntryView;

export type LedgerPage = R.LedgerPage;

export const useSubscriptionSummary = (enabled = true) =>
  useQuery<SubscriptionSummary>({ queryKey: SUMMARY_KEY, enabled });

export const useCredits = (enabled = true) => useQuery<CreditsView>({ queryKey: CREDITS_KEY, enabled });

export const LEDGER_PAGE_SIZE = 20;

export function useCreditLedger() {
  return useInfiniteQuery({
    queryKey: LEDGER_KEY,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: String(LEDGER_PAGE_SIZE) });
      if (pageParam) q.set('cursor', pageParam);
      return apiJson<LedgerPage>('GET', `/api/credits/ledger?${q}`, undefined, signal);
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Everything a purchase or a plan change can move. */
export function refreshBilling(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: USER_KEY }),
    client.invalidateQueries({ queryKey: CREDITS_KEY }),
    client.invalidateQueries({ queryKey: SUMMARY_KEY }),
    client.invalidateQueries({ queryKey: LEDGER_KEY }),
  ]);
}

/** The browser leaves the app (checkout, portal): a separate function so tests can replace it. */
export const browser = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/** Sign-in for a visitor who tries to buy (spec 01 section 5): full navigation. */
export const LOGIN_URL = '/api/auth/login';

/** POST /api/subscriptions/checkout, then off to the checkout page. The mutation stays pending while leaving. */
export function useCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productType: ProductType) =>
      apiJson<R.CheckoutResult>('POST', '/api/subscriptions/checkout', { productType }),
    onSuccess: ({ checkoutUrl }) => {
      const credits =
        client.getQueryData<CreditsView>(CREDITS_KEY)?.credits ??
        client.getQueryData<SubscriptionSummary>(SUMMARY_KEY)?.credits;
      rememberBalance(credits);
      browser.go(checkoutUrl);
      return new Promise<void>(() => {}); // keep the button busy until the page unloads
    },
  });
}

function useSummaryMutation<V>(fn: (v: V) => Promise<SubscriptionSummary>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (summary) => {
      if (summary) client.setQueryData(SUMMARY_KEY, summary);
      await refreshBilling(client);
    },
  });
}

export const useChangePlan = () =>
  useSummaryMutation((plan: MonthlyPlanId) =>
    apiJson<SubscriptionSummary>('POST', '/api/subscriptions/change', { plan }),
  );

export const useCancelSubscription = () =>
  useSummaryMutation((_: void) => apiJson<SubscriptionSummary>('DELETE', '/api/subscriptions/cancel'));

export const useCancelScheduledChange = () =>
  useSummaryMutation((_: void) => apiJson<SubscriptionSummary>('DELETE', '/api/subscriptions/scheduled-change'));

function useRedirectMutation(fn: () => Promise<{ url: string }>) {
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ url }) => {
      browser.go(url);
      return new Promise<void>(() => {});
    },
  });
}

export const usePortal = () => useRedirectMutation(() => apiJson<R.UrlResult>('GET', '/api/subscriptions/portal'));

export const useUpdatePaymentMethod = () =>
  useRedirectMutation(() => apiJson<R.UrlResult>('POST', '/api/subscriptions/update-payment-method'));
