// Database commands: `npm run db:migrate`, `npm run db:seed` (seeds when empty),
// `npm run db:seed -- --reset` (deletes the demo tenants and seeds them again).
import { ConfigError, parseConfig } from '../src/server/config';
import { migrateToLatest, openDatabase } from '../src/server/db/database';
import { resetDemo, seedIfEmpty } from '../src/server/db/seed';

const [command, ...flags] = process.argv.slice(2);

async function main() {
  // Only the database settings are used: no secrets are asked for.
  const config = parseConfig({ NODE_ENV: 'development', ...process.env });
  const { db, kind } = await openDatabase({ url: config.DATABASE_URL, poolSize: 2 });
  try {
    await migrateToLatest(db);
    if (command === 'migrate') {
      console.log(`migrated (${kind})`);
    } else if (command === 'seed') {
      if (flags.includes('--reset')) {
        await resetDemo(db);
        console.log(`demo tenants recreated (${kind})`);
      } else {
        console.log((await seedIfEmpty(db)) ? `demo tenants seeded (${kind})` : 'database already has tenants; use --reset to recreate the demo tenants');
      }
    } else {
      console.log('usage: db.ts migrate | seed [--reset]');
      process.exitCode = 2;
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error));
  process.exitCode = 1;
});
