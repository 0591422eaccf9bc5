import { Link, useParams } from 'react-router-dom';
import { Avatar } from 'radix-ui';
import BadgeCheck from 'lucide-react/icons/badge-check';
import LinkIcon from 'lucide-react/icons/link';
import UserX from 'lucide-react/icons/user-x';
import { avatarInitial, fullName } from '@shared/domain/user-display';
import { useResolvedImageUrl } from '../../../components/app-image';
import { buttonClasses } from '../../../components/button';
import { PageSpinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCurrentUser } from '../../../api/current-user';
import ExternalLink from 'lucide-react/icons/external-link';
import { Notice } from '../../../components/alert';
import { pageShell } from '../../../components/back-link';
import { CollectionCard, collectionGridClasses } from '../../../components/collection-card';
import { PROFILE_NOT_FOUND, usePublicProfile, type PublicProfile } from '../api/profile';

/** /profile/{handle} (spec 02 section 2): reachable signed in and out; a leading @ is allowed. */
export default function PublicProfilePage() {
  const { handle = '' } = useParams();
  const q = usePublicProfile(handle);
  if (q.isPending && q.fetchStatus !== 'idle') return <PageSpinner label="Loading profile" />;
  if (!q.data) return <ProfileProblem notFound={!q.isError || (isApiError(q.error) && q.error.status === 404)} />;
  return <ProfileView profile={q.data} />;
}

function ProfileProblem({ notFound }: { notFound: boolean }) {
  const { isAuthenticated } = useCurrentUser();
  useDocumentTitle(notFound ? PROFILE_NOT_FOUND : 'Profile');
  return (
    <div className={`${pageShell} flex flex-col items-center gap-4 text-center`}>
      <UserX className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight">{notFound ? PROFILE_NOT_FOUND : 'Profile unavailable'}</h1>
      <p className="max-w-md text-muted-foreground">
        {notFound
          ? 'This profile does not exist or is not public.'
          : 'The profile could not be loaded. Please try again.'}
      </p>
      <Link to={isAuthenticated ? '/explore' : '/'} className={buttonClasses({ variant: 'outline' })}>
        {isAuthenticated ? 'Explore Styles' : 'Go to the home page'}
      </Link>
    </div>
  );
}

function ProfileView({ profile: { user, links, collections, showCollections } }: { profile: PublicProfile }) {
  const name = fullName(user) || `@${user.handle}`;
  useDocumentTitle(name);
  return (
    <div className={pageShell}>
      <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:text-left">
        <ProfileAvatar user={user} />
        <div className="min-w-0">
          <h1
            className="flex flex-wrap items-center justify-center gap-2 text-2xl font-bold tracking-tight sm:justify-start sm:text-3xl"
            data-testid="profile-name"
          >
            <span className="min-w-0 break-words">{name}</span>
            {user.isInfluencer ? (
              <BadgeCheck className="h-6 w-6 shrink-0 text-brand" aria-label="Verified creator" role="img" />
            ) : null}
          </h1>
          <p className="mt-1 text-muted-foreground" data-testid="profile-handle">
            @{user.handle}
          </p>
        </div>
      </header>

      {links.length ? (
        <section aria-labelledby="profile-links-heading" className="mx-auto mt-8 max-w-xl sm:mx-0">
          <h2 id="profile-links-heading" className="sr-only">
            Links
          </h2>
          <ul className="flex flex-col gap-2" data-testid="profile-links">
            {links.map((l) => (
              <li key={l.id}>
                <a
                  href={l.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 text-sm font-medium shadow-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <LinkIcon className="h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate">{l.title}</span>
                  <ExternalLink className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {showCollections ? (
        <section aria-labelledby="profile-collections-heading" className="mt-12">
          <h2 id="profile-collections-heading" className="mb-4 text-xl font-semibold">
            Collections
          </h2>
          {collections.length ? (
            <ul className={collectionGridClasses}>
              {collections.map((c) => (
                <li key={c.id}>
                  <CollectionCard collection={c} />
                </li>
              ))}
            </ul>
          ) : (
            <Notice title="No public collections yet." />
          )}
        </section>
      ) : null}
    </div>
  );
}

function ProfileAvatar({ user }: { user: PublicProfile['user'] }) {
  const { url } = useResolvedImageUrl(user.profileImageUrl);
  return (
    <Avatar.Root
      className="inline-flex h-24 w-24 shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-accent text-accent-foreground"
      data-testid="profile-avatar"
    >
      {url ? (
        <Avatar.Image
          src={url}
          alt={`${fullName(user) || user.handle}'s profile picture`}
          width={96}
          height={96}
          className="h-full w-full object-cover"
        />
      ) : null}
      <Avatar.Fallback className="text-3xl font-semibold" delayMs={url ? 300 : 0} aria-hidden="true">
        {avatarInitial({ firstName: user.firstName, email: user.handle })}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
