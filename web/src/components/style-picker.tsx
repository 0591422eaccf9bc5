/**
 * Public styles to choose from, searched as you type and loaded a page at a time (GET /api/styles, issue 41: no
 * screen reads the whole catalogue). `StyleSearch` is the search box, the states (loading, error with a retry,
 * empty) and "Load more"; the caller draws the cards (radios in `StylePicker`, add buttons on My Collections).
 */
import { useId, useState, type ReactNode } from 'react';
import Search from 'lucide-react/icons/search';
import { useStyle, useStylePages, type StyleSummary } from '../api/catalog';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { cn } from '../lib/cn';
import { AppImage } from './app-image';
import { Button } from './button';
import { Input } from './input';
import { LoadMore } from './load-more';
import { Skeleton } from './skeleton';

/** Cards a picker page holds (a few screens' worth of a scrolling list; "Load more" asks for the next). */
export const STYLE_PICKER_PAGE_SIZE = 12;
/** The pause after the last key before a search is sent. */
export const STYLE_SEARCH_PAUSE_MS = 250;

export function StyleSearch({
  label,
  enabled = true,
  pageSize = STYLE_PICKER_PAGE_SIZE,
  sexes,
  hide,
  testId,
  children,
}: {
  /** What the search box searches ("Search public styles"). */
  label: string;
  enabled?: boolean;
  pageSize?: number;
  /** Only styles for these audiences. */
  sexes?: readonly string[];
  /** Styles not to offer (already chosen elsewhere). */
  hide?: ReadonlySet<string>;
  testId?: string;
  /** The loaded cards, drawn by the caller. */
  children: (styles: StyleSummary[]) => ReactNode;
}) {
  const searchId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), STYLE_SEARCH_PAUSE_MS);
  const pages = useStylePages({ q, sexes, limit: pageSize }, enabled);
  const loaded = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const styles = hide ? loaded.filter((s) => !hide.has(s.id)) : loaded;
  const searching = pages.isFetching && !pages.isFetchingNextPage;

  let body: ReactNode;
  if (pages.isPending)
    body = (
      <div className="space-y-2" aria-busy="true" aria-label="Loading styles">
        <Skeleton className="h-14 w-full rounded-lg" />
        <Skeleton className="h-14 w-full rounded-lg" />
        <Skeleton className="h-14 w-full rounded-lg" />
      </div>
    );
  else if (pages.isError && !pages.data)
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive dark:text-red-400">
        Could not load styles.
        <Button size="sm" variant="outline" onClick={() => void pages.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (styles.length === 0 && !pages.hasNextPage)
    body = (
      <p className="rounded-lg border border-dashed border-border p-3 text-sm text-muted-foreground">
        {q ? `No styles match “${q}”.` : hide && loaded.length ? 'No more styles to add.' : 'No styles available yet.'}
      </p>
    );
  else body = children(styles);

  return (
    <div className="min-w-0 space-y-2" data-testid={testId}>
      <div role="search" className="relative">
        <label htmlFor={searchId} className="sr-only">
          {label}
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          placeholder="Search styles..."
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-controls={listId}
          data-testid={testId ? `${testId}-search` : undefined}
          className="pl-9"
        />
      </div>
      <div id={listId} aria-live="polite" aria-busy={searching} className={cn(searching && 'opacity-70')}>
        {body}
      </div>
      {pages.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          Could not load more styles.
        </p>
      ) : null}
      <LoadMore query={pages} />
    </div>
  );
}

/** A style as a picker row: its picture, name and creator. */
export function StyleChoice({
  style: s,
}: {
  style: Pick<StyleSummary, 'name' | 'userName' | 'coverImageUrl' | 'promptImageUrl'>;
}) {
  return (
    <span className="flex min-w-0 flex-1 items-center gap-3">
      <AppImage src={s.coverImageUrl ?? s.promptImageUrl} alt="" className="aspect-[4/5] w-10 shrink-0 rounded-md" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{s.name}</span>
        {s.userName ? <span className="block truncate text-xs text-muted-foreground">by {s.userName}</span> : null}
      </span>
    </span>
  );
}

const rowClass =
  'flex cursor-pointer items-center gap-3 rounded-lg border border-border bg-card p-2 transition-colors hover:bg-muted/60 ' +
  'has-[:checked]:border-primary has-[:checked]:ring-1 has-[:checked]:ring-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';

/**
 * Choose one public style: search, native radios (arrow keys move between them) in a scrolling list, "Load more".
 * The chosen style stays named above the list when the loaded pages do not hold it (a search, a link's styleId).
 */
export function StylePicker({
  legend,
  value,
  onChange,
  enabled = true,
  sexes,
  invalid,
  testId,
}: {
  legend: ReactNode;
  value: string | null;
  onChange: (style: StyleSummary) => void;
  enabled?: boolean;
  sexes?: readonly string[];
  invalid?: boolean;
  testId?: string;
}) {
  const name = useId();
  const chosen = useStyle(value ?? undefined);
  return (
    <fieldset className="min-w-0" aria-invalid={invalid || undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <p
        className="mb-2 truncate text-xs text-muted-foreground"
        aria-live="polite"
        data-testid={testId ? `${testId}-chosen` : undefined}
      >
        {value ? `Chosen: ${chosen.data?.name ?? '...'}` : 'No style chosen yet'}
      </p>
      <StyleSearch label="Search styles" enabled={enabled} sexes={sexes} testId={testId}>
        {(styles) => (
          <ul className="grid max-h-72 grid-cols-1 gap-2 overflow-y-auto pr-1" aria-label="Styles">
            {styles.map((s) => (
              <li key={s.id}>
                <label className={rowClass}>
                  <input
                    type="radio"
                    name={name}
                    value={s.id}
                    checked={value === s.id}
                    onChange={() => onChange(s)}
                    className="h-4 w-4 shrink-0 accent-primary"
                  />
                  <StyleChoice style={s} />
                </label>
              </li>
            ))}
          </ul>
        )}
      </StyleSearch>
    </fieldset>
  );
}
