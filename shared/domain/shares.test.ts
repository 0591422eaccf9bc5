import { describe, expect, it } from 'vitest';
import {
  RATE_LIMITS,
  SHARE_CACHE_SECONDS,
  SHARE_TOKEN_BYTES,
  cleanReaction,
  isShareLive,
  isShareToken,
  rateRetryAfter,
  rateWindowStart,
  SHARE_VOTE_SHARDS,
  shareExpiresAt,
  stableHash,
  voteShardOf,
  withinLimit,
} from './shares';
import { newShareToken, newViewerId } from '../../functions/shares/share-access';
import { VIEWER_ID_PATTERN } from './shares';

describe('share tokens', () => {
  it('carry at least 128 random bits, URL-safe, and never repeat', () => {
    expect(SHARE_TOKEN_BYTES * 8).toBeGreaterThanOrEqual(128);
    const tokens = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const t = newShareToken();
      expect(isShareToken(t)).toBe(true);
      expect(encodeURIComponent(t)).toBe(t);
      tokens.add(t);
    }
    expect(tokens.size).toBe(2000);
    // every base64url character shows up (the encoding is not accidentally hex or limited)
    expect(new Set([...tokens].join('')).size).toBe(64);
  });

  it('refuses anything that is not a token', () => {
    for (const bad of [
      '',
      'abc',
      'A'.repeat(42),
      'A'.repeat(44),
      `${'A'.repeat(42)}=`,
      `${'A'.repeat(42)}/`,
      `${'A'.repeat(42)}+`,
      null,
      42,
    ])
      expect(isShareToken(bad)).toBe(false);
  });

  it('anonymous viewer ids are 128 bits, URL-safe', () => {
    const id = newViewerId();
    expect(id).toMatch(VIEWER_ID_PATTERN);
    expect(Buffer.from(id, 'base64url')).toHaveLength(16);
  });
});

describe('share lifetime', () => {
  const now = new Date('2026-05-01T12:00:00.000Z');
  it('is live while active and before its expiry', () => {
    const expiresAt = shareExpiresAt(7, now);
    expect(expiresAt).toBe('2026-05-08T12:00:00.000Z');
    expect(isShareLive({ status: 'active', expiresAt }, now)).toBe(true);
    expect(isShareLive({ status: 'active', expiresAt }, new Date('2026-05-08T12:00:00.000Z'))).toBe(false);
    expect(isShareLive({ status: 'revoked', expiresAt }, now)).toBe(false);
    expect(isShareLive({ status: 'taken_down', expiresAt }, now)).toBe(false);
  });
  it('caches answers at most a minute', () => expect(SHARE_CACHE_SECONDS).toBeLessThanOrEqual(60));
});

describe('reactions', () => {
  it('are trimmed, collapsed, length limited and free of hidden characters', () => {
    expect(cleanReaction('  so   good\n\nreally ')).toEqual({ ok: true, text: 'so good really' });
    expect(cleanReaction('<script>alert(1)</script>')).toEqual({ ok: true, text: '<script>alert(1)</script>' }); // shown as plain text
    expect(cleanReaction('x'.repeat(140)).ok).toBe(true);
    expect(cleanReaction('😀'.repeat(140)).ok).toBe(true); // counted in characters, not UTF-16 units
    expect(cleanReaction('x'.repeat(141)).ok).toBe(false);
    expect(cleanReaction('   ').ok).toBe(false);
    expect(cleanReaction('a\u202Eb').ok).toBe(false);
    expect(cleanReaction('a\u200Bb').ok).toBe(false);
    expect(cleanReaction(undefined).ok).toBe(false);
  });
});

describe('rate-limit rules', () => {
  it('fixed windows: every request of a window shares its start, the next window starts fresh', () => {
    const w = RATE_LIMITS['share.vote'].windowSeconds;
    const t0 = new Date('2026-05-01T12:00:00.000Z');
    const inside = new Date(t0.getTime() + (w - 1) * 1000);
    const next = new Date(t0.getTime() + w * 1000);
    expect(rateWindowStart('share.vote', t0)).toBe('2026-05-01T12:00:00Z');
    expect(rateWindowStart('share.vote', inside)).toBe(rateWindowStart('share.vote', t0));
    expect(rateWindowStart('share.vote', next)).not.toBe(rateWindowStart('share.vote', t0));
    expect(rateRetryAfter('share.vote', t0)).toBe(w);
    expect(rateRetryAfter('share.vote', inside)).toBe(1);
  });

  it('allow exactly the limit per subject, the IP limit no lower than the user limit', () => {
    for (const [action, rule] of Object.entries(RATE_LIMITS) as [
      keyof typeof RATE_LIMITS,
      (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS],
    ][]) {
      expect(rule.limit.ip).toBeGreaterThanOrEqual(rule.limit.user);
      expect(withinLimit(action, 'user', rule.limit.user)).toBe(true);
      expect(withinLimit(action, 'user', rule.limit.user + 1)).toBe(false);
      expect(withinLimit(action, 'ip', rule.limit.ip)).toBe(true);
      expect(withinLimit(action, 'ip', rule.limit.ip + 1)).toBe(false);
    }
  });
});

describe('vote counter shards', () => {
  it('a viewer always counts on the same shard; viewers spread over every shard', () => {
    expect(stableHash('anon:abc')).toBe(stableHash('anon:abc'));
    expect(stableHash('')).toBe(0x811c9dc5);
    const per = new Array<number>(SHARE_VOTE_SHARDS).fill(0);
    for (let i = 0; i < 4000; i++) {
      const shard = voteShardOf(`anon:${newViewerId()}`);
      expect(Number.isInteger(shard) && shard >= 0 && shard < SHARE_VOTE_SHARDS).toBe(true);
      per[shard]!++;
    }
    // each shard within 20% of an even share
    for (const n of per) expect(Math.abs(n - 4000 / SHARE_VOTE_SHARDS)).toBeLessThan(0.2 * (4000 / SHARE_VOTE_SHARDS));
    expect(voteShardOf('user:42')).toBe(voteShardOf('user:42'));
  });
});
