import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { builtSchema, lazySchema } from './lazy-schema';
import { jsonSchema } from '../openapi';

/** The same graph of schemas, built eagerly or through lazySchema at every level (as shared/schemas declares). */
function graph(wrap: <T extends object>(build: () => T) => T) {
  const nstr = wrap(() => z.string().nullable());
  const item = wrap(() =>
    z.object({
      id: z.string().min(1, 'Id is required'),
      note: nstr.optional(),
      size: z.number().int().default(1),
    }),
  );
  const list = wrap(() =>
    z.object({
      items: z.array(item),
      total: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number()),
      kind: z.union([z.literal('a'), z.literal('b')]),
    }),
  );
  const detail = wrap(() => item.extend({ list: list.nullable(), tags: z.array(z.string()).readonly() }));
  return { nstr, item, list, detail };
}
const eager = <T extends object>(build: () => T): T => build();

describe('lazySchema (issue 28 part 5: schemas built on first use)', () => {
  it('builds nothing until the schema is used, then builds it once', () => {
    let builds = 0;
    const s = lazySchema(() => {
      builds++;
      return z.object({ a: z.string() });
    });
    const parent = lazySchema(() => z.object({ child: s }));
    expect(builds).toBe(0);
    expect(parent.parse({ child: { a: 'x' } })).toEqual({ child: { a: 'x' } });
    expect(s.safeParse({ a: 1 }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('parses, fails and infers exactly as the schema it builds', () => {
    const lazy = graph(lazySchema);
    const plain = graph(eager);
    const good = { id: 'x', list: { items: [{ id: 'y', note: null }], total: '3', kind: 'a' }, tags: ['t'] };
    const bad = { id: '', list: { items: [{ id: 4 }], total: 'n', kind: 'c' }, tags: [1] };
    expect(lazy.detail.parse(good)).toEqual(plain.detail.parse(good));
    expect(lazy.detail.parse(good).list?.items[0]?.size).toBe(1);
    const lazyIssues = lazy.detail.safeParse(bad).error?.issues;
    expect(lazyIssues?.length).toBeGreaterThan(3);
    expect(lazyIssues).toEqual(plain.detail.safeParse(bad).error?.issues);
  });

  it('answers property reads, keys, `in` and instanceof as the built schema', () => {
    const { item, detail } = graph(lazySchema);
    expect(item instanceof z.ZodObject).toBe(true);
    expect(item.nullable() instanceof z.ZodNullable).toBe(true);
    expect(Object.keys(item.shape)).toEqual(['id', 'note', 'size']);
    expect(Object.keys(detail.shape)).toEqual(['id', 'note', 'size', 'list', 'tags']);
    expect('_zod' in item).toBe(true);
    expect(Object.getPrototypeOf(item)).toBe(Object.getPrototypeOf(builtSchema(item)));
    expect(item.pick({ id: true }).safeParse({ id: 'a', size: 2 }).data).toEqual({ id: 'a' });
    expect(builtSchema(item)).not.toBe(item);
    expect(builtSchema(item)).toBe(builtSchema(item));
    const plainValue = { a: 1 };
    expect(builtSchema(plainValue)).toBe(plainValue);
  });

  it("gives the OpenAPI document the JSON Schema z.toJSONSchema gives the eager schemas (openapi.ts's conversion)", () => {
    const lazy = graph(lazySchema);
    const plain = graph(eager);
    for (const io of ['input', 'output'] as const) {
      const { $schema: _drop, ...expected } = z.toJSONSchema(plain.detail, {
        target: 'draft-2020-12',
        io,
        unrepresentable: 'any',
      });
      expect(jsonSchema(lazy.detail, io)).toEqual(expected);
      expect(jsonSchema(plain.detail, io)).toEqual(expected);
    }
    // what the conversion works around: zod's own keys the wrapper and the built schema apart
    const withDefault = lazySchema(() => z.number().default(1));
    expect(() => z.toJSONSchema(withDefault)).toThrow();
    expect(jsonSchema(withDefault, 'output')).toEqual({ type: 'number', default: 1 });
    // a lazy schema that is another one (an alias) stands for what that one builds
    const alias = lazySchema(() => withDefault);
    expect(builtSchema(alias)).toBe(builtSchema(withDefault));
    expect(jsonSchema(z.object({ n: alias }), 'output')).toMatchObject({ properties: { n: { default: 1 } } });
  });
});
