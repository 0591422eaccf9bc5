import { useEffect, useState } from 'react';
import Check from 'lucide-react/icons/check';
import { RENDER_STAGES, renderEstimateSeconds, renderStageOf, type GenerationStatus } from '@shared/domain/generation';
import { SpinnerIcon } from '../../../components/spinner';
import { cn } from '../../../lib/cn';

/** Seconds since `since`, ticking once a second while shown. */
function useElapsed(since: string): number {
  const start = Date.parse(since);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return Math.max(0, Math.round((now - start) / 1000));
}

const duration = (s: number) => (s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`);

/**
 * The one progress experience of every kind of generation (a single look, an outfit, variants, a template):
 * the stages (queued, rendering, ready) with the current one marked, the time so far and the usual time.
 * The page it sits on polls the generation and shows the result when it is ready.
 */
export function RenderProgress({
  status,
  createdAt,
  pieces,
  variants,
}: {
  status: GenerationStatus;
  createdAt: string;
  pieces: number;
  variants: number;
}) {
  const elapsed = useElapsed(createdAt);
  const stage = renderStageOf(status);
  const current = RENDER_STAGES.findIndex((s) => s.id === stage);
  const estimate = renderEstimateSeconds({ pieces, variants });
  return (
    <div className="space-y-4" data-testid="render-progress" data-stage={stage}>
      <p className="sr-only" role="status">
        {RENDER_STAGES[current]?.label}: {RENDER_STAGES[current]?.hint}
      </p>
      <ol className="grid gap-2 sm:grid-cols-3" aria-label="Progress">
        {RENDER_STAGES.map((s, i) => {
          const done = i < current;
          const active = i === current;
          return (
            <li
              key={s.id}
              aria-current={active ? 'step' : undefined}
              data-testid={`render-stage-${s.id}`}
              className={cn(
                'flex items-start gap-3 rounded-xl border p-3',
                active ? 'border-primary bg-primary/5' : 'border-border',
              )}
            >
              <span
                className={cn(
                  'flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                  done || active ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
                )}
                aria-hidden="true"
              >
                {done ? <Check className="h-4 w-4" /> : active ? <SpinnerIcon className="h-4 w-4" /> : i + 1}
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-medium">
                  {s.label}
                  <span className="sr-only">{done ? ' (done)' : active ? ' (now)' : ' (next)'}</span>
                </span>
                <span className="block text-xs text-muted-foreground">{s.hint}</span>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="text-sm text-muted-foreground" data-testid="render-eta">
        {elapsed <= estimate
          ? `Usually ready within about ${duration(estimate)}. Started ${duration(elapsed)} ago.`
          : `Taking longer than usual (started ${duration(elapsed)} ago). It keeps going; if it fails, the credits come back.`}{' '}
        This page updates by itself.
      </p>
    </div>
  );
}
