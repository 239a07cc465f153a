import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { markIsland, REACT_RENDERER, RENDERER_MARK } from '../../scripts/island-renderer.mjs';

/**
 * Islands rendered once on the server (scripts/island-renderer.mjs, decision 094): the mark the build adds is
 * the one Astro reads and the one its own tagging sets, and every island a page hydrates gets it.
 */

const ROOT = join(import.meta.dirname, '../..');
const ASTRO_SERVER = createRequire(import.meta.url)
  .resolve('astro/package.json')
  .replace(/package\.json$/, 'dist/runtime/server/');

/** The default export of a module's code, run as the server's bundle runs it. */
function exported(code: string): Record<symbol, unknown> {
  const body = code.replace(/^export default function /m, 'function ');
  const name = /^function (\w+)/m.exec(body)![1];
  return new Function(`${body}\nreturn ${name};`)() as Record<symbol, unknown>;
}

/** Every `~/islands/…` module an .astro file imports. */
function hydratedIslands(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.astro')) {
        for (const [, module] of readFileSync(path, 'utf8').matchAll(/from '~\/(islands\/[^']+)'/g)) found.add(`src/${module}`);
      }
    }
  };
  walk(join(ROOT, 'src'));
  return [...found].sort();
}

describe('islands named to their renderer', () => {
  test("the mark is Astro's: its renderer lookup reads it and its own tagging sets the same value", () => {
    const common = readFileSync(join(ASTRO_SERVER, 'render/common.js'), 'utf8');
    expect(common).toContain(`const Renderer = /* @__PURE__ */ ${RENDERER_MARK.replace(/'/g, '"')};`);
    const marked = exported(markIsland('export default function Island(props) {\n  return props;\n}\n'));
    expect(marked[Symbol.for('astro:renderer')]).toBe(REACT_RENDERER);
    // What __astro_tag_component__ (astro/dist/runtime/server/index.js) does to a component.
    const index = readFileSync(join(ASTRO_SERVER, 'index.js'), 'utf8');
    expect(index).toMatch(/function __astro_tag_component__\(Component, rendererName\) \{[\s\S]*?Object\.defineProperty\(Component, Renderer\d*, \{/);
  });

  test('a module without a default function is left as it was', () => {
    const code = 'export function helper() { return 1; }\nexport default helper;\n';
    expect(markIsland(code)).toBe(code);
  });

  test('the name is the one the React integration registers its renderer under', () => {
    const integration = createRequire(import.meta.url)
      .resolve('@astrojs/react')
      .replace(/index\.js$/, 'container-renderer.js');
    expect(readFileSync(integration, 'utf8')).toMatch(new RegExp(`function getRenderer\\(reactConfig\\) \\{\\s*return \\{\\s*name: "${REACT_RENDERER}"`));
  });

  test('every island a page hydrates is a default function the build marks', () => {
    const islands = hydratedIslands();
    expect(islands.length).toBeGreaterThan(0);
    // The components (.tsx); the .ts modules pages import are helpers, not islands.
    const components = islands.map((module) => `${module}.tsx`).filter((file) => existsSync(join(ROOT, file)));
    expect(components.length).toBeGreaterThan(0);
    const unmarked = components.filter((file) => {
      const code = readFileSync(join(ROOT, file), 'utf8');
      return markIsland(code) === code;
    });
    expect(unmarked).toEqual([]);
  });
});
