/**
 * Explore (issue 28): one page of public styles at a time, searched, filtered and sorted on the server from the
 * explore index (shared/repositories/explore-repository.ts), so a visit costs the same whatever the catalogue size.
 * GET /api/styles (issue 41) reads the same pages: no route answers the whole catalogue.
 * Creator names are looked up per page (BatchGet of the page's distinct creators), remembered for NAME_TTL_MS.
 */
import { EXPLORE_LIMIT_DEFAULT, exploreQueryOf } from '../../shared/domain/explore-search';
import { badRequest, ERROR_CODES } from '../../shared/errors';
import { listExploreTags, queryExplorePage } from '../../shared/repositories/explore-repository';
import type { Db } from '../../shared/repositories/table';
import type { ExploreStylesQuery, StylesListQuery } from '../../shared/schemas/discovery';
import { creators } from './catalog-service';

export const NAME_TTL_MS = 30_000;
const NAME_CACHE_MAX = 5_000;
const names = new Map<string, { name: string; at: number }>();

async function creatorNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  const now = Date.now();
  const out = new Map<string, string>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const hit = names.get(id);
    if (hit && now - hit.at < NAME_TTL_MS) out.set(id, hit.name);
    else missing.push(id);
  }
  if (missing.length) {
    if (names.size > NAME_CACHE_MAX) names.clear();
    for (const [id, c] of await creators(db, missing)) {
      names.set(id, { name: c.name, at: now });
      out.set(id, c.name);
    }
  }
  return out;
}

/** Forget remembered creator names (tests; a rename shows within NAME_TTL_MS otherwise). */
export const clearExploreNameCache = () => names.clear();

/** GET /api/explore/styles */
export async function listExploreStyles(db: Db, input: ExploreStylesQuery) {
  const query = exploreQueryOf(input);
  if ('message' in query) throw badRequest(query.message, ERROR_CODES.validation);
  const page = await queryExplorePage(db, query, input.limit ?? EXPLORE_LIMIT_DEFAULT, input.cursor);
  const byId = await creatorNames(
    db,
    page.items.map((s) => s.createdBy),
  );
  return {
    items: page.items.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      tags: s.tags,
      categoryIds: s.categoryIds,
      sex: s.sex,
      styleImageType: s.styleImageType,
      coverImageUrl: s.coverImageUrl,
      promptImageUrl: s.promptImageUrl,
      usageCount: s.usageCount,
      userName: byId.get(s.createdBy) ?? 'Unknown creator',
      createdAt: s.createdAt,
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * GET /api/styles: the public styles newest first, a page at a time (at most EXPLORE_LIMIT_MAX cards, a signed
 * cursor to the next), searched and narrowed by audience and category exactly as explore (the same index reads).
 */
export const listStylePage = (db: Db, input: StylesListQuery) => listExploreStyles(db, { ...input, sort: 'new' });

/** GET /api/explore/tags */
export const listExploreTagNames = (db: Db) => listExploreTags(db);
