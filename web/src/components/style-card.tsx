import { memo } from 'react';
import { Link } from 'react-router-dom';
import { MAX_CARD_TAGS } from '@shared/domain/catalog';
import { AppImage } from './app-image';

export interface StyleCardProps {
  id: string;
  name: string;
  coverImage: string | null | undefined;
  /** Creator name ("by ..."), when known. */
  creator?: string | null;
  description?: string | null;
  tags?: readonly string[] | null;
  /** Where the card leads (default /style/{id}). */
  to?: string;
  /** What opening the card does, shown at its foot (e.g. in a collection: "See the look and try it on"). */
  action?: string;
}

/** A style card: cover (lazy, card size), name, creator or description, at most 3 tags. The whole card is the link. */
export const StyleCard = memo(function StyleCard({
  id,
  name,
  coverImage,
  creator,
  description,
  tags,
  to,
  action,
}: StyleCardProps) {
  const shown = (tags ?? []).slice(0, MAX_CARD_TAGS);
  return (
    <Link
      to={to ?? `/style/${encodeURIComponent(id)}`}
      data-testid="style-card"
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <AppImage
        src={coverImage}
        alt={name}
        width={320}
        height={400}
        className="w-full"
        imgClassName="transition-transform duration-300 group-hover:scale-[1.03]"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug" data-testid="style-card-name">
          {name}
        </h3>
        {creator ? <p className="truncate text-xs text-muted-foreground">by {creator}</p> : null}
        {description ? <p className="line-clamp-2 text-xs text-muted-foreground">{description}</p> : null}
        {shown.length ? (
          <ul className="mt-auto flex flex-wrap gap-1 pt-1" aria-label="Tags">
            {shown.map((t) => (
              <li
                key={t}
                className="max-w-full truncate rounded-full bg-muted px-2 py-0.5 text-[11px] font-medium text-muted-foreground"
              >
                {t}
              </li>
            ))}
          </ul>
        ) : null}
        {action ? (
          <p className="mt-auto pt-2 text-xs font-semibold text-brand" data-testid="style-card-action">
            {action} <span aria-hidden="true">→</span>
          </p>
        ) : null}
      </div>
    </Link>
  );
});

export const styleGridClasses = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4';

/** Placeholder cards while a grid loads. */
export function StyleGridSkeleton({ count = 10, label = 'Loading styles' }: { count?: number; label?: string }) {
  return (
    <div className={styleGridClasses} aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-2xl border border-border bg-card" aria-hidden="true">
          <div className="aspect-[4/5] w-full animate-pulse bg-muted" />
          <div className="space-y-2 p-3">
            <div className="h-4 w-3/4 animate-pulse rounded bg-muted" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}
