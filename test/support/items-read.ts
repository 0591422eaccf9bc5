/**
 * Counts the DynamoDB items a piece of code reads (GetItem 0 or 1, Query/Scan their Items, BatchGet its Responses)
 * and the calls it makes, through a middleware on the Db's document client: the "items read per page view" of
 * the share page test and bench (issue 28). `stop()` takes the middleware off again.
 */
import type { Db } from '../../shared/repositories/table';

export interface ItemsRead {
  readonly items: number;
  readonly calls: number;
  reset(): void;
  stop(): void;
}

let seq = 0;

const lengthOf = (x: unknown): number => (Array.isArray(x) ? x.length : 0);

export function countItemsRead(db: Db): ItemsRead {
  const name = `itemsRead${++seq}`;
  const state = { items: 0, calls: 0 };
  db.doc.use(name, async (_command, next) => {
    const out = await next();
    state.calls++;
    if ('Item' in out && out.Item) state.items++;
    if ('Items' in out) state.items += lengthOf(out.Items);
    if ('Responses' in out && out.Responses && typeof out.Responses === 'object')
      for (const list of Object.values(out.Responses)) state.items += lengthOf(list);
    return out;
  });
  return {
    get items() {
      return state.items;
    },
    get calls() {
      return state.calls;
    },
    reset() {
      state.items = 0;
      state.calls = 0;
    },
    stop() {
      db.doc.remove(name);
    },
  };
}
