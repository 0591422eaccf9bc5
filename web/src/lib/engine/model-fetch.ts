/**
 * The engine's model files over the network (or from the browser's cache only), with one progress over their
 * bytes; the engine's Web Worker parses and loads them (./browser-runtime.ts).
 */
import { parseModelJson, type ModelJson } from '@shared/engine/perception/tf-models';
import type { LoadProgress } from './engine-protocol';
import { engineFetch } from './engine-cache';

/**
 * How the models are fetched: `network` as usual (the engine's Cache Storage first, else a download kept there:
 * ./engine-cache.ts), `cached-only` from that cache or not at all (a warm-up the person did not ask for must
 * never download 14 MB).
 */
export type ModelFetch = 'network' | 'cached-only';

/** The bytes of `url`, reporting each chunk's length as it arrives. */
async function fetchBytes(
  url: string,
  mode: ModelFetch,
  onLength: (total: number) => void,
  onChunk: (n: number) => void,
): Promise<ArrayBuffer> {
  // from Cache Storage when kept (no request at all), else downloaded and kept; cached-only throws NotCached
  const res = await engineFetch(url, mode === 'cached-only');
  if (!res.ok || !res.body) throw new Error(`Could not load ${url}: ${res.status}`);
  // a compressed response's length is not the bytes it gives
  const length = res.headers.get('content-encoding') ? 0 : Number(res.headers.get('content-length') ?? 0);
  onLength(length);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    onChunk(value.byteLength);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out.buffer;
}

/** Where the four files are (./model-urls.ts in the build). */
export interface ModelUrls {
  poseJson: string;
  poseWeights: string;
  segmentationJson: string;
  segmentationWeights: string;
}

type ModelFile = { json: ModelJson; weights: ArrayBuffer };
export interface ModelFiles {
  pose: ModelFile;
  segmentation: ModelFile;
}

/** The four model files, fetched at once; progress over the bytes whose length is known. */
export async function fetchModels(
  at: ModelUrls,
  mode: ModelFetch,
  onProgress: (p: LoadProgress) => void,
): Promise<ModelFiles> {
  const urls = [at.poseJson, at.poseWeights, at.segmentationJson, at.segmentationWeights];
  const totals = urls.map(() => 0);
  const loaded = urls.map(() => 0);
  let lengthsKnown = 0;
  // progress only once every file's length is known: a small file done before a large one's headers came
  // would otherwise show 36 % and then fall back to 0 %
  const report = () => {
    if (lengthsKnown < urls.length) return;
    onProgress({
      loaded: loaded.reduce((s, n) => s + n, 0),
      // a file of unknown length counts as what came of it so far
      total: totals.reduce((s, n, i) => s + Math.max(n, loaded[i]!), 0),
    });
  };
  const files = await Promise.all(
    urls.map((url, i) =>
      fetchBytes(
        url,
        mode,
        (n) => {
          totals[i] = n;
          lengthsKnown += 1;
          report();
        },
        (n) => {
          loaded[i]! += n;
          report();
        },
      ),
    ),
  );
  const text = (b: ArrayBuffer) => new TextDecoder().decode(b);
  return {
    pose: { json: parseModelJson(text(files[0]!)), weights: files[1]! },
    segmentation: { json: parseModelJson(text(files[2]!)), weights: files[3]! },
  };
}
