/** The local runner's ASL is synthesized once per change of its sources (issue 27: restarts in seconds). */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { definitionHash, definitionSources, generationAsl } from '../../infra/local/generation-asl-cache';
import { synthesizeGenerationAsl } from '../../infra/lib/workflow-asl';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'asl-cache-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the cached generation ASL', () => {
  it('is the synthesized definition, written once and then read from the cache', async () => {
    const cacheDir = path.join(tmp, 'cache');
    const first = await generationAsl(cacheDir);
    expect(first).toEqual({ ...synthesizeGenerationAsl(), callbackState: 'Render' });
    const [file] = readdirSync(cacheDir);
    expect(file).toBe(`${definitionHash()}.json`);
    // the next start reads the file: what is in it is what it answers
    const cached = JSON.parse(readFileSync(path.join(cacheDir, file!), 'utf8'));
    writeFileSync(path.join(cacheDir, file!), JSON.stringify({ ...cached, callbackState: 'FromCache' }));
    expect((await generationAsl(cacheDir)).callbackState).toBe('FromCache');
  });

  it('is keyed by every source of the definition, followed through its imports, and by the CDK version', () => {
    expect(definitionSources()).toEqual(
      expect.arrayContaining([
        'infra/lib/workflow-asl.ts',
        'infra/lib/workflow-definition.ts',
        'shared/domain/render-queue.ts',
      ]),
    );
    const base = path.join(tmp, 'copy');
    for (const f of [...definitionSources(), 'node_modules/aws-cdk-lib/package.json']) {
      mkdirSync(path.dirname(path.join(base, f)), { recursive: true });
      cpSync(path.join(root, f), path.join(base, f));
    }
    const before = definitionHash(base);
    expect(before).toBe(definitionHash());
    const constants = path.join(base, 'shared/domain/render-queue.ts');
    writeFileSync(constants, `${readFileSync(constants, 'utf8')}\nexport const CHANGED = 1;\n`);
    const afterConstant = definitionHash(base);
    expect(afterConstant).not.toBe(before);
    const cdk = path.join(base, 'node_modules/aws-cdk-lib/package.json');
    writeFileSync(cdk, JSON.stringify({ version: '0.0.0-other' }));
    expect(definitionHash(base)).not.toBe(afterConstant);
  });
});
