import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotCached, type LoadProgress } from './engine-protocol';
import { fetchModels, type ModelUrls } from './model-fetch';

const URLS: ModelUrls = {
  poseJson: '/assets/pose.json',
  poseWeights: '/assets/pose.bin',
  segmentationJson: '/assets/seg.json',
  segmentationWeights: '/assets/seg.bin',
};
const json = (name: string) =>
  new TextEncoder().encode(JSON.stringify({ modelTopology: { name }, weightsManifest: [{ paths: [], weights: [] }] }));

/** A response whose headers come when `headers` is released and whose body comes in `chunks` pieces. */
function slowResponse(body: Uint8Array, opts: { chunks: number; lengthKnown: boolean }) {
  let release!: () => void;
  const headers = new Promise<void>((r) => (release = r));
  const size = Math.ceil(body.byteLength / opts.chunks);
  const response = headers.then(
    () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < body.byteLength; at += size) controller.enqueue(body.slice(at, at + size));
            controller.close();
          },
        }),
        {
          headers: opts.lengthKnown ? { 'content-length': String(body.byteLength) } : { 'content-encoding': 'br' },
        },
      ),
  );
  return { response, release };
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchModels (the engine download with its progress)', () => {
  it('reports progress only once every length is known, never going back, ending at all bytes', async () => {
    // the two JSON files answer at once; the weights' headers come later (what made CI's bar show 36 % then 0 %)
    const poseBin = slowResponse(new Uint8Array(9_000).fill(1), { chunks: 9, lengthKnown: true });
    const segBin = slowResponse(new Uint8Array(3_000).fill(2), { chunks: 3, lengthKnown: true });
    const bodies: Record<string, () => Promise<Response>> = {
      [URLS.poseJson]: async () => new Response(json('pose'), { headers: { 'content-length': '64' } }),
      [URLS.segmentationJson]: async () => new Response(json('seg')),
      [URLS.poseWeights]: () => poseBin.response,
      [URLS.segmentationWeights]: () => segBin.response,
    };
    vi.stubGlobal('fetch', (url: string) => bodies[url]!());
    const seen: LoadProgress[] = [];
    const done = fetchModels(URLS, 'network', (p) => seen.push(p));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([]);
    poseBin.release();
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([]);
    segBin.release();
    const files = await done;

    // the length of the last file, then its chunks (the others came while its headers were awaited)
    expect(seen.length).toBeGreaterThanOrEqual(4);
    const fractions = seen.map((p) => p.loaded / p.total);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    const last = seen.at(-1)!;
    expect(last.loaded).toBe(last.total);
    expect(last.loaded).toBe(9_000 + 3_000 + json('pose').byteLength + json('seg').byteLength);
    expect(files.pose.json.modelTopology).toEqual({ name: 'pose' });
    expect(files.segmentation.json.modelTopology).toEqual({ name: 'seg' });
    expect(new Uint8Array(files.pose.weights)).toEqual(new Uint8Array(9_000).fill(1));
    expect(new Uint8Array(files.segmentation.weights)).toEqual(new Uint8Array(3_000).fill(2));
  });

  it('counts a compressed file (length unknown) as what came of it, still never going back', async () => {
    const gz = slowResponse(new Uint8Array(5_000).fill(3), { chunks: 5, lengthKnown: false });
    gz.release();
    const bodies: Record<string, () => Promise<Response>> = {
      [URLS.poseJson]: async () => new Response(json('pose'), { headers: { 'content-length': '64' } }),
      [URLS.segmentationJson]: async () => new Response(json('seg'), { headers: { 'content-length': '63' } }),
      [URLS.poseWeights]: () => gz.response,
      [URLS.segmentationWeights]: async () =>
        new Response(new Uint8Array(2_000), { headers: { 'content-length': '2000' } }),
    };
    vi.stubGlobal('fetch', (url: string) => bodies[url]!());
    const seen: LoadProgress[] = [];
    await fetchModels(URLS, 'network', (p) => seen.push(p));
    const fractions = seen.map((p) => p.loaded / p.total);
    expect(fractions.length).toBeGreaterThan(0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  });

  it('asks the cache only for a warm-up, and says NotCached when the cache misses (504)', async () => {
    const asked: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      asked.push(init);
      return new Response(null, { status: 504 });
    });
    await expect(fetchModels(URLS, 'cached-only', () => undefined)).rejects.toBeInstanceOf(NotCached);
    expect(asked[0]).toEqual({ cache: 'only-if-cached', mode: 'same-origin' });
  });
});
