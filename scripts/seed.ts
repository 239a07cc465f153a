// The demo schools (src/dev/seed), a development tool: neither the built server nor the production
// database commands (dist/server/db.mjs) contain it, and no server seeds by itself.
//   npm run db:seed                  seed the demo schools into an empty database made by db:migrate
//                                    (asked for explicitly, on any database: a production server never seeds)
//   npm run db:seed -- --reset       delete the demo schools and seed them again
//   npm run db:seed -- --development what `npm start` and the browser tests' servers run first: in
//                                    development mode (NODE_ENV unset or not production) migrate the
//                                    database, making it if needed as the server would, and seed it
//                                    when it has no school; with NODE_ENV=production do nothing
// SEED_DAYS_AGO=<n> lays the demo schools' "today" out n days back, as a run that crossed the portal's
// midnight n times after seeding would see it (the browser tests' check that only the specs of
// playwright.config.ts's TODAY_SPECS read that day: docs/decisions/090).
import { ConfigError, parseConfig } from '../src/server/config';
import { migrateToLatest, openDatabase } from '../src/server/db/database';
import { resetDemo, seedIfEmpty } from '../src/dev/seed';
import { DAY } from '../src/lib/time/cst';
import { missingDatabase } from './database-file';

const flags = process.argv.slice(2);
const KNOWN = ['--reset', '--development'];
/** How long a database that is still starting (PostgreSQL started beside the portal) is waited for between tries. */
const RETRY_MS = 1_000;

/** How many days back the seed's "today" is laid out (SEED_DAYS_AGO), or null when it is not a whole number of days. */
function daysAgo(): number | null {
  const text = process.env['SEED_DAYS_AGO'] ?? '0';
  return /^\d{1,3}$/.test(text) ? Number(text) : null;
}

async function main() {
  const unknown = flags.filter((f) => !KNOWN.includes(f));
  if (unknown.length || flags.length > 1) {
    console.error('usage: seed.ts [--reset | --development]');
    process.exitCode = 2;
    return;
  }
  const days = daysAgo();
  if (days === null) {
    console.error(`SEED_DAYS_AGO must be a whole number of days, not "${process.env['SEED_DAYS_AGO']}"`);
    process.exitCode = 2;
    return;
  }
  const development = flags.includes('--development');
  // An operator's NODE_ENV wins, as in scripts/start.mjs: a production start gets no demo school.
  if (development && process.env['NODE_ENV'] === 'production') return;
  // Only the database settings are used: no secrets are asked for.
  const config = parseConfig({ NODE_ENV: 'development', ...process.env });
  // `npm run db:seed` names an existing database; the development start makes it, as its server would.
  const missing = development ? null : missingDatabase(config);
  if (missing) {
    console.error(missing);
    process.exitCode = 2;
    return;
  }
  const deadline = Date.now() + (development ? config.DATABASE_STARTUP_WAIT_SECONDS * 1000 : 0);
  for (;;) {
    try {
      await seed(config.DATABASE_URL, development, Date.now() - days * DAY);
      return;
    } catch (error) {
      // The development start waits for a database that is not up yet, as the server's start does.
      if (Date.now() >= deadline) throw error;
      console.error(`waiting for the database: ${error instanceof Error ? error.message : String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

async function seed(url: string, development: boolean, moment: number): Promise<void> {
  const { db, kind } = await openDatabase({ url, poolSize: 2 });
  try {
    await migrateToLatest(db);
    if (flags.includes('--reset')) {
      await resetDemo(db, moment);
      console.log(`demo schools recreated (${kind})`);
    } else if (await seedIfEmpty(db, moment)) {
      console.log(`demo schools seeded (${kind})`);
    } else if (!development) {
      console.log('the database already has schools; use --reset to recreate the demo schools');
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error));
  process.exitCode = 1;
});
