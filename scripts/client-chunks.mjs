// A build plugin: after the browser build, dist/client-chunks.json names the modules each file of
// dist/client was built from (paths relative to the project; an entry's own module first, also when
// its code went to another file and the entry only re-exports it). The file lies outside
// dist/client, so it is never served. The benchmark reads it to tell React's runtime from the
// portal's own code whatever names and hashes the files get (bench/run.mjs, `reactRuntime`).
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** @returns {import('vite').Plugin} */
export function clientChunks() {
  /** @type {Record<string, string[]>} */
  let chunks = {};
  let root = process.cwd();
  const name = (/** @type {string} */ id) => relative(root, id.replace(/^\0/, '')).split('\\').join('/');
  return {
    name: 'portal:client-chunks',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      chunks = {};
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const modules = file.moduleIds.map(name);
        const facade = file.facadeModuleId ? name(file.facadeModuleId) : null;
        chunks[file.fileName] = facade && !modules.includes(facade) ? [facade, ...modules] : modules;
      }
    },
    writeBundle(options) {
      writeFileSync(join(options.dir ?? join(root, 'dist/client'), '..', 'client-chunks.json'), `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}
