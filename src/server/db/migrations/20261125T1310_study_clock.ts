// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. Each student's study clock (one row per person in a school, whatever their classes):
 * the wall time up to which their real time has been spent on credited study time. Every credit
 * moves it forward, conditionally on its stored value, in the same transaction as the lesson
 * record, so the study time credited to one person over all their lessons never exceeds real
 * time × the top playback speed plus one tolerance (src/lib/learning/study-credit.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('study_clocks')
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // epoch ms; 0 until the first credit
    .addColumn('clock_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('study_clocks_pk', ['tenant_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('study_clocks').ifExists().execute();
}
