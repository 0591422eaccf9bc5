/**
 * Bundle budgets (issue 28): what each screen downloads first, measured by the build the browser tests run
 * (web/build/first-load-report.ts writes .cache/web-first-load.json), held to web/bundle-budgets.ts. Bytes of
 * gzip at a fixed level: deterministic, not a timing test.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { FIRST_LOAD_REPORT, type FirstLoadReport } from '../../web/build/first-load-report';
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
