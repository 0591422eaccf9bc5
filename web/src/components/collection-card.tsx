import { Link } from 'react-router-dom';
import Sparkles from 'lucide-react/icons/sparkles';
import { AppImage } from './app-image';
import type { CollectionSummary } from '../api/catalog';

export const collectionGridClasses = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

/** A "Curated Collection" card: cover, label, title, description and count of looks; links to /collection/{id}. */
export function CollectionCard({ collection: c }: { collection: CollectionSummary }) {
  return (
    <Link
      to={`/collection/${encodeURIComponent(c.id)}`}
      data-testid="collection-card"
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <AppImage
        src={c.coverImage}
        alt={c.title}
        width={16}
        height={10}
        className="w-full"
        imgClassName="object-top transition-transform duration-300 group-hover:scale-[1.03]"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="inline-flex items-center gap-1 text-xs font-semibold uppercase tracking-wide text-brand">
          <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
          Curated Collection
        </p>
        <h2 className="text-lg font-semibold leading-tight">{c.title}</h2>
        {c.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{c.description}</p> : null}
        <p className="mt-auto pt-1 text-sm font-medium">{looksLabel(c.styleCount ?? 0)}</p>
      </div>
    </Link>
  );
}

export function CollectionGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className={collectionGridClasses} role="status" aria-busy="true" aria-label="Loading collections">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-2xl border border-border bg-card" aria-hidden="true">
          <div className="aspect-[16/10] animate-pulse bg-muted" />
          <div className="space-y-2 p-4">
            <div className="h-3 w-1/3 animate-pulse rounded bg-muted" />
            <div className="h-5 w-2/3 animate-pulse rounded bg-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** "1 look" / "6 looks". */
export const looksLabel = (n: number): string => `${n.toLocaleString('en-US')} ${n === 1 ? 'look' : 'looks'}`;
