/**
 * The apps the browser tests run against (one per test worker), as the e2e global setup and the workers share them:
 * a worker writes `app-<k>.wanted` to ask for app k, the global setup writes `app-<k>.json` once it is up (or could
 * not start). test/support/e2e-global-setup.ts starts them; `useBrowser` (test/support/e2e.ts) waits for its own.
 */
import path from 'node:path';

/** What the global setup writes to `app-<k>.json` once app k is up, or could not start. */
export type AppStatus = { ok: true; baseUrl: string } | { ok: false; error: string };

export const appStatusFile = (statusDir: string, k: number) => path.join(statusDir, `app-${k}.json`);
export const appWantedFile = (statusDir: string, k: number) => path.join(statusDir, `app-${k}.wanted`);

declare module 'vitest' {
  export interface ProvidedContext {
    /** `apps`: how many apps there are (one per worker); their status files are in `statusDir`. */
    e2e: { apps: number; statusDir: string } | null;
  }
}
