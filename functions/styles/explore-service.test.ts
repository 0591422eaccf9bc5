/** Explore pages on in-memory collaborators: the query checked before any read, creator names remembered for a while. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import type { ExploreQuery } from '../../shared/domain/explore-search';
import type { ExplorePosting } from '../../shared/repositories/explore-repository';
import type { UserRecord } from '../../shared/repositories/user-repository';
import { aUser } from '../../test/support/in-memory-start-deps';
import { NAME_TTL_MS, exploreUseCases, type NameMemory } from './explore-service';

let users: Map<string, UserRecord>;
let queries: { query: ExploreQuery; limit: number; cursor: string | undefined }[];
let userReads: string[][];
let clock: number;
let names: NameMemory;
let explore: ReturnType<typeof exploreUseCases>;

const posting = (id: string, createdBy: string): ExplorePosting => ({
  id,
  name: `Style ${id}`,
  description: '',
  sex: 'unisex',
  categoryIds: [],
  tags: ['linen'],
  styleImageType: 'product_laydown',
  coverImageUrl: null,
  promptImageUrl: `/api/public-image/styles/${id}/a.jpg`,
  createdBy,
  usageCount: 3,
  createdAt: '2026-10-01T00:00:00.000Z',
});

beforeEach(() => {
  users = new Map([['ada', aUser({ id: 'ada', firstName: 'Ada', lastName: null, handle: 'ada' })]]);
  queries = [];
  userReads = [];
  clock = 1_000_000;
  names = new Map();
  explore = exploreUseCases({
    store: {
      queryExplorePage: (query, limit, cursor) => {
        queries.push({ query, limit, cursor });
        return Promise.resolve({
          items: [posting('s1', 'ada'), posting('s2', 'ada'), posting('s3', 'gone')],
          nextCursor: 'next',
          itemsRead: 3,
        });
      },
      listExploreTags: () => Promise.resolve(['linen', 'summer']),
      getUsersByIds: (ids) => {
        userReads.push(ids);
        return Promise.resolve(ids.flatMap((id) => (users.has(id) ? [users.get(id)!] : [])));
      },
    },
    names,
    clock: () => clock,
  });
});

describe('explore pages', () => {
  it('a page of cards with their creators’ names (one read per distinct creator), and the next cursor', async () => {
    const page = await explore.listExploreStyles({ sex: 'woman', limit: 3, sort: 'popular' });
    expect(page.items.map((s) => [s.id, s.userName])).toEqual([
      ['s1', 'Ada'],
      ['s2', 'Ada'],
      ['s3', 'Unknown creator'],
    ]);
    expect(page.nextCursor).toBe('next');
    expect(page.items[0]).not.toHaveProperty('createdBy');
    expect(userReads).toEqual([['ada', 'gone']]);
    expect(queries[0]).toMatchObject({ limit: 3, query: { sexes: ['woman'], sort: 'popular' } });
  });

  it('a bad query is 400 before the index is read', async () => {
    await expect(explore.listExploreStyles({ sex: 'robot' })).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.validation,
    });
    await expect(explore.listExploreStyles({ q: 'linen', sort: 'popular' })).rejects.toMatchObject({ status: 400 });
    expect(queries).toEqual([]);
  });

  it('names are remembered for NAME_TTL_MS, then read again (a rename shows)', async () => {
    await explore.listExploreStyles({});
    users.set('ada', aUser({ id: 'ada', firstName: 'Adele', lastName: null, handle: 'ada' }));
    clock += NAME_TTL_MS - 1;
    expect((await explore.listExploreStyles({})).items[0]?.userName).toBe('Ada');
    expect(userReads).toHaveLength(1);
    clock += 1;
    expect((await explore.listExploreStyles({})).items[0]?.userName).toBe('Adele');
    expect(userReads).toEqual([
      ['ada', 'gone'],
      ['ada', 'gone'],
    ]);
  });

  it('GET /api/styles reads the same index, newest first; tags are the index’s', async () => {
    await explore.listStylePage({ q: 'linen', limit: 2, cursor: 'c' });
    expect(queries[0]).toMatchObject({ limit: 2, cursor: 'c', query: { sort: 'new' } });
    expect(await explore.listExploreTagNames()).toEqual(['linen', 'summer']);
  });
});
