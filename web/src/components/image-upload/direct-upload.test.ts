import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FINALIZE_RETRY_DELAYS_MS, finalizeUpload } from './direct-upload';

vi.mock('../../lib/auth', () => ({ getIdToken: async () => 'token' }));

const fetchMock = vi.fn();
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sentIds = () =>
  fetchMock.mock.calls.map((call: unknown[]) => {
    const [url, init] = call as [string, RequestInit];
    return [url, (JSON.parse(String(init.body)) as { uploadId: string }).uploadId];
  });

describe('finalizeUpload (issue 27: the finalize is exactly-once, so a lost answer is asked again)', () => {
  it('sends the same finalize again after a network failure and a 503, then answers the image', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json({ message: 'Service unavailable', code: 'unavailable' }, 503))
      .mockResolvedValueOnce(json({ url: '/api/private-image/users/u/outfits/X.jpg' }, 201));
    const done = finalizeUpload('outfit.01J0000000000000000000000X');
    await vi.advanceTimersByTimeAsync(FINALIZE_RETRY_DELAYS_MS[0]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(FINALIZE_RETRY_DELAYS_MS[1]);
    await expect(done).resolves.toEqual({ url: '/api/private-image/users/u/outfits/X.jpg' });
    expect(sentIds()).toEqual(
      Array.from({ length: 3 }, () => ['/api/uploads/complete', 'outfit.01J0000000000000000000000X']),
    );
  });

  it('does not retry an answer that is final (404 expired, 400 refused)', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ message: 'Upload not found or expired. Please upload the image again.', code: 'not_found' }, 404),
    );
    await expect(finalizeUpload('outfit.01J0000000000000000000000X')).rejects.toMatchObject({ status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after the last delay with the last error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const done = finalizeUpload('outfit.01J0000000000000000000000X');
    const outcome = expect(done).rejects.toBeInstanceOf(TypeError);
    await vi.advanceTimersByTimeAsync(FINALIZE_RETRY_DELAYS_MS[0] + FINALIZE_RETRY_DELAYS_MS[1]);
    await outcome;
    expect(fetchMock).toHaveBeenCalledTimes(FINALIZE_RETRY_DELAYS_MS.length + 1);
  });
});
