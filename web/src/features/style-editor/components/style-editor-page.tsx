import { useRef, useState } from 'react';
import { AccessDenied, CREATOR_ACCESS_MESSAGE } from '../../../components/access-denied';
import Plus from 'lucide-react/icons/plus';
import { isCreatorRole } from '@shared/domain/roles';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { PageSpinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../api/current-user';
import { useAdminCategories, useAdminStyles } from '../api/style-editor';
import { ProductsBlock } from './products-block';

import { StyleForm } from './style-form-panel';
import { StyleList } from './style-list';

/** /admin/styles: the style editor for admins and influencers (spec 02 section 2). */
export default function StyleEditorPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!isCreatorRole(user)) return <AccessDenied message={CREATOR_ACCESS_MESSAGE} />;
  return <StyleEditor />;
}

function StyleEditor() {
  const styles = useAdminStyles();
  const categories = useAdminCategories();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [newCount, setNewCount] = useState(0);
  const selected = styles.data?.find((s) => s.id === selectedId) ?? null;
  const formColumn = useRef<HTMLDivElement>(null);

  /** Stacked (mobile) layout: bring the form into view after choosing a style. */
  const revealForm = () => {
    if (typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 1023px)').matches) {
      requestAnimationFrame(() => formColumn.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
    }
  };

  const select = (id: string) => {
    setSelectedId(id);
    revealForm();
  };

  const startNew = () => {
    setSelectedId(null);
    setNewCount((n) => n + 1);
    revealForm();
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="Style Creator"
        description="Create and edit your styles: the outfit image, who it is for, and where to buy its products."
        actions={
          <Button onClick={startNew} data-testid="new-style">
            <Plus className="h-4 w-4" aria-hidden="true" />
            New style
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Card className="self-start">
          <CardHeader>
            <CardTitle>Your styles</CardTitle>
            <CardDescription>
              {styles.data ? `${styles.data.length} ${styles.data.length === 1 ? 'style' : 'styles'}` : 'Loading...'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <StyleList styles={styles} categories={categories.data ?? []} selectedId={selectedId} onSelect={select} />
          </CardContent>
        </Card>
        <div ref={formColumn} className="min-w-0 scroll-mt-20 space-y-6">
          {selectedId && !selected ? (
            <Skeleton className="h-96 w-full rounded-2xl" />
          ) : (
            <StyleForm
              key={selected ? `style-${selected.id}` : `new-${newCount}`}
              style={selected}
              categories={categories.data ?? []}
              categoriesLoading={categories.isPending}
              onSaved={(s) => setSelectedId(s.id)}
              onDeleted={startNew}
            />
          )}
          {selected ? <ProductsBlock key={selected.id} styleId={selected.id} /> : null}
        </div>
      </div>
    </div>
  );
}
