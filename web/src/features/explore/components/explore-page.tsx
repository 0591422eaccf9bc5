import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Check from 'lucide-react/icons/check';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import {
  filtersFromQuery,
  filtersToQuery,
  hasActiveFilters,
  toggleFilter,
  emptyFilters,
  type ExploreFilterState,
} from '@shared/domain/explore-filters';
import { Button } from '../../../components/button';
import { Input } from '../../../components/input';
import { PageHeader } from '../../../components/page-header';
import { cn } from '../../../lib/cn';
import { LoadMore } from '../../../components/load-more';
import { useCategories, useExploreStyles, useExploreTags } from '../api/explore';
import { MAX_AUTO_PAGES, resultCountLabel, trailingEmptyPages } from '../lib/incremental';
import { VisitorCta } from '../../../components/visitor-cta';
import { StyleCard, StyleGridSkeleton, styleGridClasses } from '../../../components/style-card';

export const NO_STYLES_FOUND = 'No styles found matching your criteria';
const SEARCH_DEBOUNCE_MS = 250;
const COLLAPSED_TAGS = 16;

const SEXES = [
  { id: 'woman', label: 'Women' },
  { id: 'man', label: 'Men' },
  { id: 'unisex', label: 'Unisex' },
] as const;

/**
 * /explore (spec 01 sections 2 and 5): search, filter groups and a grid that loads one page of results at a time
 * from the server (GET /api/explore/styles) as its end comes into view; filters live in the URL.
 */
export default function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromQuery(params), [params]);
  const styles = useExploreStyles(filters);
  const categories = useCategories();
  const tagsQuery = useExploreTags();

  const setFilters = useCallback(
    (next: ExploreFilterState) =>
      setParams(new URLSearchParams(filtersToQuery(next)), { replace: true, preventScrollReset: true }),
    [setParams],
  );

  // The search box: typed text is pushed to the URL after a short pause; a URL change made elsewhere (Clear
  // Filters, back/forward, a shared link) replaces the text. `pushed` tells our own pushes apart from those.
  const [text, setText] = useState(filters.q);
  const pushed = useRef(filters.q);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  useEffect(() => {
    if (filters.q === pushed.current) return;
    pushed.current = filters.q;
    setText(filters.q);
  }, [filters.q]);
  useEffect(() => {
    const q = text.trim();
    if (q === filtersRef.current.q) return;
    const id = window.setTimeout(() => {
      pushed.current = q;
      setFilters({ ...filtersRef.current, q });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(id);
  }, [text, setFilters]);

  const tags = tagsQuery.data ?? [];
  const pages = styles.data?.pages;
  const results = useMemo(() => (pages ?? []).flatMap((p) => p.items), [pages]);
  const active = hasActiveFilters(filters);
  const more = styles.hasNextPage;
  // A page can come back short (the server reads a bounded number of index items per request): keep asking
  // while the last pages were short, up to MAX_AUTO_PAGES in a row; after that "Load more" continues.
  const lastPage = pages?.[pages.length - 1];
  const shortRun = useMemo(() => trailingEmptyPages(pages ?? []), [pages]);
  const { fetchNextPage, isFetchingNextPage, isFetchNextPageError } = styles;
  useEffect(() => {
    if (!more || isFetchingNextPage || isFetchNextPageError || !lastPage) return;
    if (results.length === 0 && shortRun < MAX_AUTO_PAGES) void fetchNextPage();
  }, [more, isFetchingNextPage, isFetchNextPageError, lastPage, results.length, shortRun, fetchNextPage]);
  const clear = () => {
    pushed.current = '';
    setText('');
    setFilters(emptyFilters());
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title="Explore Styles" description="Find a look you love, then try it on with your own photo." />
      <VisitorCta />
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <FilterPanel
          filters={filters}
          text={text}
          onText={setText}
          onToggle={(group, value) => setFilters(toggleFilter(filters, group, value))}
          categories={categories.data ?? []}
          categoriesLoading={categories.isPending}
          tags={tags}
          onClear={active ? clear : undefined}
        />
        <section aria-label="Results" className="min-w-0 flex-1">
          {styles.isPending ? (
            <StyleGridSkeleton />
          ) : styles.isError ? (
            <EmptyState
              title="Styles could not be loaded"
              action={<Button onClick={() => void styles.refetch()}>Try again</Button>}
            />
          ) : (
            <>
              <p className="mb-4 text-sm text-muted-foreground" aria-live="polite" data-testid="explore-count">
                {resultCountLabel(results.length, more)}
                {active ? ' found' : ''}
              </p>
              {results.length === 0 && more ? (
                <>
                  <StyleGridSkeleton />
                  {shortRun >= MAX_AUTO_PAGES || isFetchNextPageError ? <LoadMore query={styles} /> : null}
                </>
              ) : results.length === 0 ? (
                <EmptyState
                  title={NO_STYLES_FOUND}
                  action={
                    <Button variant="outline" onClick={clear}>
                      Clear Filters
                    </Button>
                  }
                />
              ) : (
                <ResultGrid items={results} query={styles} auto={shortRun < MAX_AUTO_PAGES} />
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

type Group = 'categories' | 'sexes' | 'tags';

function FilterPanel({
  filters,
  text,
  onText,
  onToggle,
  categories,
  categoriesLoading,
  tags,
  onClear,
}: {
  filters: ExploreFilterState;
  text: string;
  onText: (t: string) => void;
  onToggle: (group: Group, value: string) => void;
  categories: { id: string; name: string }[];
  categoriesLoading: boolean;
  tags: string[];
  onClear?: () => void;
}) {
  const [allTags, setAllTags] = useState(false);
  // Small screens: the filter groups fold away behind a "Filters" button so results are visible at once.
  const [open, setOpen] = useState(false);
  const activeCount = filters.categories.length + filters.sexes.length + filters.tags.length;
  const shownTags = useMemo(() => {
    if (allTags || tags.length <= COLLAPSED_TAGS) return tags;
    const first = tags.slice(0, COLLAPSED_TAGS);
    // Keep selected tags visible even when the list is collapsed.
    return [...first, ...filters.tags.filter((t) => !first.includes(t) && tags.includes(t))];
  }, [allTags, tags, filters.tags]);

  return (
    <aside aria-label="Filters" className="flex w-full min-w-0 flex-col gap-5 lg:sticky lg:top-20 lg:w-60 lg:shrink-0">
      <div role="search" className="relative">
        <label htmlFor="explore-search" className="sr-only">
          Search styles
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id="explore-search"
          type="search"
          placeholder="Search styles..."
          value={text}
          onChange={(e) => onText(e.target.value)}
          className="pl-9"
          autoComplete="off"
          data-testid="explore-search"
        />
      </div>
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          aria-controls="explore-filter-groups"
          className="inline-flex h-9 items-center gap-2 rounded-lg border border-border px-3 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring lg:hidden"
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          Filters{activeCount ? ` (${activeCount})` : ''}
          <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </button>
        <h2 className="hidden items-center gap-2 text-sm font-semibold lg:flex">
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          Filters
        </h2>
        {onClear ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X className="h-4 w-4" aria-hidden="true" />
            Clear Filters
          </Button>
        ) : null}
      </div>
      <div id="explore-filter-groups" className={cn(open ? 'flex' : 'hidden', 'flex-col gap-5 lg:flex')}>
        <ChipGroup legend="Category" testId="filter-category">
          {categoriesLoading ? (
            <span className="text-xs text-muted-foreground">Loading categories...</span>
          ) : (
            categories.map((c) => (
              <Chip
                key={c.id}
                label={c.name}
                pressed={filters.categories.includes(c.id)}
                onClick={() => onToggle('categories', c.id)}
              />
            ))
          )}
        </ChipGroup>
        <ChipGroup legend="Audience" testId="filter-sex">
          {SEXES.map((s) => (
            <Chip
              key={s.id}
              label={s.label}
              pressed={filters.sexes.includes(s.id)}
              onClick={() => onToggle('sexes', s.id)}
            />
          ))}
        </ChipGroup>
        {tags.length ? (
          <ChipGroup legend="Tags" testId="filter-tag">
            {shownTags.map((t) => (
              <Chip key={t} label={t} pressed={filters.tags.includes(t)} onClick={() => onToggle('tags', t)} />
            ))}
            {tags.length > COLLAPSED_TAGS ? (
              <button
                type="button"
                onClick={() => setAllTags((v) => !v)}
                className="rounded-full px-2 py-1 text-xs font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-expanded={allTags}
              >
                {allTags ? 'Fewer tags' : `All ${tags.length} tags`}
              </button>
            ) : null}
          </ChipGroup>
        ) : null}
      </div>
    </aside>
  );
}

function ChipGroup({ legend, children, testId }: { legend: string; children: ReactNode; testId?: string }) {
  return (
    <fieldset className="min-w-0" data-testid={testId}>
      <legend className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{legend}</legend>
      <div className="flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}

/** A toggle chip: a button with aria-pressed (announced as a toggle button, "pressed" when on). */
function Chip({ label, pressed, onClick }: { label: string; pressed: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full border px-3 py-1 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-border bg-background text-foreground hover:bg-muted',
      )}
    >
      {pressed ? <Check className="h-3.5 w-3.5 shrink-0" aria-hidden="true" /> : null}
      <span className="truncate">{label}</span>
    </button>
  );
}

interface GridItem {
  id: string;
  name: string;
  coverImageUrl: string | null;
  promptImageUrl: string | null;
  userName: string;
  tags: string[];
}

/** The cards loaded so far; the next page loads as the end nears the viewport (or on "Load more"). */
function ResultGrid({
  items,
  query,
  auto,
}: {
  items: GridItem[];
  /** Load the next page when the end is in view (false after several empty pages in a row: "Load more" then). */
  auto: boolean;
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  useEffect(() => {
    const el = sentinel.current;
    if (!auto || !hasNextPage || isFetchNextPageError || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [auto, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, items.length]);

  return (
    <>
      <ul className={styleGridClasses} data-testid="explore-grid">
        {items.map((s) => (
          <li key={s.id}>
            <StyleCard
              id={s.id}
              name={s.name}
              coverImage={s.coverImageUrl ?? s.promptImageUrl}
              creator={s.userName}
              tags={s.tags}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinel} data-testid="explore-more">
        {isFetchNextPageError ? (
          <p role="alert" className="mt-6 text-center text-sm text-destructive">
            More styles could not be loaded.
          </p>
        ) : null}
        <LoadMore query={query} />
      </div>
    </>
  );
}

function EmptyState({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <div
      className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-border px-6 py-16 text-center"
      data-testid="explore-empty"
    >
      <Search className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
      <p className="text-base font-medium">{title}</p>
      {action}
    </div>
  );
}
