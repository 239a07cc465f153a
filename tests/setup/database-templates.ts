import type { TestProject } from 'vitest/node';
import { openDatabase, migrateToLatest } from '~/server/db/database';
import { seedIfEmpty } from '~/dev/seed';
import { makeDatabase, NOW, type DatabaseTemplates } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The databases test servers are copied from, made once per run (null: each server migrates its own). */
    databaseTemplates: DatabaseTemplates | null;
  }
}

/** Migrates a new database of the run's engine, seeds it at NOW when asked, and closes it: a template nobody is connected to. */
async function template(seed: boolean): Promise<{ url: string; drop: () => Promise<void> }> {
  const made = await makeDatabase();
  const { db } = await openDatabase({ url: made.url, poolSize: 1 });
  try {
    await migrateToLatest(db);
    if (seed) await seedIfEmpty(db, NOW);
  } finally {
    await db.destroy();
  }
  return made;
}

/**
 * vitest globalSetup of the API tests: every test server's database starts as a copy of one made
 * here, migrated (and seeded with the demo schools at NOW) the way a server's own start does it.
 * Copying a database costs a few tens of milliseconds; migrating and seeding one, 0.3 s on SQLite
 * and 1 s on PostgreSQL, which the run paid about 175 times (docs/decisions/089).
 * TEST_DATABASE_TEMPLATES=0 makes every server migrate and seed its own database again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env['TEST_DATABASE_TEMPLATES'] === '0') {
    project.provide('databaseTemplates', null);
    return async () => undefined;
  }
  const migrated = await template(false);
  const seeded = await template(true);
  project.provide('databaseTemplates', { migrated: migrated.url, seeded: seeded.url });
  return async () => {
    await migrated.drop();
    await seeded.drop();
  };
}
