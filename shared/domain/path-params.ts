/**
 * The grammar of path parameters, checked once in the request pipeline against the route table's path
 * before any handler runs (so before any database call): ids, handles and slugs are 1 to 128 characters of
 * [A-Za-z0-9_.@:-] (never "." or ".."), well under DynamoDB's 2048-byte key limit; a greedy `{key+}`
 * (image keys) is at most 1024 characters without control characters (the image service then applies the
 * strict key grammar of image-ref.ts). A value outside the grammar names nothing: the pipeline answers 404.
 */
export const MAX_PATH_PARAM_LENGTH = 128;
export const MAX_GREEDY_PARAM_LENGTH = 1024;
const PARAM = /^[A-Za-z0-9_.@:-]+$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function isValidPathParam(value: unknown, greedy = false): boolean {
  if (typeof value !== 'string' || value.length === 0) return false;
  if (greedy) return value.length <= MAX_GREEDY_PARAM_LENGTH && !CONTROL.test(value);
  return value.length <= MAX_PATH_PARAM_LENGTH && PARAM.test(value) && value !== '.' && value !== '..';
}

/** The name of the first parameter of `routePath` whose value is outside the grammar, or null when all are fine. */
export function invalidPathParam(
  routePath: string,
  params: Record<string, string | undefined> | null | undefined,
): string | null {
  for (const m of routePath.matchAll(/\{([A-Za-z0-9_]+)(\+?)\}/g)) {
    const [, name, plus] = m;
    if (name === undefined) throw new Error(`Unreadable parameter in route path ${routePath}`); // group 1 always takes part
    if (!isValidPathParam(params?.[name], plus === '+')) return name;
  }
  return null;
}
