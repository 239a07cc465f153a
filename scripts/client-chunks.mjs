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

/** React's runtime: React, React DOM with its scheduler, and Astro's React renderer. */
const REACT_RUNTIME = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/;

/**
 * The portal's own shared browser code in a few files instead of one per set of islands sharing it
 * (decision 068). Each layer is one file holding its modules and what they import that React and no
 * earlier layer holds. Only modules without effects at load belong here: every page that imports one
 * module of a layer runs the whole file, so an island's or a page script's own module never does.
 */
const LAYERS = [
  // What nearly every island and page script uses.
  [
    'base',
    [
      'src/lib/config.ts',
      'src/lib/toast.ts',
      'src/lib/storage.ts',
      'src/lib/on-demand.ts',
      'src/lib/i18n/messages/common.ts',
      'src/lib/api/contract.ts',
      'src/lib/preview-protocol.ts',
      '\0vite/preload-helper.js',
    ],
  ],
  // The school site's session and links (a login's user menu, the learner area, the forms' calls).
  ['site', ['src/lib/stores/session.ts', 'src/lib/navigation.ts']],
  // The forms' fields and state.
  ['forms', ['src/islands/shared/fields.tsx', 'src/islands/shared/use-form.ts']],
  // What the login and registration forms share: the mobile and SMS code fields, the agreement.
  ['identity', ['src/islands/identity/MobileCodeFields.tsx', 'src/islands/consult/SmsCodeButton.tsx', 'src/islands/shared/agreement-field.tsx']],
  // A choice from a list and its options (registration, staff forms).
  ['select', ['src/islands/shared/select-field.tsx']],
  // The certificate query's rules and words, and the captcha picture's address and key.
  ['certificates', ['src/lib/rules/certificate.ts', 'src/lib/captcha.ts']],
];

/**
 * The browser build's `output.codeSplitting`: React's runtime as one file, then the layers; every other
 * module is split as the bundler does by default.
 * @param {string} root the project's directory
 * @returns {import('rolldown').CodeSplittingOptions}
 */
export function chunkGroups(root) {
  /** @type {Map<string, string> | null} module id → its layer, found once per build from the module graph */
  let layerOf = null;
  /** @param {import('rolldown').ChunkingContext} ctx */
  const layers = (ctx) => {
    if (layerOf) return layerOf;
    const found = new Map();
    for (const [name, seeds] of LAYERS) {
      const queue = seeds.map((seed) => (seed.startsWith('\0') ? seed : join(root, seed)));
      while (queue.length) {
        const id = /** @type {string} */ (queue.pop());
        if (found.has(id) || REACT_RUNTIME.test(id)) continue;
        const info = ctx.getModuleInfo(id);
        if (!info) continue;
        found.set(id, name);
        queue.push(...info.importedIds);
      }
    }
    layerOf = found;
    return found;
  };
  return {
    groups: [
      { name: 'react', test: REACT_RUNTIME, priority: LAYERS.length + 1 },
      ...LAYERS.map(([name], i) => ({ name: (/** @type {string} */ id, ctx) => (layers(ctx).get(id) === name ? name : null), priority: LAYERS.length - i })),
    ],
  };
}

/**
 * A build plugin: a dynamic import preloads only the files its page has not loaded already (decision
 * 068). Vite lists, beside each `import()`, every file the imported one needs, to fetch them at once;
 * the files the importing one imports itself are loaded before it runs, so naming them again only
 * costs bytes. They are left out of the list; nothing else changes.
 * @returns {import('vite').Plugin}
 */
export function preloadOnlyMissing() {
  /** @type {Record<string, { type: string, imports?: string[] }> | null} */
  let bundle = null;
  /** @param {string} file @param {Set<string>} seen */
  const loadedWith = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of bundle?.[file]?.imports ?? []) loadedWith(imported, seen);
    return seen;
  };
  return {
    name: 'portal:preload-only-missing',
    configEnvironment(name) {
      if (name !== 'client') return undefined;
      return {
        build: {
          modulePreload: {
            resolveDependencies: (_file, deps, { hostId, hostType }) => {
              if (hostType !== 'js' || !bundle?.[hostId]) return deps;
              const loaded = loadedWith(hostId);
              return deps.filter((dep) => !loaded.has(dep));
            },
          },
        },
      };
    },
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = /** @type {typeof bundle} */ (output);
      },
    },
  };
}
