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

export interface Server {
  runtime: Runtime;
  app: App;
}

/** Opens, migrates and (when empty) seeds the database, then builds the API. */
export async function createServer(config: Config, now: () => number = Date.now): Promise<Server> {
  const { db, kind } = await openDatabase({ url: config.DATABASE_URL });
  await migrateToLatest(db);
  const runtime = createRuntime(config, db, kind, now);
  if (await seedIfEmpty(db, now())) runtime.logger.info('seeded demo tenants', { database: kind });
  return { runtime, app: createApp(runtime) };
}

/** The process-wide dependencies over an open database (the server's, or a probe's own). */
export function createRuntime(config: Config, db: DB, kind: DatabaseKind, now: () => number = Date.now): Runtime {
  const logger = createLogger(config.LOG_LEVEL);
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
  };
  return runtime;
}

// One server per process, made on first use: the database pool and the parsed environment are
// process resources, not request or tenant state.
let server: Promise<Server> | undefined;

export function getServer(): Promise<Server> {
  server ??= createServer(parseConfig(process.env)).then(
    (made) => {
      // The process's deadline sweep (exams): submits overdue attempts whose browser never came back.
      startDeadlineSweep(made.runtime);
      return made;
    },
    (error: unknown) => {
      server = undefined;
      throw error;
    },
  );
  return server;
}
