// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { type Kysely, sql } from 'kysely';

/**
 * Frozen. Certificates can be corrected and school students have an ID number and a short 学号
 * (decision 078):
 * - user_tenants.id_number: the student's 证件号码 in this school (optional, kept whole; every
 *   screen masks it); user_tenants.student_no: the school's own 学号, 1, 2, 3 … per school in the
 *   order students joined (existing students numbered here, by joining time then user id). Unique
 *   per school, so two students bound at once never share one.
 * - certificate_numbering: a school's certificate number prefix and the next sequence number,
 *   counted up inside the issuing transaction (one row per school, made on first use).
 * - both certificate tables: user_id (the school student it was issued to; null for imported and
 *   older ones) and replaces_id (the revoked certificate this one replaces, unique: a revoked
 *   certificate is replaced once).
 * - "one valid certificate" is now a unique key over valid (not revoked) rows only: a training
 *   certificate per enrolment; one issued by hand per student and programme (training) or per
 *   student, profession and level (skill). A revoked one no longer blocks a new one.
 * One column per ALTER TABLE: SQLite adds only one at a time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_tenants').addColumn('id_number', 'varchar(18)').execute();
  await db.schema.alterTable('user_tenants').addColumn('student_no', 'bigint').execute();
  await sql`update user_tenants set student_no = r.n
    from (select tenant_id, user_id, row_number() over (partition by tenant_id order by created_at, user_id) as n from user_tenants) as r
    where r.tenant_id = user_tenants.tenant_id and r.user_id = user_tenants.user_id`.execute(db);
  await db.schema.createIndex('user_tenants_student_no_uq').unique().on('user_tenants').columns(['tenant_id', 'student_no']).execute();

  await db.schema
    .createTable('certificate_numbering')
    .addColumn('tenant_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('next_seq', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  for (const table of ['skill_certificates', 'training_certificates']) {
    await db.schema.alterTable(table).addColumn('user_id', 'varchar(32)').execute();
    await db.schema.alterTable(table).addColumn('replaces_id', 'varchar(32)').execute();
    await db.schema.createIndex(`${table}_replaces_uq`).unique().on(table).columns(['tenant_id', 'replaces_id']).execute();
  }
  await db.schema.dropIndex('training_certificates_enrolment_uq').execute();
  await db.schema
    .createIndex('training_certificates_enrolment_valid_uq')
    .unique()
    .on('training_certificates')
    .columns(['tenant_id', 'class_student_id'])
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('training_certificates_student_valid_uq')
    .unique()
    .on('training_certificates')
    .columns(['tenant_id', 'user_id', 'product_name'])
    .where(sql<boolean>`revoked_at is null and class_student_id is null`)
    .execute();
  await db.schema
    .createIndex('skill_certificates_student_valid_uq')
    .unique()
    .on('skill_certificates')
    .columns(['tenant_id', 'user_id', 'profession_name', 'level'])
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('skill_certificates_student_valid_uq').execute();
  await db.schema.dropIndex('training_certificates_student_valid_uq').execute();
  await db.schema.dropIndex('training_certificates_enrolment_valid_uq').execute();
  await db.schema.createIndex('training_certificates_enrolment_uq').unique().on('training_certificates').columns(['tenant_id', 'class_student_id']).execute();
  for (const table of ['skill_certificates', 'training_certificates']) {
    await db.schema.dropIndex(`${table}_replaces_uq`).execute();
    await db.schema.alterTable(table).dropColumn('replaces_id').execute();
    await db.schema.alterTable(table).dropColumn('user_id').execute();
  }
  await db.schema.dropTable('certificate_numbering').execute();
  await db.schema.dropIndex('user_tenants_student_no_uq').execute();
  await db.schema.alterTable('user_tenants').dropColumn('student_no').execute();
  await db.schema.alterTable('user_tenants').dropColumn('id_number').execute();
}
