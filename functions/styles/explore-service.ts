/**
 * Explore (issue 28): one page of public styles at a time, searched, filtered and sorted on the server from the
 * explore index (shared/repositories/explore-repository.ts), so a visit costs the same whatever the catalogue size.
 * GET /api/styles (issue 41) reads the same pages: no route answers the whole catalogue.
 * Creator names are looked up per page (BatchGet of the page's distinct creators), remembered for NAME_TTL_MS.
 * `exploreUseCases(deps)` is the use case on its collaborators (the index reads, the creators, the name memory and
 * a clock); the functions taking `db` below are the production wiring the handlers call.
 */
import { EXPLORE_LIMIT_DEFAULT, exploreQueryOf } from '../../shared/domain/explore-search';
import { badRequest, ERROR_CODES } from '../../shared/errors';
import { listExploreTags, queryExplorePage } from '../../shared/repositories/explore-repository';
import type { Db } from '../../shared/repositories/table';
import type { ExploreStylesQuery, StylesListQuery } from '../../shared/schemas/discovery';
import { bindDb, type Store } from '../lib/bind-db';
import { creatorRepositories, creators } from './catalog-service';

const repositories = { ...creatorRepositories, listExploreTags, queryExplorePage };

/** Creator names remembered across requests (per warm function instance). */
export type NameMemory = Map<string, { name: string; at: number }>;

/** What the explore reads work with. */
export interface ExploreDeps {
  store: Store<typeof repositories>;
  names: NameMemory;
  /** Milliseconds since the epoch. */
  clock: () => number;
}

export const NAME_TTL_MS = 30_000;
const NAME_CACHE_MAX = 5_000;
const names: NameMemory = new Map();

/** Forget remembered creator names (tests; a rename shows within NAME_TTL_MS otherwise). */
export const clearExploreNameCache = () => names.clear();

/** The explore reads, on their collaborators. */
export function exploreUseCases({ store, names, clock }: ExploreDeps) {
  async function creatorNames(ids: string[]): Promise<Map<string, string>> {
    const now = clock();
    const out = new Map<string, string>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const hit = names.get(id);
      if (hit && now - hit.at < NAME_TTL_MS) out.set(id, hit.name);
      else missing.push(id);
    }
    if (missing.length) {
      if (names.size > NAME_CACHE_MAX) names.clear();
      for (const [id, c] of await creators(store, missing)) {
        names.set(id, { name: c.name, at: now });
        out.set(id, c.name);
      }
    }
    return out;
  }

  /** GET /api/explore/styles */
  async function listExploreStyles(input: ExploreStylesQuery) {
    const query = exploreQueryOf(input);
    if ('message' in query) throw badRequest(query.message, ERROR_CODES.validation);
    const page = await store.queryExplorePage(query, input.limit ?? EXPLORE_LIMIT_DEFAULT, input.cursor);
    const byId = await creatorNames(page.items.map((s) => s.createdBy));
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
  const listStylePage = (input: StylesListQuery) => listExploreStyles({ ...input, sort: 'new' });

  /** GET /api/explore/tags */
  const listExploreTagNames = () => store.listExploreTags();

  return { listExploreStyles, listStylePage, listExploreTagNames };
}

const production = (db: Db) => exploreUseCases({ store: bindDb(db, repositories), names, clock: Date.now });

export const listExploreStyles = (db: Db, input: ExploreStylesQuery) => production(db).listExploreStyles(input);
export const listStylePage = (db: Db, input: StylesListQuery) => production(db).listStylePage(input);
export const listExploreTagNames = (db: Db) => production(db).listExploreTagNames();
