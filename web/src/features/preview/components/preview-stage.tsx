import { cn } from '../../../lib/cn';
import { SpinnerIcon } from '../../../components/spinner';
import { PREVIEW_TEXTS } from '../lib/preview-look';
import type { EngineState } from '../hooks/use-engine';

/** What the stage shows: nothing yet, the engine at work, a drawn look, or why not. */
export type Shot =
  | { status: 'idle' }
  | { status: 'working'; step: 'reading' | 'rendering' }
  | {
      status: 'done';
      url: string;
      ms: number;
      lookId: string;
      timings: string;
      size: string;
      /** Whether the photo had been read before this look (the page's warm-up or an earlier look). */
      personRead: 'ahead' | 'now';
    }
  | { status: 'refused'; message: string; lookId: string }
  | { status: 'failed'; message: string; lookId: string }
  | { status: 'too-slow'; ms: number };

/** The preview's picture: the engine loading, the look being drawn, the drawn look, or why there is none. */
export function Stage({
  engineState,
  shot,
  lookName,
  profileName,
}: {
  engineState: EngineState;
  shot: Shot;
  lookName: string;
  profileName: string;
}) {
  const frame =
    'relative mx-auto flex aspect-[4/5] w-full max-w-sm items-center justify-center overflow-hidden rounded-xl bg-muted';
  if (engineState.status === 'unavailable')
    return (
      <div className="rounded-xl border border-border p-4 text-sm" data-testid="preview-unavailable">
        <p className="font-medium">{PREVIEW_TEXTS.unavailable}</p>
        <p className="mt-1 text-muted-foreground">{engineState.reason}. Rendering a look works as usual.</p>
      </div>
    );
  if (shot.status === 'too-slow')
    return (
      <p className="rounded-xl border border-border p-4 text-sm" data-testid="preview-too-slow">
        {PREVIEW_TEXTS.tooSlow}
      </p>
    );
  if (engineState.status === 'loading') {
    const p = engineState.progress;
    const percent = p && p.total ? Math.floor((p.loaded / p.total) * 100) : 0;
    return (
      <div className={cn(frame, 'flex-col gap-3 p-6')}>
        <SpinnerIcon />
        <div
          role="progressbar"
          aria-label={PREVIEW_TEXTS.loading}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-background"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-150"
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className="text-center text-xs text-muted-foreground tabular-nums">
          {PREVIEW_TEXTS.loading}
          {p && p.total ? `: ${(p.loaded / 1e6).toFixed(1)} / ${(p.total / 1e6).toFixed(1)} MB` : ''}
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <div className={frame} aria-busy={shot.status === 'working'}>
        {shot.status === 'done' ? (
          <img
            src={shot.url}
            alt={`Preview of ${lookName} on ${profileName} (made in your browser, not saved)`}
            className="h-full w-full object-contain"
            data-testid="preview-image"
            draggable={false}
            onContextMenu={(e) => e.preventDefault()}
          />
        ) : shot.status === 'refused' || shot.status === 'failed' ? (
          <p className="p-6 text-center text-sm" data-testid="preview-refused">
            {shot.status === 'refused' ? shot.message : `The preview could not be made: ${shot.message}`}
          </p>
        ) : (
          <SpinnerIcon />
        )}
        {shot.status === 'done' ? (
          <span className="absolute left-2 top-2 rounded-full bg-black/70 px-2 py-0.5 text-xs font-semibold text-white">
            Preview · not saved
          </span>
        ) : null}
        {shot.status === 'working' && shot.step === 'rendering' ? (
          <span className="absolute inset-0 animate-pulse bg-background/30" aria-hidden="true" />
        ) : null}
      </div>
      {engineState.status === 'ready' && engineState.engine.backend === 'wasm' ? (
        <p className="text-xs text-muted-foreground">{PREVIEW_TEXTS.wasm}</p>
      ) : null}
    </div>
  );
}
