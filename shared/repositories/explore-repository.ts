/**
 * The explore index (issue 28; layout in docs/data-model.md, why in docs/decisions.md): postings of every public
 * style in base-table partitions, kept by the style writes (style-editor-repository: create, edit, publish,
 * unpublish, takedown, delete; catalog-repository: a use that moves a style to another popularity tier) through
 * explore-postings.ts, and read one bounded page at a time.
 *
 *   EXPLORE#N#<facet>  sk <createdAt>#<id>          newest first (read descending)
 *   EXPLORE#P#<facet>  sk <tier 2 digits>#<createdAt>#<id>   popular: tier, then newest
 *   facets: ALL, CAT#<id>, SEX#<sex>, TAG#<tag>, BY#<creator>, TYPE#<image type>; W#<word prefix> (order N only)
 *   EXPLORE#TAGS       sk TAG#<tag>, count          the tag chips (number of public styles with the tag)
 *
 * Each posting carries the card (summary fields) and the attributes every filter checks, so a page is ONE Query
 * of one partition (the most selective facet of the request) with a filter expression for the other groups, and
 * never reads more than EXPLORE_READ_BUDGET items. The postings are written by explore-postings.ts, in the style's
 * versioned writes, so they always match the committed style (issue 40; docs/data-model.md).
 */
import * as z from 'zod';
import {
  driverFacet,
  EXPLORE_READ_BUDGET,
  exploreQueryScope,
  popularityTier,
  styleFacets,
  styleWords,
  wordPrefixes,
  wordsText,
  type ExploreFacet,
  type ExploreQuery,
} from '../domain/explore-search';
import { STYLE_IMAGE_TYPES } from '../domain/catalog';
import { badRequest } from '../errors';
import { keys } from './keys';
import type { Db } from './table';
import { batchPutAll, decodeCursor, encodeCursor, queryAll, queryPage, update, updateItem, type Item } from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

/** What the index needs of a style (a StyleRecord has it all). */
export interface IndexableStyle {
  id: string;
  name: string;
  description: string;
  sex: string;
  categoryIds: string[];
  tags: string[];
  styleImageType: (typeof STYLE_IMAGE_TYPES)[number];
  coverImageUrl: string | null;
  promptImageUrl: string | null;
  isPublic: boolean;
  takenDownAt?: string | null;
  createdBy: string;
  usageCount: number;
  createdAt: string;
}

export const explorePostingSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    sex: z.string(),
    categoryIds: z.array(z.string()),
    tags: z.array(z.string()),
    styleImageType: z.enum(STYLE_IMAGE_TYPES),
    coverImageUrl: z.string().nullable(),
    promptImageUrl: z.string().nullable(),
    createdBy: z.string(),
    usageCount: z.number(),
    createdAt: z.string(),
  }),
);
export type ExplorePosting = z.infer<typeof explorePostingSchema>;

/** Whether a style is listed on explore: public and not taken down. */
export const isListed = (s: IndexableStyle | null): s is IndexableStyle => !!s && s.isPublic && !s.takenDownAt;

const facetKey = (f: ExploreFacet) => keys.exploreFacet(f.kind, f.kind === 'all' ? '' : f.value);

/** Every posting item of a style (none unless it is public and not taken down). */
export function exploreIndexItems(s: IndexableStyle | null): Item[] {
  if (!isListed(s)) return [];
  const words = styleWords(s);
  const body = {
    type: 'ExplorePosting',
    id: s.id,
    name: s.name,
    description: s.description,
    sex: s.sex,
    categoryIds: s.categoryIds,
    tags: s.tags,
    styleImageType: s.styleImageType,
    coverImageUrl: s.coverImageUrl,
    promptImageUrl: s.promptImageUrl,
    createdBy: s.createdBy,
    usageCount: s.usageCount,
    createdAt: s.createdAt,
    words: wordsText(words),
  };
  const tier = popularityTier(s.usageCount);
  const out: Item[] = [];
  for (const f of styleFacets(s)) {
    const facet = facetKey(f);
    out.push({ ...keys.explorePosting('N', facet, s.createdAt, s.id), ...body });
    out.push({ ...keys.explorePosting('P', facet, s.createdAt, s.id, tier), ...body });
  }
  for (const p of wordPrefixes(words))
    out.push({ ...keys.explorePosting('N', keys.exploreFacet('word', p), s.createdAt, s.id), ...body });
  return out;
}

/** The update of an explore tag's counter item (EXPLORE#TAGS): its count moves by `delta` (created on its first move). */
export const exploreTagUpdate = (tag: string, delta: number) =>
  update<{ tag: string; count: number }>().set({ type: 'ExploreTag', tag }).add({ count: delta });

const listedTags = (s: IndexableStyle): string[] => (isListed(s) ? [...new Set(s.tags)] : []);

/**
 * Index a style item written without the versioned writes' bookkeeping (the seed, the backfill of a table older
 * than the index, tests' fixtures): puts its postings and counts its tags once. Such an item's postings are taken
 * to be those of its current fields (explore-postings.ts, postingStateOf). Every other write goes through
 * explore-postings.ts.
 */
export async function putExploreIndex(db: Db, s: IndexableStyle): Promise<number> {
  const items = exploreIndexItems(s);
  const tags = listedTags(s);
  await batchPutAll(db, items);
  await Promise.all(tags.map((tag) => updateItem(db, keys.exploreTag(tag), exploreTagUpdate(tag, 1))));
  return items.length + tags.length;
}

/** The filter expression of the request's groups the driving partition does not already guarantee. */
function filterOf(q: ExploreQuery, driver: ExploreFacet) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const terms: string[] = [];
  let n = 0;
  const val = (v: unknown) => {
    const k = `:f${n++}`;
    values[k] = v;
    return k;
  };
  q.words.forEach((w) => {
    names['#w'] = 'words';
    terms.push(`contains(#w, ${val(` ${w}`)})`);
  });
  const group = (kind: ExploreFacet['kind'], list: string[], attr: string, isList: boolean) => {
    if (!list.length) return;
    if (list.length === 1 && driver.kind === kind && 'value' in driver && driver.value === list[0]) return;
    const name = `#${attr}`;
    names[name] = attr;
    terms.push(
      isList
        ? `(${list.map((v) => `contains(${name}, ${val(v)})`).join(' OR ')})`
        : `${name} IN (${list.map(val).join(', ')})`,
    );
  };
  group('category', q.categories, 'categoryIds', true);
  group('sex', q.sexes, 'sex', false);
  group('tag', q.tags, 'tags', true);
  group('creator', q.creators, 'createdBy', false);
  group('type', q.types, 'styleImageType', false);
  if (!terms.length) return {};
  return {
    FilterExpression: terms.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

export interface ExplorePage {
  items: ExplorePosting[];
  nextCursor: string | null;
  /** Index items read (evaluated by DynamoDB) for this page: bounded by EXPLORE_READ_BUDGET. */
  itemsRead: number;
}

const cursorKey = /* @__PURE__ */ lazySchema(() => z.object({ pk: z.string(), sk: z.string() }));

/**
 * One page of the request: up to `limit` postings of the driving partition that pass every group, newest (or
 * most popular) first. A page may be short when the read budget ran out first; nextCursor (signed for this exact
 * query) then continues it. A cursor of another query, or one not signed by us, is a 400.
 */
export async function queryExplorePage(db: Db, q: ExploreQuery, limit: number, cursor?: string): Promise<ExplorePage> {
  const scope = exploreQueryScope(q);
  const driver = driverFacet(q);
  const pk = keys.explorePartition(q.sort === 'popular' ? 'P' : 'N', facetKey(driver));
  const decoded = decodeCursor(cursor, scope);
  let start: { pk: string; sk: string } | undefined;
  if (decoded !== undefined) {
    const k = cursorKey.safeParse(decoded);
    if (!k.success || k.data.pk !== pk) throw badRequest('Invalid cursor');
    start = k.data;
  }
  const filter = filterOf(q, driver);
  const filtered = 'FilterExpression' in filter;
  const items: ExplorePosting[] = [];
  let itemsRead = 0;
  let next: { pk: string; sk: string } | undefined = start;
  while (items.length < limit && itemsRead < EXPLORE_READ_BUDGET) {
    const want = limit - items.length;
    // unfiltered: what is missing and one more (to know whether more follows); filtered: read ahead in the budget
    const readLimit = Math.min(EXPLORE_READ_BUDGET - itemsRead, filtered ? Math.max(want * 4, 100) : want + 1);
    const page = await queryPage(
      db,
      {
        KeyConditionExpression: 'pk = :pk',
        ...filter,
        ExpressionAttributeValues: { ...filter.ExpressionAttributeValues, ':pk': pk },
        ScanIndexForward: false,
        Limit: readLimit,
      },
      next,
    );
    itemsRead += page.scanned;
    const taken = page.items.slice(0, want);
    for (const it of taken) items.push(explorePostingSchema.parse(it));
    if (page.items.length > want) {
      // matches beyond this page: the next one starts after the last card shown
      next = cursorKey.parse(taken[taken.length - 1]);
      break;
    }
    next = page.lastKey ? cursorKey.parse(page.lastKey) : undefined;
    if (!next) break;
  }
  return { items, nextCursor: encodeCursor(next, scope), itemsRead };
}

/** The tags of public styles (tag chips), sorted. */
export async function listExploreTags(db: Db): Promise<string[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: '#c > :zero',
    ExpressionAttributeNames: { '#c': 'count' },
    ExpressionAttributeValues: { ':pk': keys.exploreTagsPartition(), ':zero': 0 },
    ProjectionExpression: 'tag',
  });
  return items.map((i) => z.object({ tag: z.string() }).parse(i).tag).sort((a, b) => a.localeCompare(b));
}
