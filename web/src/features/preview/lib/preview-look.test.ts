import { describe, expect, it } from 'vitest';
import { FRESH_PACE, SLOW_FIRST_PREVIEW_MS, SLOW_PREVIEW_MS, nextPreviewPace, type PreviewPace } from './preview-look';

/** The pace after each of `times` in turn, and the index of the preview that hid the previews (-1: none did). */
function run(times: number[]): { pace: PreviewPace; hiddenAt: number } {
  let pace = FRESH_PACE;
  for (const [i, ms] of times.entries()) {
    const next = nextPreviewPace(pace, ms);
    if (next.tooSlow) return { pace: next, hiddenAt: i };
    pace = next;
  }
  return { pace, hiddenAt: -1 };
}

describe('preview pace: when a device is too slow for previews', () => {
  it('hides the previews after a first preview over the first limit (it also reads the person)', () => {
    expect(run([SLOW_FIRST_PREVIEW_MS + 1]).hiddenAt).toBe(0);
    expect(run([SLOW_FIRST_PREVIEW_MS, 900]).hiddenAt).toBe(-1);
  });

  it('shows one slow later preview (a busy moment) but hides them after two slow ones in a row', () => {
    const slow = SLOW_PREVIEW_MS + 1;
    expect(run([12_000, slow, 900, slow, 900]).hiddenAt).toBe(-1);
    expect(run([12_000, slow, slow, 900]).hiddenAt).toBe(2);
    expect(run([12_000, 900, slow, 900, slow, slow]).hiddenAt).toBe(5);
  });

  it('counts a preview at the limit as fast enough', () => {
    expect(run([12_000, SLOW_PREVIEW_MS, SLOW_PREVIEW_MS, SLOW_PREVIEW_MS]).hiddenAt).toBe(-1);
  });
});
