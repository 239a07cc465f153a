// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. The staff dashboard counts, on every staff page, what waits in a school: its failed
 * background jobs, and its handed-in attempts not yet released (of every class, or of a teacher's
 * classes). The jobs were found by state across every school, the attempts by class and course
 * whatever their status. These lead with the school and the state, and hold what the counts read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('jobs_tenant_state_idx').on('jobs').columns(['tenant_id', 'state', 'run_at']).execute();
  await db.schema.createIndex('work_attempts_status_idx').on('work_attempts').columns(['tenant_id', 'status', 'class_id', 'work_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('work_attempts_status_idx').execute();
  await db.schema.dropIndex('jobs_tenant_state_idx').execute();
}
