import type { DB } from '~/server/db/database';
import type { SeedTenant } from './demo-data';

/**
 * Seeds one feature's rows for one tenant. index.ts runs the seeders in a fixed order inside one
 * transaction, so a seeder may read rows an earlier one wrote (products link the content seeder's
 * hot majors and read the tenant seeder's school). Seeders import this module, never index.ts,
 * so index.ts can import them all without a cycle.
 */
export type FeatureSeeder = (db: DB, tenant: SeedTenant, now: number) => Promise<void>;
