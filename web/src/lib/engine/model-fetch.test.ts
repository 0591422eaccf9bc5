import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotCached, type LoadProgress } from './engine-protocol';
import { fetchModels, type ModelUrls } from './model-fetch';
import { engineFetch, engineFilesCached, pruneEngineCache } from './engine-cache';

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

  it('a warm-up reads Cache Storage alone: a miss is NotCached without any request', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('caches', fakeCaches());
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(null, { status: 504 });
    });
    await expect(fetchModels(URLS, 'cached-only', () => undefined)).rejects.toBeInstanceOf(NotCached);
    expect(fetched).toEqual([]);
  });

  it('keeps the files of a download in Cache Storage: the next load (a second visit) downloads nothing', async () => {
    const storage = fakeCaches();
    vi.stubGlobal('caches', storage);
    const fetched: string[] = [];
    const bodies: Record<string, () => Response> = {
      [URLS.poseJson]: () => new Response(json('pose')),
      [URLS.segmentationJson]: () => new Response(json('seg')),
      [URLS.poseWeights]: () => new Response(new Uint8Array(900).fill(1), { headers: { 'content-length': '900' } }),
      [URLS.segmentationWeights]: () => new Response(new Uint8Array(300).fill(2)),
    };
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return bodies[url]!();
    });
    await fetchModels(URLS, 'network', () => undefined);
    expect(fetched.sort()).toEqual(Object.values(URLS).sort());
    await vi.waitFor(() => expect(storage.size()).toBe(4));

    fetched.length = 0;
    const seen: LoadProgress[] = [];
    const again = await fetchModels(URLS, 'network', (p) => seen.push(p));
    expect(fetched).toEqual([]);
    expect(new Uint8Array(again.pose.weights)).toEqual(new Uint8Array(900).fill(1));
    expect(again.segmentation.json.modelTopology).toEqual({ name: 'seg' });
    // a warm-up now finds them too
    await expect(fetchModels(URLS, 'cached-only', () => undefined)).resolves.toBeTruthy();
    expect(fetched).toEqual([]);
  });

  it('never keeps a failed download', async () => {
    const storage = fakeCaches();
    vi.stubGlobal('caches', storage);
    vi.stubGlobal('fetch', async () => new Response('busy', { status: 503 }));
    await expect(fetchModels(URLS, 'network', () => undefined)).rejects.toThrow(/503/);
    expect(storage.size()).toBe(0);
  });
});

describe('the engine cache (Cache Storage)', () => {
  it('says whether every file is kept, asks nothing of the network, and prunes an older build', async () => {
    const storage = fakeCaches();
    vi.stubGlobal('caches', storage);
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response('x');
    });
    expect(await engineFilesCached(['/assets/a.bin'])).toBe(false);
    await engineFetch('/assets/old.bin');
    await engineFetch('/assets/a.bin');
    await vi.waitFor(() => expect(storage.size()).toBe(2));
    fetched.length = 0;
    expect(await engineFilesCached(['/assets/a.bin'])).toBe(true);
    await pruneEngineCache(['/assets/a.bin']);
    expect(storage.size()).toBe(1);
    expect(await engineFilesCached(['/assets/old.bin'])).toBe(false);
    expect(fetched).toEqual([]);
  });

  it('answers from the network when the browser has no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    vi.stubGlobal('fetch', async () => new Response('net'));
    expect(await (await engineFetch('/assets/a.bin')).text()).toBe('net');
    expect(await engineFilesCached(['/assets/a.bin'])).toBe(false);
  });
});

/** An in-memory CacheStorage with one cache (jsdom has none): what a browser's Cache Storage does for these calls. */
function fakeCaches() {
  const entries = new Map<string, { body: ArrayBuffer; init: ResponseInit }>();
  const cache = {
    async match(url: string) {
      const e = entries.get(url);
      return e ? new Response(e.body.slice(0), e.init) : undefined;
    },
    async put(url: string, res: Response) {
      const body = await res.arrayBuffer();
      entries.set(url, { body, init: { status: res.status, headers: res.headers } });
    },
    async keys() {
      return [...entries.keys()].map((url) => ({ url }));
    },
    async delete(req: { url: string }) {
      return entries.delete(req.url);
    },
  };
  return { open: async () => cache, size: () => entries.size };
}
