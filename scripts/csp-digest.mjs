// A build plugin: Astro's Content-Security-Policy digests computed in the server's own thread.
//
// With `security.csp` on, Astro hashes each page's head styles and scripts on every render
// (astro/dist/core/encryption.js `generateCspDigest`, called from the render's createResult). It
// hashes with WebCrypto's `crypto.subtle.digest`, which Node runs as a job on its thread pool:
// handing the job over and waking for its answer cost about 5 % of an uncached page's server CPU on
// the news list (`bench/profile.mjs`), for one digest of a few bytes (an external stylesheet's empty
// text). Node's own `createHash` gives the same digest at once. The plugin replaces the function's
// body in the server's bundle; the browser's bundle never has it. Should Astro change the function,
// the build stops here instead of shipping the slow path unnoticed (docs/decisions/087).

import { replaceOnce, rewriteServerModule } from './rewrite-server-module.mjs';

/** The module and the function the plugin rewrites (Astro's text of it, as the test reads it too). */
const MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
export const ORIGINAL = /async function generateCspDigest\(data, algorithm\) \{\n[\s\S]*?\n\}/;
/** WebCrypto's algorithm names and Node's. */
export const NODE_ALGORITHMS = { 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' };

/**
 * The replacement: the same answer (`sha256-…` of the UTF-8 text, base64), hashed at once. Kept
 * async: Astro awaits it.
 */
export const SYNC_DIGEST = `async function generateCspDigest(data, algorithm) {
  const name = ${JSON.stringify(NODE_ALGORITHMS)}[algorithm];
  if (!name) throw new Error(\`CSP digest: unknown algorithm \${algorithm}\`);
  return \`\${ALGORITHMS[algorithm]}\${process.getBuiltinModule('node:crypto').createHash(name).update(data).digest('base64')}\`;
}`;

/** Astro's module with the digest computed in the calling thread; throws when the function is not there as expected. */
export function rewriteDigest(code) {
  const failure = 'csp-digest: astro/dist/core/encryption.js no longer has the generateCspDigest this plugin replaces';
  return replaceOnce(code, ORIGINAL, SYNC_DIGEST, failure);
}

export const syncCspDigest = () => rewriteServerModule('portal:sync-csp-digest', MODULE, rewriteDigest);
