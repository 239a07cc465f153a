// A build plugin: each page's module imported once per process, not on every request.
//
// Astro's server finds the module of the route a request matched through the build's page map, a
// function per page that calls `import("./chunks/page….mjs")`
// (astro/dist/core/environment/production.js `getModuleForRoute`), and it calls that function on
// every request. Node loads the module only the first time, but every call still resolves the
// specifier, looks the module up and hands back a new promise: about 4 % of the uncached news
// list's server CPU in a profile (`bench/profile.mjs /news-information/list`), for an answer that
// never changes while the server runs. The plugin makes the call go through a memo of each page
// function's promise; a failed import is forgotten, so the next request tries again. The browser's
// bundle never has the function. Should Astro change it, the build stops here instead of shipping
// the per-request import unnoticed (docs/decisions/096).

import { replaceOnce, rewriteServerModule } from './rewrite-server-module.mjs';

/** The module the plugin rewrites, and the line of `getModuleForRoute` it replaces (Astro's text, as the test reads it too). */
const MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]environment[\\/]production\.js$/;
export const ORIGINAL = 'return await importComponentInstance();';
export const REPLACEMENT = 'return await importedOnce(importComponentInstance);';

/**
 * The memo, added to the end of Astro's module. Keyed by the build's own import function of a page
 * (one per page, made once when the server's entry loads), holding the promise of that page's
 * module: the build's code, which does not change while the process runs (Node's own module cache
 * keeps the same module). A rejected import is dropped so that the next request imports again, as
 * before.
 */
export const IMPORTED_ONCE = `
const importedPages = new WeakMap();
function importedOnce(load) {
  let page = importedPages.get(load);
  if (!page) {
    page = load();
    importedPages.set(load, page);
    page.catch(() => {
      if (importedPages.get(load) === page) importedPages.delete(load);
    });
  }
  return page;
}
`;

/** Astro's module with each page imported once; throws when the line is not there exactly once. */
export function rewritePageImport(code) {
  const failure = 'page-modules: astro/dist/core/environment/production.js no longer has the one page import this plugin replaces';
  return replaceOnce(code, ORIGINAL, REPLACEMENT, failure) + IMPORTED_ONCE;
}

export const pageModulesOnce = () => rewriteServerModule('portal:page-modules-once', MODULE, rewritePageImport);
