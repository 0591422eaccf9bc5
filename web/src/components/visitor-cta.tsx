import { Link, useLocation } from 'react-router-dom';
import Sparkles from 'lucide-react/icons/sparkles';
import { buttonClasses } from './button';
import { cn } from '../lib/cn';
import { useCurrentUser } from '../api/current-user';
import { currentPath, registerPath, signInPath } from '../lib/return-to';

/**
 * The sign-in call to action of the read-only visitor pages (/explore, /collections, /collection/{id},
 * /style/{id}): both buttons come back to this page afterwards. Renders nothing for a signed-in user.
 */
export function VisitorCta({
  text = 'Sign in to try these looks on yourself.',
  className,
}: {
  text?: string;
  className?: string;
}) {
  const { status } = useCurrentUser();
  const location = useLocation();
  if (status !== 'logged-out') return null;
  const here = currentPath(location);
  return (
    <div
      className={cn(
        'mb-6 flex flex-col gap-3 rounded-2xl border border-primary/30 bg-accent px-4 py-3 sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
      data-testid="visitor-cta"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-accent-foreground">
        <Sparkles className="h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
        {text}
      </p>
      <div className="flex shrink-0 gap-2">
        <Link to={signInPath(here)} className={buttonClasses({ size: 'sm' })} data-testid="visitor-cta-sign-in">
          Sign in
        </Link>
        <Link
          to={registerPath(here)}
          className={buttonClasses({ size: 'sm', variant: 'outline' })}
          data-testid="visitor-cta-register"
        >
          Create account
        </Link>
      </div>
    </div>
  );
}
