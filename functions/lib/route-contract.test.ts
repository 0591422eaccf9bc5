/**
 * The route entry is the whole contract (issue 42): an implementation's return type comes from its entry's
 * `response` schema, so a response that drifts from it does not compile. `npx tsc --noEmit -p .` checks this
 * file: each `@ts-expect-error` below must meet an error, or tsc fails ("Unused '@ts-expect-error' directive").
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { defineGroup } from '../../shared/routes/route-def';
import { raw, redirect, reply, type GroupImpls } from './http';

const contract = defineGroup('generations', { auth: 'user' }, [
  { method: 'POST', path: '/c/start', response: z.object({ id: z.string() }), status: 201 },
  { method: 'GET', path: '/c/list', auth: 'optional', response: z.array(z.object({ n: z.number() })) },
  { method: 'DELETE', path: '/c/{id}', status: 204 },
  { method: 'GET', path: '/c/page', auth: 'public', produces: 'text/html' },
  { method: 'GET', path: '/c/login', auth: 'public', status: 302 },
  // a repeat of an idempotent start is answered { id } by the pipeline: its response must take that
  { method: 'POST', path: '/c/count', response: z.object({ n: z.number() }), status: 201, idempotent: true },
]);
type Impls = GroupImpls<typeof contract>;

/** What compiles: the entry's body (or a reply of it), nothing for a 204, raw()/redirect() for the others (but the last). */
const matching: Impls = {
  // a user route's caller is never null
  'POST /c/start': async ({ caller }) => ({ id: caller.user.id }),
  'GET /c/list': async ({ caller }) => reply([{ n: caller ? 1 : 0 }], { headers: { 'cache-control': 'no-store' } }),
  'DELETE /c/{id}': async ({ params }) => {
    void params.id;
  },
  'GET /c/page': async () => raw({ statusCode: 200, headers: { 'content-type': 'text/html' }, body: '' }),
  'GET /c/login': async () => redirect('/auth/login'),
  // @ts-expect-error an idempotent start whose response is not { id }
  'POST /c/count': async () => ({ n: 1 }),
};

/** What does not: each implementation below drifts from its entry. */
const drifting: Partial<Impls>[] = [
  // @ts-expect-error the id is a number, the schema says string
  { 'POST /c/start': async () => ({ id: 42 }) },
  // @ts-expect-error the id is missing
  { 'POST /c/start': async () => ({}) },
  // @ts-expect-error a reply of another shape
  { 'POST /c/start': async () => reply({ generationId: 'g' }) },
  // @ts-expect-error a list answered with one item
  { 'GET /c/list': async () => ({ n: 1 }) },
  // @ts-expect-error the caller of an optional route may be null
  { 'GET /c/list': async ({ caller }) => [{ n: caller.user.id.length }] },
  // @ts-expect-error a 204 route answers no body
  { 'DELETE /c/{id}': async () => ({ deleted: true }) },
  // @ts-expect-error a text/html route builds its whole answer (raw), never a JSON body
  { 'GET /c/page': async () => ({ html: '<p></p>' }) },
  // @ts-expect-error a redirect route answers a redirect
  { 'GET /c/login': async () => ({ location: '/' }) },
];

describe('the route contract (checked by tsc)', () => {
  it('implementations are typed from their entries', () => {
    expect(Object.keys(matching)).toEqual(contract.map((r) => `${r.method} ${r.path}`));
    expect(drifting).toHaveLength(8);
  });

  it('the group and its defaults are set on every entry; an entry may name its own auth', () => {
    expect(contract.map((r) => [r.group, r.auth])).toEqual([
      ['generations', 'user'],
      ['generations', 'optional'],
      ['generations', 'user'],
      ['generations', 'public'],
      ['generations', 'public'],
      ['generations', 'user'],
    ]);
  });
});
