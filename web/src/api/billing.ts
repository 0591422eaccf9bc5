/** Billing calls (docs/api.md "Billing, credits and the Stripe webhook") as TanStack Query hooks. */
import type { CreditsView, LedgerEntryView, LedgerPage, SubscriptionSummary } from '@shared/schemas/billing';
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { MonthlyPlanId, ProductType } from '@shared/domain/plans';
import { fetchApi } from './endpoints';
import { queryKeys } from './query-keys';
import { rememberBalance } from '../lib/format';

export type { SubscriptionSummary };

export type { CreditsView, LedgerEntryView, LedgerPage };

export const getSubscriptionSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.summary,
    queryFn: ({ signal }) => fetchApi('GET /api/subscriptions/current', { signal }),
  });
export const useSubscriptionSummary = (enabled = true) =>
  useQuery({ ...getSubscriptionSummaryQueryOptions(), enabled });

export const getCreditsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.credits,
    queryFn: ({ signal }) => fetchApi('GET /api/credits', { signal }),
  });
export const useCredits = (enabled = true) => useQuery({ ...getCreditsQueryOptions(), enabled });

export const LEDGER_PAGE_SIZE = 20;

export function useCreditLedger() {
  return useInfiniteQuery({
    queryKey: queryKeys.billing.ledger,
    initialPageParam: '', // the first page: no cursor
    queryFn: ({ pageParam, signal }) =>
      fetchApi('GET /api/credits/ledger', {
        query: { limit: String(LEDGER_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Everything a purchase or a plan change can move. */
export function refreshBilling(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.currentUser }),
    client.invalidateQueries({ queryKey: queryKeys.billing.credits }),
    client.invalidateQueries({ queryKey: queryKeys.billing.summary }),
    client.invalidateQueries({ queryKey: queryKeys.billing.ledger }),
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

/** A checkout to start: the product, and the page to come back to after paying or cancelling. */
export interface CheckoutStart {
  productType: ProductType;
  returnTo?: string;
}

/** POST /api/subscriptions/checkout, then off to the checkout page. The mutation stays pending while leaving. */
export function useCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productType, returnTo }: CheckoutStart) =>
      fetchApi('POST /api/subscriptions/checkout', { body: { productType, ...(returnTo ? { returnTo } : {}) } }),
    onSuccess: ({ checkoutUrl }) => {
      const credits =
        client.getQueryData(getCreditsQueryOptions().queryKey)?.credits ??
        client.getQueryData(getSubscriptionSummaryQueryOptions().queryKey)?.credits;
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
      if (summary) client.setQueryData(queryKeys.billing.summary, summary);
      await refreshBilling(client);
    },
  });
}

export const useChangePlan = () =>
  useSummaryMutation((plan: MonthlyPlanId) => fetchApi('POST /api/subscriptions/change', { body: { plan } }));

export const useCancelSubscription = () =>
  useSummaryMutation((_: void) => fetchApi('DELETE /api/subscriptions/cancel'));

export const useCancelScheduledChange = () =>
  useSummaryMutation((_: void) => fetchApi('DELETE /api/subscriptions/scheduled-change'));

function useRedirectMutation(fn: () => Promise<{ url: string }>) {
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ url }) => {
      browser.go(url);
      return new Promise<void>(() => {});
    },
  });
}

export const usePortal = () => useRedirectMutation(() => fetchApi('GET /api/subscriptions/portal'));

export const useUpdatePaymentMethod = () =>
  useRedirectMutation(() => fetchApi('POST /api/subscriptions/update-payment-method'));
