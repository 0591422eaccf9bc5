/**
 * Each stored item type declared once (ElectroDB's idea in a few lines): its attributes (a zod object), how its
 * table key is built and which indexes it is in (each index key built from the attributes, or null when the item
 * is out of that sparse index). The record type is derived from the declaration (`EntityRecord<typeof e>`);
 * reads parse at the repository boundary (`e.parse`: the key, index and `type` attributes are dropped because
 * the schema does not declare them, and a malformed item fails loudly with the entity's name); writes build the
 * whole item (`e.item`) and move an item in or out of an index through the declaration (`e.indexUpdate`), never
 * through hand-written `REMOVE gsi2pk, gsi2sk`; updates and conditions are typed against its attributes
 * (`e.update().set({...}).where((w) => w.eq('state', 'running'))`, expression.ts). Key spelling stays in keys.ts: declarations call its builders.
 */
import * as z from 'zod';
import { lazySchema } from '../schemas/lazy-schema';
import { Update, where, type Attributes, type Where } from './expression';

/** A stored item as DynamoDB hands it back (attribute values not yet known). */
export type StoredItem = Record<string, unknown>;
export type TableKey = { pk: string; sk: string };
export type IndexName = 'gsi1' | 'gsi2';
export type IndexKey<N extends IndexName> = N extends 'gsi1'
  ? { gsi1pk: string; gsi1sk: string }
  : { gsi2pk: string; gsi2sk: string };

/** The SET and REMOVE parts of moving an item into (or out of) an index; feed them to an Update's `index`. */
export interface IndexUpdate {
  set: Record<string, string>;
  remove: string[];
}

const INDEX_ATTRIBUTES: { [N in IndexName]: [`${N}pk`, `${N}sk`] } = {
  gsi1: ['gsi1pk', 'gsi1sk'],
  gsi2: ['gsi2pk', 'gsi2sk'],
};

/** The table key of an item read with `ProjectionExpression: 'pk, sk'`. */
export const tableKeySchema = /* @__PURE__ */ lazySchema(() => z.object({ pk: z.string(), sk: z.string() }));

/** A stored item that does not match its declaration (a missing or mistyped attribute): a bug or bad data. */
export class MalformedItem extends Error {
  constructor(
    readonly entity: string,
    readonly key: string,
    readonly issues: string,
  ) {
    super(`Malformed ${entity} item ${key}: ${issues}`);
    this.name = 'MalformedItem';
  }
}

type Schema = z.ZodObject;
type Output<S extends Schema> = z.output<S>;

/** How each index an item may be in builds its key from the record (null: out of that sparse index). */
export type IndexBuilders<S extends Schema> = { [N in IndexName]?: (record: Output<S>) => IndexKey<N> | null };
/** What an index's key builder needs: the whole record, or the attributes its declaration names. */
export type IndexInput<F> = F extends (record: infer R) => unknown ? R : never;

export interface EntityDeclaration<S extends Schema, X extends IndexBuilders<S>, Name extends string> {
  /** The item's `type` attribute, and the name a malformed item's error carries. */
  name: Name;
  /** The attributes (never the key, index or `type` attributes: parsing drops those, as z.object strips). */
  schema: S;
  /** The table key, from keys.ts. */
  key: (record: Output<S>) => TableKey;
  /**
   * Each index the item may be in, with its key from keys.ts (null: not in that sparse index). A builder may
   * take only the attributes it needs, so an update that knows only those can move the item in or out.
   */
  indexes?: X & IndexBuilders<S>;
}

export interface Entity<S extends Schema, X extends IndexBuilders<S>, Name extends string = string> {
  readonly name: Name;
  readonly schema: S;
  key(record: Output<S>): TableKey;
  /** The item to Put: key, the keys of the indexes it is in, `type`, its attributes and any `extra` ones. */
  item(record: Output<S>, extra?: StoredItem): StoredItem;
  /** The index key of this record (null: not in that index). */
  indexKey<N extends keyof X & IndexName>(index: N, record: IndexInput<X[N]>): IndexKey<N> | null;
  /** SET the index key of `record`, or REMOVE it when the record is null or out of that sparse index. */
  indexUpdate<N extends keyof X & IndexName>(index: N, record: IndexInput<X[N]> | null): IndexUpdate;
  /** A stored item as a record; MalformedItem when it does not match the declaration. */
  parse(item: unknown): Output<S>;
  /** parse, with null for no item. */
  parseOrNull(item: unknown): Output<S> | null;
  /** Some attributes only (a projected read): the others are not required. */
  parsePick<K extends keyof Output<S> & string>(item: unknown, attributes: readonly K[]): Pick<Output<S>, K>;
  /** A new typed update of this entity's items (expression.ts): set/add/remove/... and where. */
  update(): Update<Attributes<Output<S>>>;
  /** The condition operators, typed against this entity's attributes. */
  readonly where: Where<Attributes<Output<S>>>;
}

/** The record type an entity declares. */
export type EntityRecord<E> = E extends { parse(item: unknown): infer T } ? T : never;

const describeKey = (item: unknown): string => {
  if (!item || typeof item !== 'object') return '(no item)';
  if (!('pk' in item)) return '(key not read)';
  return `${String(item.pk)} / ${'sk' in item ? String(item.sk) : '-'}`;
};

const describeIssues = (error: z.ZodError): string =>
  error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(item)'}: ${i.message}`)
    .join('; ');

export function entity<S extends Schema, Name extends string, X extends IndexBuilders<S> = Record<never, never>>(
  declaration: EntityDeclaration<S, X, Name>,
): Entity<S, X, Name> {
  const { schema } = declaration;
  const picks = new Map<string, z.ZodType>();
  const check = <T>(out: z.ZodSafeParseResult<T>, item: unknown): T => {
    if (!out.success) throw new MalformedItem(declaration.name, describeKey(item), describeIssues(out.error));
    return out.data;
  };
  const parse = (item: unknown): Output<S> => check(schema.safeParse(item), item);
  const indexKey = <N extends keyof X & IndexName>(index: N, record: IndexInput<X[N]>): IndexKey<N> | null => {
    // cast: a declared builder takes exactly IndexInput of itself, which TypeScript cannot see through X[N]
    const build = declaration.indexes?.[index] as ((r: IndexInput<X[N]>) => IndexKey<N> | null) | undefined;
    return build ? build(record) : null;
  };
  return {
    name: declaration.name,
    schema,
    key: declaration.key,
    indexKey,
    item(record, extra = {}) {
      const builders: IndexBuilders<S> = declaration.indexes ?? {};
      const indexes = [builders.gsi1, builders.gsi2].filter((b) => b !== undefined);
      const indexKeys = indexes.map((build) => build(record) ?? {});
      return {
        ...declaration.key(record),
        ...indexKeys.reduce<Record<string, string>>((all, k) => ({ ...all, ...k }), {}),
        type: declaration.name,
        ...record,
        ...extra,
      };
    },
    indexUpdate(index, record) {
      const k = record ? indexKey(index, record) : null;
      return k ? { set: { ...k }, remove: [] } : { set: {}, remove: [...INDEX_ATTRIBUTES[index]] };
    },
    update: () => new Update<Attributes<Output<S>>>(),
    where: where<Output<S>>(),
    parse,
    parseOrNull: (item) => (item === undefined || item === null ? null : parse(item)),
    parsePick<K extends keyof Output<S> & string>(item: unknown, attributes: readonly K[]) {
      const id = attributes.join(',');
      let picked = picks.get(id);
      if (!picked) {
        const mask: Record<string, true> = {};
        for (const a of attributes) mask[a] = true;
        picked = schema.pick(mask);
        picks.set(id, picked);
      }
      // cast: zod's Pick of the shape is this Pick of the output, which TypeScript cannot prove for a generic K
      return check((picked as z.ZodType<Pick<Output<S>, K>>).safeParse(item), item);
    },
  };
}
