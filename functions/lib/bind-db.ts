/**
 * Repository functions bound to a table: the production store of a use case (issue 42). A use case declares
 * the repository functions it uses (`const repositories = { getBalance, recordMovement }`), takes
 * `Store<typeof repositories>` as its collaborator (the same functions without the `db` argument), and its
 * production wiring is `bindDb(db, repositories)`; its unit tests pass in-memory functions of the same shape.
 */
import type { Db } from '../../shared/repositories/table';

/** Any function whose first parameter is the table. */
type RepositoryFn = (db: Db, ...args: never[]) => unknown;

/** A repository function without its `db` argument. */
export type Bound<F> = F extends (db: Db, ...args: infer A) => infer R ? (...args: A) => R : never;

/** The store a use case works with: its repository functions, bound. */
export type Store<T extends Record<string, RepositoryFn>> = { [K in keyof T]: Bound<T[K]> };

export function bindDb<T extends Record<string, RepositoryFn>>(db: Db, repositories: T): Store<T> {
  const bound: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(repositories))
    bound[name] = (...args: unknown[]) => (fn as (db: Db, ...rest: unknown[]) => unknown)(db, ...args);
  return bound as Store<T>;
}
