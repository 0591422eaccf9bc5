import { useId } from 'react';
import Star from 'lucide-react/icons/star';
import { cn } from '../../../lib/cn';

/** 1 to 5 stars as a native radio group: Tab in, arrow keys to move, each star labelled. */
export function StarRating({
  value,
  onChange,
  disabled,
  label = 'Rating',
}: {
  value: number | null;
  onChange: (v: number) => void;
  disabled?: boolean;
  label?: string;
}) {
  const name = useId();
  return (
    <fieldset disabled={disabled} className="min-w-0" data-testid="star-rating">
      <legend className="sr-only">{label}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => {
          const on = value !== null && n <= value;
          return (
            <label
              key={n}
              className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed"
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="sr-only"
                aria-label={`${n} star${n === 1 ? '' : 's'}`}
              />
              <Star
                className={cn(
                  'h-7 w-7 transition-colors',
                  on ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground',
                )}
                aria-hidden="true"
              />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
