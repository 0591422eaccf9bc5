/**
 * The before/after slider's value (0 = all original photo, 100 = all result) and how it moves without
 * dragging (WCAG 2.2 2.5.7): arrow keys by SMALL, Page Up/Down by LARGE, Home/End to the ends, and the
 * buttons by LARGE.
 */
export const SLIDER_MIN = 0;
export const SLIDER_MAX = 100;
export const SLIDER_START = 50;
export const SLIDER_STEP_SMALL = 5;
export const SLIDER_STEP_LARGE = 25;

export const clampSlider = (v: number): number => Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, Math.round(v)));

/** The new value for a key, or null when the key does not move the slider. */
export function sliderKey(value: number, key: string): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clampSlider(value + SLIDER_STEP_SMALL);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampSlider(value - SLIDER_STEP_SMALL);
    case 'PageUp':
      return clampSlider(value + SLIDER_STEP_LARGE);
    case 'PageDown':
      return clampSlider(value - SLIDER_STEP_LARGE);
    case 'Home':
      return SLIDER_MIN;
    case 'End':
      return SLIDER_MAX;
    default:
      return null;
  }
}

/** Pointer position inside the element -> value. */
export const sliderFromPointer = (clientX: number, left: number, width: number): number =>
  width > 0 ? clampSlider(((clientX - left) / width) * 100) : SLIDER_START;

export const sliderValueText = (v: number): string => `${v}% result, ${100 - v}% original photo`;
