// Starts the portal: builds when the build is missing or older than the sources, validates the
// environment, serves with a render cache in front of Astro, and drains requests on SIGTERM.
import { randomUUID } from 'node:crypto';
import { format } from 'node:util';
import cluster from 'node:cluster';
import http from 'node:http';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

// Node 24 or later (package.json engines, .nvmrc): an older Node cannot run the build, and a
// native module built for another Node crashes the process, so say so plainly instead.
if (Number(process.versions.node.split('.')[0]) < 24) {
  process.stderr.write(
    `The portal needs Node 24 or later; this is Node ${process.versions.node}. Install Node 24 (see .nvmrc), ` +
      "or in a full install run it through npm scripts, which use the project's pinned Node.\n",
  );
  process.exit(1);
}

// Run as scripts/start.mjs (development, tests) or as dist/server/start.mjs (the built server of
// a production install, next to the Astro entry it serves).
const here = dirname(fileURLToPath(import.meta.url));
const bundled = existsSync(join(here, 'entry.mjs'));
const root = bundled ? join(here, '../..') : join(here, '..');
const entry = bundled ? join(here, 'entry.mjs') : join(root, 'dist/server/entry.mjs');
/** Lifecycle lines (the mode, ready, draining, stopped): written whatever LOG_LEVEL says; orchestrators and scripts wait for them. */
const announce = (level, msg, fields = {}) => process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
let log = announce;

// Whatever goes wrong, the output stays one JSON object a line: an uncaught error is logged with
// its stack, then the process ends (an orchestrator restarts it).
const fatal = (kind) => (error) => {
  log('error', kind, { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
};
process.on('uncaughtException', fatal('uncaught exception'));
process.on('unhandledRejection', fatal('unhandled rejection'));

// Anything written through console (the renderer's own error reports, a library's warning) becomes
// one JSON line too, with the id of the request it happened in.
const { requestContext, ROUTE_LABEL } = await import('../src/server/http/request-context.ts');
for (const [method, level] of [
  ['debug', 'debug'],
  ['log', 'info'],
  ['info', 'info'],
  ['warn', 'warn'],
  ['error', 'error'],
]) {
  console[method] = (...args) => log(level, 'console', { requestId: requestContext.getStore()?.requestId, text: format(...args) });
}

// Node strips the types of these two modules itself (they are written for it): no loader stays
// hooked into the imports of every request.
const { parseConfig, ConfigError } = await import('../src/server/config.ts');
// `npm start` asks for development mode openly (a newcomer's first run); an operator's NODE_ENV wins.
if (process.argv.includes('--development') && !process.env.NODE_ENV) process.env.NODE_ENV = 'development';
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

{
  // From here the configured level applies.
  const { createLogger } = await import('../src/server/logger.ts');
  const logger = createLogger(config.LOG_LEVEL);
  log = (level, msg, fields = {}) => logger[level](msg, fields);
}

// One build, by the process that starts the others (workers find it made).
if (!bundled && !cluster.isWorker && !process.argv.includes('--no-build') && !buildIfNeeded((msg) => log('info', msg))) process.exit(1);

// The port's sockets are shared (SO_REUSEPORT, src/server/http/listen.ts): first make sure no other
// server listens there, or it would silently get a part of the connections.
if (!cluster.isWorker) {
  const { ensurePortFree } = await import('../src/server/http/listen.ts');
  try {
    await ensurePortFree(config.PORT, config.HOST);
  } catch (error) {
    log('error', 'the port is taken by another server', { port: config.PORT, host: config.HOST, error: String(error) });
    process.exit(1);
  }
}

if (cluster.isPrimary && config.processes > 1) {
  // Several server processes on this machine share the port; this one only starts and watches them.
  const { runPrimary } = await import('../src/server/http/process-group.ts');
  const { METRICS_CONTENT_TYPE } = await import('../src/server/metrics.ts');
  runPrimary({
    processes: config.processes,
    metricsPort: config.METRICS_PORT ?? 0,
    metricsHost: config.METRICS_HOST,
    metricsContentType: METRICS_CONTENT_TYPE,
    announce,
  });
} else {
  await serve();
}

/** One server process: the whole server when PROCESSES is 1, else one of the primary's workers. */
async function serve() {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = await import(entry);
  const { createRenderCache, PURGE_PAGES_EVENT } = await import('../src/server/http/render-cache.ts');
  const { createFreshAnswer, createGate, onClientError, clientErrorKind } = await import('../src/server/http/gate.ts');
  const { accessLine, routeOf } = await import('../src/server/http/access-log.ts');
  const { writesLevel } = await import('../src/server/logger.ts');
  const { addressTrust } = await import('../src/server/http/forwarded.ts');
  const metrics = await import('../src/server/metrics.ts');
  const { metricsOfAllProcesses, shareMetricsWithPrimary } = await import('../src/server/http/process-group.ts');
  if (cluster.isWorker) shareMetricsWithPrimary();
  const { routeApiDirectly } = await import('../src/server/http/api-listener.ts');
  const { loadCompressedAssets, serveCompressedAssets } = await import('../src/server/http/compression.ts');
  const { listBuiltFiles, serveBuiltFiles } = await import('../src/server/http/static-files.ts');
  const { listenOnSockets } = await import('../src/server/http/listen.ts');
  // Every metric is listed, and every series with known labels is 0, before the first request.
  metrics.registerMetrics();
  const trust = addressTrust(config);
  const clientDir = join(root, 'dist/client');
  const cache = createRenderCache({ maxEntries: config.RENDER_CACHE_ENTRIES, trustProxy: config.TRUST_PROXY, onResult: metrics.countRenderCache });
  // Staff changed what public pages show, here or on another instance: those pages leave this
  // instance's cache at once (render-cache.ts; the event comes from src/server/runtime.ts).
  process.on(PURGE_PAGES_EVENT, (tags) => cache.purge(tags));
  const gateOptions = {
    maxBodyBytes: config.MAX_BODY_BYTES,
    trustProxy: config.TRUST_PROXY,
    siteOnHttps: config.SITE_ON_HTTPS,
    hstsMaxAge: config.HSTS_MAX_AGE,
    cache,
  };
  const freshAnswer = createFreshAnswer(gateOptions);
  const gate = createGate(
    gateOptions,
    // The build's compressed scripts and styles, held in memory (decision 069); the build's other files from the
    // list made now; everything else is a page Astro renders (its adapter in middleware mode looks at no file).
    routeApiDirectly(
      serveCompressedAssets(
        loadCompressedAssets(clientDir),
        serveBuiltFiles(clientDir, listBuiltFiles(clientDir), (req, res) => handler(req, res)),
      ),
    ),
  );

  const REQUEST_ID = /^[\w-]{8,64}$/;
  const accessLinesWritten = writesLevel(config.LOG_LEVEL, 'info');

  /**
   * One access line per answer, whoever answered (the render cache, the gate, Astro, the API), and
   * its count in the metrics under the route that answered. Cache hits are the bulk of a busy site's
   * traffic: ACCESS_LOG_CACHE_HIT_SAMPLE of them are logged.
   */
  function accessLog(req, res, context, started) {
    const seconds = (performance.now() - started) / 1000;
    metrics.observeRequest(routeOf(context), req.method ?? 'GET', res.statusCode, seconds);
    // The line is built only when it is written.
    if (!accessLinesWritten) return;
    if (context.cache && config.ACCESS_LOG_CACHE_HIT_SAMPLE < 1 && Math.random() >= config.ACCESS_LOG_CACHE_HIT_SAMPLE) return;
    log('info', 'request', accessLine(req, res, context, seconds, trust));
  }

  let draining = false;
  // How often stalled connections are looked for (Node's default, 30 s, would let a slow client stay
  // that much longer than the header and request timeouts).
  const CONNECTIONS_CHECK_MS = 1_000;
  const server = http.createServer({ connectionsCheckingInterval: CONNECTIONS_CHECK_MS }, (req, res) => {
    // Every answer carries a request id (a proxy's, when it sent a sane one), and so does its log line.
    const started = performance.now();
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    req.headers['x-request-id'] = requestId;
    if (!draining && answerFresh(req, res, requestId, started)) return;
    res.setHeader('X-Request-Id', requestId);
    const context = { requestId };
    res.once('finish', () => accessLog(req, res, context, started));
    requestContext.run(context, () => handle(req, res, context));
  });

  /**
   * A page the render cache holds fresh is answered at once, before the request gets a context or
   * meets the gate (gate.ts createFreshAnswer): no router runs for it and nothing inside logs, so its
   * access line and metrics are written as soon as it is answered, under the route and school its
   * render noted. Every other request (and this one while draining, which closes connections) takes
   * the whole way below.
   */
  function answerFresh(req, res, requestId, started) {
    const fresh = freshAnswer(req, res, requestId);
    if (!fresh) return false;
    accessLog(req, res, { requestId, route: fresh.route, school: fresh.school, cache: 'hit' }, started);
    return true;
  }

  function handle(req, res, context) {
    if (draining) {
      // Kept-alive connections are closed after this answer: the balancer's next request opens a
      // connection to another instance instead of racing this one's close.
      res.setHeader('Connection', 'close');
      if (req.url === '/readyz' || req.url?.startsWith('/readyz?')) {
        context.route = ROUTE_LABEL.readiness;
        res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end('{"status":"draining"}');
        return;
      }
    }
    if (config.METRICS_TOKEN && (req.url === '/metrics' || req.url?.startsWith('/metrics?'))) {
      context.route = ROUTE_LABEL.metrics;
      serveMetrics(req, res, true);
      return;
    }
    // Until a router names it (the gate's refusals, a page's pattern, an API call's template), an
    // answer is a built file served from the list made at start (static-files.ts) before any router runs.
    context.route = ROUTE_LABEL.staticFile;
    gate(req, res);
  }

  /** Prometheus's scrape: on METRICS_PORT (not published), or at /metrics with the METRICS_TOKEN bearer. */
  function serveMetrics(req, res, needsToken) {
    const given = req.headers.authorization ?? '';
    if (needsToken && given !== `Bearer ${config.METRICS_TOKEN}`) {
      res.writeHead(404, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end('{"code":404,"data":null,"message":"接口不存在"}');
      return;
    }
    // A worker's own metrics are a part: the primary adds up every worker's.
    (cluster.isWorker ? metricsOfAllProcesses() : metrics.metricsText()).then(
      (text) => {
        res.writeHead(200, { 'Content-Type': metrics.METRICS_CONTENT_TYPE, 'Cache-Control': 'no-store' });
        res.end(text);
      },
      (error) => {
        log('error', 'metrics failed', { error: String(error) });
        res.writeHead(500).end();
      },
    );
  }
  server.on('clientError', (error, socket) => {
    metrics.countClientError(clientErrorKind(error));
    onClientError(error, socket);
  });
  // Longer than a proxy's idle upstream keep-alive (nginx: 60 s), so the proxy closes first.
  server.keepAliveTimeout = 65_000;
  // A slow or stalled client holds a connection at most this long (then 408 and the socket closes).
  server.headersTimeout = config.HEADERS_TIMEOUT_MS;
  server.requestTimeout = config.REQUEST_TIMEOUT_MS;

  // Say loudly which mode this is: development mode hands out SMS codes and captcha answers.
  if (config.developmentMode) {
    announce(
      'warn',
      `DEVELOPMENT MODE (NODE_ENV=${config.NODE_ENV}): SMS codes and captcha answers are readable through the API ` +
        'and development secrets are accepted. Never expose this server; set NODE_ENV=production with your own secrets for a real site.',
    );
  } else {
    announce('info', 'production mode: development helpers are off', {
      trustProxy: config.TRUST_PROXY,
      siteOnHttps: config.SITE_ON_HTTPS,
      sso: Boolean(config.SSO_SHARED_SECRET),
    });
  }

  // With several processes the primary serves METRICS_PORT (the sum of every worker's).
  if (config.METRICS_PORT && !cluster.isWorker) {
    const metricsServer = http.createServer((req, res) => serveMetrics(req, res, false));
    metricsServer.listen(config.METRICS_PORT, config.METRICS_HOST, () =>
      announce('info', 'metrics served', { port: config.METRICS_PORT, host: config.METRICS_HOST }),
    );
    metricsServer.unref();
  }

  const listeners = listenOnSockets(
    server,
    { port: config.PORT, host: config.HOST, backlog: config.LISTEN_BACKLOG, sockets: config.LISTEN_SOCKETS },
    async () => {
      const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
      // The first request opens and migrates the database (the demo schools are seeded before, by
      // `npm start`'s first step in development: scripts/seed.ts). A database that is
      // not up yet (both started together, or restarting) is waited for, with a bounded number of
      // tries, each logged; only then does the server give up.
      const deadline = Date.now() + config.DATABASE_STARTUP_WAIT_SECONDS * 1000;
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await fetch(`http://127.0.0.1:${config.PORT}/readyz`);
          if (!res.ok) throw new Error(`readiness answered ${res.status}`);
          announce('info', 'portal ready', {
            url,
            database: config.databaseKind,
            mode: config.developmentMode ? 'development' : 'production',
            listeningSockets: listeners.count,
          });
          return;
        } catch (error) {
          if (Date.now() >= deadline) {
            log('error', 'portal failed to start: the database did not become ready', { error: String(error), attempts: attempt });
            process.exit(1);
          }
          log('warn', 'waiting for the database', { attempt, error: String(error) });
          await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * attempt, 5000)));
        }
      }
    },
  );

  /** After the listener closes, a connection accepted just before gets this long to send its request. */
  const LAST_REQUEST_GRACE_MS = 1_000;

  /**
   * Stopping without failing a request: /readyz answers 503 at once (SIGTERM) and every answer closes
   * its connection; after SHUTDOWN_DELAY_SECONDS the server stops accepting connections (a proxy then
   * gets a refusal and tries another instance, even for a POST, since nothing was sent). Connections
   * already open are not cut at once: one a proxy opened a moment ago may be about to carry a request.
   * After a short grace the idle ones are closed, in-flight requests finish, and the process exits;
   * at SHUTDOWN_TIMEOUT_SECONDS whatever is left is cut. Ctrl-C (SIGINT) in a terminal skips the delay.
   */
  function shutdown(signal) {
    if (draining) return;
    draining = true;
    const delayMs = signal === 'SIGTERM' ? config.SHUTDOWN_DELAY_SECONDS * 1000 : 0;
    announce('info', 'draining: readiness answers 503', { signal, delayMs });
    setTimeout(() => {
      announce('info', 'no longer accepting connections; finishing in-flight requests');
      // Every listening socket stops; connections already open are not cut (closed below).
      listeners.close(() => {
        announce('info', 'stopped');
        process.exit(0);
      });
      setTimeout(() => server.closeIdleConnections(), delayMs ? LAST_REQUEST_GRACE_MS : 0).unref();
      setTimeout(() => {
        log('warn', 'in-flight requests cut off at the shutdown timeout', { timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS });
        server.closeAllConnections();
        process.exit(0);
      }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000).unref();
    }, delayMs);
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
