import { AppImage } from '../../../components/app-image';
import { Skeleton } from '../../../components/skeleton';
import { cn } from '../../../lib/cn';
import { Badge, enumLabel } from '../../../components/badge';
import { useAdminStyles, type AdminCategory } from '../api/style-editor';
import { categoryNames, usageLabel } from '../lib/style-form';

/** The creator's styles (spec 02 section 2): cover, name, categories, tasks, visibility and usage. */
export function StyleList({
  styles,
  categories,
  selectedId,
  onSelect,
}: {
  styles: ReturnType<typeof useAdminStyles>;
  categories: AdminCategory[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  if (styles.isPending) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading styles">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (styles.isError) return <p className="text-sm text-destructive dark:text-red-400">Could not load your styles.</p>;
  if (!styles.data.length) {
    return (
      <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">
        No styles yet. Fill in the form to create your first one.
      </p>
    );
  }
  return (
    <ul className="max-h-[70vh] space-y-2 overflow-y-auto pr-1" aria-label="Your styles" data-testid="style-list">
      {styles.data.map((s) => {
        const active = s.id === selectedId;
        const cats = categoryNames(s.categoryIds, categories);
        return (
          <li key={s.id}>
            <button
              type="button"
              onClick={() => onSelect(s.id)}
              aria-current={active ? 'true' : undefined}
              className={cn(
                'flex w-full items-start gap-3 rounded-xl border p-2 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                active ? 'border-primary bg-primary/5' : 'border-border hover:bg-muted',
              )}
            >
              <AppImage
                src={s.coverImageUrl || s.promptImageUrl}
                alt=""
                className="aspect-[4/5] w-16 shrink-0 rounded-lg"
              />
              <span className="min-w-0 flex-1 space-y-1">
                <span className="block truncate text-sm font-semibold">{s.name}</span>
                {cats.length ? (
                  <span className="block truncate text-xs text-muted-foreground">{cats.join(' · ')}</span>
                ) : null}
                <span className="flex flex-wrap gap-1">
                  {(s.tasks ?? []).map((t) => (
                    <Badge key={t} tone="outline">
                      {enumLabel(t)}
                    </Badge>
                  ))}
                  {!s.isPublic ? <Badge tone="warning">Private</Badge> : null}
                </span>
                <span className="block text-xs text-muted-foreground">{usageLabel(s.usageCount)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
