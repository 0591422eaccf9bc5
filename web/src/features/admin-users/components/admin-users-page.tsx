import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import Search from 'lucide-react/icons/search';
import { Badge, enumLabel } from '../../../components/badge';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { Input } from '../../../components/input';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { AccessDenied, AdminOnly } from '../../../components/admin-ui';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { formatDate, planName, statusLabel } from '../../../lib/format';
import { formatCredits } from '@shared/domain/plans';
import { ADMIN_USER_SEARCH_MESSAGE, isAdminUserSearchTerm } from '@shared/domain/admin-user-search';
import { useAdminUserSearch, type AdminUserSummary } from '../api/admin-users';

/** /admin/users: find one person by their exact e-mail or user id (issue 39); the term is in the URL (?q=). */
export default function AdminUsersPage() {
  return (
    <AdminOnly>
      <UserSearch />
    </AdminOnly>
  );
}

function UserSearch() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('q')?.trim() ?? '';
  // a term from the address bar is held to the same rule as a typed one (no request for a part of an address)
  const q = isAdminUserSearchTerm(asked) ? asked : '';
  const [draft, setDraft] = useState(asked);
  const [typedProblem, setProblem] = useState<string | null>(null);
  const problem = typedProblem ?? (asked && !q ? ADMIN_USER_SEARCH_MESSAGE : null);
  const search = useAdminUserSearch(q);
  if (isApiError(search.error) && search.error.status === 403) return <AccessDenied />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // the same rule as the API's: a whole e-mail address or a user id
    const term = draft.trim();
    if (!isAdminUserSearchTerm(term)) {
      setProblem(ADMIN_USER_SEARCH_MESSAGE);
      return;
    }
    setProblem(null);
    setParams({ q: term });
  };

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title="Users" description="Find a person by their e-mail address or user id." />
      <Card>
        <CardContent className="pt-5">
          <form role="search" aria-label="Find a user" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row">
            <label htmlFor="user-search" className="sr-only">
              E-mail address or user id
            </label>
            <Input
              id="user-search"
              type="search"
              autoComplete="off"
              spellCheck={false}
              placeholder="name@example.com or a user id"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby="user-search-hint"
              className="flex-1"
            />
            <Button type="submit">
              <Search className="h-4 w-4" aria-hidden="true" />
              Search
            </Button>
          </form>
          {problem ? (
            <p role="alert" className="mt-3 text-sm text-destructive dark:text-red-400">
              {problem}
            </p>
          ) : null}
          <p id="user-search-hint" className="mt-3 text-xs text-muted-foreground">
            The whole address is needed (any capitalisation): a part of it or a name finds no one.
          </p>
        </CardContent>
      </Card>

      {q === '' ? null : search.isPending ? (
        <Skeleton className="h-48 rounded-xl" />
      ) : search.isError ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {errorMessage(search.error, 'The search failed. Try again.')}
        </p>
      ) : search.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground" role="status">
          No user with {search.data.matchedBy === 'email' ? 'the e-mail address' : 'the id'}{' '}
          <span className="break-all font-medium text-foreground">{q}</span>.
        </p>
      ) : (
        search.data.items.map((u) => <UserCard key={u.id} user={u} />)
      )}
    </div>
  );
}

function UserCard({ user: u }: { user: AdminUserSummary }) {
  const fields: [string, string][] = [
    ['Plan', planName(u.plan)],
    ['Subscription', statusLabel(u.subscriptionStatus)],
    ['Credits', formatCredits(u.credits, u.hasUnlimitedCredits)],
    ['Role', `${enumLabel(u.role)}${u.isInfluencer && u.role !== 'influencer' ? ' (influencer)' : ''}`],
    ['Account', enumLabel(u.status)],
    ['Joined', formatDate(u.createdAt)],
  ];
  return (
    <Card data-testid="user-result">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="break-all">{u.email}</CardTitle>
          {u.status !== 'active' ? <Badge tone="warning">{enumLabel(u.status)}</Badge> : null}
        </div>
        <CardDescription>
          {u.name ?? 'No name given'} · @{u.handle} · <span className="break-all font-mono text-xs">{u.id}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {fields.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-muted px-3 py-2">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/admin/finance?userId=${encodeURIComponent(u.id)}`}
            className={buttonClasses({ variant: 'outline' })}
          >
            Credit movements and payments
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
