/**
 * The engine's own files (the models, the WASM backend's binary) kept in Cache Storage (issue 39): a browser whose
 * HTTP cache lives in memory (a private window; also the e2e browser) will not keep the 12.5 MB pose model there,
 * so without this every page load downloaded the engine again. Here a second visit reads them from the cache and
 * downloads nothing; a look in the cache never touches the network (the warm-up's question "is the engine here?"
 * used to be an `only-if-cached` fetch, which the console logged as ERR_CACHE_MISS on every style page).
 *
 * The files are the build's hashed assets (public, immutable, the same for everyone, nothing about the person):
 * entries whose URL the current build no longer names are deleted after each load (`pruneEngineCache`).
 * Where Cache Storage is missing or refuses (an insecure origin, a full disk), the network answers as before.
 */
import { NotCached } from './engine-protocol';

/** The cache's name; a new version of this module's format would bump it. */
export const ENGINE_CACHE = 'fitly-engine-v1';

const absolute = (url: string): string => new URL(url, self.location.href).href;

async function openCache(): Promise<Cache | undefined> {
  try {
    return typeof caches === 'undefined' ? undefined : await caches.open(ENGINE_CACHE);
  } catch {
    return undefined; // Cache Storage refused (insecure origin, storage blocked)
  }
}

/** The kept copy of `url`, or undefined; never a network request. */
export async function cachedEngineFile(url: string): Promise<Response | undefined> {
  const cache = await openCache();
  return (await cache?.match(absolute(url)).catch(() => undefined)) ?? undefined;
}

/** Whether every one of `urls` is kept (the engine ran in this browser before and can warm up without a download). */
export async function engineFilesCached(urls: readonly string[]): Promise<boolean> {
  const cache = await openCache();
  if (!cache) return false;
  const found = await Promise.all(urls.map((u) => cache.match(absolute(u)).catch(() => undefined)));
  return found.every((r) => r !== undefined);
}

/**
 * `url` from the cache when kept, else (unless `cachedOnly`, which throws NotCached) from the network, kept
 * for next time once its whole body has arrived. The answer's body can be read as it streams in either case.
 */
export async function engineFetch(url: string, cachedOnly = false): Promise<Response> {
  const cache = await openCache();
  const hit = await cache?.match(absolute(url)).catch(() => undefined);
  if (hit) return hit;
  if (cachedOnly) throw new NotCached(url);
  const res = await fetch(url);
  // a partial or failed answer is never kept; put() stores the copy when its body is complete
  if (cache && res.ok && res.status === 200) void cache.put(absolute(url), res.clone()).catch(() => undefined);
  return res;
}

/** Delete kept files that are not among `current` (a new build's hashed URLs replace the old ones). */
export async function pruneEngineCache(current: readonly string[]): Promise<void> {
  const cache = await openCache();
  if (!cache) return;
  const keep = new Set(current.map(absolute));
  const none: readonly Request[] = [];
  const keys = await cache.keys().catch(() => none);
  await Promise.all(keys.filter((k) => !keep.has(k.url)).map((k) => cache.delete(k).catch(() => false)));
}
