// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. A class's dynamics found by their activity, newest first (decision 129): the class page shows the newest few
 * dynamics of each of today's activities, and an activity's own dynamics page lists them newest first. The only index
 * was the class's, in time order (tenant, class, created_at), so every class page read every dynamic of today's
 * activities (one a classmate for a sign-in) and sorted them: 84 ms on SQLite and 156 ms on PostgreSQL a view in a
 * class of 20,000. The index ends with the id, the list's last order, so a page stops after its rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('class_dynamics_activity_idx')
    .on('class_dynamics')
    .columns(['tenant_id', 'class_id', 'activity_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('class_dynamics_activity_idx').execute();
}
