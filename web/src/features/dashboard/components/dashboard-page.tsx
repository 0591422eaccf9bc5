import Shirt from 'lucide-react/icons/shirt';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatCredits, STARTER_GRANT_LABEL, STARTER_GRANT_USED_MESSAGE } from '@shared/domain/plans';
import { isCreatorRole } from '@shared/domain/roles';
import { greetingName } from '@shared/domain/user-display';
import { AppImage } from '../../../components/app-image';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCurrentUser } from '../../../api/current-user';
import { usePrivacySettings } from '../../../api/privacy';
import { MinorNotice } from '../../../components/minor-notice';
import Coins from 'lucide-react/icons/coins';
import Wand from 'lucide-react/icons/wand';
import ImageUp from 'lucide-react/icons/image-up';
import Palette from 'lucide-react/icons/palette';
import Images from 'lucide-react/icons/images';
import Activity from 'lucide-react/icons/activity';
import UserPlus from 'lucide-react/icons/user-plus';
import { useCollections, usePhotoProfiles, useStylePage } from '../../../api/catalog';
import { useGenerations } from '../../../api/generations';
import { DeleteGenerationDialog } from '../../../components/delete-generation-dialog';
import { GenerationCard, GenerationGridSkeleton } from '../../../components/generation-card';

const LIST_SIZE = 6;
const grid6 = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6';

/** /dashboard (spec 01 section 2): greeting, four cards, Recent Generations, Recently Added Styles and Collections. */
export default function DashboardPage() {
  const { user } = useCurrentUser();
  useDocumentTitle('Dashboard');
  const generations = useGenerations({ enabled: !!user });
  const profiles = usePhotoProfiles();
  const privacy = usePrivacySettings();
  const [toDelete, setToDelete] = useState<string | null>(null);
  if (!user) return null;
  const list = generations.data ?? [];
  const completedCount = list.filter((g) => g.status === 'completed').length;
  // "Welcome back" only to someone who has been here before (has made a look); a new account is welcomed
  const returning = list.length > 0;
  const needsProfile = profiles.isSuccess && profiles.data.length === 0;
  // under 18 (said at sign-up): no photo profile can be made, so none is asked for (issue 39)
  const minor = privacy.data?.ageStatus === 'minor';
  // the address had its free look on an earlier account: say why this one starts with none (issue 39)
  const noFreeLook =
    user.starterGrant === 'address-used' && !returning && user.credits === 0 && !user.hasUnlimitedCredits;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="mb-8 text-2xl font-bold tracking-tight sm:text-3xl" data-testid="dashboard-heading">
        {generations.isPending ? 'Welcome' : returning ? 'Welcome back' : 'Welcome'}, {greetingName(user)}
      </h1>
      {needsProfile && minor ? <MinorNotice /> : null}
      {needsProfile && !minor && privacy.isFetched ? (
        <FirstProfilePrompt freeLook={!returning && user.credits > 0 && !user.hasUnlimitedCredits} />
      ) : null}
      {noFreeLook && !minor ? <NoFreeLookNotice /> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>Credits Available</CardTitle>
            <Coins className="h-5 w-5 text-brand" aria-hidden="true" />
          </CardHeader>
          {/* The balance and the button share the row when they fit and stack when they do not (narrow
              four-column cards at 1024-1440 px, unlimited balances of nine digits). */}
          <CardContent className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
            <p
              className="min-w-0 max-w-full break-all text-3xl font-bold tabular-nums leading-tight"
              data-testid="dashboard-credits"
            >
              {formatCredits(user.credits, user.hasUnlimitedCredits)}
            </p>
            <Link
              to="/subscription"
              className={buttonClasses({ variant: 'outline', size: 'sm', className: 'shrink-0' })}
              data-testid="dashboard-get-more"
            >
              Get More
            </Link>
          </CardContent>
        </Card>
        <StatCard
          title="Total Generations"
          icon={<Images className="h-5 w-5 text-brand" aria-hidden="true" />}
          value={generations.isPending ? null : list.length}
          testId="dashboard-total"
        />
        <StatCard
          title="Recent Activity"
          icon={<Activity className="h-5 w-5 text-brand" aria-hidden="true" />}
          value={generations.isPending ? null : completedCount}
          note="completed looks"
          testId="dashboard-activity"
        />
        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            <Link to="/explore" className={buttonClasses({ size: 'sm' })}>
              <Wand className="h-4 w-4" aria-hidden="true" />
              Create New Look
            </Link>
            <Link to="/try-custom-look" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              <ImageUp className="h-4 w-4" aria-hidden="true" />
              Try Custom Look
            </Link>
            <Link
              to="/outfit"
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
              data-testid="dashboard-build-outfit"
            >
              <Shirt className="h-4 w-4" aria-hidden="true" />
              Build an outfit
            </Link>
            {isCreatorRole(user) ? (
              <Link to="/admin/styles" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                <Palette className="h-4 w-4" aria-hidden="true" />
                Create Style
              </Link>
            ) : null}
          </CardContent>
        </Card>
      </div>

      <ListSection id="recent-generations" title="Recent Generations" viewAll="/gallery">
        {generations.isPending ? (
          <GenerationGridSkeleton count={LIST_SIZE} />
        ) : list.length === 0 ? (
          <EmptyBox text="No generations yet">
            <Link to="/explore" className={buttonClasses()}>
              <Wand className="h-4 w-4" aria-hidden="true" />
              Start Creating
            </Link>
          </EmptyBox>
        ) : (
          <ul className={grid6} data-testid="recent-generations">
            {list.slice(0, LIST_SIZE).map((g) => (
              <GenerationCard key={g.id} generation={g} onDelete={setToDelete} allowDeleteCompleted />
            ))}
          </ul>
        )}
      </ListSection>
      <RecentStyles />
      <RecentCollections />
      <DeleteGenerationDialog generationId={toDelete} onClose={() => setToDelete(null)} copy="dashboard" />
    </div>
  );
}

/** The new user's next step: a photo profile (nothing else works without one); says so when the first look is free. */
function FirstProfilePrompt({ freeLook }: { freeLook: boolean }) {
  return (
    <section
      aria-labelledby="first-profile-title"
      className="mb-8 flex flex-col gap-4 rounded-2xl border border-primary/40 bg-primary/5 p-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="first-profile-prompt"
    >
      <div className="space-y-1">
        <h2 id="first-profile-title" className="text-lg font-semibold">
          Create your photo profile
        </h2>
        <p className="text-sm text-muted-foreground">
          A portrait and a full-body photo of you: every look is rendered on them.
          {freeLook ? ` Your first look is free (${STARTER_GRANT_LABEL} is in your credits).` : null}
        </p>
      </div>
      <Link to="/profiles/new" className={buttonClasses({ className: 'shrink-0' })} data-testid="first-profile-create">
        <UserPlus className="h-4 w-4" aria-hidden="true" />
        Create photo profile
      </Link>
    </section>
  );
}

/** Why a new account has no free look: its address had one before (only about the address the person signed up with). */
function NoFreeLookNotice() {
  return (
    <section
      aria-label="No free look"
      className="mb-8 flex flex-col gap-3 rounded-2xl border border-border bg-muted/40 p-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="no-free-look"
    >
      <p className="text-sm text-muted-foreground">{STARTER_GRANT_USED_MESSAGE}</p>
      <Link to="/pricing" className={buttonClasses({ variant: 'outline', size: 'sm', className: 'shrink-0' })}>
        See plans
      </Link>
    </section>
  );
}

function StatCard({
  title,
  icon,
  value,
  note,
  testId,
}: {
  title: string;
  icon: ReactNode;
  value: number | null;
  note?: string;
  testId: string;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent>
        {value === null ? (
          <div className="h-9 w-16 animate-pulse rounded bg-muted" aria-label="Loading" />
        ) : (
          <p className="text-3xl font-bold" data-testid={testId}>
            {value.toLocaleString('en-US')}
          </p>
        )}
        {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  );
}

function ListSection({
  id,
  title,
  viewAll,
  children,
}: {
  id: string;
  title: string;
  viewAll: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-lg font-semibold sm:text-xl">
          {title}
        </h2>
        <Link
          to={viewAll}
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          aria-label={`View all: ${title}`}
        >
          View All
        </Link>
      </div>
      {children}
    </section>
  );
}

function EmptyBox({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-10 text-center">
      <p className="text-sm text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}

function TileSkeletons() {
  return (
    <ul className={grid6} aria-busy="true" aria-label="Loading">
      {Array.from({ length: LIST_SIZE }, (_, i) => (
        <li key={i} className="aspect-[4/5] animate-pulse rounded-2xl bg-muted" />
      ))}
    </ul>
  );
}

function Tile({ to, image, title, subtitle }: { to: string; image: string | null; title: string; subtitle?: string }) {
  return (
    <li>
      <Link
        to={to}
        className="group block overflow-hidden rounded-2xl border border-border bg-card shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <AppImage
          src={image}
          alt={title}
          width={4}
          height={5}
          className="w-full"
          imgClassName="transition-transform group-hover:scale-[1.03]"
        />
        <div className="p-3">
          <p className="truncate text-sm font-medium">{title}</p>
          {subtitle ? <p className="truncate text-xs text-muted-foreground">{subtitle}</p> : null}
        </div>
      </Link>
    </li>
  );
}

function RecentStyles() {
  // the newest LIST_SIZE public styles: one page of GET /api/styles of that size (issue 41)
  const q = useStylePage({ limit: LIST_SIZE });
  const styles = q.data?.items ?? [];
  return (
    <ListSection id="recent-styles" title="Recently Added Styles" viewAll="/explore">
      {q.isPending ? (
        <TileSkeletons />
      ) : q.isError ? (
        <EmptyBox text="Styles could not be loaded.">
          <Button variant="outline" size="sm" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </EmptyBox>
      ) : styles.length === 0 ? (
        <EmptyBox text="No styles available yet" />
      ) : (
        <ul className={grid6} data-testid="recent-styles">
          {styles.map((s) => (
            <Tile
              key={s.id}
              to={`/style/${s.id}`}
              image={s.coverImageUrl ?? s.promptImageUrl}
              title={s.name}
              subtitle={s.userName ? `by ${s.userName}` : undefined}
            />
          ))}
        </ul>
      )}
    </ListSection>
  );
}

function RecentCollections() {
  const q = useCollections();
  const collections = (q.data ?? []).filter((c) => c.isPublished).slice(0, LIST_SIZE);
  if (!collections.length) return null;
  return (
    <ListSection id="recent-collections" title="Recently Added Collections" viewAll="/collections">
      <ul className={grid6} data-testid="recent-collections">
        {collections.map((c) => (
          <Tile
            key={c.id}
            to={`/collection/${c.id}`}
            image={c.coverImage}
            title={c.title}
            subtitle={`${c.styleCount} ${c.styleCount === 1 ? 'style' : 'styles'}`}
          />
        ))}
      </ul>
    </ListSection>
  );
}
