/**
 * The explore catalogue: every public style summary (with its creator's name) in ONE materialized document, so
 * `GET /api/styles` never queries the table per request, however many styles there are.
 *
 *   DynamoDB (gsi1 STYLES#PUBLIC + creators) --rebuild--> S3 public bucket `catalog/styles.json` (gzip JSON array)
 *   S3 --load--> Lambda memory (gzip bytes, base64 and plain text, ETag), trusted for MEMORY_TTL_MS
 *
 * - rebuildStyleCatalogue(): call after any change to a public style (the style editor) or to a creator's name.
 * - Lazy rebuild when the object is missing or older than MAX_AGE_MS (a missed call heals within minutes).
 * - After MEMORY_TTL_MS an instance revalidates against S3 with If-None-Match (cheap 304 when unchanged).
 * - Served with a strong ETag (sha256 of the JSON): the SPA revalidates with If-None-Match and gets a 304.
 * Without a public bucket (PUBLIC_BUCKET unset) the document lives in memory only.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { thrownInfo } from '../../shared/errors';
import { keys } from '../../shared/repositories/keys';
import type { Db } from '../../shared/repositories/table';
import { getObject, isMissingObject, putObject } from '../lib/media-store';
import { logger } from '../lib/logger';
import { listStyles } from './catalog-service';

export const MEMORY_TTL_MS = 30_000;
export const MAX_AGE_MS = 5 * 60_000;

export interface StyleCatalogue {
  /** gzip of the JSON array of style summaries. */
  gzip: Buffer;
  gzipBase64: string;
  /** The JSON text (decompressed on first use by a client without gzip). */
  json(): string;
  /** Size of the JSON text in bytes. */
  jsonBytes: number;
  /** Strong ETag, quoted. */
  etag: string;
  generatedAt: string;
  count: number;
}

interface Loaded {
  scope: string;
  catalogue: StyleCatalogue;
  s3ETag: string | null;
  loadedAt: number;
}

let memory: Loaded | null = null;
const inflight = new Map<string, Promise<Loaded>>();

const bucket = () => process.env.PUBLIC_BUCKET || '';
const scopeOf = (db: Db) => `${db.tableName}|${bucket()}`;

function makeCatalogue(
  gzip: Buffer,
  etag: string,
  generatedAt: string,
  count: number,
  jsonBytes: number,
  plain?: string,
): StyleCatalogue {
  let text = plain;
  return {
    gzip,
    gzipBase64: gzip.toString('base64'),
    json: () => (text ??= gunzipSync(gzip).toString('utf8')),
    jsonBytes,
    etag,
    generatedAt,
    count,
  };
}

const hashOf = (json: string) => `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;

/** Build the document from the table and write it to S3 (and this instance's memory). */
export async function rebuildStyleCatalogue(db: Db, now = new Date()): Promise<StyleCatalogue> {
  const loaded = await rebuild(db, now);
  memory = loaded;
  return loaded.catalogue;
}

async function rebuild(db: Db, now = new Date()): Promise<Loaded> {
  const styles = await listStyles(db);
  const json = JSON.stringify(styles);
  const gzip = gzipSync(json, { level: 6 });
  const etag = hashOf(json);
  const generatedAt = now.toISOString();
  let s3ETag: string | null = null;
  if (bucket()) {
    const res = await putObject({ bucket: bucket() }, keys.styleCatalogueObject(), gzip, {
      contentType: 'application/json',
      contentEncoding: 'gzip',
      cacheControl: 'public, no-cache',
      metadata: {
        'generated-at': generatedAt,
        etag: etag.slice(1, -1),
        count: String(styles.length),
        'json-bytes': String(Buffer.byteLength(json)),
      },
    });
    s3ETag = res.etag;
  }
  return {
    scope: scopeOf(db),
    catalogue: makeCatalogue(gzip, etag, generatedAt, styles.length, Buffer.byteLength(json), json),
    s3ETag,
    loadedAt: Date.now(),
  };
}

/** Load from S3 (revalidating what memory holds); rebuild when missing or too old. */
async function load(db: Db, current: Loaded | null): Promise<Loaded> {
  if (!bucket()) {
    if (current && Date.now() - Date.parse(current.catalogue.generatedAt) < MAX_AGE_MS)
      return { ...current, loadedAt: Date.now() };
    return rebuild(db);
  }
  try {
    const res = await getObject({ bucket: bucket() }, keys.styleCatalogueObject(), {
      ifNoneMatch: current?.s3ETag ?? undefined,
    });
    const generatedAt = res.metadata['generated-at'] ?? '';
    const age = Date.now() - Date.parse(generatedAt);
    if (!generatedAt || !(age < MAX_AGE_MS)) return rebuild(db);
    let bytes = res.body;
    // Stored gzip; accept a plain JSON object too (and any intermediary that decoded it).
    if (!(bytes[0] === 0x1f && bytes[1] === 0x8b)) bytes = gzipSync(bytes);
    const meta = res.metadata;
    const plain = meta.etag && meta['json-bytes'] ? undefined : gunzipSync(bytes).toString('utf8');
    const etag = meta.etag ? `"${meta.etag}"` : hashOf(plain!);
    const jsonBytes = meta['json-bytes'] ? Number(meta['json-bytes']) : Buffer.byteLength(plain!);
    const count = Number(meta.count ?? NaN);
    return {
      scope: scopeOf(db),
      catalogue: makeCatalogue(bytes, etag, generatedAt, count, jsonBytes, plain),
      s3ETag: res.etag,
      loadedAt: Date.now(),
    };
  } catch (err) {
    const e = thrownInfo(err);
    if (current && (e.httpStatus === 304 || e.name === 'NotModified')) {
      if (Date.now() - Date.parse(current.catalogue.generatedAt) >= MAX_AGE_MS) return rebuild(db);
      return { ...current, loadedAt: Date.now() };
    }
    // not written yet (a new stage): S3 says 404, or 403 to a role without s3:ListBucket, as ours
    if (isMissingObject(err)) return rebuild(db);
    logger.warn('Style catalogue: S3 read failed, rebuilding from the table', { error: err });
    return rebuild(db);
  }
}

/** The current catalogue: from memory when fresh, else from S3, else rebuilt. One load per instance at a time. */
export async function getStyleCatalogue(db: Db): Promise<StyleCatalogue> {
  const scope = scopeOf(db);
  const current = memory?.scope === scope ? memory : null;
  if (current && Date.now() - current.loadedAt < MEMORY_TTL_MS) return current.catalogue;
  let p = inflight.get(scope);
  if (!p) {
    p = load(db, current).finally(() => inflight.delete(scope));
    inflight.set(scope, p);
  }
  const loaded = await p;
  memory = loaded;
  return loaded.catalogue;
}

/** Forget the in-memory copy (tests; a deploy does this by starting new instances). */
export function clearStyleCatalogueMemory(): void {
  memory = null;
}
