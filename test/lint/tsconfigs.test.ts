import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The browser and Node are separate programs (issue 42 point 4): the Lambdas compile without the DOM lib, the SPA
 * without Node's types, and every TypeScript file is in exactly one program (tsconfig.base.json holds what they
 * share; docs/decisions.md says which file goes where). `npm run typecheck` checks all three.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const NODE = 'tsconfig.json';
const WEB = 'web/tsconfig.json';
const DOM_NODE = 'tsconfig.dom-node.json';

function parsed(config: string): ts.ParsedCommandLine {
  const result = ts.getParsedCommandLineOfConfigFile(path.join(root, config), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!result) throw new Error(`${config} could not be read`);
  expect(result.errors, config).toEqual([]);
  return result;
}

/** The messages the program of `config` gives a file of `text` at `file` (relative to the repository). */
function compile(config: string, file: string, text: string): string[] {
  const { options } = parsed(config);
  const name = path.join(root, file);
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (f, lang, ...rest) =>
    f === name ? ts.createSourceFile(f, text, lang) : getSourceFile.call(host, f, lang, ...rest);
  host.fileExists = (f) => f === name || fileExists.call(host, f);
  host.readFile = (f) => (f === name ? text : readFile.call(host, f));
  const program = ts.createProgram({ rootNames: [name], options, host });
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(name))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('one program for Node, one for the browser', () => {
  it('Lambda code does not compile if it uses window or document (no DOM lib), and Node is there', () => {
    const lambda = 'functions/lib/dom-probe.ts';
    expect(compile(NODE, lambda, 'export const env = process.env.STAGE ?? Buffer.from("x").toString();')).toEqual([]);
    const errors = compile(NODE, lambda, 'export const href = window.location.href;\nexport const t = document.title;');
    expect(
      errors.some((m) => m.includes("Cannot find name 'window'")),
      errors.join('\n'),
    ).toBe(true);
    expect(
      errors.some((m) => m.includes("Cannot find name 'document'")),
      errors.join('\n'),
    ).toBe(true);
  });

  it('browser code has the DOM and does not compile if it uses Node (process, node: modules)', () => {
    const page = 'web/src/lib/node-probe.ts';
    expect(compile(WEB, page, 'export const t: string = document.title + window.location.href;')).toEqual([]);
    const errors = compile(WEB, page, 'import { readFileSync } from "node:fs";\nexport const env = process.env.X;');
    expect(
      errors.some((m) => m.includes("Cannot find name 'process'")),
      errors.join('\n'),
    ).toBe(true);
    expect(
      errors.some((m) => m.includes("Cannot find module 'node:fs'")),
      errors.join('\n'),
    ).toBe(true);
  });

  // declarations (.d.ts) excepted: web/src/vite-env.d.ts types Vite's imports for both programs that see web/src
  it('every TypeScript file is in exactly one program, the one its place says', () => {
    const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts') && !f.startsWith('web/dist/'));
    const owners = new Map<string, string[]>();
    for (const config of [NODE, WEB, DOM_NODE])
      for (const f of parsed(config).fileNames) {
        const rel = path.relative(root, f);
        owners.set(rel, [...(owners.get(rel) ?? []), config]);
      }
    const ownerOf = (f: string) => owners.get(f) ?? [];
    expect(
      tracked.filter((f) => ownerOf(f).length !== 1).map((f) => `${f}: ${ownerOf(f).join(', ') || 'none'}`),
      'files in no program or in several',
    ).toEqual([]);
    const wrong = tracked.filter((f) => {
      const [owner] = ownerOf(f);
      if (/^(functions|shared|infra)\//.test(f)) return owner !== NODE;
      if (f.startsWith('web/src/') && !f.endsWith('.test.tsx') && !f.endsWith('.test.ts')) return owner !== WEB;
      if (f.startsWith('test/e2e/')) return owner !== DOM_NODE;
      return false;
    });
    expect(wrong, 'files in the wrong program').toEqual([]);
  });
});
