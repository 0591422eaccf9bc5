/**
 * The import zones of functions/ (eslint/backend.config.js, issue 42) bite: a domain reaching into another
 * domain's modules, shared code of functions/ importing a domain, and shared/ importing functions/ are lint
 * errors; a domain's entry is allowed. (shared/repositories/storage-boundary.test.ts lints the whole backend
 * with the same config and expects zero problems.)
 */
import { ESLint } from 'eslint';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import backend, { DOMAINS } from '../eslint/backend.config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [...backend, { linterOptions: { reportUnusedDisableDirectives: 'off' } }],
});

/** The rules a snippet, placed at `file`, breaks. */
async function rulesBroken(file: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId);
}

describe('import zones of functions/', () => {
  it('every domain has one entry', () => {
    expect(DOMAINS).toEqual(['admin', 'billing', 'generations', 'privacy', 'profiles', 'shares', 'styles']);
    for (const domain of DOMAINS) expect(existsSync(path.join(root, 'functions', domain, 'index.ts'))).toBe(true);
  });

  it('a domain reaches another only through its entry', async () => {
    const inside =
      "import { toGenerationView } from '../generations/generation-service';\nexport const x = toGenerationView;\n";
    expect(await rulesBroken('functions/styles/leaky-service.ts', inside)).toEqual(['import-x/no-restricted-paths']);
    const handler = "import { adjustCredits } from '../../billing/credit-service';\nexport const y = adjustCredits;\n";
    expect(await rulesBroken('functions/admin/handlers/leaky.ts', handler)).toEqual(['import-x/no-restricted-paths']);
    const entry = "import { toGenerationView } from '../generations';\nexport const z = toGenerationView;\n";
    expect(await rulesBroken('functions/styles/leaky-service.ts', entry)).toEqual([]);
    const own = "import { listUserGenerations } from '../generation-service';\nexport const w = listUserGenerations;\n";
    expect(await rulesBroken('functions/generations/handlers/leaky.ts', own)).toEqual([]);
  });

  it('functions/lib (and the other shared folders) import no domain, not even its entry', async () => {
    const code = "import { ensureUser } from '../profiles';\nexport const x = ensureUser;\n";
    expect(await rulesBroken('functions/lib/leaky.ts', code)).toEqual(['import-x/no-restricted-paths']);
    expect(await rulesBroken('functions/engine/leaky.ts', code)).toEqual(['import-x/no-restricted-paths']);
  });

  it('shared/ imports nothing from functions/', async () => {
    const code = "import { logger } from '../../functions/lib/logger';\nexport const x = logger;\n";
    expect(await rulesBroken('shared/domain/leaky.ts', code)).toEqual(['import-x/no-restricted-paths']);
  });
}, 60_000);
