import { parseConfig, type Config } from './config';
import { migrateToLatest, openDatabase, type DB, type DatabaseKind } from './db/database';
import { seedIfEmpty } from './db/seed';
import { createLogger } from './logger';
import { createApp, type App } from './app';
import type { Runtime } from './http/context';
import { createTtlCache } from './ttl-cache';
import { createSmsProvider } from './sms/sms.provider';
import { createMapProvider } from './platform/map.provider';
import { startDeadlineSweep } from './exams/attempts/sweep';
import { startStagingSweep } from './media-library/staging';
import { startJobRunner } from './jobs/runner';
import { countSlowQuery, watchPool } from './metrics';
import { requestContext } from './http/request-context';
import { fileStoreOf } from './storage/file-stores';
import { uploadStagingOf } from './media-library/staging-store';

export interface Server {
  runtime: Runtime;
  app: App;
}

/**
 * Opens and migrates the database, then builds the API. Demo tenants (with their published demo
 * logins) are seeded into an empty database only in development mode; a production database gets
 * its schools from `npm run school:create` (or, when asked for, `npm run db:seed`).
 */
export async function createServer(config: Config, now: () => number = Date.now): Promise<Server> {
  const logger = createLogger(config.LOG_LEVEL);
  const { db, kind, poolStats } = await openDatabase({
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    // The runtime's logger, once it exists (tests replace it after the server is made).
    onConnectionError: (error) => (runtime?.logger ?? logger).warn('database connection lost', { error: error.message }),
    slowQueryMs: config.SLOW_QUERY_MS,
    onSlowQuery: (text, ms) => {
      countSlowQuery();
      (runtime?.logger ?? logger).warn('slow query', { ms, sql: text, requestId: requestContext.getStore()?.requestId });
    },
  });
  if (poolStats) watchPool(poolStats);
  let runtime: Runtime | undefined;
  try {
    await migrateToLatest(db);
    runtime = createRuntime(config, db, kind, now, logger);
    if (config.developmentMode && (await seedIfEmpty(db, now()))) runtime.logger.info('seeded demo tenants', { database: kind });
    return { runtime, app: createApp(runtime) };
  } catch (error) {
    // A failed start (the database unreachable) must not leave a pool behind: the next try opens anew.
    await db.destroy().catch(() => undefined);
    throw error;
  }
}

/** The process-wide dependencies over an open database (the server's, or a probe's own). */
export function createRuntime(config: Config, db: DB, kind: DatabaseKind, now: () => number = Date.now, logger = createLogger(config.LOG_LEVEL)): Runtime {
  const runtime: Runtime = {
    config,
    db,
    dbKind: kind,
    logger,
    now,
    lookups: {
      tenants: createTtlCache(5_000),
      schools: createTtlCache(5_000),
      customerServices: createTtlCache(5_000),
      qrCodes: createTtlCache(3_600_000, 500),
    },
    providers: {
      // The logger is read at each send: tests replace runtime.logger once the server is made.
      sms: createSmsProvider(config, () => runtime.logger),
      map: createMapProvider(config),
    },
    // Chosen once: one client (and its kept-alive connections) per process.
    storage: fileStoreOf(config),
    uploadStaging: uploadStagingOf(config),
  };
  return runtime;
}

// One server per process, made on first use: the database pool and the parsed environment are
// process resources, not request or tenant state.
let server: Promise<Server> | undefined;

export function getServer(): Promise<Server> {
  const config = parseConfig(process.env);
  server ??= createServer(config).then(
    (made) => {
      // The process's deadline sweep (exams): submits overdue attempts whose browser never came back.
      startDeadlineSweep(made.runtime);
      // Resumable uploads that received nothing for a day (or started a week ago) are removed with the room they held.
      startStagingSweep(made.runtime);
      // The process's job runner (scheduled publishing); it stops claiming once the process is asked to stop.
      const stopJobs = startJobRunner(made.runtime);
      process.once('SIGTERM', stopJobs);
      process.once('SIGINT', stopJobs);
      return made;
    },
    (error: unknown) => {
      // Not remembered: the next request (the start script's readiness probe) tries again.
      server = undefined;
      createLogger(config.LOG_LEVEL).error('database not reachable at start; will try again', {
        database: config.databaseKind,
        error: error instanceof Error ? error.message : String(error),
      });
      throw error;
    },
  );
  return server;
}
