import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { importsOf, resolveImport } from '../support/architecture';

/**
 * The development tools (src/dev: the demo schools' seed) stay out of the production build: no file
 * the build can reach imports them. The build reaches the files of src (the pages and everything
 * they import) and the server's entry points scripts/build-server.mjs bundles (scripts/start.mjs,
 * scripts/db.ts), dynamic import() included, since the bundler follows a literal one.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DEV = 'src/dev/';
const SOURCE = /\.(ts|tsx|astro|mjs|js)$/;

const rel = (file: string) => file.slice(ROOT.length).replace(/^\/+/, '');

/** The entry points the server build bundles (scripts/build-server.mjs's `entryPoints`). */
function bundledEntries(): string[] {
  const text = readFileSync(join(ROOT, 'scripts/build-server.mjs'), 'utf8');
  const block = /entryPoints:\s*\{([^}]*)\}/.exec(text)?.[1] ?? '';
  return [...block.matchAll(/join\(root,\s*'([^']+)'\)/g)].map((m) => m[1]!);
}

/** Every import a file makes: static ones, and dynamic ones with a literal path. */
function specifiersOf(file: string, text: string): string[] {
  const dynamic = [...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!);
  return [...importsOf(file, text).map((r) => r.specifier), ...dynamic];
}

/** The project files reachable from `entries`, with the file that imports each file of src/dev. */
function devImports(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const path = join(ROOT, file);
    for (const specifier of specifiersOf(path, readFileSync(path, 'utf8'))) {
      const target = resolveImport(ROOT, path, specifier);
      if (!target) continue;
      const to = rel(target);
      if (to.startsWith(DEV)) found.push(`${file} imports ${to}`);
      else queue.push(to);
    }
  }
  return found;
}

const productionSources = () =>
  readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .map((f) => `src/${f}`)
    .filter((f) => SOURCE.test(f) && !f.startsWith(DEV) && !f.endsWith('.d.ts'));

describe('development tools', () => {
  test('the server build bundles its entry points from scripts/', () => {
    const entries = bundledEntries();
    expect(entries).toEqual(expect.arrayContaining(['scripts/start.mjs', 'scripts/db.ts']));
    for (const entry of entries) expect(existsSync(join(ROOT, entry)), entry).toBe(true);
  });

  test('nothing the production build reaches imports src/dev (the seed)', () => {
    expect(devImports([...bundledEntries(), ...productionSources()])).toEqual([]);
  });
});
