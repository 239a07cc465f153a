import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

/**
 * No function of src runs past 150 lines (issue 30): a component that long holds several parts of a
 * screen and their state at once, and is split by what it shows (a sub-component per part, its state
 * in a hook or reducer). Migrations are a record of what ran and are never edited, so they are not
 * held to it. Lines are counted from a function's first line to its last, as the editor shows them.
 */

const MAX_FUNCTION_LINES = 150;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = join(ROOT, 'src');
const MIGRATIONS = join(SRC, 'server', 'db', 'migrations');
const CODE = /\.(ts|tsx)$/;

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === MIGRATIONS ? [] : codeFiles(path);
    return CODE.test(entry.name) ? [path] : [];
  });
}

type FunctionNode = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression | ts.MethodDeclaration;

const isFunction = (node: ts.Node): node is FunctionNode =>
  ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node);

function nameOf(node: FunctionNode): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** Every function of a source text longer than `max` lines: where it starts, its name and its length. */
function longFunctions(fileName: string, text: string, max = MAX_FUNCTION_LINES): { line: number; name: string; lines: number }[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: { line: number; name: string; lines: number }[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node) => {
    if (isFunction(node)) {
      const first = lineOf(node.getStart(source));
      const lines = lineOf(node.getEnd()) - first + 1;
      if (lines > max) found.push({ line: first, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('function length', () => {
  test('finds a function past the limit and passes one within it', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = `export function Long() {\n${body(MAX_FUNCTION_LINES - 1)}\n}\nexport const Short = () => {\n${body(3)}\n};\n`;
    expect(longFunctions('x.tsx', text)).toEqual([{ line: 1, name: 'Long', lines: MAX_FUNCTION_LINES + 1 }]);
    expect(longFunctions('x.tsx', text, MAX_FUNCTION_LINES + 1)).toEqual([]);
  });

  test(`no function of src (migrations aside) passes ${MAX_FUNCTION_LINES} lines`, () => {
    const long = codeFiles(SRC).flatMap((file) =>
      longFunctions(file, readFileSync(file, 'utf8')).map((f) => `${relative(ROOT, file).split(sep).join('/')}:${f.line} ${f.name} (${f.lines} lines)`),
    );
    expect(long).toEqual([]);
  });
});
