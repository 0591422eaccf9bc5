/**
 * docs/capacity.md's figures come from the stage config: its generated tables are what infra/lib/capacity-doc.ts
 * computes from STAGE_CAPACITY (regenerate with `npx tsx infra/ops/capacity-doc.ts --write`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { repoPath } from '../../infra/lib/paths';
import { CAPACITY_DOC_MARKERS, capacityTables, dailyCost } from '../../infra/lib/capacity-doc';
import { resolveStageConfig } from '../../infra/lib/stage-config';

const doc = readFileSync(repoPath('docs', 'capacity.md'), 'utf8');

describe('docs/capacity.md', () => {
  it('carries the tables computed from the stage config, unedited', () => {
    const a = doc.indexOf(CAPACITY_DOC_MARKERS.start);
    const b = doc.indexOf(CAPACITY_DOC_MARKERS.end);
    expect(a).toBeGreaterThan(0);
    expect(doc.slice(a, b + CAPACITY_DOC_MARKERS.end.length)).toBe(capacityTables());
  });

  it("shows each stage's throttle and provider slots as the stage config resolves them", () => {
    for (const stage of ['dev', 'prod'] as const) {
      const c = resolveStageConfig(new App({ context: { stage } }));
      const row = doc.split('\n').find((l) => l.startsWith(`| ${stage} |`))!;
      const cells = row.split('|').map((x) => x.trim());
      expect(cells[6]).toBe(
        `${c.apiThrottle.rateLimit.toLocaleString('en-US')} / ${c.apiThrottle.burstLimit.toLocaleString('en-US')}`,
      );
      const p = c.providerConcurrency;
      expect(cells[7]).toBe(`${p.engine} / ${p.fashn} / ${p.gemini}`);
    }
  });

  it('prices the lines the old model left out (Rekognition, CloudFront, WAF, logs, Cognito)', () => {
    const names = dailyCost(10_000).lines.map(([n]) => n);
    for (const line of ['Rekognition', 'CloudFront', 'WAF', 'CloudWatch Logs', 'Cognito'])
      expect(
        names.some((n) => n.startsWith(line)),
        line,
      ).toBe(true);
    // ~$1 per 1,000 images on the first tier: about $10 a day at 10k looks
    const rekognition = dailyCost(10_000).lines.find(([n]) => n.startsWith('Rekognition'))![1];
    expect(rekognition).toBeGreaterThan(10);
    expect(rekognition).toBeLessThan(15);
  });
});
