import { describe, expect, it, vi } from 'vitest';
import { GENERATION_TIMED_OUT, pollGeneration } from './poll-generation';

const seq = (...statuses: { status: string; error?: string | null }[]) => {
  let i = 0;
  return vi.fn(async () => statuses[Math.min(i++, statuses.length - 1)]!);
};

describe('pollGeneration', () => {
  it('sleeps the interval before each read and returns the completed generation', async () => {
    const sleep = vi.fn(async () => {});
    const fetchOnce = seq({ status: 'pending' }, { status: 'processing' }, { status: 'completed' });
    await expect(pollGeneration(fetchOnce, { intervalMs: 1000, maxTries: 60, sleep })).resolves.toEqual({
      status: 'completed',
    });
    expect(fetchOnce).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[1000], [1000], [1000]]);
  });

  it('raises the error of a failed generation', async () => {
    const fetchOnce = seq({ status: 'pending' }, { status: 'failed', error: 'Provider refused' });
    await expect(pollGeneration(fetchOnce, { sleep: async () => {} })).rejects.toThrow('Provider refused');
  });

  it('gives up after maxTries reads with "Generation timed out" (defaults: 60 reads)', async () => {
    const fetchOnce = seq({ status: 'processing' });
    const sleep = vi.fn(async () => {});
    await expect(pollGeneration(fetchOnce, { sleep })).rejects.toThrow(GENERATION_TIMED_OUT);
    expect(fetchOnce).toHaveBeenCalledTimes(60);
    expect(sleep).toHaveBeenCalledWith(1000);
    const three = seq({ status: 'pending' });
    await expect(pollGeneration(three, { maxTries: 3, sleep })).rejects.toThrow(GENERATION_TIMED_OUT);
    expect(three).toHaveBeenCalledTimes(3);
  });
});
