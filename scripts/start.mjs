// Starts the portal: builds when the build is missing or older than the sources, validates the
// environment, serves with a render cache in front of Astro, and drains requests on SIGTERM.
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

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

if (!process.argv.includes('--no-build') && !buildIfNeeded((msg) => log('info', msg))) process.exit(1);

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
