// A build plugin that rewrites one of Astro's own modules in the server's bundle only (the browser's
// bundle is left as it is): decisions 087 and 096. `rewrite` throws when the module no longer has
// what it replaces, which stops the build; `replaceOnce` is that check for all of them.

/** Astro's Node module (web Requests made of Node's requests, and the writer of answers), as Vite names its path. */
export const ASTRO_NODE_MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]app[\\/]node\.js$/;

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

/**
 * `code` with `original` replaced, when it is there exactly once; otherwise throws `failure`, which stops the build.
 * A string `original` is replaced by `replacement` word for word; a RegExp's `replacement` may name its groups ($1).
 *
 * @param {string} code
 * @param {string | RegExp} original
 * @param {string} replacement
 * @param {string} failure the message: which module no longer has what the plugin rewrites
 */
export function replaceOnce(code, original, replacement, failure) {
  const found = typeof original === 'string' ? code.split(original).length - 1 : (code.match(new RegExp(original.source, 'g'))?.length ?? 0);
  if (found !== 1) throw new Error(failure);
  return typeof original === 'string' ? code.replace(original, () => replacement) : code.replace(original, replacement);
}
