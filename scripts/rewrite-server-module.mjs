// A build plugin that rewrites one of Astro's own modules in the server's bundle only (the browser's
// bundle is left as it is): decisions 087 and 096. `rewrite` throws when the module no longer has
// what it replaces, which stops the build.

/**
 * @param {string} name the plugin's name
 * @param {RegExp} module the module's path, as Vite names it
 * @param {(code: string) => string} rewrite
 * @returns {import('vite').Plugin}
 */
export function rewriteServerModule(name, module, rewrite) {
  return {
    name,
    applyToEnvironment: (environment) => environment.name !== 'client',
    transform(code, id) {
      if (!module.test(id)) return undefined;
      return { code: rewrite(code), map: null };
    },
  };
}
