import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Eye from 'lucide-react/icons/eye';
import { Button } from '../../../components/button';
import { PREVIEW_TEXTS, profileCanPreview, type PreviewOnMeProps } from '../lib/preview-look';

export type { PreviewLook } from '../lib/preview-look';

// the dialog (and through it, on first use, the engine) is a lazy chunk: a page with the button stays light
const loadDialog = () => import('./preview-on-me-body');
const PreviewDialog = lazy(loadDialog);
const prefetchDialog = () => void loadDialog().catch(() => undefined);

/** After the page has settled: when the browser is idle (Safari has no requestIdleCallback: a timer). */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 1_500);
  return () => clearTimeout(handle);
}

/** Whether the page's first look was read ahead of the click ('ready'), is being read, or was not ('off'). */
type Warm = 'idle' | 'warming' | 'ready' | 'off';

/**
 * "Preview on me" (issue 25): a button that opens the preview dialog. The engine and the models load on the
 * first open (its Web Worker, with a progress bar, then cached); the person is the chosen profile's full-body
 * photo, already the caller's; each look is rendered in the browser, watermarked, never uploaded or saved.
 * Where the engine ran on this device before (its models are in the browser's cache), the worker reads the photo
 * and the page's look while the page is idle, so the first preview only draws; it never downloads the models
 * unasked, and a data-saving browser is left alone.
 */
export function PreviewOnMe({
  className,
  triggerTestId = 'preview-on-me',
  disabled,
  onOpen,
  ...props
}: PreviewOnMeProps) {
  const [open, setOpen] = useState(false);
  const [warm, setWarm] = useState<Warm>('idle');
  const client = useQueryClient();
  const { looks, profiles, profileId } = props;
  const canWarm = !disabled && !!looks.length && !!profiles?.some(profileCanPreview);
  const lookKey = looks[0] ? `${looks[0].id}|${looks[0].garments.map((g) => g.src).join('|')}` : '';
  const profileKey = `${profileId ?? ''}|${(profiles ?? []).map((p) => p.id).join(',')}`;
  useEffect(() => {
    if (!canWarm || !profiles) return;
    let live = true;
    const cancel = whenIdle(() => {
      setWarm('warming');
      void loadDialog()
        .then((m) => m.warmFirstLook(client, looks, profiles, profileId))
        .catch(() => false)
        .then((ok) => live && setWarm(ok ? 'ready' : 'off'));
    });
    return () => {
      live = false;
      cancel();
    };
  }, [canWarm, lookKey, profileKey, client]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <Button
        variant="outline"
        className={className}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
        disabled={disabled || !props.looks.length}
        // a pointer on the button or the focus on it starts loading the dialog's chunk (not the engine: that is
        // megabytes, fetched only when asked for)
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
        data-testid={triggerTestId}
        data-warm={warm}
        title="See it on your photo now, free: made on this device"
      >
        <Eye className="h-4 w-4" aria-hidden="true" />
        {PREVIEW_TEXTS.trigger}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <PreviewDialog {...props} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
