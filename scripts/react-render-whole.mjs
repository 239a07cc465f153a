// A build plugin: React's renderToString, which renders the islands on the server (decision 099), given the island's
// identifier prefix.
//
// `@astrojs/react` renders an island through a stream with `identifierPrefix` set to the island's own prefix, and the
// browser hydrates it with the same prefix, so the ids `useId` makes (a field's id, its message's aria-describedby)
// are the same on both sides. Its renderToString branch (the `experimentalDisableStreaming` option) leaves the prefix
// out: the server's ids then differ from the browser's, React throws the island's HTML away on hydration and renders
// it anew, and a field the visitor was typing in or had in focus loses it. The plugin passes the prefix in the server's
// bundle; the browser's bundle never has this module. Should the integration change the line, the build stops here.

import { replaceOnce, rewriteServerModule } from './rewrite-server-module.mjs';

/** The integration's server renderer, as Vite names it. */
const MODULE = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;
/** The branch the option selects, as the integration has it. */
export const ORIGINAL = /if \(opts\.experimentalDisableStreaming\) \{\n(\s*)html = ReactDOM\.renderToString\(vnode\);/;
/** The same branch with the island's prefix, as the stream is given it. */
export const REPLACEMENT = 'if (opts.experimentalDisableStreaming) {\n$1html = ReactDOM.renderToString(vnode, { identifierPrefix: prefix });';

/** The integration's server renderer with the prefix passed; throws when the branch is not there once as expected. */
export function rewriteRenderToString(code) {
  const failure = 'react-render-whole: @astrojs/react/dist/server.js no longer has the renderToString branch this plugin rewrites';
  if (!/const renderOptions = \{\s*identifierPrefix: prefix,/.test(code)) throw new Error(failure);
  return replaceOnce(code, ORIGINAL, REPLACEMENT, failure);
}

export const reactRenderWhole = () => rewriteServerModule('portal:react-render-whole', MODULE, rewriteRenderToString);
