// Starts the portal: builds when the build is missing or older than the sources, validates the
// environment, serves with a render cache in front of Astro, and drains requests on SIGTERM.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist/server/entry.mjs');
const log = (level, msg, fields = {}) =>
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);

// Node strips the types of these two modules itself (they are written for it): no loader stays
// hooked into the imports of every request.
const { parseConfig, ConfigError } = await import('../src/server/config.ts');
let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

function newestMtime(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

function needsBuild() {
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  const sources = ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'].map((p) => join(root, p)).filter(existsSync);
  return sources.some((p) => newestMtime(p) > built);
}

if (!process.argv.includes('--no-build') && needsBuild()) {
  log('info', 'building the portal');
  const r = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(entry);
const { createRenderCache } = await import('../src/server/http/render-cache.ts');
const cache = createRenderCache({ maxEntries: config.RENDER_CACHE_ENTRIES });

let draining = false;
const server = http.createServer((req, res) => {
  if (draining) res.setHeader('Connection', 'close');
  cache.handle(req, res, handler);
});
server.keepAliveTimeout = 65_000;

server.listen(config.PORT, config.HOST, async () => {
  const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
  // The first request opens, migrates and seeds the database; fail fast if that cannot work.
  try {
    const res = await fetch(`http://127.0.0.1:${config.PORT}/readyz`);
    if (!res.ok) throw new Error(`readiness answered ${res.status}`);
    log('info', 'portal ready', { url, database: config.databaseKind });
  } catch (error) {
    log('error', 'portal failed to start', { error: String(error) });
    process.exit(1);
  }
});

function shutdown(signal) {
  if (draining) return;
  draining = true;
  log('info', 'draining in-flight requests', { signal });
  server.close(() => {
    log('info', 'stopped');
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
