import { lazy, Suspense, useState } from 'react';
import Eye from 'lucide-react/icons/eye';
import { Button } from './button';
import { PREVIEW_TEXTS, type PreviewOnMeProps } from './preview-look';

export type { PreviewLook } from './preview-look';

// the dialog (and through it, on first use, the engine) is a lazy chunk: a page with the button stays light
const loadDialog = () => import('./preview-on-me-body');
const PreviewDialog = lazy(loadDialog);
const prefetchDialog = () => void loadDialog().catch(() => undefined);

/**
 * "Preview on me" (issue 25): a button that opens the preview dialog. The engine and the models load on the
 * first open (a lazy chunk with a progress bar, then cached); the person is the chosen profile's full-body
 * photo, already the caller's; each look is rendered in the browser, watermarked, never uploaded or saved.
 */
export function PreviewOnMe({
  className,
  triggerTestId = 'preview-on-me',
  disabled,
  onOpen,
  ...props
}: PreviewOnMeProps) {
  const [open, setOpen] = useState(false);
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
