import { Link } from 'react-router-dom';
import { cn } from '../lib/cn';

/** The operator's legal pages (issue 39), in the order the footer and the purchase pages list them. */
export const LEGAL_PAGES = [
  { to: '/terms', label: 'Terms' },
  { to: '/refunds', label: 'Refund policy' },
  { to: '/imprint', label: 'Imprint' },
  { to: '/privacy', label: 'Privacy' },
] as const;

/** "By buying you agree to the Terms …": under the plans and packs, before any checkout. */
export function PurchaseTerms({ className }: { className?: string }) {
  const link = 'font-medium text-foreground underline underline-offset-2';
  return (
    <p data-testid="purchase-terms" className={cn('text-sm text-muted-foreground', className)}>
      Payments are processed by Stripe. By buying a plan or credits you agree to the{' '}
      <Link to="/terms" className={link}>
        Terms
      </Link>
      ; what is refunded is in the{' '}
      <Link to="/refunds" className={link}>
        refund policy
      </Link>
      .
    </p>
  );
}
