/** Whether `v` is one of `list`: narrows a wire value (a string from the API, a form, the URL) to a shared enum. */
export const isOneOf = <T extends string | number>(list: readonly T[], v: unknown): v is T => list.some((x) => x === v);

/** `v` when it is one of `list`, else `fallback`. */
export const oneOf = <T extends string | number>(list: readonly T[], v: unknown, fallback: T): T =>
  isOneOf(list, v) ? v : fallback;
