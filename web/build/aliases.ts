/**
 * The SPA's path aliases (`@/…` is web/src, `@shared/…` is shared/) as Vite and Vitest take them. They are written
 * once, as TypeScript's `paths` in web/tsconfig.paths.json (which the web programs extend and ESLint's resolver
 * reads); this turns each `"<prefix>/*": ["<dir>/*"]` into a `find`/`replacement` pair.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PATHS_FILE = new URL('../tsconfig.paths.json', import.meta.url);

export interface WebAlias {
  find: RegExp;
  replacement: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isPaths = (value: unknown): value is Record<string, string[]> =>
  isRecord(value) && Object.values(value).every((v) => Array.isArray(v) && v.every((s) => typeof s === 'string'));

export function webAliases(): WebAlias[] {
  const json: unknown = JSON.parse(readFileSync(PATHS_FILE, 'utf8'));
  const options = isRecord(json) ? json.compilerOptions : undefined;
  const paths = isRecord(options) ? options.paths : undefined;
  if (!isPaths(paths)) throw new Error('web/tsconfig.paths.json: compilerOptions.paths is missing');
  return Object.entries(paths).map(([key, [target]]) => {
    if (!key.endsWith('/*') || !target?.endsWith('/*'))
      throw new Error(`web/tsconfig.paths.json: ${key} is not "<prefix>/*"`);
    const prefix = key.slice(0, -1); // '@/' , '@shared/'
    return {
      find: new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      replacement: fileURLToPath(new URL(target.slice(0, -1), PATHS_FILE)),
    };
  });
}
