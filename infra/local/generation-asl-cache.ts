/**
 * The generation state machine's ASL for the local runner, synthesized once per change of its sources and kept
 * in `.cache/generation-asl/<hash>.json`. Synthesizing it loads aws-cdk-lib and runs a CDK synth: about a second
 * on an idle machine, 20 s on a busy one, paid by every local start (npm start, each restart after Ctrl-C or a
 * crash, every test that starts a stack). The key hashes the definition's sources (workflow-definition.ts,
 * workflow-asl.ts and the modules they import, followed recursively) and aws-cdk-lib's version, so any change
 * synthesizes again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GenerationAsl } from '../lib/workflow-asl';

const root = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['infra/lib/workflow-definition.ts', 'infra/lib/workflow-asl.ts'];

export interface CachedGenerationAsl extends GenerationAsl {
  /** The task state that waits for a task token (workflow-definition's CALLBACK_STATE). */
  callbackState: string;
}

/** The source files the definition is built from: the entry files and their relative imports, recursively. */
export function definitionSources(entries: string[] = SOURCES, base = root): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(path.join(base, file), 'utf8');
    for (const [, spec] of text.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) {
      const target = path.normalize(path.join(path.dirname(file), spec!));
      const resolved = [`${target}.ts`, path.join(target, 'index.ts'), target].find((f) =>
        existsSync(path.join(base, f)),
      );
      if (resolved) visit(resolved);
    }
  };
  entries.forEach(visit);
  return [...seen].sort();
}

export function definitionHash(base = root): string {
  const hash = createHash('sha256');
  for (const f of definitionSources(SOURCES, base))
    hash
      .update(f)
      .update('\0')
      .update(readFileSync(path.join(base, f)));
  const cdk = JSON.parse(readFileSync(path.join(base, 'node_modules/aws-cdk-lib/package.json'), 'utf8')) as {
    version: string;
  };
  return hash.update(`aws-cdk-lib@${cdk.version}`).digest('hex').slice(0, 32);
}

export async function generationAsl(cacheDir = path.join(root, '.cache/generation-asl')): Promise<CachedGenerationAsl> {
  const file = path.join(cacheDir, `${definitionHash()}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as CachedGenerationAsl;
  const { synthesizeGenerationAsl } = await import('../lib/workflow-asl');
  const { CALLBACK_STATE } = await import('../lib/workflow-definition');
  const out: CachedGenerationAsl = { ...synthesizeGenerationAsl(), callbackState: CALLBACK_STATE };
  mkdirSync(cacheDir, { recursive: true });
  // write-then-rename: two stacks starting at once never read half a file
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(out));
  renameSync(tmp, file);
  return out;
}
