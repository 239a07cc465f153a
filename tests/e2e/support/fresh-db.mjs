// Removes an SQLite database file and its WAL/SHM/journal files and the run's uploads beside it; given a
// seeded database as well, copies it there (with its WAL, if one was left).
// Usage: node tests/e2e/support/fresh-db.mjs data/e2e-4323.sqlite [data/e2e-seed.sqlite]
// Without a seeded copy the seed step after it (`npm run db:seed -- --development`) makes and seeds
// a fresh one. It is the first half of the Playwright webServer command, because Playwright starts
// the webServer before globalSetup (a globalSetup would delete the file under a running server).
// Plain fs, so any Node version will do.
import { copyFileSync, existsSync, rmSync } from 'node:fs';

const [file, seeded] = process.argv.slice(2);
if (!file) {
  process.stderr.write('fresh-db.mjs: give the database file to remove\n');
  process.exit(2);
}
const SQLITE_FILES = ['', '-wal', '-journal'];
for (const suffix of [...SQLITE_FILES, '-shm']) rmSync(`${file}${suffix}`, { force: true });
// The run's uploads (UPLOAD_DIR in playwright.config.ts).
rmSync(`${file}.uploads`, { recursive: true, force: true });
if (seeded) {
  if (!existsSync(seeded)) {
    process.stderr.write(`fresh-db.mjs: no seeded database at ${seeded}\n`);
    process.exit(2);
  }
  for (const suffix of SQLITE_FILES) if (existsSync(`${seeded}${suffix}`)) copyFileSync(`${seeded}${suffix}`, `${file}${suffix}`);
}
