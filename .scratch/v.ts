import * as z from 'zod';
import { parseInput } from '../shared/schemas/validation';
import { downloadImageSchema } from '../shared/schemas/upload';
import { flagStyleSchema } from '../shared/schemas/discovery';
import { adjustCreditsSchema } from '../shared/schemas/credits';
for (const [s, v] of [[downloadImageSchema, {}], [flagStyleSchema, {}], [adjustCreditsSchema, {}], [adjustCreditsSchema, undefined], [z.object({a: z.string().min(3)}).strict(), {a:'x', b: 1}]] as const) {
  try { parseInput(s as any, v); } catch (e) { console.log((e as Error).message); }
}
