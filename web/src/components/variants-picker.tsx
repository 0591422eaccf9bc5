import { MAX_VARIANTS, MIN_VARIANTS, VARIANTS_EXPLAINED, costPerVariant } from '@shared/domain/outfit';
import { creditCount } from '@shared/domain/plans';
import { cn } from '../lib/cn';

/**
 * How many variants to render (1 to 4), with the cost per variant spelled out. A radio group: arrow keys
 * move between the choices, as in any native radio group.
 */
export function VariantsPicker({
  value,
  onChange,
  pieces = 1,
  name = 'variants',
}: {
  value: number;
  onChange: (n: number) => void;
  pieces?: number;
  name?: string;
}) {
  const each = costPerVariant(pieces);
  const choices = Array.from({ length: MAX_VARIANTS - MIN_VARIANTS + 1 }, (_, i) => MIN_VARIANTS + i);
  return (
    <fieldset className="min-w-0" data-testid="variants-picker">
      <legend className="mb-1 text-sm font-semibold">Variants</legend>
      <p className="mb-2 text-xs text-muted-foreground">
        {VARIANTS_EXPLAINED} {creditCount(each)} per variant; keep the ones you like.
      </p>
      <div className="grid grid-cols-4 gap-2">
        {choices.map((n) => (
          <label
            key={n}
            className={cn(
              'relative flex cursor-pointer flex-col items-center rounded-xl border border-border px-2 py-2 text-sm focus-within:ring-2 focus-within:ring-ring',
              value === n ? 'border-primary bg-primary/10 font-semibold' : 'hover:bg-muted',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              data-testid={`variants-${n}`}
            />
            <span>{n}</span>
            <span className="text-xs font-normal text-muted-foreground">{creditCount(each * n)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
