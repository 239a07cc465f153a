// A build plugin: `import { code, hash } from 'inline-script:src/…/entry.ts'` gives a page the entry
// bundled on its own (its imports included, nothing shared with the page's other scripts) as one
// minified script to write into the HTML, and the script's SHA-256 for the page's
// Content-Security-Policy. For a script that must run before any of the page's files has come
// (the class page's first view, decision 081). Astro inlines a script of its own only when it
// imports nothing; rolldown puts a module that two entries import into a shared file, so the
// class page's early script, which shares its header model with the island, needs its own bundle.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const PREFIX = 'inline-script:';
/** A bundle larger than this is refused: an inline script travels with every answer of its page. */
const MAX_BYTES = 16 * 1024;

/** @returns {import('vite').Plugin} */
export function inlineScripts() {
  let root = process.cwd();
  return {
    name: 'portal:inline-scripts',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const entry = resolve(root, id.slice(PREFIX.length + 1));
      const out = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        metafile: true,
        format: 'iife',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        tsconfig: resolve(root, 'tsconfig.json'),
        // Vite's order: `./remaining` is remaining.ts beside Remaining.tsx, as the other scripts read it.
        resolveExtensions: ['.mjs', '.js', '.mts', '.ts', '.jsx', '.tsx', '.json'],
        logLevel: 'silent',
      });
      for (const input of Object.keys(out.metafile.inputs)) this.addWatchFile(resolve(root, input));
      const code = out.outputFiles[0].text.trim();
      if (code.length > MAX_BYTES) this.error(`${entry}: the inline script is ${code.length} bytes, more than ${MAX_BYTES}`);
      const hash = `sha256-${createHash('sha256').update(code).digest('base64')}`;
      return `export const code = ${JSON.stringify(code)};\nexport const hash = ${JSON.stringify(hash)};\n`;
    },
  };
}
