// A build plugin: each island names its renderer, so the server renders it once.
//
// For a component it does not know, Astro asks each renderer whether the component is its own
// (astro/dist/runtime/server/render/component.js `renderFrameworkComponent`). React's answer
// (@astrojs/react/dist/server.js `check`) is a whole server render of the component inside a tester:
// every island of every page was rendered twice, the first time for nothing. A component carrying
// Astro's renderer mark (`Symbol.for('astro:renderer')`, what `__astro_tag_component__` sets) is given
// to that renderer at once. The plugin adds the mark to the default export of every module under
// src/islands/ in the server's bundle (every island a page hydrates is `export default function Name`);
// the browser's bundle is unchanged. A module it cannot read that way is left as it was: Astro then
// asks as before (docs/decisions/094).

/** The island modules: the components the pages hydrate. */
const ISLAND = /[\\/]src[\\/]islands[\\/].+\.tsx$/;
/** The default export as the islands write it. */
const DEFAULT_FUNCTION = /^export default function ([A-Za-z_$][\w$]*)\s*\(/m;
/** Astro's renderer mark, and the name its React integration registers. */
export const RENDERER_MARK = "Symbol.for('astro:renderer')";
export const REACT_RENDERER = '@astrojs/react';

/** The module with its default export marked as React's; unchanged when it has no `export default function`. */
export function markIsland(code) {
  const found = DEFAULT_FUNCTION.exec(code);
  if (!found) return code;
  const name = found[1];
  return `${code}\nObject.defineProperty(${name}, ${RENDERER_MARK}, { value: ${JSON.stringify(REACT_RENDERER)} });\n`;
}

/** @returns {import('vite').Plugin} */
export function islandRenderer() {
  return {
    name: 'portal:island-renderer',
    // After the JSX is compiled: the mark goes on the function the module exports.
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name !== 'client',
    transform(code, id) {
      if (!ISLAND.test(id.split('?')[0])) return undefined;
      const marked = markIsland(code);
      return marked === code ? undefined : { code: marked, map: null };
    },
  };
}
