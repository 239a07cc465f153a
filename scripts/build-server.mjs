// The server's own entry points as plain JavaScript in dist/ (`npm run build` runs this after
// `astro build`): dist/server/start.mjs (the HTTP server, render cache, gate, shutdown) and
// dist/server/db.mjs (migrate, seed, school:create, backup, restore). A production install then
// needs dist/, the production packages and Node 24: no TypeScript, no tsx, no sources.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

await build({
  entryPoints: { start: join(root, 'scripts/start.mjs'), db: join(root, 'scripts/db.ts') },
  outdir: join(root, 'dist/server'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // Packages stay imports of node_modules: prom-client's registry is then the one the Astro build
  // uses too, and better-sqlite3's native binding is found where npm put it.
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  alias: { '~': join(root, 'src') },
  logLevel: 'warning',
  legalComments: 'none',
});
process.stdout.write('server entry points bundled: dist/server/start.mjs, dist/server/db.mjs\n');
