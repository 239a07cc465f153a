import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AstroIntegration } from 'astro';
import { describe, expect, test } from 'vitest';
import config from '../../astro.config.mjs';
import { ORIGINAL, REPLACEMENT, rewriteRenderToString } from '../../scripts/react-render-whole.mjs';

/**
 * Islands are rendered on the server by React's renderToString, not through a stream that is encoded and decoded again
 * (decision 099), with each island's id prefix (scripts/react-render-whole.mjs). `@astrojs/react` does not check its
 * options: these tests fail should the project's configuration lose the option, or the installed integration stop
 * passing it on or change the branch the build rewrites. Without the prefix, the e2e tests of fields that keep their
 * focus and value (tests/e2e/certificates.spec.ts, login.spec.ts) fail: the ids `useId` makes differ between server and
 * browser, and React renders the island anew.
 */

const REACT_SERVER = createRequire(import.meta.url).resolve('@astrojs/react/server.js');

interface VitePluginLike {
  name?: string;
  load?: { handler: () => { code: string } };
}

/** The options module `@astrojs/react` builds from the project's configuration, as the server bundle imports it. */
function reactOptionsModule(): string {
  const react = (config.integrations ?? []).find((i): i is AstroIntegration => !!i && 'name' in i && i.name === '@astrojs/react');
  expect(react, 'the React integration in astro.config.mjs').toBeDefined();
  let plugins: unknown[] = [];
  const setup = react?.hooks['astro:config:setup'] as unknown as (options: object) => void;
  setup({
    command: 'build',
    addRenderer: () => {},
    injectScript: () => {},
    updateConfig: (update: { vite?: { plugins?: unknown[] } }) => {
      plugins = update.vite?.plugins?.flat() ?? [];
    },
  });
  const options = plugins.find((p): p is VitePluginLike => !!p && (p as VitePluginLike).name === '@astrojs/react:opts');
  expect(options, "@astrojs/react's options module").toBeDefined();
  return options?.load?.handler().code ?? '';
}

describe('islands rendered whole on the server', () => {
  test("the project's React integration asks for renderToString", () => {
    expect(reactOptionsModule()).toMatch(/experimentalDisableStreaming:\s*true/);
  });

  test("the installed server renderer has the branch the build rewrites, and the rewrite passes the island's prefix", () => {
    const source = readFileSync(REACT_SERVER, 'utf8');
    const rewritten = rewriteRenderToString(source);
    expect(rewritten).not.toMatch(ORIGINAL);
    expect(rewritten).toContain('html = ReactDOM.renderToString(vnode, { identifierPrefix: prefix });');
    expect(rewritten).toBe(source.replace(ORIGINAL, REPLACEMENT));
  });

  test('a renderer without that branch, or with it twice, stops the build', () => {
    const source = readFileSync(REACT_SERVER, 'utf8');
    expect(() => rewriteRenderToString(source.replace(ORIGINAL, 'html = ReactDOM.renderToString(vnode);'))).toThrow(/no longer has/);
    const branch = source.match(ORIGINAL)?.[0] ?? '';
    expect(() => rewriteRenderToString(`${source}\n${branch}`)).toThrow(/no longer has/);
  });
});
