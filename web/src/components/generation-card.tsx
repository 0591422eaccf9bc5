import { useState } from 'react';
import { Link } from 'react-router-dom';
import Download from 'lucide-react/icons/download';
import Trash2 from 'lucide-react/icons/trash-2';
import CircleX from 'lucide-react/icons/circle-x';
import { isActiveStatus, lookTitle } from '@shared/domain/generation';
import { AppImage } from './app-image';
import { SpinnerIcon } from './spinner';
import { toast } from './use-toast';
import { cn } from '../lib/cn';
import { downloadGenerationImage } from '../api/download';
import { AiBadge } from './ai-badge';
import type { GenerationView } from '../api/generations';
import { Tooltip } from './tooltip';

/** A result's title (lookTitle: its style, "Custom look", a template's or an outfit's name); a kept variant says which. */
export const generationTitle = (
  g: Pick<GenerationView, 'styleName' | 'templateName'> &
    Partial<Pick<GenerationView, 'variantIndex' | 'kind' | 'inputs'>>,
): string => {
  const base = lookTitle(g);
  return typeof g.variantIndex === 'number' ? `${base} · variant ${g.variantIndex + 1}` : base;
};

export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

const overlayButton =
  'inline-flex h-9 w-9 items-center justify-center rounded-full bg-background/90 text-foreground shadow-md ring-1 ring-border ' +
  'hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60';

/**
 * One generation as a card: completed ones open /generation/{id} and show download (and optionally delete)
 * on hover or keyboard focus; pending and processing show a spinner; failed ones show the error and delete.
 */
export interface CardSelection {
  selected: boolean;
  /** A full selection: unselected cards cannot be added. */
  full: boolean;
  onToggle: (id: string) => void;
}

export function GenerationCard({
  generation: g,
  onDelete,
  allowDeleteCompleted,
  selection,
}: {
  generation: GenerationView;
  onDelete?: (id: string) => void;
  allowDeleteCompleted?: boolean;
  selection?: CardSelection;
}) {
  const [downloading, setDownloading] = useState(false);
  const title = generationTitle(g);
  const created = formatDateTime(g.createdAt);

  if (g.status === 'completed' && g.resultUrl) {
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
      <li
        className="group relative overflow-hidden rounded-2xl border border-border bg-card shadow-sm"
        data-testid="generation-card"
        data-status="completed"
        data-id={g.id}
      >
        <Link
          to={`/generation/${g.id}`}
          className="block rounded-2xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
        >
          <AppImage src={g.resultUrl} alt={`Result: ${title}`} width={4} height={5} className="w-full" />
          <div className="p-3">
            <p className="truncate text-sm font-medium">{title}</p>
            <p className="text-xs text-muted-foreground">{created}</p>
          </div>
        </Link>
        <AiBadge className="absolute left-2 top-2" size="sm" madeBy={g.madeBy} />
        {selection ? (
          // selection mode (compare / share): a real checkbox, reachable with Tab and toggled with Space
          <label
            className={cn(
              'absolute right-2 top-2 z-10 flex h-9 items-center gap-1.5 rounded-full bg-background/90 px-2.5 text-xs font-medium shadow-md ring-1',
              selection.selected ? 'ring-2 ring-primary' : 'ring-border',
              selection.full && !selection.selected && 'opacity-60',
            )}
          >
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={selection.selected}
              disabled={selection.full && !selection.selected}
              onChange={() => selection.onToggle(g.id)}
              aria-label={`Select ${title}`}
              data-testid="card-select"
            />
            <span aria-hidden="true">{selection.selected ? 'Selected' : 'Select'}</span>
          </label>
        ) : null}
        <div
          className={cn(
            'absolute right-2 top-2 flex gap-2 opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100',
            selection && 'hidden',
          )}
        >
          <Tooltip content="Download">
            <button
              type="button"
              className={overlayButton}
              onClick={download}
              disabled={downloading}
              aria-label={`Download ${title}`}
              data-testid="card-download"
            >
              {downloading ? <SpinnerIcon /> : <Download className="h-4 w-4" aria-hidden="true" />}
            </button>
          </Tooltip>
          {allowDeleteCompleted && onDelete ? (
            <Tooltip content="Delete">
              <button
                type="button"
                className={cn(overlayButton, 'text-destructive dark:text-red-400')}
                onClick={() => onDelete(g.id)}
                aria-label={`Delete ${title}`}
                data-testid="card-delete"
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </button>
            </Tooltip>
          ) : null}
        </div>
      </li>
    );
  }

  if (isActiveStatus(g.status)) {
    return (
      <li
        className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm"
        data-testid="generation-card"
        data-status={g.status}
        data-id={g.id}
      >
        <div
          className="flex aspect-[4/5] w-full flex-col items-center justify-center gap-2 bg-muted text-sm text-muted-foreground"
          role="status"
        >
          <SpinnerIcon className="h-6 w-6 text-brand" />
          <span>Generating...</span>
        </div>
        <div className="p-3">
          <p className="truncate text-sm font-medium">{title}</p>
          <p className="text-xs text-muted-foreground">{created}</p>
        </div>
      </li>
    );
  }

  // failed (or a completed one without a result)
  return (
    <li
      className="group relative overflow-hidden rounded-2xl border border-border bg-card shadow-sm"
      data-testid="generation-card"
      data-status={g.status}
      data-id={g.id}
    >
      <div className="flex aspect-[4/5] w-full flex-col items-center justify-center gap-2 bg-muted p-4 text-center text-sm">
        <CircleX className="h-6 w-6 text-destructive dark:text-red-400" aria-hidden="true" />
        <span className="font-medium">{g.status === 'failed' ? 'Failed' : 'No result'}</span>
        {g.error ? <span className="line-clamp-4 break-words text-xs text-muted-foreground">{g.error}</span> : null}
      </div>
      <div className="flex items-center justify-between gap-2 p-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{title}</p>
          <p className="text-xs text-muted-foreground">{created}</p>
        </div>
        {onDelete && g.status === 'failed' ? (
          <Tooltip content="Delete">
            <button
              type="button"
              className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-destructive hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring dark:text-red-400"
              onClick={() => onDelete(g.id)}
              aria-label={`Delete failed generation ${title}`}
              data-testid="card-delete"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </button>
          </Tooltip>
        ) : null}
      </div>
    </li>
  );
}

export function GenerationGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul
      className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6"
      aria-busy="true"
      aria-label="Loading generations"
    >
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-2xl border border-border">
          <div className="aspect-[4/5] w-full animate-pulse bg-muted" />
          <div className="space-y-2 p-3">
            <div className="h-3 w-3/4 animate-pulse rounded bg-muted" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
          </div>
        </li>
      ))}
    </ul>
  );
}
