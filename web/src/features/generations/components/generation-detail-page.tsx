import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AppImage } from '../../../components/app-image';
import { AiBadge, EngineNote } from '../../../components/ai-badge';
import { VARIANT_RUN_RETENTION_DAYS } from '@shared/domain/outfit';
import { madeByLabel } from '@shared/domain/provenance';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner, SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import Download from 'lucide-react/icons/download';
import Trash2 from 'lucide-react/icons/trash-2';
import { getStyleQueryOptions, useStyle } from '../../../api/catalog';
import { ShopThisLook } from '../../../components/shop-this-look';
import { downloadGenerationImage } from '../../../api/download';
import {
  useGeneration,
  useGenerationFeedback,
  useKeepVariants,
  useSubmitFeedback,
  type GenerationView,
} from '../../../api/generations';
import { audienceLabel } from '../../../lib/audience';
import { isApiError } from '../../../lib/api-error';
import { Notice } from '../../../components/alert';
import { BackLink, pageShell } from '../../../components/back-link';
import { Badge } from '../../../components/badge';
import { DeleteGenerationDialog } from '../../../components/delete-generation-dialog';
import { formatDateTime, generationTitle } from '../../../components/generation-card';
import { StarRating } from './star-rating';
import { RenderProgress } from './render-progress';
import { VariantCompare } from './variant-compare';
import Share2 from 'lucide-react/icons/share-2';
import { ShareDialog } from '../../../components/share/share-dialog';
import { ShareList } from '../../../components/share/share-list';
import { SizeAdvicePanel } from '../../../components/size-advice-panel';
import { usePhotoProfiles } from '../../../api/photo-profiles';

export const LOOK_GONE_TITLE = 'Look not found';
export const LOOK_GONE_MESSAGE = 'This look was deleted, or the link is wrong. Your other looks are in your gallery.';

/** Why a look cannot be shown (issue 39: a deleted look is not "not yet completed"). */
export function unavailableMessage(g: GenerationView | undefined, error: unknown): string {
  if (g?.status === 'failed') return g.error ?? 'This look failed. Its credits were refunded.';
  if (g) return 'This look has no image.';
  if (isApiError(error) && error.status === 404) return LOOK_GONE_MESSAGE;
  return 'This look could not be loaded. Please try again.';
}

export const FEEDBACK_NO_STYLE =
  'This generation is not associated with a style. Feedback is only available for style-based generations.';

/** /generation/{id}: the result, download, delete, times, names, feedback, style details, Shop This Look. */
export default function GenerationDetailPage() {
  const { id } = useParams();
  const q = useGeneration(id);
  if (q.isPending) return <PageSpinner label="Loading generation" />;
  const g = q.data;
  if (g && (g.status === 'pending' || g.status === 'processing')) {
    return (
      <div className={pageShell}>
        <BackLink to="/gallery">Back to Gallery</BackLink>
        <PageHeader title={generationTitle(g)} documentTitle="Generation" />
        {/* not a live region as a whole (the time ticks): RenderProgress announces stage changes itself */}
        <Notice title={g.variantCount > 1 ? `Rendering ${g.variantCount} variants...` : 'Rendering your look...'}>
          <div data-testid="generation-rendering">
            <RenderProgress
              status={g.status}
              createdAt={g.createdAt}
              pieces={g.inputs.outfit?.length ?? 1}
              variants={g.variantCount}
            />
          </div>
        </Notice>
      </div>
    );
  }
  if (q.isError || !g || g.status !== 'completed' || !g.resultUrl) {
    const gone = !g && isApiError(q.error) && q.error.status === 404;
    return (
      <div className={pageShell}>
        <BackLink to="/gallery">Back to Gallery</BackLink>
        <PageHeader title={gone ? LOOK_GONE_TITLE : 'Generation'} />
        <Notice title={unavailableMessage(g, q.error)}>
          {gone ? (
            <Link to="/gallery" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              Go to your gallery
            </Link>
          ) : null}
        </Notice>
      </div>
    );
  }
  if (g.variantCount > 1) return <VariantRun generation={g} />;
  return <GenerationDetail generation={g} />;
}

/**
 * A run of several variants: each shown with the "AI-generated" label; the user picks the ones to keep, and
 * each kept variant becomes a gallery generation of its own (linked by id). The others expire with the run.
 */
function VariantRun({ generation: g }: { generation: GenerationView }) {
  const keep = useKeepVariants(g.id);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const title = generationTitle(g);
  const toggle = (i: number) =>
    setChosen((cur) => {
      const next = new Set(cur);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  const pending = [...chosen].filter((i) => !g.variants[i]?.keptGenerationId);
  const keptIds = g.variants.map((v) => v.keptGenerationId).filter((id): id is string => !!id);
  const onKeep = () =>
    keep.mutate(pending, {
      onSuccess: ({ kept }) => {
        setChosen(new Set());
        toast({
          title: kept.length === 1 ? 'Variant kept' : `${kept.length} variants kept`,
          description: 'They are in your gallery now.',
        });
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'Could not keep the variants. Please try again.',
          variant: 'destructive',
        }),
    });
  return (
    <div className={pageShell}>
      <BackLink to="/gallery">Back to Gallery</BackLink>
      <PageHeader
        title={title}
        documentTitle="Variants"
        description={`${g.variantCount} variants. Keep the ones you like: each becomes a look in your gallery. Variants you do not keep expire after ${VARIANT_RUN_RETENTION_DAYS} days.`}
      />
      {g.madeBy === 'engine' ? <EngineNote /> : null}
      <VariantCompare run={g} title={title} />
      <h2 className="mb-3 text-lg font-semibold">Choose the ones to keep</h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="variants">
        {g.variants.map((v) => {
          const kept = v.keptGenerationId;
          const n = v.index + 1;
          return (
            <li
              key={v.index}
              className="space-y-2"
              data-testid={`variant-${v.index}`}
              data-kept-generation-id={kept ?? undefined}
            >
              <Card className="relative overflow-hidden">
                <AppImage
                  src={v.url}
                  alt={`Variant ${n} of ${g.variantCount} (${v.label}): ${title}`}
                  width={4}
                  height={5}
                  className="w-full"
                  imgClassName="object-contain"
                />
                <AiBadge className="absolute left-3 top-3" madeBy={g.madeBy} />
              </Card>
              <p className="text-sm font-medium" data-testid={`variant-${v.index}-label`}>
                Variant {n}: {v.label}
              </p>
              {kept ? (
                <Link
                  to={`/generation/${encodeURIComponent(kept)}`}
                  className={buttonClasses({ variant: 'outline', size: 'sm', className: 'w-full' })}
                  data-testid={`variant-${v.index}-open`}
                >
                  Kept · Open in gallery
                </Link>
              ) : (
                <label className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm focus-within:ring-2 focus-within:ring-ring">
                  <input
                    type="checkbox"
                    checked={chosen.has(v.index)}
                    onChange={() => toggle(v.index)}
                    data-testid={`variant-${v.index}-keep`}
                  />
                  Keep variant {n}
                </label>
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button onClick={onKeep} disabled={!pending.length || keep.isPending} data-testid="keep-variants">
          {keep.isPending ? <SpinnerIcon /> : null}
          {pending.length
            ? `Keep ${pending.length} ${pending.length === 1 ? 'variant' : 'variants'}`
            : 'Choose variants to keep'}
        </Button>
        {keptIds.length >= 2 ? (
          <Link
            to={`/compare?ids=${keptIds.slice(0, 4).map(encodeURIComponent).join(',')}`}
            className={buttonClasses({ variant: 'outline' })}
            data-testid="compare-kept-variants"
          >
            Compare kept variants
          </Link>
        ) : null}
        <p className="text-xs text-muted-foreground">
          Keeping is free: the credits were spent when the variants were made.
        </p>
      </div>
    </div>
  );
}

/** The styles whose products a result offers to shop: its style, or an outfit's style and product pieces. */
export function shopStyleIds(g: GenerationView): string[] {
  const own = g.styleId ?? g.inputs.styleId;
  const ids = own ? [own] : (g.inputs.outfit ?? []).map((p) => p.styleId).filter((id): id is string => !!id);
  return [...new Set(ids)];
}

function GenerationDetail({ generation: g }: { generation: GenerationView }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [sharing, setSharing] = useState(false);
  const styleId = g.styleId ?? g.inputs.styleId;
  const title = generationTitle(g);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadGenerationImage(g.id, g.resultUrl!, title);
    } catch {
      toast({ title: 'Error', description: 'Failed to download image', variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className={pageShell}>
      <BackLink to="/gallery">Back to Gallery</BackLink>
      <PageHeader
        title={title}
        documentTitle="Generation"
        actions={
          <>
            <Button onClick={download} disabled={downloading} data-testid="detail-download">
              {downloading ? <SpinnerIcon /> : <Download className="h-4 w-4" aria-hidden="true" />}
              Download
            </Button>
            <Button variant="outline" onClick={() => setSharing(true)} data-testid="detail-share">
              <Share2 className="h-4 w-4" aria-hidden="true" />
              Share
            </Button>
            <Button variant="outline" onClick={() => setDeleting(true)} data-testid="detail-delete">
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Delete
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="h-fit space-y-2">
          <Card className="relative overflow-hidden">
            <AppImage
              src={g.resultUrl}
              alt={`Result: ${title}`}
              width={4}
              height={5}
              className="w-full"
              loading="eager"
              fetchPriority="high"
              imgClassName="object-contain"
            />
            <AiBadge className="absolute left-3 top-3" madeBy={g.madeBy} />
          </Card>
          {g.madeBy === 'engine' ? <EngineNote /> : null}
          <p className="text-xs text-muted-foreground" data-testid="ai-download-note">
            {g.madeBy === 'engine'
              ? 'Downloads are named as AI-generated and carry a signed Content Credentials (C2PA) record saying the image is a composite made with trained models.'
              : 'Downloads are named as AI-generated and carry a signed Content Credentials (C2PA) record saying an AI model made the image.'}
          </p>
        </div>
        <div className="min-w-0 space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Details</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                <dt className="text-muted-foreground">Created</dt>
                <dd>{formatDateTime(g.createdAt)}</dd>
                <dt className="text-muted-foreground">Completed</dt>
                <dd>{formatDateTime(g.completedAt) || '—'}</dd>
                <dt className="text-muted-foreground">Model</dt>
                <dd className="break-words" data-testid="detail-model">
                  {madeByLabel(g.madeBy, g.mode)}
                </dd>
                {g.templateName && (g.inputs.promptTemplateId || g.inputs.rawTemplateId) && !g.inputs.outfit?.length ? (
                  <>
                    <dt className="text-muted-foreground">Template</dt>
                    <dd className="break-words">{g.templateName}</dd>
                  </>
                ) : null}
                <dt className="text-muted-foreground">Style</dt>
                <dd className="break-words">{g.styleName ?? '—'}</dd>
                <dt className="text-muted-foreground">Mode</dt>
                <dd className="capitalize">{g.mode}</dd>
                {g.variantOf ? (
                  <>
                    <dt className="text-muted-foreground">Variant</dt>
                    <dd>
                      <Link
                        to={`/generation/${encodeURIComponent(g.variantOf)}`}
                        className={buttonClasses({ variant: 'link' })}
                        data-testid="variant-of"
                      >
                        Variant {(g.variantIndex ?? 0) + 1}: see all variants
                      </Link>
                    </dd>
                  </>
                ) : null}
                {g.inputs.outfit?.length ? (
                  <>
                    <dt className="text-muted-foreground">Outfit</dt>
                    <dd>
                      <ol className="list-decimal pl-4" data-testid="outfit-pieces-list">
                        {g.inputs.outfit.map((p, i) => (
                          <li key={i}>
                            {p.label} <span className="text-muted-foreground">({p.slot})</span>
                          </li>
                        ))}
                      </ol>
                    </dd>
                  </>
                ) : null}
              </dl>
            </CardContent>
          </Card>
          <FeedbackCard generation={g} rateable={!!styleId || !!g.inputs.outfit?.length} />
          <Card data-testid="result-shares">
            <CardHeader>
              <CardTitle>Shared for feedback</CardTitle>
            </CardHeader>
            <CardContent>
              <ShareList
                generationId={g.id}
                emptyText="Not shared yet. Choose Share to ask friends which look they like."
              />
            </CardContent>
          </Card>
          {styleId ? <ResultSizeAdvice styleId={styleId} photoProfileId={g.inputs.photoProfileId} /> : null}
          {/* keyed by the status: the card reads the style again once the look completes (this look counts) */}
          {styleId ? <StyleDetailsCard key={g.status} styleId={styleId} /> : null}
        </div>
      </div>
      <ShopThisLook styleIds={shopStyleIds(g)} />
      <ShareDialog open={sharing} onOpenChange={setSharing} candidates={[{ id: g.id, title }]} />
      <DeleteGenerationDialog
        generationId={deleting ? g.id : null}
        onClose={() => setDeleting(false)}
        copy="detail"
        onDeleted={() => navigate('/gallery')}
      />
    </div>
  );
}

/** The 1 to 5 star rating: looks made from a style, and outfits (rated like single looks). */
function FeedbackCard({ generation: g, rateable }: { generation: GenerationView; rateable: boolean }) {
  const styleId = g.styleId ?? g.inputs.styleId;
  const existing = useGenerationFeedback(g.id, rateable);
  const submit = useSubmitFeedback(g.id);
  const [rating, setRating] = useState<number | null>(null);
  const shown = rating ?? existing.data?.rating ?? null;
  return (
    <Card data-testid="feedback-card">
      <CardHeader>
        <CardTitle>Rate this result</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        {!rateable ? (
          <p className="text-sm text-muted-foreground">{FEEDBACK_NO_STYLE}</p>
        ) : (
          <>
            <StarRating
              value={shown}
              disabled={submit.isPending || existing.isPending}
              label="Rate this result from 1 to 5 stars"
              onChange={(value) => {
                setRating(value);
                submit.mutate(
                  { styleId, rating: value },
                  {
                    onSuccess: () =>
                      toast({ title: 'Feedback submitted', description: 'Thank you for rating this look.' }),
                    onError: () => {
                      setRating(null);
                      toast({ title: 'Error', description: 'Failed to submit feedback', variant: 'destructive' });
                    },
                  },
                );
              }}
            />
            <p className="text-xs text-muted-foreground">
              {shown ? `You rated this ${shown} out of 5.` : 'How well did the try-on work?'}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function StyleDetailsCard({ styleId }: { styleId: string }) {
  // read again when shown (staleTime 0): the generate page cached the style before this look was counted
  const q = useQuery({ ...getStyleQueryOptions(styleId), staleTime: 0 });
  if (q.isPending) {
    return (
      <Card aria-busy="true">
        <CardHeader>
          <CardTitle>Style Details</CardTitle>
        </CardHeader>
        <CardContent>
          <div className="h-16 animate-pulse rounded-lg bg-muted" />
        </CardContent>
      </Card>
    );
  }
  const s = q.data;
  if (!s) return null;
  return (
    <Card data-testid="style-details">
      <CardHeader>
        <CardTitle>Style Details</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{s.name}</span>
          <Badge tone="outline">{audienceLabel(s.sex)}</Badge>
        </div>
        {s.description ? <p className="text-muted-foreground">{s.description}</p> : null}
        <p>
          <span className="text-muted-foreground">Creator: </span>
          {s.creator.isPublic && s.creator.handle ? (
            <Link to={`/profile/${s.creator.handle}`} className={buttonClasses({ variant: 'link' })}>
              {s.creator.name}
            </Link>
          ) : (
            <span>{s.creator.name}</span>
          )}
        </p>
        <p>
          <span className="text-muted-foreground">Used </span>
          {s.usageCount.toLocaleString('en-US')} {s.usageCount === 1 ? 'time' : 'times'}
        </p>
        <Link to={`/style/${s.id}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          View Style
        </Link>
      </CardContent>
    </Card>
  );
}
/** The size to take of the style's garment (issue 25), from the measurements of the profile this look was made with. */
function ResultSizeAdvice({ styleId, photoProfileId }: { styleId: string; photoProfileId: string }) {
  const style = useStyle(styleId);
  const profiles = usePhotoProfiles({ enabled: !!style.data?.sizeChart });
  return (
    <SizeAdvicePanel
      chart={style.data?.sizeChart}
      signedIn
      profiles={profiles.data}
      profilesError={profiles.isError}
      preferredProfileId={photoProfileId}
    />
  );
}
