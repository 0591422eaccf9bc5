import { useMemo, useRef, useState, type TouchEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Share2 from 'lucide-react/icons/share-2';
import { Button, buttonClasses } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { Tooltip } from '../../../components/tooltip';
import { SHARE_MESSAGES } from '@shared/domain/shares';
import { BackLink, pageShell } from '../../../components/back-link';
import { Notice } from '../../../components/alert';
import { usePhotoProfiles } from '../../../api/catalog';
import { useGenerations, type GenerationView } from '../../../api/generations';
import { generationTitle, GenerationGridSkeleton } from '../../../components/generation-card';
import { parseCompareIds } from '../../../lib/compare';
import { BeforeAfterSlider } from '../../../components/compare/before-after-slider';
import { originalPhotoOf } from '../../../components/compare/original-photo';
import { ShareDialog } from '../../../components/share/share-dialog';
import { useWide } from '../../../components/compare/use-wide';

const SWIPE_PX = 50;

/**
 * /compare?ids=a,b,c: 2 to 4 of the user's own results side by side (desktop) or one at a time with swipe and
 * Previous/Next (phone, under the page's title, back link and Share), each with a before/after slider against
 * its original photo.
 */
export default function ComparePage() {
  const [params] = useSearchParams();
  const parsed = useMemo(() => parseCompareIds(params.get('ids')), [params]);
  const list = useGenerations();
  const profiles = usePhotoProfiles();
  const [index, setIndex] = useState(0);
  const [sharing, setSharing] = useState(false);
  const touchX = useRef<number | null>(null);
  const wide = useWide();

  const header = (
    <PageHeader
      title="Compare looks"
      documentTitle="Compare"
      description="Slide between each result and your original photo."
      actions={null}
    />
  );
  if (!parsed.ok)
    return (
      <div className={pageShell}>
        <BackLink to="/gallery">Back to Gallery</BackLink>
        {header}
        <Notice title={SHARE_MESSAGES.compareCount}>
          <Link to="/gallery" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            Choose in the gallery
          </Link>
        </Notice>
      </div>
    );
  if (list.isPending)
    return (
      <div className={pageShell}>
        {header}
        <GenerationGridSkeleton count={parsed.ids.length} />
      </div>
    );
  const mine = new Map((list.data ?? []).map((g) => [g.id, g]));
  const items = parsed.ids
    .map((id) => mine.get(id))
    .filter((g): g is GenerationView => !!g && g.status === 'completed' && !!g.resultUrl);
  if (items.length !== parsed.ids.length)
    return (
      <div className={pageShell}>
        <BackLink to="/gallery">Back to Gallery</BackLink>
        {header}
        <Notice tone="warning" title="Some of these results are not in your gallery.">
          <Link to="/gallery" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            Choose in the gallery
          </Link>
        </Notice>
      </div>
    );

  const current = Math.min(index, items.length - 1);
  const go = (d: number) => setIndex((i) => (Math.min(i, items.length - 1) + d + items.length) % items.length);
  const onTouchStart = (e: TouchEvent) => (touchX.current = e.touches[0]?.clientX ?? null);
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    touchX.current = null;
    const end = e.changedTouches[0]?.clientX;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    go(end < start ? 1 : -1);
  };

  const card = (g: GenerationView, n: number) => {
    const original = originalPhotoOf(g, profiles.data);
    const title = generationTitle(g);
    return (
      <figure
        key={g.id}
        className="min-w-0 space-y-2"
        data-testid="compare-item"
        data-id={g.id}
        aria-label={`Look ${n + 1} of ${items.length}: ${title}`}
      >
        {original ? (
          <BeforeAfterSlider
            resultSrc={g.resultUrl!}
            originalSrc={original}
            title={title}
            label={`Look ${n + 1}`}
            madeBy={g.madeBy}
          />
        ) : (
          <div className="space-y-2">
            <BeforeAfterSlider
              resultSrc={g.resultUrl!}
              originalSrc=""
              title={title}
              label={`Look ${n + 1}`}
              initial={100}
              madeBy={g.madeBy}
            />
            <p className="text-xs text-muted-foreground">The original photo of this look is no longer available.</p>
          </div>
        )}
        <figcaption className="truncate text-sm font-medium">
          <Link to={`/generation/${g.id}`} className="underline-offset-2 hover:underline">
            {title}
          </Link>
        </figcaption>
      </figure>
    );
  };

  return (
    <div className={pageShell}>
      <BackLink to="/gallery">Back to Gallery</BackLink>
      <PageHeader
        title="Compare looks"
        documentTitle="Compare"
        description="Slide between each result and your original photo: drag the divider, use the buttons, or focus it and use the arrow keys."
        actions={
          <Button onClick={() => setSharing(true)} data-testid="compare-share">
            <Share2 className="h-4 w-4" aria-hidden="true" />
            Share
          </Button>
        }
      />
      {/* desktop: side by side */}
      {wide ? (
        <div
          className={`grid gap-4 ${items.length === 2 ? 'md:grid-cols-2' : items.length === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2 xl:grid-cols-4'}`}
          data-testid="compare-grid"
        >
          {items.map(card)}
        </div>
      ) : (
        /* phone: one at a time, swipe or Previous/Next, in the page under its title and back link (issue 39: it
           was a fixed layer over them, with no way out) */
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the WAI carousel pattern: swipe and arrow keys are shortcuts on the region; Previous/Next are the buttons
        <section
          className="flex flex-col gap-3"
          aria-roledescription="carousel"
          aria-label="Compared looks"
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') go(1);
            else if (e.key === 'ArrowLeft') go(-1);
          }}
          data-testid="compare-carousel"
        >
          <div className="flex items-center justify-between gap-2">
            <Tooltip content="Previous look">
              <Button type="button" size="icon" variant="outline" onClick={() => go(-1)} aria-label="Previous look">
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
              </Button>
            </Tooltip>
            <p className="text-sm font-medium" aria-live="polite">
              {current + 1} / {items.length}
            </p>
            <Tooltip content="Next look">
              <Button type="button" size="icon" variant="outline" onClick={() => go(1)} aria-label="Next look">
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </Button>
            </Tooltip>
          </div>
          <div aria-roledescription="slide">{items[current] && card(items[current], current)}</div>
        </section>
      )}
      <ShareDialog
        open={sharing}
        onOpenChange={setSharing}
        candidates={items.map((g) => ({ id: g.id, title: generationTitle(g) }))}
      />
    </div>
  );
}
