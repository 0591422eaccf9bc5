import { Link } from 'react-router-dom';
import Construction from 'lucide-react/icons/construction';
import { buttonClasses } from './button';
import { PageHeader } from './page-header';

/**
 * The screen a route shows until its feature is built: an honest "Coming soon" with the screen's title.
 * Used through the placeholder entries of app/screens.tsx; later work replaces those entries.
 */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <PageHeader title={title} />
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-border bg-muted/50 p-6" data-testid="placeholder-page">
        <Construction className="h-6 w-6 text-brand" aria-hidden="true" />
        <p className="text-lg font-semibold">Coming soon</p>
        <p className="text-muted-foreground">This screen is not built yet. Everything else in your account works as usual.</p>
        <Link to="/dashboard" className={buttonClasses({ variant: 'outline' })}>
          Back to dashboard
        </Link>
      </div>
    </div>
  );
}
