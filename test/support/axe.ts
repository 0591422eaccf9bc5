/**
 * The browser files' accessibility check: axe-core's whole rule set on the page as it is, violations only.
 * `resultTypes: ['violations']` keeps every rule and every violation with its nodes; it only spares axe the
 * selectors and details of the passing, incomplete and inapplicable nodes, which no test reads (axe-core's API,
 * "Performance": most of a run's time on a large page).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface AxeScope {
  /** only the elements under this selector (a dialog) */
  include?: string;
  /** only these impacts (default: every impact) */
  impacts?: readonly ('minor' | 'moderate' | 'serious' | 'critical')[];
}

/** Each violation as `impact: rule: targets`, or `rule: targets` when `impacts` picks some; [] when there is none. */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  let axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (scope.include) axe = axe.include(scope.include);
  const res = await axe.analyze();
  const { impacts } = scope;
  return res.violations
    .filter((v) => !impacts || (v.impact != null && impacts.includes(v.impact)))
    .map((v) => `${impacts ? '' : `${v.impact}: `}${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** `axeViolations` of serious and critical impact only. */
export const seriousViolations = (page: Page) => axeViolations(page, { impacts: ['serious', 'critical'] });
