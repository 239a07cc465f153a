// Builds the portal when dist/ is missing or older than any source. Shared by scripts/start.mjs
// and bench/run.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['src', 'public', 'astro.config.mjs', 'scripts/client-chunks.mjs', 'package.json', 'tsconfig.json'];

function newestMtime(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

export function needsBuild() {
  const entry = join(root, 'dist/server/entry.mjs');
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  return SOURCES.map((p) => join(root, p))
    .filter(existsSync)
    .some((p) => newestMtime(p) > built);
}

/** Returns false when a build was needed and failed. */
export function buildIfNeeded(log = (msg) => process.stdout.write(`${msg}\n`)) {
  if (!needsBuild()) return true;
  log('building the portal (dist/ is missing or older than the sources)');
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  const astro = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit', env });
  if (astro.status !== 0) return false;
  // The server's own entry points and the compressed scripts and styles, as `npm run build` does.
  return ['scripts/build-server.mjs', 'scripts/compress-assets.mjs'].every(
    (script) => spawnSync(process.execPath, [join(root, script)], { cwd: root, stdio: 'inherit', env }).status === 0,
  );
}
