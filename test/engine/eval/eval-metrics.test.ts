/** The evaluation's garment truth as the metrics read it, and coverage by the garment's kind. */
import { describe, expect, it } from 'vitest';
import { LENGTH } from '../metrics/measure-all';
import { THRESHOLDS } from '../metrics';
import { coverageMin, metricTruth } from './eval-metrics';
import { EVAL_GARMENTS, truthOf } from './garments';

const truth = (category: string) => truthOf(EVAL_GARMENTS.find((g) => g.category === category)!);

describe('evaluation metrics by garment kind', () => {
  it('a camisole, a tank, a cardigan and an open coat are held to less torso coverage than a tee (bare shoulders, an open front)', () => {
    expect(coverageMin(truth('tee'))).toBe(THRESHOLDS.topCoverage);
    for (const c of ['camisole', 'tank', 'cardigan', 'knee-coat'])
      expect(coverageMin(truth(c))).toBeLessThan(THRESHOLDS.topCoverage);
    expect(coverageMin(truth('jeans'))).toBe(THRESHOLDS.legCoverage);
  });
  it('gives the metrics the garment truth: skirts and dresses are one piece, lengths on the legs, none for shoes', () => {
    const mini = metricTruth(truth('mini-skirt'));
    expect(mini).toMatchObject({ slot: 'bottom', skirt: true, length: LENGTH.mini });
    expect(metricTruth(truth('maxi-dress'))).toMatchObject({ skirt: true, sleeveless: true, length: LENGTH.maxi });
    expect(metricTruth(truth('jeans'))).toMatchObject({ skirt: false, length: LENGTH.maxi });
    expect(metricTruth(truth('wide-leg-trousers')).wideLegs).toBe(true);
    expect(metricTruth(truth('boots')).length).toBeUndefined();
  });
});
