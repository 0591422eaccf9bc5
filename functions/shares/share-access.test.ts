/** What every shared-look use case shares, on in-memory collaborators: tokens, the live share, the vote counts. */
import { describe, expect, it } from 'vitest';
import { SHARE_MESSAGES, isShareToken } from '../../shared/domain/shares';
import type { ShareRecord, VoteTally } from '../../shared/repositories/share-repository';
import { countVotes, liveShare, newShareToken, newViewerId, tallyOf, type ShareAccessStore } from './share-access';

const now = new Date('2026-11-01T12:00:00.000Z');
const share = (overrides: Partial<ShareRecord> = {}): ShareRecord => ({
  id: 'sh1',
  token: 't'.repeat(43),
  userId: 'owner',
  images: [
    { generationId: 'g1', key: 'shares/sh1/0.jpg', width: 1, height: 1, styleId: null, styleName: null },
    { generationId: 'g2', key: 'shares/sh1/1.jpg', width: 1, height: 1, styleId: null, styleName: null },
  ],
  showOwner: false,
  status: 'active',
  expiresAt: '2026-11-02T12:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  endedAt: null,
  ...overrides,
});

function storeWith(s: ShareRecord | null, reads: string[]): ShareAccessStore {
  const tally: VoteTally = new Map([
    ['g1', 2],
    ['g2', 1],
  ]);
  return {
    findShareByToken: (token) => Promise.resolve(s && s.token === token ? s : null),
    getVoteTally: (_id, consistent = false) => {
      reads.push(`counters${consistent ? ' (consistent)' : ''}`);
      return Promise.resolve(tally);
    },
    countVoteItems: () => {
      reads.push('items');
      return Promise.resolve(tally);
    },
  };
}

describe('share access', () => {
  it('tokens are 43 URL-safe characters and differ; viewer ids are 22', () => {
    const a = newShareToken();
    expect(isShareToken(a)).toBe(true);
    expect(newShareToken()).not.toBe(a);
    expect(newViewerId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('a live share by its token; ended, expired and unknown ones are 404', async () => {
    const reads: string[] = [];
    expect((await liveShare(storeWith(share(), reads), 't'.repeat(43), now)).id).toBe('sh1');
    for (const s of [share({ status: 'revoked' }), share({ expiresAt: now.toISOString() }), null])
      await expect(liveShare(storeWith(s, reads), 't'.repeat(43), now)).rejects.toMatchObject({
        status: 404,
        message: SHARE_MESSAGES.notFound,
      });
  });

  it('votes come from the counter shards, or the vote items for a share made before them', async () => {
    const reads: string[] = [];
    await tallyOf(storeWith(share({ voteCounters: true }), reads), share({ voteCounters: true }), true);
    await tallyOf(storeWith(share(), reads), share());
    expect(reads).toEqual(['counters (consistent)', 'items']);
  });

  it('counts only the share’s looks, in its order, never below zero', () => {
    const tally: VoteTally = new Map([
      ['g2', 3],
      ['elsewhere', 9],
      ['g1', -1],
    ]);
    expect(countVotes(share(), tally)).toEqual({
      counts: [
        { generationId: 'g1', votes: 0 },
        { generationId: 'g2', votes: 3 },
      ],
      total: 3,
    });
  });
});
