import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { COMPARE_MAX, COMPARE_MIN, SHARE_MAX_IMAGES } from '@shared/domain/shares';
import { compareUrl, toggleSelection } from '../../../lib/compare';
import { ShareDialog } from '../../../components/share/share-dialog';
import { Button } from '../../../components/button';
import { buttonClasses } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import Images from 'lucide-react/icons/images';
import { usePhotoProfiles } from '../../../api/catalog';
import { useGenerations } from '../../../api/generations';
import { ALL_PROFILES, completedView, GALLERY_SORTS, partitionGenerations, type GallerySort } from '../lib/gallery';
import { oneOf } from '../../../lib/one-of';
import { Notice } from '../../../components/alert';
import { pageShell } from '../../../components/back-link';
import { DeleteGenerationDialog } from '../../../components/delete-generation-dialog';
import { GenerationCard, GenerationGridSkeleton, generationTitle } from '../../../components/generation-card';
import { CUSTOM_LOOK_TITLE } from '@shared/domain/generation';

const grid = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4';
const select =
  'h-10 min-w-0 rounded-lg border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** /gallery: In Progress, Completed (sort and profile filter) and Failed; the list polls while any runs. */
export default function GalleryPage() {
  const q = useGenerations();
  const profiles = usePhotoProfiles();
  const [sort, setSort] = useState<GallerySort>('newest');
  const [profileId, setProfileId] = useState<string>(ALL_PROFILES);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const items = useMemo(() => q.data ?? [], [q.data]);
  const { inProgress, failed, completed: allCompleted } = useMemo(() => partitionGenerations(items), [items]);
  const completed = useMemo(() => completedView(items, sort, profileId), [items, sort, profileId]);
  // selection mode: pick 2 to 4 completed results to compare (or 1 to 4 to share)
  const navigate = useNavigate();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [sharing, setSharing] = useState(false);
  const toggle = (id: string) => setSelected((xs) => toggleSelection(xs, id));
  const stopSelecting = () => {
    setSelecting(false);
    setSelected([]);
  };
  const canCompare = selected.length >= COMPARE_MIN && selected.length <= COMPARE_MAX;
  const titleOf = (id: string) => {
    const g = items.find((x) => x.id === id);
    return g ? generationTitle(g) : CUSTOM_LOOK_TITLE;
  };

  return (
    <div className={pageShell}>
      <PageHeader
        title="My Gallery"
        description="Every look you have generated."
        documentTitle="Gallery"
        actions={
          allCompleted.length > 0 ? (
            selecting ? (
              <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Selection">
                <span className="text-sm text-muted-foreground" aria-live="polite" data-testid="selection-count">
                  {selected.length} of {COMPARE_MAX} selected
                </span>
                <Button
                  onClick={() => navigate(compareUrl(selected))}
                  disabled={!canCompare}
                  data-testid="compare-selected"
                >
                  Compare
                </Button>
                <Button
                  variant="outline"
                  onClick={() => setSharing(true)}
                  disabled={selected.length < 1 || selected.length > SHARE_MAX_IMAGES}
                  data-testid="share-selected"
                >
                  Share
                </Button>
                <Button variant="ghost" onClick={stopSelecting}>
                  Cancel
                </Button>
              </div>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Link to="/shares" className={buttonClasses({ variant: 'ghost' })}>
                  My shares
                </Link>
                <Button variant="outline" onClick={() => setSelecting(true)} data-testid="select-to-compare">
                  Select to compare
                </Button>
              </div>
            )
          ) : null
        }
      />
      {q.isPending ? (
        <GenerationGridSkeleton count={4} />
      ) : q.isError ? (
        <Notice tone="warning" title="Could not load your generations">
          <button
            type="button"
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            onClick={() => void q.refetch()}
          >
            Try again
          </button>
        </Notice>
      ) : items.length === 0 ? (
        <div
          className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-border px-6 py-16 text-center"
          data-testid="gallery-empty"
        >
          <Images className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-xl font-semibold">No Results Yet</h2>
          <p className="max-w-sm text-sm text-muted-foreground">
            Pick a style and generate your first look. Your results will appear here.
          </p>
          <Link to="/explore" className={buttonClasses()}>
            Explore Styles
          </Link>
        </div>
      ) : (
        <div className="space-y-10">
          {inProgress.length > 0 ? (
            <section aria-labelledby="in-progress-heading" data-testid="gallery-in-progress">
              <h2 id="in-progress-heading" className="mb-4 text-lg font-semibold">
                In Progress <span className="text-muted-foreground">({inProgress.length})</span>
              </h2>
              <ul className={grid}>
                {inProgress.map((g) => (
                  <GenerationCard key={g.id} generation={g} />
                ))}
              </ul>
            </section>
          ) : null}

          {allCompleted.length > 0 ? (
            <section aria-labelledby="completed-heading" data-testid="gallery-completed">
              <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <h2 id="completed-heading" className="text-lg font-semibold">
                  Completed <span className="text-muted-foreground">({completed.length})</span>
                </h2>
                <div className="grid grid-cols-2 gap-2 sm:flex">
                  <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-muted-foreground">
                    Sort
                    <select
                      className={select}
                      value={sort}
                      onChange={(e) => setSort(oneOf(GALLERY_SORTS, e.target.value, sort))}
                    >
                      <option value="newest">Newest first</option>
                      <option value="oldest">Oldest first</option>
                    </select>
                  </label>
                  <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-muted-foreground">
                    Photo profile
                    <select className={select} value={profileId} onChange={(e) => setProfileId(e.target.value)}>
                      <option value={ALL_PROFILES}>All profiles</option>
                      {(profiles.data ?? []).map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
                        </option>
                      ))}
                    </select>
                  </label>
                </div>
              </div>
              {completed.length === 0 ? (
                <p className="text-sm text-muted-foreground">No completed looks for this profile.</p>
              ) : (
                <ul className={grid}>
                  {completed.map((g) => (
                    <GenerationCard
                      key={g.id}
                      generation={g}
                      selection={
                        selecting
                          ? {
                              selected: selected.includes(g.id),
                              full: selected.length >= COMPARE_MAX,
                              onToggle: toggle,
                            }
                          : undefined
                      }
                    />
                  ))}
                </ul>
              )}
            </section>
          ) : null}

          {failed.length > 0 ? (
            <section aria-labelledby="failed-heading" data-testid="gallery-failed">
              <h2 id="failed-heading" className="mb-4 text-lg font-semibold">
                Failed <span className="text-muted-foreground">({failed.length})</span>
              </h2>
              <ul className={grid}>
                {failed.map((g) => (
                  <GenerationCard key={g.id} generation={g} onDelete={setToDelete} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
      <DeleteGenerationDialog generationId={toDelete} onClose={() => setToDelete(null)} copy="failed" />
      <ShareDialog
        open={sharing}
        onOpenChange={setSharing}
        candidates={selected.map((id) => ({ id, title: titleOf(id) }))}
      />
    </div>
  );
}
