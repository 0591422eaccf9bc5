import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { AppImage } from '../app-image';
import { Button } from '../button';
import { AiBadge } from '../ai-badge';
import type { MadeBy } from '@shared/domain/provenance';
import {
  SLIDER_MAX,
  SLIDER_MIN,
  SLIDER_START,
  SLIDER_STEP_LARGE,
  clampSlider,
  sliderFromPointer,
  sliderKey,
  sliderValueText,
} from './slider';

/**
 * A result over the original photo with a vertical divider: left of it the result, right of it the photo.
 * Works without dragging (WCAG 2.2 2.5.7): the divider is a focusable role="slider" (arrow keys, Page Up/Down,
 * Home/End) and two buttons move it; dragging the divider also works. `label` names which of several sliders
 * on a page this is ("Look 2", "Variant 3"): results often share a title, their sliders must not share a name.
 */
export function BeforeAfterSlider({
  resultSrc,
  originalSrc,
  title,
  label,
  initial = SLIDER_START,
  madeBy,
}: {
  resultSrc: string;
  originalSrc: string;
  title: string;
  label?: string;
  initial?: number;
  madeBy?: MadeBy | null;
}) {
  const [value, setValue] = useState(clampSlider(initial));
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = sliderKey(value, e.key);
    if (next === null) return;
    e.preventDefault();
    e.stopPropagation(); // arrows move the slider, not the compare carousel
    setValue(next);
  };
  const fromPointer = (e: PointerEvent) => {
    const r = box.current?.getBoundingClientRect();
    if (r) setValue(sliderFromPointer(e.clientX, r.left, r.width));
  };

  return (
    <div className="space-y-2" data-testid="before-after">
      <div
        ref={box}
        className="relative select-none overflow-hidden rounded-xl bg-muted"
        style={{ aspectRatio: '4 / 5' }}
      >
        <AppImage
          src={originalSrc}
          alt={`Original photo for ${title}`}
          width={4}
          height={5}
          className="absolute inset-0 h-full w-full"
          imgClassName="object-cover"
        />
        <div
          className="absolute inset-0"
          style={{ clipPath: `inset(0 ${100 - value}% 0 0)` }}
          aria-hidden={value === 0 ? true : undefined}
        >
          <AppImage
            src={resultSrc}
            alt={`Result: ${title}`}
            width={4}
            height={5}
            className="h-full w-full"
            imgClassName="object-cover"
          />
        </div>
        <AiBadge className="absolute left-2 top-2" size="sm" madeBy={madeBy} />
        <span className="pointer-events-none absolute right-2 top-2 rounded-full bg-black/70 px-1.5 py-0.5 text-[10px] font-medium text-white">
          Original
        </span>
        <div
          role="slider"
          tabIndex={0}
          aria-label={label ? `${label}: result or original photo (${title})` : `Result or original photo: ${title}`}
          aria-valuemin={SLIDER_MIN}
          aria-valuemax={SLIDER_MAX}
          aria-valuenow={value}
          aria-valuetext={sliderValueText(value)}
          aria-orientation="horizontal"
          data-testid="compare-slider"
          onKeyDown={onKeyDown}
          onPointerDown={(e) => {
            dragging.current = true;
            e.currentTarget.setPointerCapture(e.pointerId);
            e.stopPropagation();
          }}
          onPointerMove={(e) => dragging.current && fromPointer(e)}
          onPointerUp={() => (dragging.current = false)}
          onPointerCancel={() => (dragging.current = false)}
          className="absolute inset-y-0 -ml-3 flex w-6 cursor-ew-resize touch-none items-center justify-center focus-visible:outline-none [&:focus-visible>span]:ring-2 [&:focus-visible>span]:ring-ring"
          style={{ left: `${value}%` }}
        >
          <span className="h-full w-0.5 bg-white shadow" aria-hidden="true" />
          <span
            className="absolute flex h-8 w-8 items-center justify-center rounded-full bg-white text-black shadow-md ring-1 ring-black/10"
            aria-hidden="true"
          >
            <ChevronLeft className="h-3 w-3" />
            <ChevronRight className="h-3 w-3" />
          </span>
        </div>
      </div>
      {/* two buttons and the value fit a 390 px phone (the value is the slider's aria-valuetext too) */}
      <div className="flex items-center justify-between gap-1">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => setValue((v) => clampSlider(v - SLIDER_STEP_LARGE))}
          disabled={value <= SLIDER_MIN}
          data-testid="slider-more-original"
          aria-label={label ? `More original: ${label}` : undefined}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          More original
        </Button>
        <span className="min-w-0 truncate text-xs text-muted-foreground" aria-hidden="true">
          {value}%<span className="hidden sm:inline"> result</span>
        </span>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => setValue((v) => clampSlider(v + SLIDER_STEP_LARGE))}
          disabled={value >= SLIDER_MAX}
          data-testid="slider-more-result"
          aria-label={label ? `More result: ${label}` : undefined}
        >
          More result
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
