// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { sql, type Kysely } from 'kysely';

/** The same names as JOB_STATE in src/server/jobs/jobs.rules.ts (a unit test keeps them equal). */
export const JOB_STATES_AT_CREATION = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

/**
 * Frozen. Database-backed jobs (src/server/jobs): work the server does later or in the
 * background (a scheduled publication). One row per job: its kind and key (unique together, so
 * one scheduled publication of an item is one job that rescheduling moves), the JSON payload, when
 * it is due, its state (queued, running, done, failed, cancelled), how often it ran, the lease of
 * the instance running it (an expired lease may be taken over) and the last error.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.references('tenants.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('job_key', 'varchar(160)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull().check(sql.raw(`state IN (${JOB_STATES_AT_CREATION.map((v) => `'${v}'`).join(', ')})`)))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('jobs_kind_key_uq', ['kind', 'job_key'])
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['state', 'run_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
