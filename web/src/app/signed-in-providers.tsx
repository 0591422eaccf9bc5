import type { ReactNode } from 'react';
import { TooltipProvider } from '../components/tooltip';
import { UpsellProvider } from '../components/upsell/upsell-provider';

/**
 * Providers of the signed-in screens only, loaded with them (app-layout.tsx imports this module lazily) so
 * they stay out of the landing page's JavaScript: the one TooltipProvider and the limit upsells.
 */
export default function SignedInProviders({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <UpsellProvider>{children}</UpsellProvider>
    </TooltipProvider>
  );
}
