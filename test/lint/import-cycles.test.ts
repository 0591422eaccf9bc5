import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles in the code that ships or builds (functions/, shared/, web/src/, infra/): a cycle makes module load
 * order matter and hides a missing layer. The same edges import-x `no-cycle` followed, found with TypeScript's own
 * parser and module resolution (each file's program: web/tsconfig.json's paths for the SPA, tsconfig.json for the
 * rest) and cut into strongly connected components once, instead of a graph walk per import inside ESLint (51 s of
 * the repository-wide lint's 410 s, ESLint's TIMING; CI time, issue 42):
 *   - an edge is a static import or re-export that brings a value (`import type`, `export type` and imports whose
 *     every name is `type` are not), a side-effect import, or a dynamic `import()`;
 *   - packages (node_modules) are not followed.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const SCOPES = ['functions/', 'shared/', 'web/src/', 'infra/'];

function program(configFile: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, configFile),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  return parsed;
}

/** The module specifiers of `file` that carry values at run time. */
export function valueImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const specs: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) specs.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (clause !== undefined &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) specs.push(node.moduleSpecifier.text);
      return;
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specs.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specs;
}

/** Tarjan's strongly connected components of `graph` with more than one module (or a module importing itself). */
export function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

/** The value-import graph of every file of the three programs (repository-relative paths). */
function importGraph(): Map<string, string[]> {
  const programs = [program('web/tsconfig.json'), program('tsconfig.json'), program('tsconfig.dom-node.json')];
  const optionsOf = new Map<string, ts.CompilerOptions>();
  for (const p of programs) for (const f of p.fileNames) if (!optionsOf.has(f)) optionsOf.set(f, p.options);
  const graph = new Map<string, string[]>();
  const pending = [...optionsOf.keys()];
  while (pending.length > 0) {
    const file = pending.pop();
    if (file === undefined || graph.has(rel(file)) || file.endsWith('.d.ts')) continue;
    const options = optionsOf.get(file) ?? programs[1]?.options ?? {};
    const edges: string[] = [];
    for (const spec of valueImports(file, readFileSync(file, 'utf8'))) {
      const { resolvedModule } = ts.resolveModuleName(spec, file, options, ts.sys);
      if (!resolvedModule || resolvedModule.isExternalLibraryImport || resolvedModule.extension === '.d.ts') continue;
      const target = resolvedModule.resolvedFileName;
      edges.push(rel(target));
      if (!optionsOf.has(target)) {
        optionsOf.set(target, options);
        pending.push(target);
      }
    }
    graph.set(rel(file), [...new Set(edges)]);
  }
  return graph;
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

describe('import cycles', () => {
  it('finds a cycle through a value import, not through type-only imports', () => {
    expect(valueImports('a.ts', "import type { A } from './a1';\nimport { type B } from './a2';\n")).toEqual([]);
    expect(valueImports('a.ts', "export type { A } from './a1';\nexport { type B } from './a2';\n")).toEqual([]);
    expect(
      valueImports(
        'a.ts',
        "import { type A, b } from './b';\nimport './c';\nexport * from './d';\nconst e = () => import('./e');\n",
      ),
    ).toEqual(['./b', './c', './d', './e']);
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['s', ['s']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c'], ['s']]);
  });

  it('has none in functions/, shared/, web/src/ or infra/', () => {
    const graph = importGraph();
    expect(graph.size, 'the graph holds the repository').toBeGreaterThan(500);
    expect(graph.get('web/src/main.tsx')?.length, "the SPA's aliases resolve").toBeGreaterThan(2);
    const found = cycles(graph).filter((c) => c.some((f) => SCOPES.some((s) => f.startsWith(s))));
    expect(
      found.map((c) => c.join(' -> ')),
      'import cycles',
    ).toEqual([]);
  });
});
