/**
 * The one validation message format of the API (issue 16). A bad input is a 400 `validation_error` whose message
 * is the first issue's:
 * - a message the schema authors (`{ message }`, `.min(1, '...')`, ...) goes out as written: it is the spec's
 *   wording (GENERATION_MESSAGES, STYLE_RULE_MESSAGES, ...) and the SPA shows it as is;
 * - zod's own generic message (no authored text) is prefixed with the field path, so the client knows which field.
 * The route pipeline (functions/lib/http.ts) validates every body and query the route table names with it;
 * multipart fields (parsed by the services) use it too.
 *
 * Text is well-formed Unicode and normalised before any schema sees it (issue 40, item 9): a string with a lone
 * surrogate (`"Ann\uD800"`, which no encoder can write out as UTF-8) is a 400, and every string is NFC, so a
 * name typed with combining accents and one typed precomposed are the same name, and length limits count the
 * stored form. Secrets (a password checked against the user pool) are compared byte for byte, never rewritten.
 */
import { config } from 'zod';
import type * as z from 'zod';
import { ERROR_CODES, HttpError } from '../errors';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Fields whose text is checked for well-formedness but never normalised. */
const VERBATIM_FIELDS = new Set(['password']);

/** One string well-formed (else a 400 naming its field) and NFC, unless its field is kept verbatim. */
function wellFormedString(text: string, path: readonly (string | number)[]): string {
  if (LONE_SURROGATE.test(text)) {
    const field = path.length ? `${path.join('.')}: ` : '';
    throw new HttpError(400, ERROR_CODES.validation, `${field}Text must be valid Unicode (it has a broken character).`);
  }
  const last = path[path.length - 1];
  return typeof last === 'string' && VERBATIM_FIELDS.has(last) ? text : text.normalize('NFC');
}

/** `input` with every string (and object key) NFC-normalised; a 400 for a string that is not well-formed. */
export function wellFormedText(input: unknown, path: readonly (string | number)[] = []): unknown {
  if (typeof input === 'string') return wellFormedString(input, path);
  if (Array.isArray(input)) return input.map((v, i) => wellFormedText(v, [...path, i]));
  const proto: unknown = input && typeof input === 'object' ? Object.getPrototypeOf(input) : undefined;
  if (input && typeof input === 'object' && (proto === Object.prototype || proto === null)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input)) {
      const key = wellFormedString(k, path);
      // CreateDataProperty semantics: a key named __proto__ stays an own key, never the prototype
      Object.defineProperty(out, key, {
        value: wellFormedText(v, [...path, key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return input;
}

/** Parse `input` with `schema` (its text made well-formed NFC first), or throw the 400 described above. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const res = schema.safeParse(wellFormedText(input), {
    // Called only for issues whose schema authored no message (authored messages take precedence in zod 4).
    error: (iss) => {
      const field = iss.path?.length ? `${iss.path.join('.')}: ` : '';
      return `${field}${generic(iss)}`;
    },
  });
  if (res.success) return res.data;
  throw new HttpError(400, ERROR_CODES.validation, res.error.issues[0]?.message ?? 'Invalid input');
}

/** zod's own message for an issue (its English locale, which the classic API installs). */
function generic(iss: Parameters<NonNullable<ReturnType<typeof config>['localeError']>>[0]): string {
  const m = config().localeError?.(iss);
  return (typeof m === 'string' ? m : m?.message) ?? 'Invalid input';
}
