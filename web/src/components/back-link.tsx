import { Link } from 'react-router-dom';
import ArrowLeft from 'lucide-react/icons/arrow-left';

export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="mb-6 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

export const pageShell = 'mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10';
