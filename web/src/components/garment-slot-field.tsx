/**
 * "What is this garment?" (issue 39): the slot an uploaded garment or a style's picture takes (top, bottom,
 * one-piece, outerwear, shoes: the outfit builder's vocabulary, shared/domain/outfit.ts), prefilled from the
 * engine's guess and shown as a guess, so a hoodie the outline rule reads as trousers is put right before the
 * preview and the render. Used by Try Custom Look, Quick Try with an image and the style editor.
 */
import { useQuery } from '@tanstack/react-query';
import { GARMENT_SLOTS, SLOT_LABELS, type GarmentSlot } from '@shared/domain/outfit';
import { queryKeys } from '../api/query-keys';
import { guessGarmentSlot } from '../lib/engine/garment-guess';
import { useResolvedImageUrl } from './app-image';
import { SpinnerIcon } from './spinner';
import { cn } from '../lib/cn';

/** "a top", "a bottom", "a one-piece", "outerwear", "shoes": how the guess and the choice are said. */
export const SLOT_PHRASES: Record<GarmentSlot, string> = {
  top: 'a top',
  bottom: 'a bottom (trousers, a skirt)',
  'one-piece': 'a one-piece (a dress, a jumpsuit)',
  outerwear: 'outerwear (a jacket, a coat)',
  shoes: 'shoes',
};

export const SLOT_FIELD_TEXTS = {
  legend: 'What is this garment?',
  guessing: 'Looking at your garment…',
  guess: (slot: GarmentSlot) => `We think this is ${SLOT_PHRASES[slot]} — change it if not.`,
  changed: (slot: GarmentSlot, guess: GarmentSlot) =>
    `You chose ${SLOT_PHRASES[slot]} (we thought ${SLOT_PHRASES[guess]}).`,
  noGuess: 'We could not tell what this is: choose where it is worn.',
  why: 'The preview and the render put it on you as this.',
} as const;

/** The guess being read ('pending'), the engine's guess, or null when it cannot tell. */
export type SlotGuess = GarmentSlot | null | 'pending';

/**
 * The engine's guess for a picture (an API image path, a /media/ key or a blob: URL): read once per picture and
 * cached. 'pending' while it is read; null without a picture or when the engine cannot tell.
 */
export function useGarmentGuess(src: string | null | undefined): SlotGuess {
  const { url, state } = useResolvedImageUrl(src);
  const q = useQuery({
    queryKey: queryKeys.garmentGuess(src ?? ''),
    queryFn: ({ signal }) => guessGarmentSlot(url!, signal),
    enabled: !!url,
    staleTime: Infinity,
    retry: false,
  });
  if (!src || state === 'none' || state === 'unavailable') return null;
  if (!url || q.isPending) return 'pending';
  return q.data ?? null;
}

/** The slot to use: the person's choice, else the guess (null: neither, the API then guesses itself). */
export const slotToUse = (chosen: GarmentSlot | null, guess: SlotGuess): GarmentSlot | null =>
  chosen ?? (guess === 'pending' ? null : guess);

/** The field: five choices, the guess checked until the person picks another, and what it means. */
export function GarmentSlotField({
  name,
  value,
  guess,
  onChange,
  className,
}: {
  name: string;
  /** The person's choice; null: not chosen (the guess is shown checked). */
  value: GarmentSlot | null;
  guess: SlotGuess;
  onChange: (slot: GarmentSlot) => void;
  className?: string;
}) {
  const shown = slotToUse(value, guess);
  const hintId = `${name}-hint`;
  const hint =
    guess === 'pending' && !value
      ? SLOT_FIELD_TEXTS.guessing
      : value && guess && guess !== 'pending' && value !== guess
        ? SLOT_FIELD_TEXTS.changed(value, guess)
        : guess && guess !== 'pending' && (!value || value === guess)
          ? SLOT_FIELD_TEXTS.guess(guess)
          : value
            ? SLOT_FIELD_TEXTS.why
            : SLOT_FIELD_TEXTS.noGuess;
  return (
    <fieldset className={cn('min-w-0', className)} data-testid="garment-slot" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-semibold">{SLOT_FIELD_TEXTS.legend}</legend>
      <p
        id={hintId}
        className="mb-2 flex items-center gap-2 text-sm text-muted-foreground"
        data-testid="garment-slot-hint"
        aria-live="polite"
      >
        {guess === 'pending' && !value ? <SpinnerIcon /> : null}
        {hint}
      </p>
      <div className="flex flex-wrap gap-2" role="presentation">
        {GARMENT_SLOTS.map((slot) => (
          <label
            key={slot}
            className={cn(
              'inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border bg-card px-3 py-1.5 text-sm transition-colors hover:bg-muted/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              // drawn from the state, not :has(:checked) (Chromium may keep a :has style after a radio is unchecked)
              shown === slot ? 'border-primary bg-primary/10 font-medium' : 'border-border',
            )}
          >
            <input
              type="radio"
              name={name}
              value={slot}
              checked={shown === slot}
              onChange={() => onChange(slot)}
              className="h-4 w-4 shrink-0 accent-primary"
              data-testid={`garment-slot-${slot}`}
            />
            {SLOT_LABELS[slot]}
            {guess === slot ? <span className="text-xs font-normal text-muted-foreground">(our guess)</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
