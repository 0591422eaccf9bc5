/**
 * The one validation message format of the API (issue 16). A bad input is a 400 `validation_error` whose message
 * is the first issue's:
 * - a message the schema authors (`{ message }`, `.min(1, '...')`, ...) goes out as written: it is the spec's
 *   wording (GENERATION_MESSAGES, STYLE_RULE_MESSAGES, ...) and the SPA shows it as is;
 * - zod's own generic message (no authored text) is prefixed with the field path, so the client knows which field.
 * The route pipeline (functions/lib/http.ts) validates every body and query the route table names with it;
 * multipart fields (parsed by the services) use it too.
 */
import { config } from 'zod';
import type * as z from 'zod';
import { ERROR_CODES, HttpError } from '../errors';

/** Parse `input` with `schema`, or throw the 400 described above. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const res = schema.safeParse(input, {
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
