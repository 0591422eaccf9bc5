/**
 * Writes are typed (expression.ts): outside the storage toolkit no code spells an UpdateExpression or a
 * ConditionExpression (a key condition of a query is not a write's, and stays), and no code
 * catches a failed condition itself (a conditional write answers false, a transaction names the items whose
 * condition failed). Read from the syntax tree, so comments and strings that merely mention them do not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The storage toolkit: the compiler, the write helpers, the client and the error readers (and their own tests). */
const TOOLKIT = new Set(
  [
    'shared/repositories/expression.ts',
    'shared/repositories/expression.test.ts',
    'shared/repositories/toolkit.ts',
    'shared/repositories/toolkit.test.ts',
    'shared/repositories/table.ts',
    'shared/repositories/dynamo-client.ts',
    'shared/repositories/dynamo-client.test.ts',
  ].map((f) => path.join(root, f)),
);

/** The code that runs the product, seeds it and tests it. */
const SCANNED = ['functions', 'shared', 'infra', 'web/src', 'test'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' || d.name.startsWith('.') ? [] : sourceFiles(p);
    return /\.(ts|tsx)$/.test(d.name) && !d.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** Where a file spells an UpdateExpression or uses isConditionFailure (file:line what). */
function untypedWrites(file: string, text = readFileSync(file, 'utf8')): string[] {
  if (!['UpdateExpression', 'ConditionExpression', 'isConditionFailure'].some((w) => text.includes(w))) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(
      `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}`,
    );
  const visit = (node: ts.Node) => {
    if (
      (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) &&
      ts.isIdentifier(node.name) &&
      (node.name.text === 'UpdateExpression' || node.name.text === 'ConditionExpression')
    )
      at(node, `${node.name.text} written by hand`);
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.name.text === 'UpdateExpression'
    )
      at(node, 'UpdateExpression edited by hand');
    if (ts.isIdentifier(node) && node.text === 'isConditionFailure') at(node, 'isConditionFailure outside the toolkit');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('typed writes', () => {
  it('no UpdateExpression or ConditionExpression and no isConditionFailure outside the storage toolkit', () => {
    const files = SCANNED.flatMap((d) => sourceFiles(path.join(root, d))).filter((f) => !TOOLKIT.has(f));
    expect(files.length).toBeGreaterThan(200);
    expect(files.flatMap((f) => untypedWrites(f))).toEqual([]);
  });

  it('finds them when they are there (the check bites), not in comments, strings or reads', () => {
    const leaky = [
      "import { isConditionFailure } from './table';",
      'export async function f(db: Db) {',
      "  // an UpdateExpression in a comment is fine; so is 'UpdateExpression' in a string",
      "  const input = { UpdateExpression: 'SET a = :a', ConditionExpression: 'attribute_exists(pk)' };",
      "  input.UpdateExpression += ', b = :b';",
      '  expect(input.UpdateExpression).toBe(compiled);',
      '  try { await send(input); } catch (err) { if (!isConditionFailure(err)) throw err; }',
      '}',
    ].join('\n');
    const file = path.join(root, 'shared/repositories/leaky-repository.ts');
    expect(untypedWrites(file, leaky)).toEqual([
      'shared/repositories/leaky-repository.ts:1 isConditionFailure outside the toolkit',
      'shared/repositories/leaky-repository.ts:4 UpdateExpression written by hand',
      'shared/repositories/leaky-repository.ts:4 ConditionExpression written by hand',
      'shared/repositories/leaky-repository.ts:5 UpdateExpression edited by hand',
      'shared/repositories/leaky-repository.ts:7 isConditionFailure outside the toolkit',
    ]);
  });
});
