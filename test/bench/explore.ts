/**
 * Explore at scale: GET /api/styles with 10,000 public styles (the materialized catalogue document).
 * Seeds the styles, rebuilds the document (as the style editor does after a change), measures one cold load
 * (an instance with nothing in memory: read from S3), then autocannon (10 connections) with gzip accepted.
 */
import autocannon from 'autocannon';
import { getUser } from '../../shared/repositories/user-repository';
import type { Db } from '../../shared/repositories/table';
import { clearStyleCatalogueMemory, rebuildStyleCatalogue } from '../../functions/services/style-catalogue';
import { matchRoute, type RouteDef } from '../../shared/routes';
import { buildEvent } from '../../infra/local/api-event';
import { loadGroupHandler } from '../../infra/local/api-server';
import { seedSyntheticStyles } from './seed-styles';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

/** Time the catalog handler alone (no HTTP, no client): what a warm Lambda spends per request. */
async function handlerOnly(n: number): Promise<{ p50: number; p99: number }> {
  const url = new URL('http://localhost/api/styles');
  const m = matchRoute('GET', url.pathname) as { route: RouteDef; pathParameters: Record<string, string> };
  const handler = await loadGroupHandler(m.route.group);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const event = buildEvent(
      { method: 'GET', headers: { host: 'localhost', 'accept-encoding': 'gzip' } },
      url,
      m.route,
      m.pathParameters,
      Buffer.alloc(0),
      null,
    );
    const t = performance.now();
    const res = (await handler(event, {} as never)) as { statusCode?: number; body?: string };
    times.push(performance.now() - t);
    if (res.statusCode !== 200 || !res.body) throw new Error(`handler answered ${res.statusCode}`);
  }
  return { p50: +pct(times, 50).toFixed(2), p99: +pct(times, 99).toFixed(2) };
}

export interface ExploreBenchResult {
  styles: number;
  seedMs: number;
  rebuildMs: number;
  coldLoadMs: number;
  jsonBytes: number;
  gzipBytes: number;
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
  handlerP50: number;
  handlerP99: number;
  connections: number;
  durationSeconds: number;
}

export async function benchExplore(opts: {
  base: string;
  db: Db;
  ownerIds: string[];
  styles?: number;
  durationSeconds: number;
}): Promise<ExploreBenchResult> {
  const n = opts.styles ?? 10_000;
  const owners = [];
  for (const id of opts.ownerIds) if (await getUser(opts.db, id)) owners.push(id);
  const seedMs = await seedSyntheticStyles(opts.db, n, { ownerIds: owners.length ? owners : opts.ownerIds });
  let t = Date.now();
  const cat = await rebuildStyleCatalogue(opts.db);
  const rebuildMs = Date.now() - t;
  clearStyleCatalogueMemory();
  t = Date.now();
  const first = await fetch(`${opts.base}/api/styles`, { headers: { 'accept-encoding': 'gzip' } });
  const body = (await first.json()) as unknown[];
  const coldLoadMs = Date.now() - t;
  if (!first.ok || body.length < n)
    throw new Error(`GET /api/styles returned ${first.status} with ${body.length} styles`);
  const connections = 10;
  const r = await autocannon({
    url: `${opts.base}/api/styles`,
    connections,
    duration: opts.durationSeconds,
    headers: { 'accept-encoding': 'gzip' },
  });
  const h = await handlerOnly(500);
  return {
    styles: body.length,
    seedMs,
    rebuildMs,
    coldLoadMs,
    jsonBytes: Buffer.byteLength(cat.json()),
    gzipBytes: cat.gzip.length,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: Math.round(r.requests.average),
    non2xx: r.non2xx,
    errors: r.errors,
    handlerP50: h.p50,
    handlerP99: h.p99,
    connections,
    durationSeconds: opts.durationSeconds,
  };
}
