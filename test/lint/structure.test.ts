import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The shape of the code (issue 22), as checks: one typed contract from the route table to the screen, use
 * cases composed explicitly, no god modules, few type assertions. Each check names the files that break it.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|tsx)$/.test(f));
const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.startsWith('test/') || f.includes('/test/');
/** What ships: the functions, shared code and the SPA (not tests, not the CDK app or the local stack). */
const product = tracked.filter((f) => /^(functions|shared|web\/src)\//.test(f) && !isTest(f));
const read = (f: string) => readFileSync(`${root}${f}`, 'utf8');

/** `x as T` and `<T>x` assertions, `as const` excepted. */
function castsIn(file: string): number {
  const src = ts.createSourceFile(
    file,
    read(file),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  let n = 0;
  const visit = (node: ts.Node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const t = node.type;
      if (!(ts.isTypeReferenceNode(t) && t.typeName.getText(src) === 'const')) n++;
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return n;
}

/**
/**
 * A ratchet: 348 assertions in what ships when issue 22 was filed (388 in its count), 43 now (functions 17, shared 9, web/src 17); the issue's
 * target was 129. Lower this number when you remove casts; never raise it (parse at the boundary instead: a
 * zod schema, a typed route, an entity declaration).
 */
const CAST_BUDGET = 43;

describe('code structure (issue 22)', () => {
  it(`type assertions in product code stay within the budget (${CAST_BUDGET})`, () => {
    const per = product.map((f) => [f, castsIn(f)] as const).filter(([, n]) => n > 0);
    const total = per.reduce((s, [, n]) => s + n, 0);
    const top = [...per]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([f, n]) => `${n} ${f}`);
    expect(product.length).toBeGreaterThan(200);
    expect(total, `casts per file (top 15):\n${top.join('\n')}`).toBeLessThanOrEqual(CAST_BUDGET);
  });

  it('has no bodyOf casts, no double assertion and no new URL used as a query key', () => {
    const hits = (re: RegExp) => product.filter((f) => re.test(read(f))).sort();
    expect(hits(/\bbodyOf\s*\(/), 'bodyOf').toEqual([]);
    expect(hits(/\bas unknown as\b/), '`as unknown as`').toEqual([]);
    // a file cleaned up leaves the list; a new one fails
    expect(hits(/\buseQuery</), 'useQuery<T> (use the queryOptions of web/src/api)').toEqual([]);
    expect(hits(/queryKey:\s*\[\s*['"`]\/api\//), 'a URL as query key').toEqual([]);
  });

  it('spells every query key once, in web/src/api/query-keys.ts, under one name (issue 42)', () => {
    const web = product.filter((f) => f.startsWith('web/src/') && f !== 'web/src/api/query-keys.ts');
    // an alias (`export const X_KEY = queryKeys.x`) is a second name for a key
    const aliases = web.filter((f) => /\bconst \w+\s*=\s*queryKeys\./.test(read(f))).sort();
    expect(aliases, 'a second name for a query key').toEqual([]);
    // a key written as a literal array (or extended with literal parts) is a key outside the factory
    const literal = web.filter((f) => /queryKey:\s*\[/.test(read(f))).sort();
    expect(literal, 'a query key spelled outside web/src/api/query-keys.ts').toEqual([]);
  });

  it('has no mutable hook registries (use cases receive their collaborators)', () => {
    const registries = product.filter((f) => /export const \w*[Hh]ooks\w*\s*(:[^=]+)?=\s*\[\]/.test(read(f)));
    expect(registries).toEqual([]);
  });

  it('keeps every module of the money and render paths under 400 lines', () => {
    const big = product
      .filter((f) => /^functions\/(services|workflow)\//.test(f))
      .map((f) => [f, read(f).split('\n').length] as const)
      .filter(([, n]) => n > 400)
      .map(([f, n]) => `${f}: ${n} lines`);
    expect(big).toEqual([]);
  });
});
