// What the database commands (scripts/db.ts, and the development seed scripts/seed.ts) say before
// they touch a database: an SQLite file that is not there was named from the wrong folder (a
// relative DATABASE_URL) or by a wrong path, and a command that may not create one stops instead of
// filling a new, empty database next to the real one and reporting success.
import { existsSync } from 'node:fs';
import type { Config } from '../src/server/config';
import { sqliteFileOf } from '../src/server/db/backup';

/** Why a command that may not create the database must not run on this one, or null. */
export function missingDatabase(config: Config): string | null {
  if (config.databaseKind !== 'sqlite') return null;
  const file = sqliteFileOf(config.DATABASE_URL);
  if (existsSync(file)) return null;
  return (
    `no database at ${file} (DATABASE_URL=${config.DATABASE_URL}, read from the folder ${process.cwd()}). ` +
    "Run the command in the portal's folder, or set DATABASE_URL to the database's full path; " +
    'only "migrate" creates a new database.'
  );
}
