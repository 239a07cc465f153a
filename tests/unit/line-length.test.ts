import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * No line of code runs past 160 characters (Biome's line width). Biome's formatter keeps .ts and
 * .tsx code within it, but not long strings, comments or template literals, and it does not format
 * .astro or .css files at all: this test holds every code file of the project to the same width.
 * Characters are counted as the editor shows them (code points), not bytes.
 */

const MAX_LINE = 160;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CODE = /\.(ts|tsx|astro|mjs|css)$/;
const TREES = ['src', 'tests', 'scripts', 'bench'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.astro', 'test-results', 'playwright-report']);

/**
 * Lines that another change is about to rewrite, by project-relative file and 1-based line. Each
 * entry is a debt: remove it once the file is fixed (the test fails when an entry no longer matches
 * a long line, so a stale entry cannot linger).
 */
const PENDING: readonly { file: string; line: number }[] = [];

function codeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...codeFiles(path));
    else if (CODE.test(entry.name)) out.push(path);
  }
  return out;
}

/** The lines of a text longer than `max` characters, as 1-based line numbers with their length. */
function longLines(text: string, max = MAX_LINE): { line: number; length: number }[] {
  return text
    .split(/\r?\n/)
    .map((l, i) => ({ line: i + 1, length: [...l].length }))
    .filter((l) => l.length > max);
}

const projectFiles = (): string[] => [
  ...readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => join(ROOT, entry.name)),
  ...TREES.flatMap((tree) => codeFiles(join(ROOT, tree))),
];

describe('line length', () => {
  test('counts characters, not bytes, and reports each long line', () => {
    expect(longLines(`${'中'.repeat(160)}\n${'a'.repeat(161)}\nshort`)).toEqual([{ line: 2, length: 161 }]);
  });

  test(`no code line in src, tests, scripts, bench or the root runs past ${MAX_LINE} characters`, () => {
    const found: string[] = [];
    const pending = new Set(PENDING.map((p) => `${p.file}:${p.line}`));
    const stale = new Set(pending);
    const files = projectFiles();
    expect(files.length).toBeGreaterThan(100); // the walk found the project, not an empty directory
    for (const file of files) {
      const name = relative(ROOT, file).split(sep).join('/');
      for (const l of longLines(readFileSync(file, 'utf8'))) {
        const where = `${name}:${l.line}`;
        if (pending.has(where)) stale.delete(where);
        else found.push(`${where} (${l.length} characters)`);
      }
    }
    expect(found).toEqual([]);
    expect([...stale], 'PENDING entries that no longer match a long line: remove them').toEqual([]);
  });
});
