import type { ReactNode } from 'react';
import { TooltipProvider } from '../components/tooltip';
import { UpsellProvider } from '../components/upsell/upsell-provider';
import { CheckoutReturn } from '../features/billing/components/use-checkout-return';

/**
 * Providers of the signed-in screens only, loaded with them (app-layout.tsx imports this module lazily) so
 * they stay out of the landing page's JavaScript: the one TooltipProvider, the limit upsells and the return
 * from a checkout (on whichever page it started from).
 */
export default function SignedInProviders({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <UpsellProvider>
        <CheckoutReturn />
        {children}
      </UpsellProvider>
    </TooltipProvider>
  );
}
