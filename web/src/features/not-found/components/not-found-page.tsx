import { Link } from 'react-router-dom';
import AlertCircle from 'lucide-react/icons/circle-alert';
import { buttonClasses } from '../../../components/button';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Unknown paths for signed-in users (spec 01 section 2). */
export default function NotFoundPage() {
  useDocumentTitle('404 Page Not Found');
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <AlertCircle className="h-10 w-10 text-destructive dark:text-red-400" aria-hidden="true" />
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
      <Link to="/dashboard" className={buttonClasses({ variant: 'outline' })}>
        Go to dashboard
      </Link>
    </div>
  );
}
