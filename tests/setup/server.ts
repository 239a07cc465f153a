import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { parseConfig } from '~/server/config';
import { closeRuntime, createServer, type Server } from '~/server/runtime';
import { seedIfEmpty } from '~/dev/seed';
import { sqliteFileOf } from '~/server/db/backup';
import { DEMO_TENANT, SECOND_TENANT } from '~/dev/seed/demo-data';
import { urlOf, type Call } from '~/lib/api/contract';
import { createGate, onClientError, type GateOptions } from '~/server/http/gate';
import { startS3Server, type S3Server } from './s3';

/**
 * A real server on a real, private database for one test file:
 * - SQLite (default): a fresh file under the OS temp dir, removed afterwards.
 * - PostgreSQL (process.env.DATABASE_URL = postgres://…): a fresh database made through that
 *   admin connection, dropped afterwards.
 * The clock is fixed: the demo tenants are seeded relative to NOW, so every publish time is known.
 * Every test starts at NOW (startEachTestAtNow): what one test does to the clock reaches no other.
 */

/** 2026-11-22 10:00:00 in China Standard Time; whole seconds so formatted times round-trip. */
export const NOW = Date.UTC(2026, 10, 22, 2, 0, 0);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const DEMO = { id: DEMO_TENANT.id, preDomain: DEMO_TENANT.preDomain, seed: DEMO_TENANT } as const;
export const HUAXIA = { id: SECOND_TENANT.id, preDomain: SECOND_TENANT.preDomain, seed: SECOND_TENANT } as const;

export const TOKEN_PARAM_SECRET = 'test-token-param-secret-0123456789abcdef';

export interface Clock {
  /** Current time in epoch ms. */
  value: number;
  set(ms: number): void;
  advance(ms: number): void;
}

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: T;
}

export interface RequestOptions {
  /** TenantId header; null for none. Default: the demo tenant. */
  tenant?: string | null;
  headers?: Record<string, string>;
}

const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

/**
 * This run's databases are PostgreSQL's (DATABASE_URL is postgres://, scripts/test-pg.sh): the second run of the
 * server-side suite. What does not depend on the engine ran in the SQLite run already: a test that makes its own
 * SQLite database whatever DATABASE_URL says (the database scripts, SQLite's online backup, moves between SQLite
 * files) is `test.skipIf(ON_POSTGRES)`.
 */
export const ON_POSTGRES = isPostgresUrl(process.env['DATABASE_URL'] ?? '');

/** Where a test server keeps uploaded files: the local disk, or a bucket on a private S3 server. */
export type StorageDriver = 'local' | 's3';
/**
 * The file stores a test of uploads runs on. Both on SQLite; on PostgreSQL the bucket only, the store of a portal
 * on several servers: a driver's code does not depend on the engine, and the engine's is run on every upload path
 * either way (decision 092).
 */
export const STORAGE_DRIVERS: readonly StorageDriver[] = ON_POSTGRES ? ['s3'] : ['local', 's3'];

/** The driver of servers that do not choose one: TEST_STORAGE_DRIVER=s3 runs a whole suite on a bucket. */
export const defaultStorageDriver = (): StorageDriver => (process.env['TEST_STORAGE_DRIVER'] === 's3' ? 's3' : 'local');

export interface TestServerOptions {
  /** Seed the demo tenants (default true). */
  seed?: boolean;
  /** Where files are kept (default defaultStorageDriver()). */
  storage?: StorageDriver;
  /** Another instance on this (already seeded) database instead of a private one: the server that made it drops it. */
  databaseUrl?: string;
}

export interface TestServer extends Server {
  clock: Clock;
  databaseUrl: string;
  /** The server's own S3 server when its files are kept in a bucket, else null. */
  s3: S3Server | null;
  /** Raw request through the Hono app. */
  fetch(path: string, init?: RequestInit): Promise<Answer>;
  /** GET with a query (plus the client's `timestamp` parameter) and the TenantId header. */
  get(path: string, query?: Record<string, string | number>, options?: RequestOptions): Promise<Answer>;
  /** POSTs `body` as JSON; a string body is sent as is (for malformed JSON). */
  post(path: string, body?: unknown, options?: RequestOptions): Promise<Answer>;
  /** Sends one contract's call as the portal's client does (GET query; POST, PUT, DELETE body). */
  call<Req>(call: Call<Req, unknown>, input?: Req, options?: RequestOptions & { params?: Record<string, string> }): Promise<Answer>;
  close(): Promise<void>;
}

function uniqueName(): string {
  return `portal_test_${process.env['VITEST_POOL_ID'] ?? '0'}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The run's template databases (tests/setup/database-templates.ts): migrated, and migrated and seeded at NOW. */
export interface DatabaseTemplates {
  migrated: string;
  seeded: string;
}

/**
 * A private database: on the PostgreSQL server of `given` (default DATABASE_URL) when it is a
 * postgres:// URL, else a SQLite file under the OS temp dir. Empty, or a copy of `from` (a template
 * of the same engine nobody is connected to). `drop` removes it.
 */
export async function makeDatabase(given: string = process.env['DATABASE_URL'] ?? '', from?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = uniqueName();
  if (isPostgresUrl(given)) {
    // A template is copied file by file: no write-ahead log of every page of the copy.
    const copy = from ? ` TEMPLATE "${new URL(from).pathname.slice(1)}" STRATEGY file_copy` : '';
    await withAdmin(given, (c) => c.query(`CREATE DATABASE "${name}"${copy}`));
    const url = new URL(given);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      // pool.end() resolves before the pooled sockets have closed; dropping WITH (FORCE) at once would
      // terminate a still-closing backend, which pg reports as an unhandled error. Wait for the
      // database's backends to leave first (5 s at most), then drop.
      drop: () =>
        withAdmin(given, async (c) => {
          for (let i = 0; i < 100; i++) {
            const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
            if (r.rows[0].n === 0) break;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        }),
    };
  }
  const file = join(tmpdir(), `${name}.sqlite`);
  // A closed SQLite database is its one file (its log is folded in and removed when the last connection closes).
  if (from) copyFileSync(sqliteFileOf(from), file);
  return {
    url: `file:${file}`,
    drop: async () => {
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
    },
  };
}

/** A fetch Response as an Answer (status, headers, text and the parsed JSON body). */
export async function parse(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

function headersFor(options: RequestOptions = {}, extra: Record<string, string> = {}): Record<string, string> {
  const tenant = options.tenant === undefined ? DEMO.id : options.tenant;
  return { ...extra, ...(tenant ? { TenantId: tenant } : {}), ...options.headers };
}

/**
 * The environment of a production server in tests: its own secrets and a real SMS provider (a
 * production server refuses the development one). Tests that send codes point SMS_HTTP_URL at a
 * local stand-in.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'production-session-secret-0123456789abcdef',
  TOKEN_PARAM_SECRET: 'production-token-param-secret-0123456789',
  CERTIFICATE_SECRET: 'production-certificate-secret-0123456789',
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'http://127.0.0.1:9/sms/send',
} as const;

/** A local stand-in for an SMS gateway (SMS_PROVIDER=http): records what it is sent, answers 200. */
export async function startSmsGateway(): Promise<{
  url: string;
  received: { mobile: string; templateCode: string; code: string }[];
  close: () => Promise<void>;
}> {
  const received: { mobile: string; templateCode: string; code: string }[] = [];
  const gateway = createHttpServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push(JSON.parse(text));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const { port } = gateway.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/sms/send`, received, close: () => new Promise((resolve) => gateway.close(() => resolve())) };
}

/**
 * A server on a private database. The demo tenants are seeded (relative to NOW) whatever the mode,
 * as `npm run db:seed` would, unless `seed: false` (no server seeds by itself).
 * With `databaseUrl` it is another instance on that (already seeded) database instead.
 */
export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  // A second instance on another server's database (several instances of one portal): that server drops it.
  const seed = options.seed !== false && !options.databaseUrl;
  // A copy of the run's template (migrated, and seeded when asked) unless the run has none; the start below migrates and seeds what is missing.
  const templates = inject('databaseTemplates');
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await makeDatabase(undefined, templates?.[seed ? 'seeded' : 'migrated']);
  const uploadDir = mkdtempSync(join(tmpdir(), 'portal-uploads-'));
  const clock: Clock = {
    value: NOW,
    set(ms) {
      this.value = ms;
    },
    advance(ms) {
      this.value += ms;
    },
  };
  let s3: S3Server | null = null;
  let server: Server;
  // A start that fails leaves nothing behind: the database, the upload directory and the S3 server go.
  try {
    s3 = (options.storage ?? defaultStorageDriver()) === 's3' ? await startS3Server() : null;
    const config = parseConfig({
      NODE_ENV: 'test',
      // Each server's uploads in a directory of its own, removed with it.
      UPLOAD_DIR: uploadDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      TENANT_BASE_DOMAINS: 'localhost',
      DEFAULT_PREDOMAIN: 'demo',
      TOKEN_PARAM_SECRET,
      ...s3?.env,
      ...env,
    });
    server = await createServer(config, () => clock.value);
    if (seed) await seedIfEmpty(server.runtime.db, NOW);
  } catch (error) {
    await database.drop();
    rmSync(uploadDir, { recursive: true, force: true });
    await s3?.stop();
    throw error;
  }
  // The log is silent, but an unhandled error inside a request must not pass unnoticed:
  // route it to console.error, which fails the running test (tests/setup/fail-on-console-error.ts).
  const logger = server.runtime.logger;
  server.runtime.logger = { ...logger, error: (msg, fields) => console.error(`[server] ${msg}`, fields) };

  const fetch = async (path: string, init?: RequestInit) => parse(await server.app.request(path, init));
  const get: TestServer['get'] = (path, query = {}, options) => {
    // Like the portal's client, every GET carries a timestamp parameter.
    const params = { timestamp: clock.value, ...query };
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    return fetch(qs ? `${path}?${qs}` : path, { method: 'GET', headers: headersFor(options) });
  };
  const send = (method: string, path: string, body: unknown, options?: RequestOptions) =>
    // A form (an upload) goes as multipart, its boundary set by fetch; anything else as JSON.
    body instanceof FormData
      ? fetch(path, { method, headers: headersFor(options), body })
      : fetch(path, {
          method,
          headers: headersFor(options, { 'Content-Type': 'application/json' }),
          ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        });
  const post: TestServer['post'] = (path, body, options) =>
    fetch(path, {
      method: 'POST',
      headers: headersFor(options, { 'Content-Type': 'application/json' }),
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  return {
    ...server,
    clock,
    databaseUrl: database.url,
    s3,
    fetch,
    get,
    post,
    call(call, input, options = {}) {
      const path = urlOf(call, options.params);
      return call.method === 'GET' ? get(path, (input ?? {}) as Record<string, string | number>, options) : send(call.method, path, input, options);
    },
    async close() {
      try {
        await closeRuntime(server.runtime);
      } finally {
        await database.drop();
        rmSync(uploadDir, { recursive: true, force: true });
        await s3?.stop();
      }
    },
  };
}

/**
 * Sets the clocks of the given servers back to NOW before each test of the current file (or describe
 * block), so the order tests run in never changes the time one of them starts at: a test that needs
 * another time sets or advances its server's clock itself. Data earlier tests left behind (possibly
 * at later times) stays; a test makes its own accounts, classes and so on and counts only what it caused.
 * `servers` is read before each test, since servers started in beforeAll exist only then.
 */
export function startEachTestAtNow(servers: () => readonly (TestServer | undefined)[]): void {
  beforeEach(() => {
    for (const server of servers()) server?.clock.set(NOW);
  });
}

/**
 * Starts one server for the current test file (beforeAll) and closes it (afterAll); its clock is at
 * NOW when each test starts (startEachTestAtNow).
 * Returns an accessor, since the server exists only once beforeAll has run.
 */
export function useTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(env, options);
  });
  startEachTestAtNow(() => [server]);
  afterAll(async () => {
    await server?.close();
    server = undefined;
  });
  return () => {
    if (!server) throw new Error('The test server is not running (use it inside tests or hooks).');
    return server;
  };
}

/**
 * The request gate in front of a test server, over real HTTP: what scripts/start.mjs runs
 * (src/server/http/gate.ts) limits and buffers each body, then hands the request on as the renderer
 * does to the API (src/pages/api/[...path].ts: the buffered body, the Hono app). The gate's general
 * limit is the server's configured MAX_BODY_BYTES unless `options` says otherwise. For what only the
 * gate decides (a body's size before anything reads it); `url` is the gateway's origin.
 */
export async function startGateway(
  server: TestServer,
  options: Partial<GateOptions> = {},
): Promise<{ url: string; handled: () => number; close: () => Promise<void> }> {
  let handled = 0;
  const renderer = (req: IncomingMessage & { body?: Buffer }, res: ServerResponse) => {
    handled += 1;
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) for (const v of value) headers.append(name, v);
        else if (value !== undefined) headers.set(name, value);
      }
      const method = req.method ?? 'GET';
      const body = method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(req.body ?? Buffer.alloc(0));
      // The body is whole here: the length the client declared (or its chunking) no longer applies.
      headers.delete('transfer-encoding');
      headers.delete('content-length');
      const answer = await server.app.request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, { method, headers, ...(body ? { body } : {}) });
      const bytes = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, { ...Object.fromEntries(answer.headers), 'content-length': String(bytes.length) });
      res.end(bytes);
    })().catch((error: unknown) => {
      console.error('[gateway]', error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
  const gate = createGate(
    { maxBodyBytes: server.runtime.config.MAX_BODY_BYTES, trustProxy: false, siteOnHttps: false, hstsMaxAge: 0, cache: null, drainMs: 1_000, ...options },
    renderer,
  );
  const http = createHttpServer(gate);
  http.on('clientError', onClientError);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    handled: () => handled,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
