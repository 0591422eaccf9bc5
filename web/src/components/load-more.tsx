import { Button } from './button';
import { SpinnerIcon } from './spinner';

/** "Load more" under a paged list (a TanStack infinite query); nothing when there is no next page. */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
        {query.isFetchingNextPage ? <SpinnerIcon /> : null}
        Load more
      </Button>
    </div>
  );
}
