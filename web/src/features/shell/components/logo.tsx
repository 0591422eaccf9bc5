import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../lib/site-config';

export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#6d28d9" />
      <path d="M11 9h11v3.2h-7.4v3.1h6.4v3.2h-6.4V24H11z" fill="#fff" />
    </svg>
  );
}

/** Product logo linking home. */
export function Logo() {
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 rounded-lg font-bold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={`${PRODUCT_NAME} home`}
    >
      <LogoMark />
      <span className="text-lg" aria-hidden="true">
        {PRODUCT_NAME}
      </span>
    </Link>
  );
}
