/**
 * What the legal pages state about plans, packs and refunds, derived from the rules the product enforces
 * (shared/domain/plans.ts; the refund behaviour in docs/decisions.md): one place, never restated by hand.
 */
import {
  creditCount,
  EXTRA_OPTION_COST,
  GENERATION_COST,
  PACKS,
  PACK_IDS,
  PLANS,
  PLAN_ORDER,
  ROLLOVER_MULTIPLIER,
  formatEur,
} from '@shared/domain/plans';

export interface PriceLine {
  name: string;
  price: string;
  detail: string;
}

/** Each plan as the Terms list it: "Starter · €6.99 a month · 30 credits every month, …". */
export function planLines(): PriceLine[] {
  return PLAN_ORDER.map((id) => {
    const p = PLANS[id];
    return {
      name: p.name,
      price: p.period === 'month' ? `${formatEur(p.priceCents)} a month` : `${formatEur(p.priceCents)} once`,
      detail:
        p.period === 'month'
          ? `${creditCount(p.credits)} every month; unused credits roll over up to ${creditCount(p.rolloverCap ?? 0)}`
          : `${creditCount(p.credits)}, one time; can be bought once per account`,
    };
  });
}

/** Each credit pack: "30 credits · €5.99 · valid 12 months". */
export function packLines(): PriceLine[] {
  return PACK_IDS.map((id) => {
    const p = PACKS[id];
    return {
      name: creditCount(p.credits),
      price: formatEur(p.priceCents),
      detail: `valid ${p.validityMonths} months from purchase`,
    };
  });
}

export const COST_SENTENCE = `A look costs ${creditCount(GENERATION_COST)}; each extra option (an outfit piece beyond the first, each further variant) adds ${creditCount(EXTRA_OPTION_COST)}. The cost is shown on the button before you start.`;

export const ROLLOVER_SENTENCE = `Unused monthly credits roll over to the next month up to ${ROLLOVER_MULTIPLIER} times the monthly amount; the rest expire at the end of the billing cycle.`;

/** Where the operator still has to fill something in: rendered highlighted, and findable by a test. */
export const PLACEHOLDER_PREFIX = '[Operator:';
