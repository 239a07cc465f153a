import { parseConfig, type Config } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { seedIfEmpty } from './db/seed';
import { createLogger } from './logger';
import { createApp, type App } from './app';
import type { Runtime } from './http/context';
import { createTtlCache } from './ttl-cache';

export interface Server {
  runtime: Runtime;
  app: App;
}

/** Opens, migrates and (when empty) seeds the database, then builds the API. */
export async function createServer(config: Config, now: () => number = Date.now): Promise<Server> {
  const logger = createLogger(config.LOG_LEVEL);
  const { db, kind } = await openDatabase({ url: config.DATABASE_URL });
  await migrateToLatest(db);
  if (await seedIfEmpty(db, now())) logger.info('seeded demo tenants', { database: kind });
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
  };
  return { runtime, app: createApp(runtime) };
}

// One server per process, made on first use: the database pool and the parsed environment are
// process resources, not request or tenant state.
let server: Promise<Server> | undefined;

export function getServer(): Promise<Server> {
  server ??= createServer(parseConfig(process.env)).catch((error: unknown) => {
    server = undefined;
    throw error;
  });
  return server;
}
