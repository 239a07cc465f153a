// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. Staff issue, import and revoke certificates (decision 046):
 * - both kinds record who issued them (the staff account; null for the seeded ones) and, once
 *   revoked, when and why (null: valid). A revoked certificate stays: the lookups and the
 *   verification page show it as revoked rather than hiding it.
 * - a training certificate issued for a pass in a class's test names the enrolment and the test;
 *   the unique key on the enrolment gives each student of a class one such certificate, however
 *   often or however many staff issue at once (NULLs, hand-issued ones, never collide).
 * - the staff list searches by name and ID number within a school.
 * One column per ALTER TABLE: SQLite adds only one at a time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['skill_certificates', 'training_certificates']) {
    await db.schema.alterTable(table).addColumn('issued_by', 'varchar(32)').execute();
    await db.schema.alterTable(table).addColumn('revoked_at', 'bigint').execute();
    await db.schema.alterTable(table).addColumn('revoked_reason', 'varchar(200)').execute();
    await db.schema.alterTable(table).addColumn('revoked_by', 'varchar(32)').execute();
  }
  await db.schema.alterTable('training_certificates').addColumn('class_student_id', 'varchar(32)').execute();
  await db.schema.alterTable('training_certificates').addColumn('work_id', 'varchar(32)').execute();
  await db.schema.createIndex('training_certificates_enrolment_uq').unique().on('training_certificates').columns(['tenant_id', 'class_student_id']).execute();
  await db.schema.createIndex('skill_certificates_list_idx').on('skill_certificates').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('training_certificates_list_idx').on('training_certificates').columns(['tenant_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('training_certificates_list_idx').ifExists().execute();
  await db.schema.dropIndex('skill_certificates_list_idx').ifExists().execute();
  await db.schema.dropIndex('training_certificates_enrolment_uq').ifExists().execute();
  await db.schema.alterTable('training_certificates').dropColumn('work_id').execute();
  await db.schema.alterTable('training_certificates').dropColumn('class_student_id').execute();
  for (const table of ['skill_certificates', 'training_certificates']) {
    for (const column of ['revoked_by', 'revoked_reason', 'revoked_at', 'issued_by']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
