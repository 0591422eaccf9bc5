/** Tests of form rules: the first message per top-level field of a zod schema's failures (empty when it passes). */
import type * as z from 'zod';

export function fieldErrors<K extends string>(schema: z.ZodType, value: unknown): Partial<Record<K, string>> {
  const parsed = schema.safeParse(value);
  const out: Partial<Record<K, string>> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    out[key] ??= issue.message;
  }
  return out;
}
