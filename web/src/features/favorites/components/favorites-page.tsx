import Heart from 'lucide-react/icons/heart';
import Wand from 'lucide-react/icons/wand';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/button';
import { LoadMore } from '../../../components/load-more';
import { PageHeader } from '../../../components/page-header';
import { StyleCard, StyleGridSkeleton, styleGridClasses } from '../../../components/style-card';
import { useFavoriteStyles } from '../api/favorites';

export const FAVORITES_EMPTY = 'No favorites yet';

/**
 * /favorites (issue 39): the styles the signed-in user marked with the heart, most recently favourited first,
 * a page at a time; each opens the style to try it on.
 */
export default function FavoritesPage() {
  const favorites = useFavoriteStyles();
  const items = favorites.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader
        title="Favorites"
        description="The styles you marked with the heart. Open one to see it on you."
        actions={
          <Link to="/explore" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <Wand className="h-4 w-4" aria-hidden="true" />
            Explore styles
          </Link>
        }
      />
      {favorites.isPending ? (
        <StyleGridSkeleton count={8} label="Loading your favorites" />
      ) : favorites.isError ? (
        <Empty title="Your favorites could not be loaded.">
          <Button variant="outline" size="sm" onClick={() => void favorites.refetch()}>
            Try again
          </Button>
        </Empty>
      ) : items.length === 0 && !favorites.hasNextPage ? (
        <Empty title={FAVORITES_EMPTY}>
          <p className="max-w-md text-sm text-muted-foreground">
            Tap <span className="font-medium text-foreground">Favorite</span> on any style to keep it here, then come
            back to try it on or compare.
          </p>
          <Link to="/explore" className={buttonClasses()}>
            <Wand className="h-4 w-4" aria-hidden="true" />
            Find styles
          </Link>
        </Empty>
      ) : (
        <>
          <ul className={styleGridClasses} data-testid="favorites-grid">
            {items.map((s) => (
              <li key={s.id}>
                <StyleCard
                  id={s.id}
                  name={s.name ?? 'Untitled style'}
                  coverImage={s.coverImageUrl ?? s.promptImageUrl}
                  creator={s.userName}
                  tags={s.tags}
                  action="Try it on"
                />
              </li>
            ))}
          </ul>
          {favorites.isFetchNextPageError ? (
            <p role="alert" className="mt-6 text-center text-sm text-destructive">
              More favorites could not be loaded.
            </p>
          ) : null}
          <LoadMore query={favorites} />
        </>
      )}
    </div>
  );
}

function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div
      className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-border px-6 py-16 text-center"
      data-testid="favorites-empty"
    >
      <Heart className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
      <p className="text-base font-medium">{title}</p>
      {children}
    </div>
  );
}
