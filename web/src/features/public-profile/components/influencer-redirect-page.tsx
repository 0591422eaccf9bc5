import { Link, Navigate, useParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/spinner';
import { PROFILE_NOT_FOUND, usePublicUser } from '../api/profile';
import { buttonClasses } from '../../../components/button';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /influencer/{userId}: resolve the creator's public handle, then show /profile/{handle}. */
export default function InfluencerRedirectPage() {
  const { userId } = useParams();
  const q = usePublicUser(userId);
  useDocumentTitle(q.isError ? PROFILE_NOT_FOUND : 'Profile');
  if (q.data?.handle) return <Navigate to={`/profile/${encodeURIComponent(q.data.handle)}`} replace />;
  if (q.isPending && q.fetchStatus !== 'idle') return <PageSpinner label="Loading profile" />;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col items-center gap-4 px-4 py-10 text-center sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">{PROFILE_NOT_FOUND}</h1>
      <p className="text-muted-foreground">This creator does not exist or their profile is not public.</p>
      <Link to="/" className={buttonClasses({ variant: 'outline' })}>
        Go to the home page
      </Link>
    </div>
  );
}
