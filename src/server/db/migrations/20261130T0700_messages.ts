// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. The message centre (decision 077).
 *
 * - messages: one student's message in one school. source_key names the event it tells of
 *   (enrolled:<class student id>, released:<attempt id>, notice:<notice id> …): unique with the
 *   school and the student, so an event retried or raced is told once. read_at is set once.
 * - class_notices: what a class's teacher wrote to its students; urgent ones also go by SMS.
 * - sms_settings: a school's SMS settings (signature, daily budget, which events send, the
 *   gateway's template codes); a school without a row has the defaults.
 * - sms_outbox: one SMS to one student for one event (unique per school, event and student: once
 *   per recipient), sent by the sms.send job of its batch, with its state and last error.
 * - sms_budget_days: the SMS a school has sent in one China Standard Time day, reserved by a
 *   conditional update so instances sending at once never pass the budget together.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addUniqueConstraint('messages_source_uq', ['tenant_id', 'user_id', 'source_key'])
    .execute();
  await db.schema.createIndex('messages_user_created_idx').on('messages').columns(['tenant_id', 'user_id', 'created_at']).execute();
  await db.schema.createIndex('messages_user_unread_idx').on('messages').columns(['tenant_id', 'user_id', 'read_at']).execute();

  await db.schema
    .createTable('class_notices')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('author_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('author_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('urgent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sms_queued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('class_notices_class_idx').on('class_notices').columns(['tenant_id', 'class_id', 'created_at']).execute();

  await db.schema
    .createTable('sms_settings')
    .addColumn('tenant_id', 'varchar(32)', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('sign_name', 'varchar(20)', (c) => c.notNull())
    .addColumn('daily_budget', 'integer', (c) => c.notNull())
    .addColumn('enrolled_on', 'integer', (c) => c.notNull())
    .addColumn('notice_on', 'integer', (c) => c.notNull())
    .addColumn('enrolled_template', 'varchar(40)', (c) => c.notNull())
    .addColumn('notice_template', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('batch', 'varchar(80)', (c) => c.notNull())
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('source_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('template_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addUniqueConstraint('sms_outbox_source_uq', ['tenant_id', 'source_key', 'user_id'])
    .execute();
  await db.schema.createIndex('sms_outbox_batch_idx').on('sms_outbox').columns(['tenant_id', 'batch', 'status']).execute();

  await db.schema
    .createTable('sms_budget_days')
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sms_budget_days_pk', ['tenant_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sms_budget_days', 'sms_outbox', 'sms_settings', 'class_notices', 'messages']) await db.schema.dropTable(table).execute();
}
