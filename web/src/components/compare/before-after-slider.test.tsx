import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BeforeAfterSlider } from './before-after-slider';
import { SLIDER_STEP_LARGE, SLIDER_STEP_SMALL, sliderKey } from './slider';
import { parseCompareIds, toggleSelection } from '../../lib/compare';

function renderSlider() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BeforeAfterSlider resultSrc="" originalSrc="" title="Linen" />
    </QueryClientProvider>,
  );
  return screen.getByRole('slider');
}

const now = (el: HTMLElement) => Number(el.getAttribute('aria-valuenow'));

describe('before/after slider: works without dragging (WCAG 2.2 2.5.7)', () => {
  it('is a focusable slider with its value, moved by the arrow, page, Home and End keys', () => {
    const slider = renderSlider();
    expect(slider.tabIndex).toBe(0);
    expect(slider.getAttribute('aria-valuemin')).toBe('0');
    expect(slider.getAttribute('aria-valuemax')).toBe('100');
    expect(now(slider)).toBe(50);
    expect(slider.getAttribute('aria-valuetext')).toBe('50% result, 50% original photo');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(now(slider)).toBe(50 + SLIDER_STEP_SMALL);
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.keyDown(slider, { key: 'ArrowDown' });
    expect(now(slider)).toBe(50 - SLIDER_STEP_SMALL);
    fireEvent.keyDown(slider, { key: 'PageUp' });
    expect(now(slider)).toBe(50 - SLIDER_STEP_SMALL + SLIDER_STEP_LARGE);
    fireEvent.keyDown(slider, { key: 'End' });
    expect(now(slider)).toBe(100);
    fireEvent.keyDown(slider, { key: 'ArrowRight' }); // clamped
    expect(now(slider)).toBe(100);
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(now(slider)).toBe(0);
    fireEvent.keyDown(slider, { key: 'a' }); // other keys do nothing
    expect(now(slider)).toBe(0);
  });

  it('moves with the buttons, which disable at the ends', () => {
    const slider = renderSlider();
    const more = screen.getByRole('button', { name: /more result/i });
    const less = screen.getByRole('button', { name: /more original/i });
    fireEvent.click(more);
    fireEvent.click(more);
    expect(now(slider)).toBe(100);
    expect((more as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(less);
    expect(now(slider)).toBe(100 - SLIDER_STEP_LARGE);
    expect((more as HTMLButtonElement).disabled).toBe(false);
  });

  it('labels the result as AI-generated', () => {
    renderSlider();
    expect(screen.getByTestId('ai-badge').textContent).toContain('AI-generated');
  });
});

describe('slider and selection rules', () => {
  it('keys clamp to 0..100', () => {
    expect(sliderKey(98, 'ArrowUp')).toBe(100);
    expect(sliderKey(3, 'PageDown')).toBe(0);
    expect(sliderKey(50, 'Tab')).toBeNull();
  });
  it('compare ids: 2 to 4 distinct, well-formed ids, or nothing', () => {
    expect(parseCompareIds('a,b')).toEqual({ ok: true, ids: ['a', 'b'] });
    expect(parseCompareIds('a,b,c,d')).toEqual({ ok: true, ids: ['a', 'b', 'c', 'd'] });
    for (const bad of [null, '', 'a', 'a,a', 'a,b,c,d,e', 'a,../b', 'a,b c'])
      expect(parseCompareIds(bad)).toEqual({ ok: false });
  });
  it('a selection holds at most 4', () => {
    let s: string[] = [];
    for (const id of ['a', 'b', 'c', 'd', 'e']) s = toggleSelection(s, id);
    expect(s).toEqual(['a', 'b', 'c', 'd']);
    expect(toggleSelection(s, 'b')).toEqual(['a', 'c', 'd']);
  });
});
