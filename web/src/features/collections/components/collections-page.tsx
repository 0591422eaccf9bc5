import { Link } from 'react-router-dom';
import FolderOpen from 'lucide-react/icons/folder-open';
import { Button, buttonClasses } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { useCollections } from '../../../api/catalog';
import { pageShell } from '../../../components/back-link';
import { VisitorCta } from '../../../components/visitor-cta';
import { CollectionCard, CollectionGridSkeleton, collectionGridClasses } from '../../../components/collection-card';

/** /collections (spec 02 section 2): published influencer collections. */
export default function CollectionsPage() {
  const q = useCollections();
  const list = q.data ?? [];
  return (
    <div className={pageShell}>
      <PageHeader
        title="Collections"
        description="Curated edits from our creators. Open one to shop the look or try it on."
      />
      <VisitorCta />
      {q.isPending ? (
        <CollectionGridSkeleton />
      ) : q.isError ? (
        <div className="flex flex-col items-center gap-4 py-16 text-center">
          <p>Collections could not be loaded.</p>
          <Button onClick={() => void q.refetch()}>Try again</Button>
        </div>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-16 text-center">
          <FolderOpen className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-lg font-semibold">No Collections Yet</h2>
          <p className="max-w-md text-sm text-muted-foreground">
            Creators have not published any collections. Explore individual styles in the meantime.
          </p>
          <Link to="/explore" className={buttonClasses({ variant: 'outline' })}>
            Explore Styles
          </Link>
        </div>
      ) : (
        <ul className={collectionGridClasses}>
          {list.map((c) => (
            <li key={c.id}>
              <CollectionCard collection={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
