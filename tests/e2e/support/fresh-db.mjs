// Removes an SQLite database file and its WAL/SHM/journal files, so the seed step after it
// (`npm run db:seed -- --development`) makes and seeds a fresh one.
// Usage: node tests/e2e/support/fresh-db.mjs data/e2e.sqlite
// It is the first half of the Playwright webServer command, because Playwright starts the
// webServer before globalSetup (a globalSetup would delete the file under a running server).
// Plain fs, so any Node version will do.
import { rmSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  process.stderr.write('fresh-db.mjs: give the database file to remove\n');
  process.exit(2);
}
for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
// The run's uploads (UPLOAD_DIR in playwright.config.ts).
rmSync(`${file}.uploads`, { recursive: true, force: true });
