/**
 * The body of the "Preview on me" dialog (./preview-on-me.tsx), a lazy chunk: the engine's state, the preview,
 * the looks to flip through, the size to draw and "Render this look".
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Wand from 'lucide-react/icons/wand';
import { adviseSize } from '@shared/domain/size-advice';
import { renderFitFor } from '@shared/domain/size-fit';
import { variantFor, type VariantOptions } from '@shared/engine/look/variants';
import { PreviewRefused } from '../../../lib/engine/preview';
import { cn } from '../../../lib/cn';
import { AppImage } from '../../../components/app-image';
import { Button, buttonClasses } from '../../../components/button';
import { SpinnerIcon } from '../../../components/spinner';
import { Dialog, DialogContent } from '../../../components/dialog';
import {
  previewProfile,
  profileCanPreview,
  PREVIEW_TEXTS,
  FRESH_PACE,
  nextPreviewPace,
  type PreviewLook,
  type PreviewOnMeProps,
} from '../lib/preview-look';
import { useEngine } from '../hooks/use-engine';
import { garmentsFor, resolveImageSrc } from '../lib/preview-garments';
import { Stage, type Shot } from './preview-stage';
import { SizeLine } from './size-line';

export { warmFirstLook } from '../lib/preview-garments';

/** The dialog of "Preview on me", open while it is mounted. */
export default function PreviewDialog({
  onOpenChange,
  ...props
}: Omit<PreviewOnMeProps, 'className' | 'triggerTestId' | 'disabled' | 'onOpen'> & {
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={PREVIEW_TEXTS.trigger} description={PREVIEW_TEXTS.private} className="max-w-2xl p-4 sm:p-6">
        <PreviewBody {...props} />
      </DialogContent>
    </Dialog>
  );
}

function PreviewBody({
  looks,
  profiles,
  profileId,
  onRender,
  renderPending,
  renderLabel,
}: Omit<PreviewOnMeProps, 'className' | 'triggerTestId' | 'disabled' | 'onOpen'>) {
  const id = useId();
  const client = useQueryClient();
  const engineState = useEngine();
  const [index, setIndex] = useState(0);
  const [chosenProfile, setChosenProfile] = useState<string | null>(null);
  const [chosenSize, setChosenSize] = useState<string | null>(null);
  const [shot, setShot] = useState<Shot>({ status: 'idle' });
  const tooSlow = useRef(false);
  const pace = useRef(FRESH_PACE);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);

  const list = profiles ?? [];
  const usable = list.filter(profileCanPreview);
  const profile = previewProfile(list, profileId, chosenProfile);
  const look = looks[Math.min(index, looks.length - 1)]!;

  // size advice for this look on this profile (the one rule of shared/domain/size-advice.ts)
  const chart = look.sizeChart ?? null;
  const advice = chart && profile?.measurements ? adviseSize(chart, profile.measurements) : null;
  const recommended = advice?.kind === 'recommended' ? advice.size : null;
  const size = chart?.sizes.some((s) => s.name === chosenSize) ? chosenSize : recommended;
  const fit = chart && size && profile?.measurements ? renderFitFor(chart, profile.measurements, size) : null;
  const variant: VariantOptions = useMemo(
    () => ({ ...variantFor(0), ...(fit ? { ease: fit.ease, length: fit.length } : {}) }),
    [fit?.ease, fit?.length], // eslint-disable-line react-hooks/exhaustive-deps
  );

  // one render at a time; a newer choice replaces a waiting one (flipping fast renders the last look only)
  const seq = useRef(0);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const shown = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
    },
    [],
  );
  // the effect runs on what was chosen (ids), not on object identity: a page may build `looks` anew each render
  const drawnSize = fit ? (size ?? '') : '';
  const latest = useRef({ look, profile, looks, drawnSize });
  latest.current = { look, profile, looks, drawnSize };
  const garmentsOf = useCallback((l: PreviewLook) => garmentsFor(client, l), [client]);
  const lookKey = `${look.id}|${look.garments.map((g) => g.src).join('|')}`;
  const profileKey = profile?.fullBodyUrl ? profile.id : null;
  useEffect(() => {
    if (engineState.status !== 'ready' || !profileKey || tooSlow.current) return;
    const engine = engineState.engine;
    const { look, profile, drawnSize } = latest.current;
    if (!profile?.fullBodyUrl) return;
    const mine = ++seq.current;
    const stale = () => mine !== seq.current;
    chain.current = chain.current.then(async () => {
      if (stale()) return;
      try {
        setShot({ status: 'working', step: 'reading' });
        const personUrl = await resolveImageSrc(client, profile.fullBodyUrl);
        if (!personUrl) throw new Error('Your photo could not be read');
        const personRead = await engine.person(personUrl);
        if (stale()) return;
        setShot({ status: 'working', step: 'rendering' });
        const garments = await garmentsOf(look);
        const out = await engine.render(personUrl, garments, variant);
        const paced = nextPreviewPace(pace.current, out.ms);
        pace.current = paced;
        if (paced.tooSlow) {
          tooSlow.current = true;
          URL.revokeObjectURL(out.url);
          setShot({ status: 'too-slow', ms: out.ms });
          return;
        }
        if (stale()) {
          URL.revokeObjectURL(out.url);
          return;
        }
        if (shown.current) URL.revokeObjectURL(shown.current);
        shown.current = out.url;
        setShot({
          status: 'done',
          url: out.url,
          ms: out.ms,
          lookId: look.id,
          timings: JSON.stringify(out.timingsMs),
          size: drawnSize,
          personRead,
        });
        // while this one is looked at, read the looks either side (flipping to them skips that step)
        const { looks } = latest.current;
        const i = looks.findIndex((l) => l.id === look.id);
        for (const n of [looks[(i + 1) % looks.length], looks[(i - 1 + looks.length) % looks.length]]) {
          if (stale()) return;
          if (n && n.id !== look.id) await engine.prefetch(await garmentsOf(n).catch(() => []));
        }
      } catch (err) {
        if (stale()) return;
        if (err instanceof PreviewRefused) setShot({ status: 'refused', message: err.message, lookId: look.id });
        else setShot({ status: 'failed', message: err instanceof Error ? err.message : String(err), lookId: look.id });
      }
    });
  }, [engineState, profileKey, lookKey, variant, garmentsOf, client]);

  const move = useCallback(
    (to: number) => {
      const n = (to + looks.length) % looks.length;
      setIndex(n);
      setChosenSize(null);
      thumbs.current[n]?.focus();
    },
    [looks.length],
  );
  const onStripKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') move(index + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(looks.length - 1);
    else return;
    e.preventDefault();
  };

  const busy = engineState.status === 'loading' || shot.status === 'working';
  const status =
    engineState.status === 'loading'
      ? PREVIEW_TEXTS.loading
      : shot.status === 'working'
        ? shot.step === 'reading'
          ? PREVIEW_TEXTS.reading
          : `${PREVIEW_TEXTS.rendering}: ${look.name}`
        : shot.status === 'done'
          ? `Preview of ${look.name} on ${profile?.name ?? 'your photo'} ready`
          : '';

  if (!profiles)
    return (
      <div
        className="h-64 animate-pulse rounded-xl bg-muted"
        aria-busy="true"
        aria-label="Loading your photo profiles"
      />
    );
  if (!profile) {
    const withoutBody = list.find((p) => !p.fullBodyUrl);
    return (
      <div className="space-y-3 text-sm" data-testid="preview-no-profile">
        <p>{list.length ? PREVIEW_TEXTS.noFullBody : PREVIEW_TEXTS.noProfile}</p>
        <Link
          to={withoutBody ? `/profiles/${encodeURIComponent(withoutBody.id)}/edit` : '/profiles/new'}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          {withoutBody ? 'Add a full-body photo' : 'Create a photo profile'}
        </Link>
      </div>
    );
  }

  return (
    <div
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4"
      data-testid="preview-dialog"
      data-engine={engineState.status}
      data-backend={engineState.status === 'ready' ? engineState.engine.backend : ''}
      data-shot={shot.status}
      data-look={shot.status === 'done' || shot.status === 'refused' || shot.status === 'failed' ? shot.lookId : ''}
      data-size={shot.status === 'done' ? shot.size : ''}
      data-ms={shot.status === 'done' || shot.status === 'too-slow' ? shot.ms : ''}
      data-timings={shot.status === 'done' ? shot.timings : ''}
      data-person-read={shot.status === 'done' ? shot.personRead : ''}
    >
      {usable.length > 1 ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-profile`} className="text-sm font-medium">
            Photo profile
          </label>
          <select
            id={`${id}-profile`}
            className="flex h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
            value={profile.id}
            onChange={(e) => setChosenProfile(e.target.value)}
            data-testid="preview-profile"
          >
            {usable.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      <Stage engineState={engineState} shot={shot} lookName={look.name} profileName={profile.name} />
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      {busy && engineState.status !== 'loading' ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground" aria-hidden="true">
          <SpinnerIcon /> {status}
        </p>
      ) : null}

      {looks.length > 1 ? (
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            onClick={() => move(index - 1)}
            aria-label="Previous look"
            title="Previous look (Left arrow)"
          >
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </Button>
          <ul
            className="flex min-w-0 flex-1 gap-2 overflow-x-auto p-1"
            aria-label="Looks to preview (arrow keys move)"
            data-testid="preview-looks"
          >
            {looks.map((l, i) => (
              <li key={l.id} className="shrink-0">
                <button
                  ref={(el) => {
                    thumbs.current[i] = el;
                  }}
                  type="button"
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={`Preview ${l.name}`}
                  title={l.name}
                  tabIndex={i === index ? 0 : -1}
                  onClick={() => move(i)}
                  onKeyDown={onStripKey}
                  className={cn(
                    'block w-14 overflow-hidden rounded-lg border-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    i === index ? 'border-primary' : 'border-transparent opacity-80 hover:opacity-100',
                  )}
                >
                  <AppImage src={l.thumbSrc} alt="" width={4} height={5} className="w-full" />
                </button>
              </li>
            ))}
          </ul>
          <Button
            variant="outline"
            size="icon"
            onClick={() => move(index + 1)}
            aria-label="Next look"
            title="Next look (Right arrow)"
          >
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      ) : null}

      {chart ? (
        <SizeLine
          id={id}
          chart={chart}
          advice={advice}
          size={size}
          onSize={setChosenSize}
          profile={profile}
          drawn={!!fit}
        />
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
          <ShieldCheck className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          Nothing is uploaded for a preview.
        </p>
        <Button
          onClick={() => onRender(look, profile.id, { size: fit ? size : null })}
          disabled={renderPending}
          data-testid="preview-render"
        >
          {renderPending ? <SpinnerIcon /> : <Wand className="h-4 w-4" aria-hidden="true" />}
          {renderPending ? 'Starting...' : (renderLabel ?? PREVIEW_TEXTS.render)}
        </Button>
      </div>
    </div>
  );
}
