/** AWS clients, created once per configuration (Lambda reuses them across invocations). */
import { createDb, type Db } from '../../shared/repositories/table';
import { getConfig } from './config';

const dbs = new Map<string, Db>();

export function getDb(): Db {
  const cfg = getConfig();
  const cacheKey = `${cfg.dynamoEndpoint ?? 'aws'}|${cfg.tableName}`;
  let db = dbs.get(cacheKey);
  if (!db) {
    db = createDb({ tableName: cfg.tableName, endpoint: cfg.dynamoEndpoint, region: cfg.region });
    dbs.set(cacheKey, db);
  }
  return db;
}
