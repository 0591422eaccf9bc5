import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import Plus from 'lucide-react/icons/plus';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import Star from 'lucide-react/icons/star';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import UserRound from 'lucide-react/icons/user-round';
import { AppImage } from '../../../components/app-image';
import { Button, buttonClasses } from '../../../components/button';
import { Card } from '../../../components/card';
import { Dialog, DialogContent } from '../../../components/dialog';
import { PageHeader } from '../../../components/page-header';
import { MinorNotice } from '../../../components/minor-notice';
import { usePrivacySettings } from '../../../api/privacy';
import { Skeleton } from '../../../components/skeleton';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { useDeleteProfile, useMakeDefault, usePhotoProfiles, type PhotoProfile } from '../../../api/photo-profiles';
import { BODY_DESCRIPTION_MIN } from './profile-form-rules';

/** Spec 02 section 2: a description under 20 characters (trimmed) counts as missing. */
export const hasBodyDescription = (p: Pick<PhotoProfile, 'bodyDescription'>) =>
  p.bodyDescription.trim().length >= BODY_DESCRIPTION_MIN;

const newProfileLink = (label = 'New Profile') => (
  <Link to="/profiles/new" className={buttonClasses()}>
    <Plus className="h-4 w-4" aria-hidden="true" />
    {label}
  </Link>
);

/** /profiles: the user's photo profiles (spec 02 section 2, "Photo profiles list"). */
export default function ProfilesPage() {
  const profiles = usePhotoProfiles();
  const privacy = usePrivacySettings();
  // under 18 (issue 39): no profile can be made, so none is offered; the notice says why and what to do instead
  const minor = privacy.data?.ageStatus === 'minor';
  const [toDelete, setToDelete] = useState<PhotoProfile | null>(null);

  useEffect(() => {
    if (profiles.isError)
      toast({
        variant: 'destructive',
        title: 'Could not load photo profiles',
        description: errorMessage(profiles.error, 'Please try again.'),
      });
  }, [profiles.isError, profiles.error]);

  let content;
  if (profiles.isPending) {
    content = (
      <ul aria-busy="true" aria-label="Loading photo profiles" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton className="h-96 rounded-2xl" />
          </li>
        ))}
      </ul>
    );
  } else if (profiles.isError) {
    content = (
      <Card className="flex flex-col items-start gap-4 p-6">
        <p>Your photo profiles could not be loaded.</p>
        <Button variant="outline" onClick={() => void profiles.refetch()}>
          Try again
        </Button>
      </Card>
    );
  } else if (profiles.data.length === 0 && minor) {
    content = <MinorNotice />;
  } else if (profiles.data.length === 0) {
    content = (
      <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <UserRound className="h-7 w-7" aria-hidden="true" />
        </span>
        <h2 className="text-xl font-semibold">No photo profiles yet</h2>
        <p className="max-w-md text-muted-foreground">
          Create a photo profile with a portrait, an optional full-body photo and a short body description to start
          trying on looks.
        </p>
        {newProfileLink('Create your first profile')}
      </Card>
    );
  } else {
    content = (
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photo profiles">
        {profiles.data.map((p) => (
          <li key={p.id}>
            <ProfileCard profile={p} onDelete={() => setToDelete(p)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="Photo Profiles"
        description="The photos and body description the AI dresses. Your default profile is picked first when you generate."
        actions={minor ? undefined : newProfileLink()}
      />
      {content}
      <DeleteProfileDialog profile={toDelete} onDone={() => setToDelete(null)} />
    </div>
  );
}

function Badge({ children, tone }: { children: ReactNode; tone: 'brand' | 'neutral' | 'warning' }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tone === 'brand' && 'bg-primary text-primary-foreground',
        tone === 'neutral' && 'border border-border bg-muted text-foreground',
        tone === 'warning' && 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300',
      )}
    >
      {children}
    </span>
  );
}

/** The full-body photo's check: "checking" while the engine looks at it, then nothing (ok) or what to fix. */
function BodyCheckNote({ check }: { check: PhotoProfile['bodyCheck'] }) {
  if (!check || check.status === 'ok') return null;
  if (check.status === 'checking')
    return (
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground" role="status" data-testid="body-check">
        <SpinnerIcon />
        Checking the full-body photo…
      </p>
    );
  return (
    <p
      className="flex items-start gap-1.5 text-sm font-medium text-amber-800 dark:text-amber-300"
      role="alert"
      data-testid="body-check"
    >
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      {check.message ?? 'This full-body photo cannot be used for try-ons.'}
    </p>
  );
}

function ProfileCard({ profile: p, onDelete }: { profile: PhotoProfile; onDelete: () => void }) {
  const makeDefault = useMakeDefault();
  const described = hasBodyDescription(p);
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="grid grid-cols-2 gap-px bg-border">
        <AppImage src={p.portraitUrl} alt={`${p.name}: portrait`} className="aspect-square" />
        {p.fullBodyUrl ? (
          <AppImage
            src={p.fullBodyUrl}
            alt={`${p.name}: full body`}
            className="aspect-square"
            imgClassName="object-contain"
          />
        ) : (
          <div className="flex aspect-square flex-col items-center justify-center gap-1 bg-muted p-3 text-center text-xs text-muted-foreground">
            <UserRound className="h-5 w-5" aria-hidden="true" />
            No full-body photo
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-2">
          <h2 id={`profile-${p.id}`} className="min-w-0 break-words text-base font-semibold leading-tight">
            {p.name}
          </h2>
          {p.isDefault ? (
            <Badge tone="brand">
              <Star className="h-3 w-3" aria-hidden="true" />
              Default
            </Badge>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-1.5">
          {p.supportsNano ? <Badge tone="neutral">Creative</Badge> : null}
          {p.supportsFashn && p.bodyCheck?.status !== 'refused' ? <Badge tone="neutral">Exact</Badge> : null}
        </div>
        <BodyCheckNote check={p.bodyCheck} />
        {described ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{p.bodyDescription}</p>
        ) : (
          <p className="flex items-center gap-1.5 text-sm font-medium text-amber-800 dark:text-amber-300">
            <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
            Body description missing
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {!p.isDefault ? (
            <Button
              variant="outline"
              size="sm"
              disabled={makeDefault.isPending}
              aria-label={`Make default: ${p.name}`}
              onClick={() =>
                makeDefault.mutate(p.id, {
                  onSuccess: () =>
                    toast({
                      title: 'Default profile updated',
                      description: `"${p.name}" is now your default profile.`,
                    }),
                  onError: (err) =>
                    toast({
                      variant: 'destructive',
                      title: 'Could not change the default',
                      description: errorMessage(err, 'Please try again.'),
                    }),
                })
              }
            >
              {makeDefault.isPending ? <SpinnerIcon /> : <Star className="h-4 w-4" aria-hidden="true" />}
              Make default
            </Button>
          ) : null}
          <Link
            to={`/profiles/${encodeURIComponent(p.id)}/edit`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            aria-label={`Edit: ${p.name}`}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Link>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete: ${p.name}`}>
            {/* The colour sits on the children: the ghost variant sets its own text colour (no class merging). */}
            <Trash2 className="h-4 w-4 text-destructive dark:text-red-400" aria-hidden="true" />
            <span className="text-destructive dark:text-red-400">Delete</span>
          </Button>
        </div>
      </div>
    </Card>
  );
}

function DeleteProfileDialog({ profile, onDone }: { profile: PhotoProfile | null; onDone: () => void }) {
  const del = useDeleteProfile();
  // Keep the last profile while the dialog animates closed.
  const [shown, setShown] = useState<PhotoProfile | null>(profile);
  useEffect(() => {
    if (profile) setShown(profile);
  }, [profile]);

  return (
    <Dialog open={!!profile} onOpenChange={(open) => (!open && !del.isPending ? onDone() : undefined)}>
      <DialogContent
        title="Delete photo profile?"
        description={`"${shown?.name ?? ''}" and its photos (portrait and full-body) will be deleted for good. Looks you already generated stay in your gallery.`}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone} disabled={del.isPending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={del.isPending}
            onClick={() => {
              if (!shown) return;
              del.mutate(shown.id, {
                onSuccess: () => {
                  toast({
                    title: 'Photo profile deleted',
                    description: `"${shown.name}" and its photos were deleted.`,
                  });
                  onDone();
                },
                onError: (err) =>
                  toast({
                    variant: 'destructive',
                    title: 'Delete failed',
                    description: errorMessage(err, 'Could not delete the photo profile.'),
                  }),
              });
            }}
          >
            {del.isPending ? <SpinnerIcon /> : null}
            {del.isPending ? 'Deleting...' : 'Delete profile'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
