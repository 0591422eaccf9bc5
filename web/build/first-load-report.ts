/**
 * The first-load JavaScript of every screen, written at build time to `.cache/web-first-load.json` (outside
 * web/dist: it is never deployed): the entry chunk with everything it imports statically, plus the screen's own
 * lazy chunk (web/src/app/screens.tsx) with everything that imports statically, each file counted once, in bytes
 * and gzip bytes (zlib level 9: the same bytes give the same size, so a budget on it is not a timing test).
 * test/e2e/bundle-budget.test.ts holds every screen to its budget (web/bundle-budgets.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export interface FirstLoad {
  files: string[];
  jsBytes: number;
  jsGzipBytes: number;
}

export interface FirstLoadReport {
  entry: FirstLoad;
  /** By screen module, e.g. `landing/components/landing-page` (its path under web/src/features, no extension). */
  screens: Record<string, FirstLoad>;
}

export const FIRST_LOAD_REPORT = path.resolve(import.meta.dirname, '../../.cache/web-first-load.json');

const SCREEN = /\/web\/src\/features\/(.+)\.tsx$/;

export function firstLoadReport(): Plugin {
  return {
    name: 'first-load-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { code: string; imports: string[] }>();
      for (const c of Object.values(bundle))
        if (c.type === 'chunk') chunks.set(c.fileName, { code: c.code, imports: c.imports });
      const gz = new Map<string, number>();
      const gzipOf = (f: string) => {
        let n = gz.get(f);
        if (n === undefined) gz.set(f, (n = gzipSync(chunks.get(f)!.code, { level: 9 }).length));
        return n;
      };
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const visit = (f: string) => {
          if (seen.has(f) || !chunks.has(f)) return;
          seen.add(f);
          chunks.get(f)!.imports.forEach(visit);
        };
        start.forEach(visit);
        return seen;
      };
      const measure = (files: Set<string>): FirstLoad => ({
        files: [...files].sort(),
        jsBytes: [...files].reduce((s, f) => s + Buffer.byteLength(chunks.get(f)!.code), 0),
        jsGzipBytes: [...files].reduce((s, f) => s + gzipOf(f), 0),
      });
      const entries = Object.values(bundle).flatMap((c) => (c.type === 'chunk' && c.isEntry ? [c.fileName] : []));
      const entry = closure(entries);
      const screens: Record<string, FirstLoad> = {};
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk' || !c.isDynamicEntry || !c.facadeModuleId) continue;
        const m = SCREEN.exec(c.facadeModuleId.replaceAll('\\', '/'));
        if (!m || !m[1]!.includes('/components/') || !m[1]!.endsWith('-page')) continue;
        screens[m[1]!] = measure(new Set([...entry, ...closure([c.fileName])]));
      }
      const report: FirstLoadReport = { entry: measure(entry), screens };
      mkdirSync(path.dirname(FIRST_LOAD_REPORT), { recursive: true });
      writeFileSync(FIRST_LOAD_REPORT, JSON.stringify(report, null, 1) + '\n');
    },
  };
}
