/**
 * Explore at scale (issue 28): GET /api/explore/styles on catalogues of growing size (10k, then 100k styles by
 * default: BENCH_EXPLORE_SIZES), bulk-loaded into an in-memory DynamoDB Local of its own with their explore index
 * postings (the stack's on-disk DynamoDB Local takes ~1,000 items/s on this machine: 100k styles would take an hour).
 * Per size: the bulk load, the first page's bytes (JSON and gzip), p50/p99 of a page (first pages of filters and
 * pages deep along cursor chains) and of a search (the catalog Lambda handler called with API Gateway events, warm,
 * one request at a time: what a warm Lambda spends per request, DynamoDB calls included),
 * the index items each read (the repository's own count: bounded by EXPLORE_READ_BUDGET whatever the size), and
 * the write amplification of each kind of style write (index items written per style write).
 */
import { gzipSync } from 'node:zlib';
import { createDb, type Db } from '../../shared/repositories/table';
import { matchRoute, type RouteDef } from '../../shared/routes';
import { buildEvent } from '../../infra/local/api-event';
import { loadGroupHandler } from '../../infra/local/api-server';
import { ensureTable } from '../../infra/local/stack';
import { startDynamo } from '../../infra/local/services';
import { queryExplorePage, type IndexableStyle } from '../../shared/repositories/explore-repository';
import { exploreQueryOf, type ExploreQuery } from '../../shared/domain/explore-search';
import { benchStyleId, seedSyntheticStyles } from './seed-styles';
import { getStyle } from '../../shared/repositories/catalog-repository';
import { postingWriteCount } from '../../shared/repositories/explore-postings';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};
const round = (x: number) => +x.toFixed(1);

/** Pages a visitor asks for: the first page of each browse filter, then pages deep along a cursor chain. */
const BROWSE = [
  '',
  'sort=popular',
  'category=cat-evening',
  'category=cat-street,cat-sport',
  'sex=woman',
  'tag=denim',
  'tag=linen&sex=man',
  'type=product_laydown&sort=popular',
  'category=cat-boho&sex=unisex&type=model_wearer',
];
/** Searches: whole words, prefixes, two words, a search with a filter, a word no style has. */
const SEARCH = [
  'q=denim',
  'q=lin',
  'q=weekend',
  'q=tr',
  'q=oversized%20suit',
  'q=synthetic%20focus',
  'q=coastal&category=cat-casual',
  'q=no-such-word',
];

export interface ExploreSizeResult {
  styles: number;
  seedMs: number;
  itemsWritten: number;
  itemsPerSecond: number;
  firstPageJsonBytes: number;
  firstPageGzipBytes: number;
  firstPageCards: number;
  pageP50: number;
  pageP99: number;
  searchP50: number;
  searchP99: number;
  pageItemsReadMean: number;
  pageItemsReadMax: number;
  searchItemsReadMean: number;
  searchItemsReadMax: number;
  deepPages: number;
}

export interface ExploreBenchResult {
  sizes: ExploreSizeResult[];
  /** Index items written per style write (the same at every size: a function of the style alone). */
  writeAmplification: Record<string, number>;
}

const params = (s: string) => Object.fromEntries(new URLSearchParams(s));

function queryOf(s: string): ExploreQuery {
  const q = exploreQueryOf(params(s));
  if ('message' in q) throw new Error(q.message);
  return q;
}

let handler: ((event: unknown) => Promise<{ statusCode?: number; body?: string }>) | null = null;

/** One GET through the catalog Lambda handler (as API Gateway would call it). */
async function call(path: string): Promise<{ ms: number; text: string }> {
  const url = new URL(path, 'http://localhost');
  const m = matchRoute('GET', url.pathname);
  if (!m || 'methodNotAllowed' in m) throw new Error(`no route ${url.pathname}`);
  const route: RouteDef = m.route;
  if (!handler) {
    const h = await loadGroupHandler(route.group);
    handler = (event) => h(event as never, {} as never) as Promise<{ statusCode?: number; body?: string }>;
  }
  const event = buildEvent(
    { method: 'GET', headers: { host: 'localhost', 'accept-encoding': 'gzip' } },
    url,
    route,
    m.pathParameters,
    Buffer.alloc(0),
    null,
  );
  const t = performance.now();
  const res = await handler(event);
  const ms = performance.now() - t;
  if (res.statusCode !== 200 || !res.body) throw new Error(`${path}: ${res.statusCode} ${res.body ?? ''}`);
  return { ms, text: res.body };
}

async function timed(_base: string, path: string) {
  const r = await call(path);
  return { ms: r.ms, body: JSON.parse(r.text) as { items: unknown[]; nextCursor: string | null } };
}

export async function measureSize(
  base: string,
  db: Db,
  styles: number,
  seed: { ms: number; items: number },
  rounds: number,
) {
  // first page: what a visitor downloads to see the first cards
  const { text } = await call('/api/explore/styles?limit=48');
  const firstPageJsonBytes = Buffer.byteLength(text);
  const firstPageGzipBytes = gzipSync(text, { level: 6 }).length;
  const firstPageCards = (JSON.parse(text) as { items: unknown[] }).items.length;

  // warm-up (module load, connections)
  for (let i = 0; i < 5; i++) await timed(base, '/api/explore/styles?limit=48');

  const pageMs: number[] = [];
  const searchMs: number[] = [];
  let deepPages = 0;
  for (let r = 0; r < rounds; r++) {
    for (const q of BROWSE) {
      const sep = q ? '&' : '';
      let res = await timed(base, `/api/explore/styles?${q}${sep}limit=48`);
      pageMs.push(res.ms);
      // pages 2..6 of the chain (a visitor scrolling)
      for (let d = 0; d < 5 && res.body.nextCursor; d++) {
        res = await timed(
          base,
          `/api/explore/styles?${q}${sep}limit=48&cursor=${encodeURIComponent(res.body.nextCursor)}`,
        );
        pageMs.push(res.ms);
        deepPages++;
      }
    }
    for (const q of SEARCH) searchMs.push((await timed(base, `/api/explore/styles?${q}&limit=48`)).ms);
  }

  // items read: the repository's own count for the same requests (first pages and one page deep)
  const read = async (qs: string[]) => {
    const counts: number[] = [];
    for (const s of qs) {
      const p1 = await queryExplorePage(db, queryOf(s), 48);
      counts.push(p1.itemsRead);
      if (p1.nextCursor) counts.push((await queryExplorePage(db, queryOf(s), 48, p1.nextCursor)).itemsRead);
    }
    return counts;
  };
  const pageReads = await read(BROWSE);
  const searchReads = await read(SEARCH);
  const mean = (xs: number[]) => round(xs.reduce((a, b) => a + b, 0) / xs.length);
  return {
    styles,
    seedMs: seed.ms,
    itemsWritten: seed.items,
    itemsPerSecond: Math.round(seed.items / (seed.ms / 1000)),
    firstPageJsonBytes,
    firstPageGzipBytes,
    firstPageCards,
    pageP50: round(pct(pageMs, 50)),
    pageP99: round(pct(pageMs, 99)),
    searchP50: round(pct(searchMs, 50)),
    searchP99: round(pct(searchMs, 99)),
    pageItemsReadMean: mean(pageReads),
    pageItemsReadMax: Math.max(...pageReads),
    searchItemsReadMean: mean(searchReads),
    searchItemsReadMax: Math.max(...searchReads),
    deepPages,
  };
}

/** Index items written per kind of style write, for a typical bench style (nothing is written here). */
async function writeAmplification(db: Db): Promise<Record<string, number>> {
  const s = await getStyle(db, benchStyleId(7));
  if (!s) throw new Error('no bench style');
  const st: IndexableStyle = s;
  const count = (from: IndexableStyle | null, to: IndexableStyle | null) => postingWriteCount(from, to);
  return {
    publish: count(null, st),
    'edit (rename)': count(st, { ...st, name: 'Renamed Bench Look 7' }),
    'edit (one tag)': count(st, { ...st, tags: [...st.tags.slice(1), 'newtag'] }),
    'edit (not indexed: size chart, tasks)': count(st, st),
    unpublish: count(st, { ...st, isPublic: false }),
    takedown: count(st, { ...st, isPublic: false, takenDownAt: new Date().toISOString() }),
    delete: count(st, null),
    'use reaching a new tier (1 in 2^k uses)': count({ ...st, usageCount: 7 }, { ...st, usageCount: 8 }),
    // incrementStyleUsage writes index items only when the count reaches a power of two
    'use (other uses)': 0,
  };
}

/** The explore bench on a DynamoDB Local of its own (in memory); env is restored afterwards. */
export async function benchExplore(opts: {
  sizes: number[];
  rounds: number;
  log?: (line: string) => void;
}): Promise<ExploreBenchResult> {
  const dynamo = await startDynamo({});
  const saved = { ...process.env };
  try {
    const tableName = 'bench-explore';
    await ensureTable(dynamo.url, tableName);
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.url,
      COGNITO_USER_POOL_ID: process.env.COGNITO_USER_POOL_ID ?? 'local_bench',
      COGNITO_CLIENT_ID: process.env.COGNITO_CLIENT_ID ?? 'bench',
    });
    const db = createDb({ tableName, endpoint: dynamo.url });
    const ownerIds = ['bench-creator-1', 'bench-creator-2', 'bench-creator-3'];
    const sizes: ExploreSizeResult[] = [];
    let have = 0;
    for (const n of [...opts.sizes].sort((a, b) => a - b)) {
      opts.log?.(`bench: explore: loading styles ${have}..${n - 1} with their index postings...`);
      const seed = await seedSyntheticStyles(db, n, { ownerIds, from: have, concurrency: 16 });
      opts.log?.(`bench: explore: ${seed.items} items in ${seed.ms} ms; measuring ${n} styles...`);
      have = n;
      const r = await measureSize('', db, n, seed, opts.rounds);
      opts.log?.(`bench: explore: ${JSON.stringify(r)}`);
      sizes.push(r);
    }
    return { sizes, writeAmplification: await writeAmplification(db) };
  } finally {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
    handler = null;
    await dynamo.stop();
  }
}
