/**
 * A folder for the test run (test/engine/run-cache.ts): what the engine's test files make again and again from the
 * same inputs (drawn product photos, a person's analysis) is made once per run and read by the other files. Removed
 * when the run ends, so nothing is carried from one run to the next.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    runCache: string;
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tryon-run-cache-'));
  project.provide('runCache', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
