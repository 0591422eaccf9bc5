import { describe, expect, it } from 'vitest';
import { ALL_PROFILES, completedView, filterByProfile, partitionGenerations, sortGenerations } from './gallery';

const g = (
  id: string,
  status: 'pending' | 'processing' | 'completed' | 'failed',
  createdAt: string,
  profile = 'p1',
  resultUrl: string | null = status === 'completed' ? `/r/${id}` : null,
) => ({
  id,
  status,
  createdAt,
  resultUrl,
  inputs: { photoProfileId: profile },
});

const items = [
  g('a', 'completed', '2026-01-03T10:00:00Z', 'p1'),
  g('b', 'pending', '2026-01-05T10:00:00Z'),
  g('c', 'completed', '2026-01-01T10:00:00Z', 'p2'),
  g('d', 'failed', '2026-01-02T10:00:00Z'),
  g('e', 'processing', '2026-01-04T10:00:00Z'),
  g('f', 'completed', '2026-01-06T10:00:00Z', 'p1', null),
];

describe('gallery', () => {
  it('partitions into in progress, completed (with a result) and failed', () => {
    const p = partitionGenerations(items);
    expect(p.inProgress.map((x) => x.id)).toEqual(['b', 'e']);
    expect(p.completed.map((x) => x.id)).toEqual(['a', 'c']);
    expect(p.failed.map((x) => x.id)).toEqual(['d']);
  });
  it('sorts newest or oldest first without mutating', () => {
    expect(sortGenerations(items, 'newest').map((x) => x.id)).toEqual(['f', 'b', 'e', 'a', 'd', 'c']);
    expect(sortGenerations(items, 'oldest').map((x) => x.id)).toEqual(['c', 'd', 'a', 'e', 'b', 'f']);
    expect(items[0]!.id).toBe('a');
  });
  it('filters by photo profile, all by default', () => {
    expect(filterByProfile(items, ALL_PROFILES)).toHaveLength(items.length);
    expect(filterByProfile(items, 'p2').map((x) => x.id)).toEqual(['c']);
  });
  it('combines the three for the Completed section', () => {
    expect(completedView(items, 'oldest', ALL_PROFILES).map((x) => x.id)).toEqual(['c', 'a']);
    expect(completedView(items, 'newest', 'p1').map((x) => x.id)).toEqual(['a']);
  });
});
