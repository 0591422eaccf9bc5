import { describe, expect, it } from 'vitest';
import { DAY_MS, generationTtl, isShorterRetention, retentionOf } from './privacy';
import { isVariantRun, newGenerationTtl, VARIANT_RUN_RETENTION_DAYS } from './outfit';

describe('a shorter retention (confirmed first: it deletes existing results)', () => {
  it('is any period after keep, or a smaller period; never keep or a longer one', () => {
    expect(isShorterRetention(90, null)).toBe(true);
    expect(isShorterRetention(7, 30)).toBe(true);
    expect(isShorterRetention(30, 30)).toBe(false);
    expect(isShorterRetention(90, 30)).toBe(false);
    expect(isShorterRetention(null, 7)).toBe(false);
    expect(isShorterRetention(null, null)).toBe(false);
  });
});

describe('the TTL of a new generation', () => {
  const createdAt = '2026-11-01T12:00:00.000Z';
  const epoch = (days: number) => Math.floor((Date.parse(createdAt) + days * DAY_MS) / 1000);

  it('reads the retention choice off the user item (absent or unknown: keep)', () => {
    expect(retentionOf({ retentionDays: 30 })).toBe(30);
    expect(retentionOf({})).toBeNull();
    expect(retentionOf({ retentionDays: 12 })).toBeNull();
  });

  it('is the retention period after creation, none when kept', () => {
    expect(generationTtl(createdAt, null)).toBeNull();
    expect(generationTtl(createdAt, 7)).toBe(epoch(7));
    expect(newGenerationTtl(createdAt, 90)).toBe(epoch(90));
    expect(newGenerationTtl(createdAt, null, 1)).toBeNull();
  });

  it('a run of several variants expires after the run retention, or sooner with a shorter choice', () => {
    expect(isVariantRun({})).toBe(false);
    expect(isVariantRun({ variantCount: 2 })).toBe(true);
    expect(newGenerationTtl(createdAt, null, 2)).toBe(epoch(VARIANT_RUN_RETENTION_DAYS));
    expect(newGenerationTtl(createdAt, 90, 4)).toBe(epoch(VARIANT_RUN_RETENTION_DAYS));
    expect(VARIANT_RUN_RETENTION_DAYS).toBeGreaterThan(1);
    expect(newGenerationTtl(createdAt, 7, 4)).toBe(epoch(Math.min(7, VARIANT_RUN_RETENTION_DAYS)));
  });
});
