/**
 * The typed-write compiler (expression.ts): what an update or a condition written against an item's attributes
 * compiles to. Pure: no table, no emulator.
 */
import { describe, expect, it } from 'vitest';
import { compileCondition, ITEM_ABSENT, ITEM_EXISTS, segments, update, where } from './expression';

interface Job {
  id: string;
  status: 'queued' | 'running' | 'done';
  count: number;
  leaseUntil: string | null;
  history: string[];
  inputs: { styleRefKey: string | null; backgroundKey: string | null };
  keptVariants?: Record<string, string>;
  tags: Set<string>;
}
const w = where<Job>();

describe('update compiler', () => {
  it('gives every attribute a name placeholder, reserved words included, and every value a value placeholder', () => {
    const u = update<Job>().set({ status: 'done', count: 3, type: 'Job' }).compile();
    expect(u).toEqual({
      UpdateExpression: 'SET #n0 = :v0, #n1 = :v1, #n2 = :v2',
      ExpressionAttributeNames: { '#n0': 'status', '#n1': 'count', '#n2': 'type' },
      ExpressionAttributeValues: { ':v0': 'done', ':v1': 3, ':v2': 'Job' },
    });
  });

  it('skips undefined values but writes null; one placeholder per distinct name and primitive value', () => {
    const now = '2026-01-01T00:00:00.000Z';
    const u = update<{ a?: string; b: string | null; c: string; d: string }>()
      .set({ a: undefined, b: null, c: now, d: now })
      .compile();
    expect(u.UpdateExpression).toBe('SET #n0 = :v0, #n1 = :v1, #n2 = :v1');
    expect(u.ExpressionAttributeNames).toEqual({ '#n0': 'b', '#n1': 'c', '#n2': 'd' });
    expect(u.ExpressionAttributeValues).toEqual({ ':v0': null, ':v1': now });
    // a patch whose undefined fields mean "clear it"
    const cleared = update<{ a?: string; b: string }>()
      .set({ a: undefined, b: 'x' }, { undefinedAs: 'null' })
      .compile();
    expect(cleared.UpdateExpression).toBe('SET #n0 = :v0, #n1 = :v1');
    expect(cleared.ExpressionAttributeValues).toEqual({ ':v0': null, ':v1': 'x' });
  });

  it('groups SET, ADD, REMOVE and DELETE clauses in that order, whatever order they were written in', () => {
    const u = update<Job>()
      .remove('leaseUntil')
      .add({ count: -1 })
      .set({ status: 'queued' })
      .deleteFromSet('tags', new Set(['x']))
      .addToSet('tags', new Set(['y']))
      .compile();
    expect(u.UpdateExpression).toBe('SET #n2 = :v1 ADD #n1 :v0, #n3 :v3 REMOVE #n0 DELETE #n3 :v2');
    expect(u.ExpressionAttributeNames).toEqual({ '#n0': 'leaseUntil', '#n1': 'count', '#n2': 'status', '#n3': 'tags' });
    expect(u.ExpressionAttributeValues).toEqual({
      ':v0': -1,
      ':v1': 'queued',
      ':v2': new Set(['x']),
      ':v3': new Set(['y']),
    });
  });

  it('writes nested paths: map members, record entries, list elements and literal segments', () => {
    const u = update<Job>()
      .setPath('inputs.styleRefKey', null)
      .setPath(['keptVariants', '2'], 'v2')
      .setPath('history[1]', 'h')
      .setPath(['odd.name'] as never, 1 as never)
      .remove('inputs.backgroundKey', 'history[0]')
      .compile();
    expect(u.UpdateExpression).toBe('SET #n0.#n1 = :v0, #n2.#n3 = :v1, #n4[1] = :v2, #n5 = :v3 REMOVE #n0.#n6, #n4[0]');
    expect(u.ExpressionAttributeNames).toEqual({
      '#n0': 'inputs',
      '#n1': 'styleRefKey',
      '#n2': 'keptVariants',
      '#n3': '2',
      '#n4': 'history',
      '#n5': 'odd.name',
      '#n6': 'backgroundKey',
    });
    expect(segments('a.b[2][3].c')).toEqual(['a', 'b', 2, 3, 'c']);
    expect(() => segments('a..b')).toThrow(/Bad attribute path/);
    expect(() => segments(['a', ''])).toThrow(/Empty path segment/);
  });

  it('escapes names holding signs that mean something in an expression (#, :, spaces, dots as a literal)', () => {
    const u = update<Record<string, unknown>>().setPath(['#weird :name'], 1).setPath(['a.b'], 2).compile();
    expect(u.UpdateExpression).toBe('SET #n0 = :v0, #n1 = :v1');
    expect(u.ExpressionAttributeNames).toEqual({ '#n0': '#weird :name', '#n1': 'a.b' });
  });

  it('compiles if_not_exists, counters that start from a value, and list_append onto a missing list', () => {
    const u = update<Job>()
      .setIfNotExists({ leaseUntil: 'L' })
      .increment('count', 1)
      .append('history', ['started'])
      .compile();
    expect(u.UpdateExpression).toBe(
      'SET #n0 = if_not_exists(#n0, :v0), #n1 = if_not_exists(#n1, :v1) + :v2, #n2 = list_append(if_not_exists(#n2, :v3), :v4)',
    );
    expect(u.ExpressionAttributeValues).toEqual({ ':v0': 'L', ':v1': 0, ':v2': 1, ':v3': [], ':v4': ['started'] });
    const down = update<Job>().increment('count', -1, { from: 1 }).compile();
    expect(down.UpdateExpression).toBe('SET #n0 = if_not_exists(#n0, :v0) + :v1');
    expect(down.ExpressionAttributeValues).toEqual({ ':v0': 1, ':v1': -1 });
  });

  it('moves an item in or out of an index (SET both keys, or REMOVE both)', () => {
    const into = update<Job>()
      .index({ set: { gsi2pk: 'P', gsi2sk: 'S' }, remove: [] })
      .compile();
    expect(into.UpdateExpression).toBe('SET #n0 = :v0, #n1 = :v1');
    const out = update<Job>()
      .index({ set: {}, remove: ['gsi2pk', 'gsi2sk'] })
      .compile();
    expect(out).toEqual({
      UpdateExpression: 'REMOVE #n0, #n1',
      ExpressionAttributeNames: { '#n0': 'gsi2pk', '#n1': 'gsi2sk' },
    });
  });

  it('carries its conditions (all must hold), sharing placeholders with the update', () => {
    const u = update<Job>()
      .set({ status: 'running' })
      .where((c) => c.eq('status', 'queued'))
      .where(ITEM_EXISTS)
      .where(false)
      .compile();
    expect(u).toEqual({
      UpdateExpression: 'SET #n0 = :v0',
      ConditionExpression: '(#n0 = :v1) AND (attribute_exists(#n1))',
      ExpressionAttributeNames: { '#n0': 'status', '#n1': 'pk' },
      ExpressionAttributeValues: { ':v0': 'running', ':v1': 'queued' },
    });
  });

  it('refuses an update with nothing to do', () => {
    expect(() => update<Job>().set({ leaseUntil: undefined }).compile()).toThrow(/nothing to update/);
    expect(update<Job>().empty).toBe(true);
  });
});

describe('condition compiler', () => {
  it('compiles comparisons, functions, IN and BETWEEN', () => {
    const c = w.and(
      w.ne('status', 'done'),
      w.lt('count', 5),
      w.le('count', 6),
      w.gt('count', 0),
      w.ge('count', 1),
      w.between('leaseUntil', 'a', 'z'),
      w.in('status', ['queued', 'running']),
      w.beginsWith('id', 'JOB#'),
      w.contains('history', 'x'),
      w.notExists('keptVariants.1'),
    );
    const out = compileCondition(c);
    expect(out.ConditionExpression).toBe(
      '(#n0 <> :v0) AND (#n1 < :v1) AND (#n1 <= :v2) AND (#n1 > :v3) AND (#n1 >= :v4) AND ' +
        '(#n2 BETWEEN :v5 AND :v6) AND (#n0 IN (:v7, :v8)) AND (begins_with(#n3, :v9)) AND ' +
        '(contains(#n4, :v10)) AND (attribute_not_exists(#n5.#n6))',
    );
    expect(out.ExpressionAttributeNames).toEqual({
      '#n0': 'status',
      '#n1': 'count',
      '#n2': 'leaseUntil',
      '#n3': 'id',
      '#n4': 'history',
      '#n5': 'keptVariants',
      '#n6': '1',
    });
    expect(out.ExpressionAttributeValues).toMatchObject({ ':v0': 'done', ':v3': 0, ':v4': 1, ':v9': 'JOB#' });
  });

  it('nests OR and NOT, skips absent parts, and leaves out empty value maps', () => {
    const cap: number | null = null;
    const c = w.and(
      ITEM_EXISTS,
      cap !== null && w.lt('count', cap),
      w.or(w.notExists('count'), w.not(w.eq('count', 0))),
    );
    expect(compileCondition(c)).toEqual({
      ConditionExpression: '(attribute_exists(#n0)) AND ((attribute_not_exists(#n1)) OR (NOT (#n1 = :v0)))',
      ExpressionAttributeNames: { '#n0': 'pk', '#n1': 'count' },
      ExpressionAttributeValues: { ':v0': 0 },
    });
    expect(compileCondition(ITEM_ABSENT)).toEqual({
      ConditionExpression: 'attribute_not_exists(#n0)',
      ExpressionAttributeNames: { '#n0': 'pk' },
    });
    expect(() => w.and(false, null)).toThrow(/AND of no condition/);
    expect(() => w.in('status', [])).toThrow(/IN of no value/);
  });

  it('is typed against the attributes: a wrong name or value does not compile', () => {
    // @ts-expect-error 'stauts' is no attribute of Job
    w.eq('stauts', 'done');
    // @ts-expect-error 'finished' is no status
    w.eq('status', 'finished');
    // @ts-expect-error a count is a number
    update<Job>().set({ count: '3' });
    // @ts-expect-error ADD takes number attributes only
    update<Job>().add({ status: 1 });
    // @ts-expect-error append takes list attributes only
    update<Job>().append('count', [1]);
    expect(compileCondition(w.eq('pk', 'JOB#1')).ExpressionAttributeNames).toEqual({ '#n0': 'pk' });
  });
});
