/**
 * The Fitly engine's model runtime in the browser, a lazy chunk of the engine's Web Worker (./engine-worker.ts,
 * started on the first photo check or preview; never by the landing page or the dashboard, and never on the
 * page's thread): TensorFlow.js core + converter, the WebGL
 * backend when this browser gives a WebGL context, else the WASM backend (its .wasm files are hashed assets of
 * the build, fetched only on that path). The two models (MoveNet Thunder and Selfie, the Node runtime's very
 * files from .cache/engine-models) are hashed assets too, fetched with progress and kept by the browser's cache
 * (immutable URLs: `Cache-Control: public, max-age=31536000, immutable` locally and through CloudFront).
 * How the models are run over a photo is the Node runtime's own code (shared/engine/perception/pose-pipeline.ts).
 */
import * as tfCore from '@tensorflow/tfjs-core';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
// URLs only: a .wasm file is fetched by the WASM backend when it starts (SIMD when the browser has it)
import wasmUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimdUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreadedUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { checkFullBody } from '@shared/engine/checks/full-body';
import { checkPortrait } from '@shared/engine/checks/portrait';
import { analyzePerson } from '@shared/engine/perception/analyze';
import { analyzeWithModels, type PersonModels } from '@shared/engine/perception/pose-pipeline';
import { loadGraph, tfPersonModels, type TfForModels } from '@shared/engine/perception/tf-models';
import {
  prepareGarment,
  readScene,
  tryOn,
  type GarmentInput,
  type GarmentPrepCache,
  type Scene,
} from '@shared/engine/try-on';
import type { VariantOptions } from '@shared/engine/look/variants';
import type { ModelRuntime, PersonAnalysis, RgbaImage } from '@shared/engine/core/types';

import type { EngineBackend, LoadProgress } from './engine-protocol';
import { fetchModels, type ModelFetch, type ModelFiles } from './model-fetch';
import { MODEL_URLS } from './model-urls';
import { engineFetch, pruneEngineCache } from './engine-cache';

export type { EngineBackend, LoadProgress };

const tf: TfForModels = { ...tfCore, loadGraphModel };

/**
 * Whether this browser's WebGL runs on a GPU: no context, or a software renderer (SwiftShader, llvmpipe: what
 * Chromium falls back to without a GPU) is slower than the WASM backend (measured in headless Chromium with
 * `--disable-gpu`: 82 s for the first check, 8 s for the next, against a few seconds on WASM).
 */
function gpuWebGl(): boolean {
  // a worker has no document: an OffscreenCanvas (TensorFlow.js's WebGL backend draws on one there too)
  const canvas = () => new OffscreenCanvas(1, 1);
  const gl = canvas().getContext('webgl2') ?? canvas().getContext('webgl');
  if (!gl) return false;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return !/swiftshader|llvmpipe|softpipe|software|basic render/i.test(renderer);
}

/** Every file of the engine this build names: what its Cache Storage keeps (the rest is pruned). */
const ENGINE_FILES = [...Object.values(MODEL_URLS), wasmUrl, wasmSimdUrl, wasmThreadedUrl];
const WASM_FILES = new Set([wasmUrl, wasmSimdUrl, wasmThreadedUrl].map((u) => new URL(u, self.location.href).href));

/**
 * TensorFlow.js fetches the WASM binary through its platform's fetch: the WASM files go through the engine's
 * Cache Storage (a second visit downloads none), anything else to the platform as before. Prod mode first, so
 * replacing the platform logs nothing.
 */
function routeWasmThroughEngineCache(): void {
  tfCore.enableProdMode();
  const base = tfCore.env().platform;
  const routed = (path: string, init?: RequestInit) =>
    WASM_FILES.has(new URL(path, self.location.href).href) ? engineFetch(path) : base.fetch(path, init);
  // the platform as it is, but for its fetch
  const platform = new Proxy(base, {
    get: (target, prop, receiver): unknown => (prop === 'fetch' ? routed : Reflect.get(target, prop, receiver)),
  });
  tfCore.env().setPlatform('browser', platform);
}

/** WebGL on a GPU first; else the WASM backend (SIMD when the browser has it), also when WebGL does not start. */
async function startBackend(): Promise<EngineBackend> {
  try {
    if (gpuWebGl()) {
      await import('@tensorflow/tfjs-backend-webgl');
      if (await tfCore.setBackend('webgl')) return 'webgl';
    }
  } catch {
    // no WebGL backend here: the WASM one below
  }
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  // the threaded build needs cross-origin isolation (SharedArrayBuffer), which the site does not ask for: it is
  // never fetched, but the map must name it
  // fetched through TensorFlow.js's platform (usePlatformFetch), which reads the engine's Cache Storage first
  routeWasmThroughEngineCache();
  wasm.setWasmPaths(
    {
      'tfjs-backend-wasm.wasm': wasmUrl,
      'tfjs-backend-wasm-simd.wasm': wasmSimdUrl,
      'tfjs-backend-wasm-threaded-simd.wasm': wasmThreadedUrl,
    },
    true,
  );
  if (await tfCore.setBackend('wasm')) return 'wasm';
  throw new Error('Neither the WebGL nor the WASM backend of TensorFlow.js started in this browser');
}

export interface BrowserEngine {
  backend: EngineBackend;
  /** The photo profile's rules on one photo: the full-body rule, or the portrait's. */
  check(image: RgbaImage, kind: 'portrait' | 'full-body'): Promise<{ ok: true } | { ok: false; message: string }>;
  /**
   * The try-on of `garments` on `person` (issue 25's preview), the render worker's own code (tryOn).
   * The person's analysis is kept per image object: the next garment on the same photo skips the models.
   * Throws the engine's EngineRefusal (no full body, no garment found) like the worker.
   */
  tryOn(
    person: RgbaImage,
    garments: GarmentInput[],
    variant?: VariantOptions,
  ): Promise<{ image: RgbaImage; timingsMs: Record<string, number> }>;
  /** Read garments ahead of their try-on (the preview's next look), kept for it; a refusal is left for tryOn. */
  prepare(garments: GarmentInput[]): Promise<void>;
  /**
   * Read the person ahead of the first try-on (the models' analysis and what the try-on reads of the photo),
   * kept for it: the try-on then only places, warps and composites. A refusal is left for tryOn.
   */
  read(person: RgbaImage): Promise<void>;
}

let loading: Promise<BrowserEngine> | undefined;

/**
 * TensorFlow.js's start and the models' download overlap; once per worker (a failure may be retried: a
 * `cached-only` load that found the models missing leaves the next call free to download them).
 */
export function loadBrowserEngine(
  onProgress: (p: LoadProgress) => void,
  mode: ModelFetch = 'network',
): Promise<BrowserEngine> {
  loading ??= (async (): Promise<BrowserEngine> => {
    // a download overlaps TensorFlow.js's start; a cached-only load reads the files first and stops there on a miss
    let files: ModelFiles;
    let backend: EngineBackend;
    if (mode === 'cached-only') {
      files = await fetchModels(MODEL_URLS, mode, onProgress);
      backend = await startBackend();
    } else [backend, files] = await Promise.all([startBackend(), fetchModels(MODEL_URLS, mode, onProgress)]);
    tfCore.enableProdMode();
    // the files of an older build go (hashed names: this build's are the only ones it reads)
    void pruneEngineCache(ENGINE_FILES);
    const pose = await loadGraph(tf, files.pose.json, files.pose.weights);
    const segmentation = await loadGraph(tf, files.segmentation.json, files.segmentation.weights);
    const models: PersonModels = tfPersonModels(tf, pose, segmentation);
    const runtime: ModelRuntime = {
      name: `tfjs-${backend}`,
      analyzePerson: (image) => analyzeWithModels(models, image),
    };
    const analyses = new WeakMap<RgbaImage, PersonAnalysis>();
    const prepared: GarmentPrepCache = new WeakMap();
    const scenes = new WeakMap<RgbaImage, Scene>();
    return {
      backend,
      async prepare(garments) {
        for (const g of garments) await prepareGarment(runtime, g, prepared).catch(() => undefined);
      },
      async read(person) {
        if (analyses.has(person)) return;
        // the try-on's own steps (analyzePerson, readScene), so what it finds kept is what it would compute
        const analysis = await analyzePerson(runtime, person);
        analyses.set(person, analysis);
        if (checkFullBody(analysis).ok && !scenes.has(person)) scenes.set(person, readScene(person, analysis));
      },
      async tryOn(person, garments, variant) {
        const analysis = analyses.get(person);
        const out = await tryOn(runtime, person, garments, { variant, analysis, prepared, scenes });
        analyses.set(person, out.analysis);
        return { image: out.image, timingsMs: out.timingsMs };
      },
      async check(image: RgbaImage, kind: 'portrait' | 'full-body') {
        const analysis = await analyzeWithModels(models, image);
        const verdict = kind === 'portrait' ? checkPortrait(analysis) : checkFullBody(analysis);
        return verdict.ok ? { ok: true as const } : { ok: false as const, message: verdict.message };
      },
    };
  })().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}
