import type { DB } from '~/server/db/database';
import { DEMO_TENANT, EMPTY_TENANT, SECOND_TENANT, type SeedTenant } from './demo-data';
import type { FeatureSeeder } from './seeder';
import { seedTenant } from './tenants';
import { seedContent } from './content';
import { seedProducts } from './products';
import { seedEngagement } from './engagement';
import { seedLeads } from './leads';
import { seedCertificates } from './certificates';
import { seedLogin } from './login';
import { seedLearning } from './learning';
import { seedClassroomInteraction } from './classroom-interaction';
import { seedOfflineClassroom } from './offline-classroom';
import { seedOnlineClassroom } from './online-classroom';
import { seedExams } from './exams';
import { seedStaff } from './staff';

/**
 * The demo school, a second tenant that proves isolation and a newly opened school with no content
 * (its pages show the empty states). Each feature seeds its rows with its own module in this folder;
 * this one only orders them and runs them in one transaction, so one reset recreates everything.
 * A development tool with published logins: scripts/seed.ts and the tests run it, and nothing the
 * production build reaches imports it (tests/unit/dev-tools.test.ts), so a server never seeds.
 */
export const SEED_TENANTS: readonly SeedTenant[] = [DEMO_TENANT, SECOND_TENANT, EMPTY_TENANT];

/**
 * Run in this order for each tenant: the tenant first, products after the content's hot majors, and
 * learning after login (its demo student), the online and face-to-face classrooms,
 * the classroom interaction and the homework and tests after learning (their lessons and activities).
 */
const SEEDERS: readonly FeatureSeeder[] = [
  seedTenant,
  seedContent,
  seedProducts,
  seedEngagement,
  seedLeads,
  seedCertificates,
  seedLogin,
  seedLearning,
  seedOnlineClassroom,
  seedOfflineClassroom,
  seedClassroomInteraction,
  seedExams,
  seedStaff,
];

export async function isEmpty(db: DB): Promise<boolean> {
  const row = await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  return !row;
}

async function seedAll(db: DB, now: number): Promise<void> {
  for (const t of SEED_TENANTS) {
    for (const seed of SEEDERS) await seed(db, t, now);
  }
}

/** Seeds the demo tenants when the database has no tenant yet. Returns whether it seeded. */
export async function seedIfEmpty(db: DB, now = Date.now()): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  try {
    await db.transaction().execute((trx) => seedAll(trx, now));
    return true;
  } catch (error) {
    // Another instance seeding the same empty database at the same moment wins; that is fine.
    if (!(await isEmpty(db))) return false;
    throw error;
  }
}

/** Deletes the demo tenants (their rows cascade) and seeds them again. */
export async function resetDemo(db: DB, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('tenants')
      .where(
        'id',
        'in',
        SEED_TENANTS.map((t) => t.id),
      )
      .execute();
    await seedAll(trx, now);
  });
}
