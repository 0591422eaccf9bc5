/**
 * The entity declaration: one place for an item type's attributes, keys and index membership. Reads parse at
 * the boundary (key attributes dropped, a malformed item refused with the entity's name); writes build the
 * whole item and move it in or out of a sparse index through the declaration.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { entity, MalformedItem, type EntityRecord } from './entity';

const job = entity({
  name: 'Job',
  schema: z.object({
    id: z.string(),
    state: z.enum(['queued', 'running', 'done']),
    leaseUntil: z.string().nullable(),
    tries: z.number().default(0),
  }),
  key: (j) => ({ pk: `JOB#${j.id}`, sk: 'JOB' }),
  indexes: {
    gsi2: (j: { id: string; state: string; leaseUntil: string | null }) =>
      j.state === 'running' && j.leaseUntil ? { gsi2pk: 'JOBS#RUNNING', gsi2sk: `${j.leaseUntil}#${j.id}` } : null,
  },
});
type Job = EntityRecord<typeof job>;

describe('entity', () => {
  const running: Job = { id: 'j1', state: 'running', leaseUntil: '2026-01-01T00:00:00.000Z', tries: 1 };

  it('builds the whole item: key, the indexes it is in, type and attributes', () => {
    expect(job.item(running)).toEqual({
      pk: 'JOB#j1',
      sk: 'JOB',
      gsi2pk: 'JOBS#RUNNING',
      gsi2sk: '2026-01-01T00:00:00.000Z#j1',
      type: 'Job',
      ...running,
    });
    // out of the sparse index: no index attributes at all
    expect(Object.keys(job.item({ ...running, state: 'done' }))).not.toContain('gsi2pk');
  });

  it('parses a stored item into the record, dropping key, index and type attributes', () => {
    expect(job.parse(job.item(running))).toEqual(running);
    expect(job.parse({ pk: 'JOB#j2', sk: 'JOB', id: 'j2', state: 'queued', leaseUntil: null })).toEqual({
      id: 'j2',
      state: 'queued',
      leaseUntil: null,
      tries: 0,
    });
    expect(job.parseOrNull(undefined)).toBeNull();
  });

  it('refuses a malformed item loudly, naming the entity, the key and the attribute', () => {
    const broken = { pk: 'JOB#j3', sk: 'JOB', id: 'j3', leaseUntil: null };
    expect(() => job.parse(broken)).toThrow(MalformedItem);
    expect(() => job.parse(broken)).toThrow(/Malformed Job item JOB#j3 \/ JOB: state/);
    const caught = (() => {
      try {
        job.parse({ ...broken, state: 'lost' });
      } catch (err) {
        return err;
      }
    })();
    expect(caught).toBeInstanceOf(MalformedItem);
    expect(caught).toMatchObject({ entity: 'Job', key: 'JOB#j3 / JOB' });
  });

  it('parses a projection with only the attributes asked for', () => {
    expect(job.parsePick({ id: 'j4', tries: 2 }, ['id', 'tries'])).toEqual({ id: 'j4', tries: 2 });
    expect(() => job.parsePick({ tries: 2 }, ['id'])).toThrow(/Malformed Job item \(key not read\): id/);
  });

  it('moves an item in or out of an index through the declaration (SET or REMOVE of both attributes)', () => {
    expect(job.indexUpdate('gsi2', running)).toEqual({
      set: { gsi2pk: 'JOBS#RUNNING', gsi2sk: '2026-01-01T00:00:00.000Z#j1' },
      remove: [],
    });
    const out = job.indexUpdate('gsi2', { ...running, state: 'done' });
    expect(out).toEqual({ set: {}, remove: ['gsi2pk', 'gsi2sk'] });
    expect(job.indexUpdate('gsi2', null)).toEqual(out);
    const u = job
      .update()
      .set({ state: 'done' })
      .index(out)
      .where((w) => w.eq('state', 'running'))
      .compile();
    expect(u.UpdateExpression).toBe('SET #n0 = :v0 REMOVE #n1, #n2');
    expect(u.ConditionExpression).toBe('#n0 = :v1');
    expect(u.ExpressionAttributeNames).toEqual({ '#n0': 'state', '#n1': 'gsi2pk', '#n2': 'gsi2sk' });
  });
});
