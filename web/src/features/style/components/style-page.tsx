import Shirt from 'lucide-react/icons/shirt';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import Heart from 'lucide-react/icons/heart';
import Flag from 'lucide-react/icons/flag';
import FolderHeart from 'lucide-react/icons/folder-heart';
import { AiBadge } from '../../../components/ai-badge';
import { AppImage } from '../../../components/app-image';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner, SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCurrentUser } from '../../../api/current-user';
import Wand from 'lucide-react/icons/wand';
import Zap from 'lucide-react/icons/zap';
import { useStyle, useStylePage } from '../../../api/catalog';
import { PreviewOnMe, type PreviewLook } from '../../preview';
import { ShopThisLook } from '../../../components/shop-this-look';
import { useStartAndOpen } from '../../generate';
import { audienceLabel } from '../../../lib/audience';
import { Badge } from '../../../components/badge';
import { BackLink, pageShell } from '../../../components/back-link';
import { Notice } from '../../../components/alert';
import type { StyleDetail } from '../../../api/catalog';
import {
  useFavorite,
  useFavoriteCount,
  useStyleCollections,
  useStyleGenerations,
  useToggleFavorite,
} from '../api/style';
import { generationCost, GENERATION_MESSAGES as GM, GENERATION_TITLES as GT } from '@shared/domain/generation';
import { usePhotoProfiles } from '../../../api/photo-profiles';
import { ERROR_CODES } from '@shared/errors';
import {
  favoriteCountLabel,
  pickQuickTryProfile,
  PREVIEW_LOOKS_MAX,
  previewStylesFor,
  quickTryModeFor,
} from '../lib/style-rules';
import { ChooseProfileDialog } from './choose-profile-dialog';
import { VisitorCta } from '../../../components/visitor-cta';
import { ReportStyleDialog } from './report-dialog';
import { SizeAdvicePanel } from '../../../components/size-advice-panel';
import { spendLabel } from '../../../lib/spend-confirm';

export const STYLE_NOT_FOUND = 'Style not found';

/** /style/{id} (spec 02 section 2): the style, its products, favourites, collections, the caller's generations. */
export default function StylePage() {
  const { id = '' } = useParams();
  const q = useStyle(id);
  if (q.isPending) return <PageSpinner label="Loading style" />;
  if (q.isError || !q.data) {
    const missing = !q.isError || (isApiError(q.error) && (q.error.status === 404 || q.error.status === 400));
    return (
      <div className={pageShell}>
        <PageHeader title={missing ? STYLE_NOT_FOUND : 'Style unavailable'} />
        <Notice
          title={
            missing
              ? 'This style does not exist or is no longer available.'
              : 'The style could not be loaded. Please try again.'
          }
        >
          <Link to="/explore" className={buttonClasses({ variant: 'link' })}>
            Explore styles
          </Link>
        </Notice>
      </div>
    );
  }
  return <StyleDetailView style={q.data} />;
}

function StyleDetailView({ style: s }: { style: StyleDetail }) {
  useDocumentTitle(s.name);
  const { user } = useCurrentUser();
  const signedIn = !!user;
  const navigate = useNavigate();
  const { startAndOpen, isPending: starting, spendDialog } = useStartAndOpen();
  const quickTryCost = generationCost();
  const [reporting, setReporting] = useState(false);
  const mode = quickTryModeFor(s.styleImageType);
  const profiles = usePhotoProfiles({ enabled: signedIn });
  const [choosing, setChoosing] = useState<string[] | null>(null);
  // the preview flips through this style and others like it, asked for when it opens: one page of the same
  // audience sharing a category and one of the same audience (issue 41: never the whole catalogue)
  const [previewing, setPreviewing] = useState(false);
  const audience = s.sex === 'unisex' ? undefined : [s.sex, 'unisex'];
  const alike = useStylePage(
    { sexes: audience, categories: s.categoryIds, limit: PREVIEW_LOOKS_MAX },
    signedIn && previewing && s.categoryIds.length > 0,
  );
  const sameAudience = useStylePage({ sexes: audience, limit: PREVIEW_LOOKS_MAX }, signedIn && previewing);
  const candidates = useMemo(
    () => [...(alike.data?.items ?? []), ...(sameAudience.data?.items ?? [])],
    [alike.data, sameAudience.data],
  );
  const looks: PreviewLook[] = useMemo(
    () =>
      previewStylesFor(s, candidates)
        .filter((x) => x.promptImageUrl)
        .map((x) => ({
          id: x.id,
          name: x.name,
          thumbSrc: x.coverImageUrl ?? x.promptImageUrl,
          // the slot its creator said (issue 39); none: the engine guesses, as the render does
          garments: [{ src: x.promptImageUrl!, imageType: x.styleImageType, slot: x.garmentSlot ?? null }],
          sizeChart: x.id === s.id ? s.sizeChart : null,
        })),
    [s, candidates],
  );

  const toCreateProfile = () => {
    toast({ title: 'Profile required', description: GM.profileRequired });
    void navigate('/profiles/new');
  };

  /**
   * Quick Try with a profile that has the photo the mode needs: the default, the only one that fits, or the one
   * chosen; `target` is another style when started from the preview ("Render this look"). The credit is spent
   * once the person said yes to its cost (useStartAndOpen).
   */
  const quickTry = (
    chosenProfileId?: string,
    target: { id: string; mode: typeof mode; size?: string | null } = { id: s.id, mode },
    action = 'Quick Try',
  ) => {
    let photoProfileId = chosenProfileId;
    if (!photoProfileId && profiles.data) {
      const pick = pickQuickTryProfile(mode, profiles.data);
      if (pick.kind === 'create') return toCreateProfile();
      if (pick.kind === 'ask') return setChoosing(pick.ids);
      if (pick.kind === 'missing-photo') {
        toast({
          variant: 'destructive',
          title: pick.photo === 'full-body' ? GM.fullBodyRequired : GT.portraitRequired,
          description: pick.photo === 'full-body' ? GM.styleNeedsFullBody : GM.portraitRequired,
        });
        void navigate(`/profiles/${encodeURIComponent(pick.profileId)}/edit`);
        return;
      }
      photoProfileId = pick.id;
    }
    setChoosing(null);
    startAndOpen({
      spend: { cost: quickTryCost, action, does: 'renders this look on your photo' },
      request: {
        kind: 'quick-try-style',
        styleId: target.id,
        mode: target.mode,
        photoProfileId,
        size: target.size ?? undefined,
      },
      errorTitle: 'Quick Try failed',
      // the server found no usable profile after all: off to create one
      onError: (err) => {
        if (!(isApiError(err) && err.code === ERROR_CODES.profileRequired)) return false;
        toCreateProfile();
        return true;
      },
    });
  };

  return (
    <div className={pageShell}>
      <BackLink to="/explore">Back to Explore</BackLink>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card className="h-fit overflow-hidden">
          <AppImage
            src={s.coverImageUrl ?? s.promptImageUrl}
            alt={s.name}
            width={4}
            height={5}
            className="w-full"
            loading="eager"
            fetchPriority="high"
          />
        </Card>
        <div className="flex min-w-0 flex-col gap-5">
          <div>
            <div className="mb-3 flex flex-wrap items-center gap-2">
              <Badge tone="outline">{audienceLabel(s.sex)}</Badge>
            </div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="style-name">
              {s.name}
            </h1>
            <p className="mt-2 text-sm text-muted-foreground" data-testid="style-creator">
              by{' '}
              {s.creator?.isPublic && s.creator.handle ? (
                <Link
                  to={`/profile/${encodeURIComponent(s.creator.handle)}`}
                  className={buttonClasses({ variant: 'link' })}
                >
                  {s.creator.name}
                </Link>
              ) : (
                <span className="font-medium text-foreground">{s.creator?.name ?? s.userName}</span>
              )}
            </p>
          </div>
          {s.description ? <p className="text-base leading-relaxed">{s.description}</p> : null}
          {s.tags.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="Tags">
              {s.tags.map((t) => (
                <li key={t}>
                  <Link
                    to={`/explore?tag=${encodeURIComponent(t)}`}
                    className="inline-block rounded-full bg-muted px-3 py-1 text-xs font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    #{t}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <FavoriteControl styleId={s.id} signedIn={signedIn} />
          {signedIn ? null : (
            <VisitorCta text="Sign in to try this look on yourself, save it and generate your own." className="mb-0" />
          )}
          <div className={cn('flex flex-col gap-2 sm:flex-row sm:flex-wrap', !signedIn && 'hidden')}>
            <Button
              onClick={() => quickTry()}
              disabled={!signedIn || starting || profiles.isPending}
              data-testid="style-quick-try"
            >
              {starting ? <SpinnerIcon /> : <Zap className="h-4 w-4" aria-hidden="true" />}
              {starting ? 'Starting...' : spendLabel('Quick Try', quickTryCost)}
            </Button>
            {s.promptImageUrl ? (
              <PreviewOnMe
                looks={looks}
                profiles={profiles.data}
                onOpen={() => setPreviewing(true)}
                onRender={(look, profileId, drawn) => {
                  // what the preview drew (issue 39): the try-on (Exact, no template), at the size it drew; a
                  // model photo is Exact anyway
                  quickTry(profileId, { id: look.id, mode: 'precise', size: drawn.size }, 'Render this look');
                }}
                renderPending={starting}
              />
            ) : null}
            <Link
              to={`/generate/style/${encodeURIComponent(s.id)}`}
              className={buttonClasses({ variant: 'outline' })}
              data-testid="style-generate"
            >
              <Wand className="h-4 w-4" aria-hidden="true" />
              Generate
            </Link>
            <Link
              to={`/outfit?styleId=${encodeURIComponent(s.id)}`}
              className={buttonClasses({ variant: 'outline' })}
              data-testid="style-build-outfit"
            >
              <Shirt className="h-4 w-4" aria-hidden="true" />
              Build an outfit
            </Link>
            {signedIn ? (
              <Button variant="ghost" onClick={() => setReporting(true)} data-testid="style-report">
                <Flag className="h-4 w-4" aria-hidden="true" />
                Report
              </Button>
            ) : null}
          </div>
          <SizeAdvicePanel
            chart={s.sizeChart}
            signedIn={signedIn}
            profiles={profiles.data}
            profilesError={profiles.isError}
          />
          <StyleCollections styleId={s.id} />
        </div>
      </div>
      <ShopThisLook styleIds={[s.id]} withUnlinked headingId="style-products-heading" />
      {signedIn ? <StyleGenerations styleId={s.id} /> : null}
      {choosing ? (
        <ChooseProfileDialog
          open
          onOpenChange={(open) => (open ? undefined : setChoosing(null))}
          profiles={(profiles.data ?? []).filter((p) => choosing.includes(p.id))}
          onChoose={(id) => quickTry(id)}
        />
      ) : null}
      <ReportStyleDialog styleId={s.id} styleName={s.name} open={reporting} onOpenChange={setReporting} />
      {spendDialog}
    </div>
  );
}

function FavoriteControl({ styleId, signedIn }: { styleId: string; signedIn: boolean }) {
  const fav = useFavorite(styleId, signedIn);
  const count = useFavoriteCount(styleId);
  const toggle = useToggleFavorite(styleId);
  const isFavorite = fav.data?.isFavorite ?? false;
  const n = count.data?.count;
  return (
    <div className="flex items-center gap-3">
      <Button
        variant="outline"
        aria-pressed={isFavorite}
        disabled={!signedIn || fav.isPending}
        data-testid="favorite-toggle"
        onClick={() =>
          toggle.mutate(!isFavorite, {
            onError: (err) =>
              toast({
                variant: 'destructive',
                title: 'Error',
                description: errorMessage(err, isFavorite ? 'Failed to remove favorite' : 'Failed to add favorite'),
              }),
          })
        }
      >
        <Heart className={cn('h-4 w-4', isFavorite && 'fill-current text-rose-500')} aria-hidden="true" />
        {isFavorite ? 'Favorited' : 'Favorite'}
      </Button>
      <span
        className="text-sm text-muted-foreground"
        aria-live="polite"
        data-testid="favorite-count"
        data-count={n ?? ''}
      >
        {n === undefined ? '' : favoriteCountLabel(n)}
      </span>
      {isFavorite ? (
        <Link
          to="/favorites"
          className="text-sm font-medium text-brand underline-offset-4 hover:underline"
          data-testid="favorites-link"
        >
          See your favorites
        </Link>
      ) : null}
    </div>
  );
}

function StyleCollections({ styleId }: { styleId: string }) {
  const q = useStyleCollections(styleId);
  const list = q.data ?? [];
  if (!list.length) return null;
  return (
    <section aria-labelledby="style-collections-heading" className="rounded-xl border border-border p-4">
      <h2 id="style-collections-heading" className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <FolderHeart className="h-4 w-4 text-brand" aria-hidden="true" />
        Featured in
      </h2>
      <ul className="flex flex-wrap gap-2">
        {list.map((c) => (
          <li key={c.id}>
            <Link
              to={`/collection/${encodeURIComponent(c.id)}`}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              {c.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function StyleGenerations({ styleId }: { styleId: string }) {
  const q = useStyleGenerations(styleId, true);
  const list = q.data ?? [];
  return (
    <section aria-labelledby="style-generations-heading" className="mt-12" data-testid="style-generations">
      <Card>
        <CardHeader>
          <CardTitle id="style-generations-heading">Your looks with this style</CardTitle>
        </CardHeader>
        <CardContent>
          {q.isPending ? (
            <div className="grid grid-cols-3 gap-3 sm:grid-cols-6" aria-busy="true">
              {Array.from({ length: 3 }, (_, i) => (
                <div key={i} className="aspect-[4/5] animate-pulse rounded-xl bg-muted" />
              ))}
            </div>
          ) : list.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              You have not tried this style yet. Use Quick Try or Generate to see it on you.
            </p>
          ) : (
            <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
              {list.map((g) =>
                g.status === 'completed' && g.resultUrl ? (
                  <li key={g.id} className="relative">
                    <Link
                      to={`/generation/${encodeURIComponent(g.id)}`}
                      className="block overflow-hidden rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <AppImage
                        src={g.resultUrl}
                        alt="Your generated look"
                        width={160}
                        height={200}
                        className="w-full"
                      />
                    </Link>
                    <AiBadge className="absolute left-1 top-1" size="sm" madeBy={g.madeBy} />
                  </li>
                ) : (
                  <li
                    key={g.id}
                    className="flex aspect-[4/5] items-center justify-center rounded-xl bg-muted p-2 text-center text-xs capitalize text-muted-foreground"
                  >
                    {g.status === 'failed' ? 'Failed' : 'Generating...'}
                  </li>
                ),
              )}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
