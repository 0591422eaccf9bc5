/**
 * Membership in one of the domain's `as const` lists (modes, plan ids, retention days...) as a type guard:
 * `isOneOf(PLAN_IDS, v)` narrows `v` to a plan id. The check is Array.prototype.includes, so the narrowing is
 * tested, not asserted.
 */
export function isOneOf<const T>(values: readonly T[], value: unknown): value is T {
  const list: readonly unknown[] = values;
  return list.includes(value);
}
