/**
 * One request can never stop the local stack (issue 40): every API request runs in its own async scope, and an
 * exception that escapes it (thrown in an event callback of a library, outside any promise the request awaits)
 * fails that request with a 500 while the process goes on serving. An exception outside any request still ends
 * the process, as Node would (a fault of the stack itself must not be hidden).
 *
 * In AWS each invocation runs in its own function instance: there a throw like that ends the instance, which is
 * why the pipeline itself must not throw outside its promise (functions/lib/multipart.ts); this is the local
 * stack's second line.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<(err: unknown) => void>();

/**
 * Run one request's work: resolves or rejects as `work` does, and also rejects with any exception that escapes
 * into the process from the request's own async context (only when containUncaughtErrors is installed).
 */
export function runContained<T>(work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    scope.run(reject, () => {
      work().then(resolve, reject);
    });
  });
}

let installed = false;

/**
 * Install the process-wide handler (once; the local stack's entry point calls it). An escaped exception inside a
 * request scope fails that request; anywhere else it is logged and the process exits with code 1.
 */
export function containUncaughtErrors(log: (line: string) => void): void {
  if (installed) return;
  installed = true;
  const escaped = (err: unknown, kind: string) => {
    const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
    const failRequest = scope.getStore();
    if (failRequest) {
      log(`${kind} in a request (answered 500, the stack goes on): ${text}`);
      failRequest(err);
      return;
    }
    log(`${kind}: ${text}`);
    process.exit(1);
  };
  process.on('uncaughtException', (err) => escaped(err, 'uncaught exception'));
  process.on('unhandledRejection', (reason) => escaped(reason, 'unhandled rejection'));
}
