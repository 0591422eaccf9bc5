/**
 * The first-load JavaScript of every screen, written at build time to `.cache/web-first-load.json` (outside
 * web/dist: it is never deployed): the SPA's entry chunk with everything it imports statically, plus the screen's own
 * lazy chunk (web/src/app/screens.tsx) with everything that imports statically, each file counted once, in bytes
 * and gzip bytes (zlib level 9: the same bytes give the same size, so a budget on it is not a timing test).
 * A screen whose page is prerendered (shared/domain/prerendered-pages.ts) first loads what that page loads: the
 * island script (web/build/prerender.ts) and its static imports; its figure as an SPA route (an unknown path falls
 * back to the landing page, or a link inside the SPA) is kept under `<screen>#spa`.
 * test/e2e/bundle-budget.test.ts holds every screen to its budget (web/bundle-budgets.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { PRERENDERED_PAGES } from '../../shared/domain/prerendered-pages';

export interface FirstLoad {
  files: string[];
  jsBytes: number;
  jsGzipBytes: number;
}

export interface FirstLoadReport {
  /** The SPA's entry (src/main.tsx) and its static imports. */
  entry: FirstLoad;
  /** The prerendered pages' island script (web/build/prerender.ts adds it once built). */
  island?: FirstLoad;
  /**
   * By screen module, e.g. `landing/components/landing-page` (its path under web/src/features, no extension); a
   * prerendered screen's figure is its page's (the island), its SPA route's is under `<screen>#spa`.
   */
  screens: Record<string, FirstLoad>;
}

/** The screen modules of the prerendered pages (each page's screen in web/src/app/screens.tsx). */
export const PRERENDERED_SCREENS: Record<keyof typeof PRERENDERED_PAGES, string> = {
  '/': 'landing/components/landing-page',
  '/privacy': 'privacy/components/privacy-page',
};

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

/**
 * The prerendered pages' figures, once their island script is built (web/build/prerender.ts): each prerendered
 * screen first loads the island (its only script, no static imports), its SPA route's figure moves to `<screen>#spa`.
 */
export function addIslandToReport(file: string, code: string): void {
  const report: FirstLoadReport = JSON.parse(readFileSync(FIRST_LOAD_REPORT, 'utf8'));
  const island: FirstLoad = {
    files: [file],
    jsBytes: Buffer.byteLength(code),
    jsGzipBytes: gzipSync(code, { level: 9 }).length,
  };
  report.island = island;
  for (const screen of Object.values(PRERENDERED_SCREENS)) {
    const spa = report.screens[screen];
    if (!spa) throw new Error(`first-load report: no screen ${screen}`);
    report.screens[`${screen}#spa`] = spa;
    report.screens[screen] = island;
  }
  writeFileSync(FIRST_LOAD_REPORT, JSON.stringify(report, null, 1) + '\n');
}
