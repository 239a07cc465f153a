import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Database } from './schema';
import { migrationProvider } from './migrations';

export type DB = Kysely<Database>;
export type DatabaseKind = 'sqlite' | 'postgres';

export interface OpenOptions {
  url: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export async function openDatabase({ url, poolSize = 10 }: OpenOptions): Promise<{ db: DB; kind: DatabaseKind }> {
  if (url.startsWith('file:')) {
    const { default: SQLite } = await import('better-sqlite3');
    const file = resolve(url.slice('file:'.length));
    mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    // Kysely prepares every query anew; a page runs the same few statements on every request, so
    // keep them prepared (bounded: queries are built from code, not from user text).
    const statements = new Map<string, ReturnType<typeof sqlite.prepare>>();
    const database = {
      close: () => sqlite.close(),
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
      dialect: new SqliteDialect({ database }),
      plugins: [new CamelCasePlugin()],
    });
    return { db, kind: 'sqlite' };
  }
  const pg = await import('pg');
  const { Pool, types } = pg.default;
  const pool = new Pool({
    connectionString: url,
    max: poolSize,
    // bigint (epoch ms, counters) and numeric come back as numbers, as they do from SQLite.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 || oid === 1700 ? (v: string) => Number(v) : types.getTypeParser(oid, format as 'text')) as typeof types.getTypeParser,
    },
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  return { db, kind: 'postgres' };
}

/** Brings the schema up to date. Safe to call from several instances at once (Kysely locks). */
export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db: db as Kysely<any>, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${reason}`);
  }
}

export async function pingDatabase(db: DB): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
