import { Link, useLocation } from 'react-router-dom';
import Compass from 'lucide-react/icons/compass';
import { buttonClasses } from '../../../components/button';
import { useCurrentUser } from '../../../api/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const NOT_FOUND_TITLE = 'Page not found';

/**
 * Unknown paths, for visitors and members alike (issue 39): the address stays as typed (no redirect), the page
 * says so in words and offers the way home (the dashboard for a member, the home page and the catalogue for a
 * visitor).
 */
export default function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_TITLE);
  const { pathname } = useLocation();
  const { status } = useCurrentUser();
  const member = status === 'logged-in';
  return (
    <div
      data-testid="not-found"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <Compass className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
      <p className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Error 404</p>
      <h1 className="text-2xl font-bold">{NOT_FOUND_TITLE}</h1>
      <p className="text-muted-foreground">
        There is no page at <code className="break-all rounded bg-muted px-1.5 py-0.5 text-foreground">{pathname}</code>
        . The link may be mistyped, or the page may have moved.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {member ? (
          <Link to="/dashboard" className={buttonClasses()}>
            Go to your dashboard
          </Link>
        ) : (
          <Link to="/" className={buttonClasses()}>
            Go to the home page
          </Link>
        )}
        <Link to="/explore" className={buttonClasses({ variant: 'outline' })}>
          Explore styles
        </Link>
      </div>
    </div>
  );
}
