import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, sql, type LogEvent } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Database } from './schema';
import { migrationProvider } from './migrations';
import { type BackgroundCheckpoints, checkpointInBackground, type PauseOutcome, WRITER_CHECKPOINT_PAGES } from './checkpoints';
import { classWideReads } from './read-worker';
import { CamelCaseRows, SnakeCasePostgresDialect, SnakeCaseSqliteDialect } from './snake-case';
import { namingClient, StatementNames } from './statement-names';

export type DB = Kysely<Database>;
export type DatabaseKind = 'sqlite' | 'postgres';

export interface OpenOptions {
  url: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL: how long to wait for a new connection before the query fails (ms). */
  connectTimeoutMs?: number;
  /** PostgreSQL: the server cancels a statement running longer than this (ms). */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL: a pooled connection broke (the server restarted, an administrator ended the
   * backend), idle or held by a request between two statements. Called once per connection. The
   * pool drops it and opens a new one on the next query; the request holding it fails with 503.
   */
  onConnectionError?: (error: Error) => void;
  /** A statement took longer than `slowQueryMs`: its SQL text (never its values) and duration. */
  onSlowQuery?: (sql: string, ms: number) => void;
  slowQueryMs?: number;
  /**
   * SQLite: the WAL is copied into the database file by a worker thread, not by the commit that fills it (checkpoints.ts).
   * The server's choice; a script's short run leaves it to SQLite.
   */
  backgroundCheckpoints?: boolean;
  /** SQLite: the background checkpoints stopped (the writer's own then keep the WAL bounded). */
  onCheckpointError?: (error: Error) => void;
  /** SQLite: each pause of the statements while the WAL is started again (checkpoints.ts), for the metrics. */
  onCheckpointPause?: (ms: number, outcome: PauseOutcome) => void;
  /** SQLite, tests: the WAL's length at which the background checkpoints start it again (checkpoints.ts). */
  checkpointRestartPages?: number;
  /**
   * SQLite: reads of a whole class run in a worker thread on a connection of their own (read-worker.ts, decision 137),
   * answered as `classWideDb`. The server's choice; elsewhere `classWideDb` is `db`.
   */
  classWideReadsInWorker?: boolean;
  /** SQLite: the class-wide reads' worker ended; they go on on the server's own connection. */
  onClassWideReadsError?: (error: Error) => void;
}

/** The PostgreSQL pool's connections, for the metrics (SQLite has one connection and no pool). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** How long a SQLite statement waits for another process's lock on the file before it fails. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

export async function openDatabase({
  url,
  poolSize = 10,
  connectTimeoutMs = 5_000,
  statementTimeoutMs = 15_000,
  onConnectionError = () => undefined,
  onSlowQuery,
  slowQueryMs = 500,
  backgroundCheckpoints = false,
  onCheckpointError = () => undefined,
  onCheckpointPause,
  checkpointRestartPages: restartPages,
  classWideReadsInWorker = false,
  onClassWideReadsError = () => undefined,
}: OpenOptions): Promise<{ db: DB; kind: DatabaseKind; classWideDb: DB; poolStats?: () => PoolStats }> {
  const log = onSlowQuery
    ? (event: LogEvent) => {
        if (event.queryDurationMillis >= slowQueryMs) onSlowQuery(event.query.sql, Math.round(event.queryDurationMillis));
      }
    : undefined;
  if (url.startsWith('file:')) {
    const { default: SQLite } = await import('better-sqlite3');
    const file = resolve(url.slice('file:'.length));
    mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    sqlite.pragma('synchronous = NORMAL');
    let checkpoints: BackgroundCheckpoints | undefined;
    const classWideDb = classWideReadsInWorker
      ? classWideReads(file, SQLITE_BUSY_TIMEOUT_MS, {
          // The Kysely below, made before any statement is asked.
          fallback: (query) => db.executeQuery(query),
          onError: onClassWideReadsError,
        })
      : undefined;
    // Kysely prepares every query anew; a page runs the same few statements on every request, so
    // keep them prepared (bounded: queries are built from code, not from user text).
    const statements = new Map<string, ReturnType<typeof sqlite.prepare>>();
    const database = {
      close: () => {
        // The worker ends on its own after its turn; nothing waits for it here (Kysely closes a database synchronously).
        void checkpoints?.stop();
        void classWideDb?.destroy();
        sqlite.close();
      },
      prepare(text: string) {
        let statement = statements.get(text);
        if (!statement) {
          statement = sqlite.prepare(text);
          if (statements.size < 1000) statements.set(text, statement);
        }
        return statement;
      },
    };
    const db = new Kysely<Database>({
      dialect: new SnakeCaseSqliteDialect({ database }),
      plugins: [new CamelCaseRows()],
      ...(log ? { log } : {}),
    });
    if (backgroundCheckpoints) {
      sqlite.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
      checkpoints = checkpointInBackground({
        file,
        ...(restartPages === undefined ? {} : { restartPages }),
        ...(onCheckpointPause ? { onPause: onCheckpointPause } : {}),
        // Kysely's SQLite driver lends its one connection to one holder at a time: the others queue for it.
        whileStatementsWait: (work) => db.connection().execute(work),
        onError: onCheckpointError,
      });
    }
    return { db, kind: 'sqlite', classWideDb: classWideDb ?? db };
  }
  const pg = await import('pg');
  const { Pool, Client, types } = pg.default;
  // The statements printed once, prepared on the server under their names (decision 118).
  const statements = new StatementNames();
  const pool = new Pool({
    Client: namingClient(Client, statements),
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    // A transaction left open by a crashed request must not hold its locks for ever.
    idle_in_transaction_session_timeout: statementTimeoutMs * 2,
    // A vanished server (a dropped network path) is noticed instead of waited on for ever.
    keepAlive: true,
    // bigint (epoch ms, counters) and numeric come back as numbers, as they do from SQLite.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 || oid === 1700 ? (v: string) => Number(v) : types.getTypeParser(oid, format as 'text')) as typeof types.getTypeParser,
    },
  });
  // pg emits 'error' on a broken connection: the pool listens only while the connection is idle,
  // so a connection held by a request (a transaction between statements) would have nobody
  // listening, and an unheard 'error' ends the process. Every connection gets a listener of its
  // own for its whole life; the pool's event (the idle case) is then already reported.
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (error: Error) => {
      if (reported) return;
      reported = true;
      onConnectionError(error);
    });
  });
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({
    dialect: new SnakeCasePostgresDialect({ pool }, statements),
    plugins: [new CamelCaseRows()],
    ...(log ? { log } : {}),
  });
  return { db, kind: 'postgres', classWideDb: db, poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) };
}

/** Brings the schema up to date. Safe to call from several instances at once (Kysely locks). */
export async function migrateToLatest(db: DB): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's Migrator takes Kysely<any>: migrations must not depend on today's schema types
  const migrator = new Migrator({ db: db as Kysely<any>, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${reason}`);
  }
}

/**
 * Whether an error means the database cannot be reached right now (refused, reset or timed-out
 * connections, a server shutting down or starting), as opposed to a fault of the query: such
 * requests are answered 系统繁忙 with 503 and service resumes when the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // Node socket errors, and PostgreSQL's connection exceptions (08…) and operator intervention (57P…).
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH)$/.test(code)) return true;
    if (/^(08|57P)/.test(code)) return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|connection timeout|Client has encountered a connection error/i.test(error.message);
}

export async function pingDatabase(db: DB): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
