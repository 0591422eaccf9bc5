/**
 * Typed writes (ElectroDB's `set`/`add`/`remove`/`where` in a few lines): updates and conditions are written
 * against an item's attributes (an entity's record type plus the table's own attributes) and compiled here, and
 * only here, to DynamoDB expressions. Every path segment goes through a `#n` name placeholder (so reserved words
 * such as `status`, `count` or `type`, and names with dots or other signs, need no care) and every value through a
 * `:v` value placeholder. Repositories never spell an UpdateExpression (a unit test keeps it so).
 *
 *   update<Job>().set({ state: 'done' }).add({ tries: 1 }).remove('leaseUntil').where((w) => w.eq('state', 'running'))
 *
 * compiles to `SET #n0 = :v0 ADD #n1 :v1 REMOVE #n2` with `#n0 = :v2` as its condition.
 */

/** The attributes every item of the table may carry besides its record's (keys, indexes, type, TTL). */
export interface TableAttributes {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  gsi2pk: string;
  gsi2sk: string;
  type: string;
  ttl: number;
}

/** The attributes a write may name: the record's and the table's. */
export type Attributes<R> = R & TableAttributes;

type Key<T> = keyof T & string;
type Obj<V> =
  NonNullable<V> extends readonly unknown[]
    ? never
    : NonNullable<V> extends Record<string, unknown>
      ? NonNullable<V>
      : never;
type Nested<T> = {
  [K in Key<T>]: NonNullable<T[K]> extends readonly unknown[]
    ? `${K}[${number}]`
    : Obj<T[K]> extends never
      ? never
      : `${K}.${Key<Obj<T[K]>>}`;
}[Key<T>];

/**
 * A path to an attribute: a top-level one (`'status'`), one level into a map (`'inputs.styleRefKey'`,
 * `'keptVariants.2'` for a record) or a list element (`'history[0]'`). Segments given as an array are taken
 * literally (`['odd.name']` is one attribute whose name holds a dot).
 */
export type Path<T> = Key<T> | Nested<T> | readonly [Key<T>, ...(string | number)[]];

/** The value at a path (unknown below the first level of a map). */
export type At<T, P> =
  P extends Key<T>
    ? T[P]
    : P extends `${infer K}.${infer R}`
      ? K extends Key<T>
        ? R extends Key<Obj<T[K]>>
          ? Obj<T[K]>[R]
          : unknown
        : unknown
      : P extends `${infer K}[${number}]`
        ? K extends Key<T>
          ? NonNullable<T[K]> extends readonly (infer E)[]
            ? E
            : unknown
          : unknown
        : unknown;

type NumberKey<T> = { [K in Key<T>]: NonNullable<T[K]> extends number ? K : never }[Key<T>];
type ListKey<T> = { [K in Key<T>]: NonNullable<T[K]> extends readonly unknown[] ? K : never }[Key<T>];
type SetKey<T> = { [K in Key<T>]: NonNullable<T[K]> extends Set<unknown> ? K : never }[Key<T>];

/* ---------------- placeholders ---------------- */

/** The names and values one compiled write needs, each attribute name and each value given one placeholder. */
export class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly byName = new Map<string, string>();
  private readonly byValue = new Map<unknown, string>();
  private nextValue = 0;

  name(attribute: string): string {
    let p = this.byName.get(attribute);
    if (!p) {
      p = `#n${this.byName.size}`;
      this.byName.set(attribute, p);
      this.names[p] = attribute;
    }
    return p;
  }

  /** A value's placeholder; equal strings, numbers, booleans and null share one. */
  value(v: unknown): string {
    const shared = v === null || ['string', 'number', 'boolean'].includes(typeof v);
    const known = shared ? this.byValue.get(typeof v + ':' + String(v)) : undefined;
    if (known) return known;
    const p = `:v${this.nextValue++}`;
    this.values[p] = v;
    if (shared) this.byValue.set(typeof v + ':' + String(v), p);
    return p;
  }

  path(path: string | readonly (string | number)[]): string {
    return segments(path)
      .map((s, i) => (typeof s === 'number' ? `[${s}]` : `${i ? '.' : ''}${this.name(s)}`))
      .join('');
  }

  /** ExpressionAttributeNames/Values, each left out when empty (DynamoDB refuses empty maps). */
  parts(): { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> } {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/** `a.b[2].c` as ['a', 'b', 2, 'c']; an array is taken as given. */
export function segments(path: string | readonly (string | number)[]): (string | number)[] {
  if (typeof path !== 'string') {
    if (!path.length || path.some((s) => s === '')) throw new Error(`Empty path segment in ${JSON.stringify(path)}`);
    return [...path];
  }
  const out: (string | number)[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]+)((?:\[\d+\])*)$/.exec(part);
    if (!m) throw new Error(`Bad attribute path "${path}"`);
    out.push(m[1]!);
    for (const idx of m[2]!.matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

/* ---------------- conditions ---------------- */

/** A compiled-on-demand condition (ConditionExpression); build with `where<T>()` or an Update's `.where`. */
export interface Condition {
  readonly render: (p: Placeholders) => string;
}

type Maybe = Condition | null | undefined | false;
const cond = (render: (p: Placeholders) => string): Condition => ({ render });
const present = (cs: Maybe[]): Condition[] => cs.filter((c): c is Condition => !!c);

/** The condition operators, typed against the attributes T. */
export interface Where<T> {
  eq<P extends Path<T>>(path: P, value: At<T, P>): Condition;
  ne<P extends Path<T>>(path: P, value: At<T, P>): Condition;
  lt<P extends Path<T>>(path: P, value: NonNullable<At<T, P>>): Condition;
  le<P extends Path<T>>(path: P, value: NonNullable<At<T, P>>): Condition;
  gt<P extends Path<T>>(path: P, value: NonNullable<At<T, P>>): Condition;
  ge<P extends Path<T>>(path: P, value: NonNullable<At<T, P>>): Condition;
  between<P extends Path<T>>(path: P, low: NonNullable<At<T, P>>, high: NonNullable<At<T, P>>): Condition;
  in<P extends Path<T>>(path: P, values: readonly At<T, P>[]): Condition;
  exists(path: Path<T>): Condition;
  notExists(path: Path<T>): Condition;
  beginsWith(path: Path<T>, prefix: string): Condition;
  contains(path: Path<T>, element: unknown): Condition;
  /** Every present condition (false/null/undefined are skipped, so optional parts read inline). */
  and(...conditions: Maybe[]): Condition;
  or(...conditions: Maybe[]): Condition;
  not(condition: Condition): Condition;
}

const compare = (op: string, path: string | readonly (string | number)[], value: unknown): Condition =>
  cond((p) => `${p.path(path)} ${op} ${p.value(value)}`);
const join = (op: 'AND' | 'OR', cs: Maybe[]): Condition => {
  const list = present(cs);
  if (!list.length) throw new Error(`${op} of no condition`);
  if (list.length === 1) return list[0]!;
  return cond((p) => list.map((c) => `(${c.render(p)})`).join(` ${op} `));
};

/** The condition operators for items of attributes T (typed at compile time; the same code for every T). */
function whereOf<T>(): Where<T> {
  return {
    eq: (path, value) => compare('=', path, value),
    ne: (path, value) => compare('<>', path, value),
    lt: (path, value) => compare('<', path, value),
    le: (path, value) => compare('<=', path, value),
    gt: (path, value) => compare('>', path, value),
    ge: (path, value) => compare('>=', path, value),
    between: (path, low, high) => cond((p) => `${p.path(path)} BETWEEN ${p.value(low)} AND ${p.value(high)}`),
    in: (path, values) => {
      if (!values.length) throw new Error('IN of no value');
      return cond((p) => `${p.path(path)} IN (${values.map((v) => p.value(v)).join(', ')})`);
    },
    exists: (path) => cond((p) => `attribute_exists(${p.path(path)})`),
    notExists: (path) => cond((p) => `attribute_not_exists(${p.path(path)})`),
    beginsWith: (path, prefix) => cond((p) => `begins_with(${p.path(path)}, ${p.value(prefix)})`),
    contains: (path, element) => cond((p) => `contains(${p.path(path)}, ${p.value(element)})`),
    and: (...cs) => join('AND', cs),
    or: (...cs) => join('OR', cs),
    not: (c) => cond((p) => `NOT (${c.render(p)})`),
  };
}

/** The condition operators for items of attributes R (an entity's record; the table's attributes are added). */
export const where = <R = Record<string, unknown>>(): Where<Attributes<R>> => whereOf<Attributes<R>>();

/** The item exists (a write that must not create it). */
export const ITEM_EXISTS: Condition = whereOf<TableAttributes>().exists('pk');
/** No item has this key yet (a create that must not overwrite). */
export const ITEM_ABSENT: Condition = whereOf<TableAttributes>().notExists('pk');

/** A condition on its own, compiled (a Put, Delete or ConditionCheck). */
export function compileCondition(c: Condition): {
  ConditionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
} {
  const p = new Placeholders();
  const ConditionExpression = c.render(p);
  return { ConditionExpression, ...p.parts() };
}

/* ---------------- updates ---------------- */

/** What a compiled update hands to UpdateItem (or a transaction's Update item). */
export interface CompiledUpdate {
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

type Clause = 'SET' | 'ADD' | 'REMOVE' | 'DELETE';
type Action = { clause: Clause; render: (p: Placeholders) => string };

/**
 * An update of items of attributes T, built by chaining (each call adds to it) and compiled once. Undefined
 * values in `set` are skipped (write null to store null); an update with nothing to do refuses to compile.
 */
export class Update<T> {
  private readonly actions: Action[] = [];
  private readonly conditions: Condition[] = [];

  /**
   * SET each attribute of the patch: undefined ones are skipped, or written as null with `undefinedAs: 'null'`
   * (a patch whose undefined fields mean "clear it").
   */
  set(patch: { [K in Key<T>]?: T[K] | undefined }, opts: { undefinedAs?: 'skip' | 'null' } = {}): this {
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined && opts.undefinedAs !== 'null') continue;
      this.push('SET', (p) => `${p.path([k])} = ${p.value(v ?? null)}`);
    }
    return this;
  }

  /** SET one path, nested ones included (`'inputs.styleRefKey'`, `['keptVariants', '2']`). */
  setPath<P extends Path<T>>(path: P, value: At<T, P>): this {
    return this.push('SET', (p) => `${p.path(path)} = ${p.value(value)}`);
  }

  /** SET each attribute of the patch only where the item has none yet (`if_not_exists`). */
  setIfNotExists(patch: { [K in Key<T>]?: T[K] | undefined }): this {
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) continue;
      this.push('SET', (p) => {
        const n = p.path([k]);
        return `${n} = if_not_exists(${n}, ${p.value(v)})`;
      });
    }
    return this;
  }

  /**
   * SET a number to itself plus `by` (negative to take away), counting from `from` (0 unless given) when the
   * item has none yet: `#n = if_not_exists(#n, :from) + :by`. Unlike ADD it may sit in one SET with others.
   */
  increment(attribute: NumberKey<T>, by: number, opts: { from?: number } = {}): this {
    return this.push('SET', (p) => {
      const n = p.path([attribute]);
      return `${n} = if_not_exists(${n}, ${p.value(opts.from ?? 0)}) + ${p.value(by)}`;
    });
  }

  /** ADD to numbers (a missing one counts from 0). */
  add(patch: { [K in NumberKey<T>]?: number }): this {
    for (const [k, v] of Object.entries(patch)) {
      if (typeof v !== 'number') continue;
      this.push('ADD', (p) => `${p.path([k])} ${p.value(v)}`);
    }
    return this;
  }

  /** ADD to one number (a missing one counts from 0); for attributes whose name is built (`votes#<id>`). */
  addTo(attribute: NumberKey<T>, by: number): this {
    return this.push('ADD', (p) => `${p.path([attribute])} ${p.value(by)}`);
  }

  /** ADD elements to a set attribute. */
  addToSet<K extends SetKey<T>>(attribute: K, elements: T[K]): this {
    return this.push('ADD', (p) => `${p.path([attribute])} ${p.value(elements)}`);
  }

  /** DELETE elements from a set attribute. */
  deleteFromSet<K extends SetKey<T>>(attribute: K, elements: T[K]): this {
    return this.push('DELETE', (p) => `${p.path([attribute])} ${p.value(elements)}`);
  }

  /** Append to a list (a missing list starts empty): `#n = list_append(if_not_exists(#n, :empty), :items)`. */
  append<K extends ListKey<T>>(attribute: K, items: NonNullable<T[K]>): this {
    return this.push('SET', (p) => {
      const n = p.path([attribute]);
      return `${n} = list_append(if_not_exists(${n}, ${p.value([])}), ${p.value(items)})`;
    });
  }

  /** REMOVE attributes (or nested paths). */
  remove(...paths: Path<T>[]): this {
    for (const path of paths) this.push('REMOVE', (p) => p.path(path));
    return this;
  }

  /** Move an item in or out of an index (an entity's `indexUpdate`): SET its keys, or REMOVE both. */
  index(move: { set: Partial<Record<string, string>>; remove: readonly string[] }): this {
    for (const [k, v] of Object.entries(move.set)) {
      if (v !== undefined) this.push('SET', (p) => `${p.path([k])} = ${p.value(v)}`);
    }
    for (const k of move.remove) this.push('REMOVE', (p) => p.path([k]));
    return this;
  }

  /** Add a condition (all of them must hold): a Condition, or a function of the typed operators. */
  where(condition: Maybe | ((w: Where<T>) => Maybe)): this {
    const c = typeof condition === 'function' ? condition(whereOf<T>()) : condition;
    if (c) this.conditions.push(c);
    return this;
  }

  /** True when the update has nothing to write yet. */
  get empty(): boolean {
    return this.actions.length === 0;
  }

  compile(): CompiledUpdate {
    if (!this.actions.length) throw new Error('update: nothing to update');
    const p = new Placeholders();
    const byClause = new Map<Clause, string[]>();
    for (const a of this.actions) byClause.set(a.clause, [...(byClause.get(a.clause) ?? []), a.render(p)]);
    const UpdateExpression = (['SET', 'ADD', 'REMOVE', 'DELETE'] as const)
      .filter((c) => byClause.has(c))
      .map((c) => `${c} ${byClause.get(c)!.join(', ')}`)
      .join(' ');
    const condition = this.conditions.length ? join('AND', this.conditions).render(p) : undefined;
    return { UpdateExpression, ...(condition ? { ConditionExpression: condition } : {}), ...p.parts() };
  }

  private push(clause: Clause, render: (p: Placeholders) => string): this {
    this.actions.push({ clause, render });
    return this;
  }
}

/** A new update of items of attributes R (an entity's record; the table's attributes are added). */
export const update = <R = Record<string, unknown>>(): Update<Attributes<R>> => new Update<Attributes<R>>();

/** Anything that compiles to an update (an Update of any attributes). */
export interface Compilable {
  compile(): CompiledUpdate;
}

/** An update as its compiled parts (for the toolkit's write helpers). */
export const compiled = (u: Compilable | CompiledUpdate): CompiledUpdate => ('compile' in u ? u.compile() : u);
