// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { sql, type Kysely } from 'kysely';

/**
 * Frozen. Every work gets an attempt policy (issue 19; decision 028): how many attempts a student
 * may start (null: unlimited), which score counts ('highest', 'last', 'first', 'average'), when the
 * review shows the marks and when it shows the right answers with the explanations
 * ('after_submit' — marks only —, 'after_last_attempt', 'after_close', 'never'), and when the work
 * closes (epoch ms; null: never). New works default to a certifying test: one attempt, keys once
 * it is handed in. Works that exist already: tests keep those defaults; homework becomes practice
 * (unlimited attempts, keys only after the work closes, so never while another attempt can start).
 *
 * Attempts are numbered per work and student (1, 2, …, in the order they started) and a unique key
 * holds the numbers: two starts at the same moment take the same number and only one is kept, so
 * the attempts allowed can never be exceeded, on either engine, with any number of instances.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('works')
    .addColumn('max_attempts', 'integer', (c) => c.defaultTo(1))
    .execute();
  await db.schema
    .alterTable('works')
    .addColumn('score_rule', 'varchar(16)', (c) => c.notNull().defaultTo('highest'))
    .execute();
  await db.schema
    .alterTable('works')
    .addColumn('marks_shown', 'varchar(24)', (c) => c.notNull().defaultTo('after_submit'))
    .execute();
  await db.schema
    .alterTable('works')
    .addColumn('keys_shown', 'varchar(24)', (c) => c.notNull().defaultTo('after_last_attempt'))
    .execute();
  await db.schema.alterTable('works').addColumn('closes_at', 'bigint').execute();
  await db.updateTable('works').set({ max_attempts: null, keys_shown: 'after_close' }).where('kind', '=', 'homework').execute();

  await db.schema.alterTable('work_attempts').addColumn('attempt_no', 'integer').execute();
  await numberAttempts(db);
  await db.schema.createIndex('work_attempts_no_uq').on('work_attempts').columns(['work_id', 'class_student_id', 'attempt_no']).unique().execute();
}

/** Numbers the attempts of every work per student by their start (then id): 1, 2, …. */
export async function numberAttempts(db: Kysely<any>): Promise<void> {
  await sql`
    update work_attempts set attempt_no = (
      select count(*) from work_attempts w
      where w.work_id = work_attempts.work_id
        and w.class_student_id = work_attempts.class_student_id
        and (w.started_at < work_attempts.started_at or (w.started_at = work_attempts.started_at and w.id <= work_attempts.id))
    )
    where work_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('work_attempts_no_uq').ifExists().execute();
  await db.schema.alterTable('work_attempts').dropColumn('attempt_no').execute();
  for (const column of ['closes_at', 'keys_shown', 'marks_shown', 'score_rule', 'max_attempts'])
    await db.schema.alterTable('works').dropColumn(column).execute();
}
