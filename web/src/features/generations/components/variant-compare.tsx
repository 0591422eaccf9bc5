import { useState } from 'react';
import Columns from 'lucide-react/icons/columns-2';
import { usePhotoProfiles } from '../../../api/catalog';
import type { GenerationView } from '../../../api/generations';
import { Button } from '../../../components/button';
import { BeforeAfterSlider } from '../../../components/compare/before-after-slider';
import { originalPhotoOf } from '../../../components/compare/original-photo';
import { cn } from '../../../lib/cn';

const COLUMNS: Record<number, string> = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 xl:grid-cols-4',
};

/**
 * Compare before keeping: the variants of a run side by side, each with the before/after slider against the
 * photo it was made from (the same slider as /compare). Any two or all of them; keyboard operable (checkboxes,
 * the sliders' arrow keys and buttons); one column on a phone.
 */
export function VariantCompare({ run, title }: { run: GenerationView; title: string }) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Set<number>>(() => new Set(run.variants.map((v) => v.index)));
  const profiles = usePhotoProfiles();
  const original = originalPhotoOf(run, profiles.data);
  const shown = run.variants.filter((v) => picked.has(v.index));
  const toggle = (i: number) =>
    setPicked((cur) => {
      const next = new Set(cur);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });

  return (
    <section aria-labelledby="variant-compare-heading" className="mb-8 mt-4 space-y-4" data-testid="variant-compare">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="variant-compare-heading" className="text-lg font-semibold">
            Compare before keeping
          </h2>
          <p className="text-sm text-muted-foreground">
            See the variants side by side, each against your original photo.
          </p>
        </div>
        <Button
          variant="outline"
          aria-expanded={open}
          aria-controls="variant-compare-panel"
          onClick={() => setOpen((o) => !o)}
          data-testid="compare-variants"
        >
          <Columns className="h-4 w-4" aria-hidden="true" />
          {open ? 'Hide comparison' : 'Compare variants'}
        </Button>
      </div>
      {open ? (
        <div id="variant-compare-panel" className="space-y-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Variants in the comparison</legend>
            <div className="flex flex-wrap gap-2">
              {run.variants.map((v) => (
                <label
                  key={v.index}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm focus-within:ring-2 focus-within:ring-ring"
                >
                  <input
                    type="checkbox"
                    checked={picked.has(v.index)}
                    onChange={() => toggle(v.index)}
                    data-testid={`compare-pick-${v.index}`}
                  />
                  Variant {v.index + 1}
                </label>
              ))}
            </div>
          </fieldset>
          {original === null && !profiles.isPending ? (
            <p className="text-xs text-muted-foreground">
              The original photo of these variants is no longer available: the sliders show the variants only.
            </p>
          ) : null}
          {shown.length < 2 ? (
            <p className="text-sm text-muted-foreground" role="status" data-testid="compare-pick-more">
              Pick at least two variants to compare.
            </p>
          ) : (
            <ul
              className={cn('grid grid-cols-1 gap-4', COLUMNS[Math.min(shown.length, 4)])}
              aria-label="Variants side by side"
              data-testid="variant-compare-grid"
            >
              {shown.map((v) => (
                <li key={v.index} className="min-w-0 space-y-2" data-testid={`variant-compare-${v.index}`}>
                  <p className="text-sm font-medium">Variant {v.index + 1}</p>
                  <BeforeAfterSlider
                    resultSrc={v.url}
                    originalSrc={original ?? ''}
                    initial={original ? undefined : 100}
                    title={title}
                    label={`Variant ${v.index + 1}`}
                    madeBy={run.madeBy}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  );
}
