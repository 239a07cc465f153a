// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. The question bank and the staff's papers (decision 048):
 * - bank_questions: the school's questions (a reading or cloze question's sub-questions name it as
 *   parent), with a category, who wrote it, and a fingerprint of its content that is unique in the
 *   school, so importing one spreadsheet twice adds each question once;
 * - exam_paper_groups: a paper's groups (一、单项选择题 …) in order;
 * - exam_papers: the paper's time limit, who made it and when it changed;
 * - exam_questions: the group a paper question is in and the bank question it was copied from
 *   (a paper keeps its own copy: the bank may change without changing what students answered).
 * Times are epoch ms.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tenantId = (c: any) => c.notNull().references('tenants.id').onDelete('cascade');

  await db.schema
    .createTable('bank_questions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('parent_id', 'varchar(32)', (c) => c.references('bank_questions.id').onDelete('cascade'))
    // 1 single, 2 multiple, 3 true/false, 4 fill in the blank, 6 short answer, 11 reading, 13 cloze
    .addColumn('question_type', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'varchar(40)')
    .addColumn('trunk', 'text', (c) => c.notNull())
    .addColumn('exam_point', 'double precision', (c) => c.notNull().defaultTo(0))
    // JSON [{key, value}]
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    // JSON [key]: the right options
    .addColumn('answer_options', 'text', (c) => c.notNull().defaultTo('[]'))
    // fill in the blank: the blanks joined with '|'; short answer: the reference answer
    .addColumn('answer_content', 'text')
    .addColumn('explanation', 'text')
    .addColumn('blank_count', 'integer')
    // top-level questions only: a hash of type, stem, options, keys and sub-questions
    .addColumn('fingerprint', 'varchar(64)')
    .addColumn('created_by', 'varchar(32)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_questions_list_idx').on('bank_questions').columns(['tenant_id', 'parent_id', 'updated_at']).execute();
  await db.schema.createIndex('bank_questions_fingerprint_uq').on('bank_questions').columns(['tenant_id', 'fingerprint']).unique().execute();

  await db.schema
    .createTable('exam_paper_groups')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('paper_id', 'varchar(32)', (c) => c.notNull().references('exam_papers.id').onDelete('cascade'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exam_paper_groups_paper_idx').on('exam_paper_groups').columns(['tenant_id', 'paper_id', 'seq']).execute();

  // minutes; null: no limit (a work made from the paper starts with it)
  await db.schema.alterTable('exam_papers').addColumn('unit_time', 'integer').execute();
  await db.schema.alterTable('exam_papers').addColumn('created_by', 'varchar(32)').execute();
  await db.schema.alterTable('exam_papers').addColumn('updated_at', 'bigint').execute();
  await db.schema.alterTable('exam_questions').addColumn('group_id', 'varchar(32)').execute();
  await db.schema.alterTable('exam_questions').addColumn('source_id', 'varchar(32)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam_questions').dropColumn('source_id').execute();
  await db.schema.alterTable('exam_questions').dropColumn('group_id').execute();
  await db.schema.alterTable('exam_papers').dropColumn('updated_at').execute();
  await db.schema.alterTable('exam_papers').dropColumn('created_by').execute();
  await db.schema.alterTable('exam_papers').dropColumn('unit_time').execute();
  await db.schema.dropTable('exam_paper_groups').ifExists().execute();
  await db.schema.dropTable('bank_questions').ifExists().execute();
}
