import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { mkdirSync } from 'node:fs';

/**
 * Backups of an SQLite database while the portal runs. A copy of the file is not a backup: with
 * write-ahead logging the latest transactions live in the -wal file, and a copy taken mid-write
 * is torn. SQLite's online backup API copies a consistent snapshot page by page while writers go
 * on (better-sqlite3's `backup`). A restore checks the backup first (integrity_check, the
 * portal's schema) and replaces the database only when nothing has it open for writing.
 * PostgreSQL is backed up with its own tools (pg_dump / pg_restore; docs/operations.md).
 */

/** Pages per backup step: more than any database has, so one step copies all. */
const ALL_PAGES = 2 ** 30;

export interface BackupResult {
  file: string;
  pages: number;
}

async function open(file: string, options: { readonly?: boolean; fileMustExist?: boolean } = {}) {
  const { default: SQLite } = await import('better-sqlite3');
  return new SQLite(file, options);
}

/** The file of a `file:` DATABASE_URL. */
export function sqliteFileOf(url: string): string {
  if (!url.startsWith('file:')) throw new Error('DATABASE_URL is not an SQLite file (file:…); back up PostgreSQL with pg_dump');
  return resolve(url.slice('file:'.length));
}

/** A consistent copy of the live database `source` at `target` (which must not exist yet). */
export async function backupSqlite(source: string, target: string): Promise<BackupResult> {
  if (existsSync(target)) throw new Error(`${target} exists already; choose a new file`);
  if (!existsSync(source)) throw new Error(`${source} does not exist`);
  mkdirSync(dirname(resolve(target)), { recursive: true });
  const db = await open(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // All pages in one step, under one read snapshot: copied in small steps between the event
    // loop's turns, every write by the portal would restart the copy, and a busy site never ends.
    const progress = await db.backup(target, { progress: () => ALL_PAGES });
    return { file: resolve(target), pages: progress.totalPages };
  } finally {
    db.close();
  }
}

/** Problems that make a file unfit to restore: not SQLite, damaged, or not a portal database. */
export async function checkBackup(file: string): Promise<string[]> {
  if (!existsSync(file)) return [`${file} does not exist`];
  let db: Awaited<ReturnType<typeof open>> | undefined;
  try {
    db = await open(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') return [`integrity_check: ${String(integrity)}`];
    const migrations = db.prepare("select count(*) as n from sqlite_master where type = 'table' and name in ('kysely_migration', 'tenants')").get() as {
      n: number;
    };
    if (migrations.n !== 2) return ['not a database of this portal (no migrations or tenants table)'];
    return [];
  } catch (error) {
    return [`not a readable SQLite database: ${error instanceof Error ? error.message : String(error)}`];
  } finally {
    db?.close();
  }
}

/**
 * Replaces the database at `target` with the backup `file`. Refused while another process has the
 * database open for writing (the portal must be stopped first) and when the backup fails its check.
 * The backup is copied next to the target and swapped in by a rename, so a crash midway leaves the
 * old database whole.
 */
export async function restoreSqlite(file: string, target: string): Promise<void> {
  const problems = await checkBackup(file);
  if (problems.length) throw new Error(`backup refused: ${problems.join('; ')}`);
  mkdirSync(dirname(resolve(target)), { recursive: true });
  if (existsSync(target)) {
    const live = await open(target, { fileMustExist: true });
    try {
      live.pragma('busy_timeout = 0');
      // Leaving write-ahead logging needs the only connection to the database: it fails while the
      // portal (or anything else) has it open, even idle.
      const mode = live.pragma('journal_mode = DELETE', { simple: true });
      if (mode !== 'delete') throw new Error('busy');
    } catch {
      live.close();
      throw new Error(`${target} is in use: stop the portal before restoring`);
    }
    live.close();
  }
  const staged = `${resolve(target)}.restoring`;
  rmSync(staged, { force: true });
  const source = await open(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(staged, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${resolve(target)}${suffix}`, { force: true });
  renameSync(staged, resolve(target));
}
