/** A deleted account's shares on in-memory collaborators: each ends (active ones revoked) and every copy is deleted. */
import { describe, expect, it } from 'vitest';
import type { ShareRecord } from '../../shared/repositories/share-repository';
import { endSharesOf } from './share-deletion';

const share = (id: string, status: ShareRecord['status']): ShareRecord => ({
  id,
  token: `t-${id}`,
  userId: 'u1',
  images: [{ generationId: 'g', key: `shares/${id}/0.jpg`, width: 1, height: 1, styleId: null, styleName: null }],
  showOwner: false,
  status,
  expiresAt: '2026-12-01T00:00:00.000Z',
  createdAt: '2026-10-01T00:00:00.000Z',
  endedAt: null,
});

describe('ending a deleted account’s shares', () => {
  it('revokes the active ones, deletes the copies of all, and counts them', async () => {
    const now = new Date('2026-11-01T00:00:00.000Z');
    const ended: string[] = [];
    const deleted: string[] = [];
    const n = await endSharesOf(
      {
        store: {
          listShares: () => Promise.resolve([share('a', 'active'), share('b', 'taken_down'), share('c', 'revoked')]),
          endShare: (_u, id, status, at) => {
            ended.push(`${id}:${status}:${at!.toISOString()}`);
            return Promise.resolve(true);
          },
        },
        deleteImages: (keys) => {
          deleted.push(...keys);
          return Promise.resolve(keys.length);
        },
      },
      'u1',
      now,
    );
    expect(n).toBe(3);
    expect(ended).toEqual([`a:revoked:${now.toISOString()}`]);
    expect(deleted).toEqual(['shares/a/0.jpg', 'shares/b/0.jpg', 'shares/c/0.jpg']);
  });
});
