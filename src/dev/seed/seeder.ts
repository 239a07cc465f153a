import type { InsertObject } from 'kysely';
import type { DB } from '~/server/db/database';
import type { Database } from '~/server/db/schema';
import type { SeedTenant } from './demo-data';

/**
 * Seeds one feature's rows for one tenant. index.ts runs the seeders in a fixed order inside one
 * transaction, so a seeder may read rows an earlier one wrote (products link the content seeder's
 * hot majors and read the tenant seeder's school). Seeders import this module, never index.ts,
 * so index.ts can import them all without a cycle.
 */
export type FeatureSeeder = (db: DB, tenant: SeedTenant, now: number) => Promise<void>;

/** Writes the rows into the table, nothing when there are none: the seed's one way of inserting. */
export async function insertRows<T extends keyof Database & string>(db: DB, table: T, rows: readonly InsertObject<Database, T>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto(table)
    .values(rows as InsertObject<Database, T>[])
    .execute();
}
