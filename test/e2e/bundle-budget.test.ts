/**
 * Bundle budgets (issue 28): what each screen downloads first, measured by the build the browser tests run
 * (web/build/first-load-report.ts writes .cache/web-first-load.json), held to web/bundle-budgets.ts. Bytes of
 * gzip at a fixed level: deterministic, not a timing test. And the pages prerendered by that build
 * (web/build/prerender.ts): what they are made of, read from web/dist (no browser).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '../../shared/domain/prerendered-pages';
import { FIRST_LOAD_REPORT, PRERENDERED_SCREENS, type FirstLoadReport } from '../../web/build/first-load-report';
import { ENTRY_BUDGET_KIB, SCREEN_BUDGETS_KIB } from '../../web/bundle-budgets';
import { describeE2E } from '../support/e2e';

const root = path.resolve(import.meta.dirname, '../..');
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

describeE2E('bundle budgets', () => {
  const load = (): FirstLoadReport => {
    // written by the build of this run (the global setup's), not left over from an older one
    const built = statSync(path.join(root, 'web/dist/index.html')).mtimeMs;
    expect(statSync(FIRST_LOAD_REPORT).mtimeMs).toBeGreaterThanOrEqual(built - 60_000);
    return JSON.parse(readFileSync(FIRST_LOAD_REPORT, 'utf8')) as FirstLoadReport;
  };

  it('the entry chunk and its static imports stay within their budget', () => {
    const r = load();
    expect(r.entry.files.length).toBeGreaterThan(0);
    expect(kib(r.entry.jsGzipBytes)).toBeLessThanOrEqual(ENTRY_BUDGET_KIB);
  });

  it('a prerendered page first loads its island script alone, far below the SPA (issue 28: landing <= 80 KiB)', () => {
    const r = load();
    expect(r.island?.files).toEqual([expect.stringMatching(/^assets\/island-[\w-]+\.js$/)]);
    for (const screen of Object.values(PRERENDERED_SCREENS)) {
      expect(r.screens[screen], screen).toEqual(r.island);
      expect(r.screens[`${screen}#spa`]!.jsGzipBytes, screen).toBeGreaterThan(10 * r.island!.jsGzipBytes);
    }
    expect(SCREEN_BUDGETS_KIB['landing/components/landing-page']).toBeLessThanOrEqual(80);
  });

  it("the prerendered pages are the SPA's HTML with the hero, plans and footer, and no inline script", () => {
    const r = load();
    for (const [pathname, file] of Object.entries(PRERENDERED_PAGES)) {
      const html = readFileSync(path.join(root, 'web/dist', file), 'utf8');
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      // theme-init.js (before the first paint) and the island, both external files: the CSP stays script-src 'self'
      expect(scripts, pathname).toEqual([
        '<script src="/theme-init.js">',
        `<script type="module" crossorigin src="/${r.island!.files[0]}">`,
      ]);
      expect(html, pathname).toContain('<html lang="en" data-prerendered data-spa-entry="/assets/');
      expect(html, pathname).toContain('<footer');
      expect(html, pathname).not.toContain('<noscript>');
    }
    const landing = readFileSync(path.join(root, 'web/dist', PRERENDERED_PAGES['/']), 'utf8');
    expect(landing).toContain('See yourself in every style</h1>');
    for (const plan of ['trial', 'starter', 'creator']) expect(landing).toContain(`data-testid="plan-${plan}"`);
    expect(landing).toContain('data-testid="newsletter"');
    expect(readFileSync(path.join(root, 'web/dist', PRERENDERED_PAGES['/privacy']), 'utf8')).toContain(
      '<title>Privacy · Fitly</title>',
    );
  });

  it('every screen has a budget, and its first-load JS stays within it', () => {
    const r = load();
    const screens = Object.keys(r.screens).sort();
    // the report found the lazy screens of web/src/app/screens.tsx (landing and dashboard among them)
    expect(screens).toEqual(
      expect.arrayContaining(['landing/components/landing-page', 'dashboard/components/dashboard-page']),
    );
    expect({ withoutBudget: screens.filter((s) => !(s in SCREEN_BUDGETS_KIB)) }).toEqual({ withoutBudget: [] });
    expect({ budgetWithoutScreen: Object.keys(SCREEN_BUDGETS_KIB).filter((s) => !(s in r.screens)) }).toEqual({
      budgetWithoutScreen: [],
    });
    const over = screens
      .filter((s) => kib(r.screens[s]!.jsGzipBytes) > SCREEN_BUDGETS_KIB[s]!)
      .map((s) => `${s}: ${kib(r.screens[s]!.jsGzipBytes)} KiB > ${SCREEN_BUDGETS_KIB[s]} KiB`);
    expect(over).toEqual([]);
  });
});
