// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { sql, type Kysely } from 'kysely';

/**
 * Frozen. Private calendar feeds of the timetable (decision 020): one live feed per class student
 * at a time. The address carries a token made from the row's random nonce and the server secret;
 * only the token's SHA-256 is stored (found by its unique index), so the table alone opens no
 * feed. A reset revokes the row (revoked_at) and makes a new one. Times are epoch ms.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('class_student_id', 'varchar(32)', (c) => c.notNull().references('class_students.id').onDelete('cascade'))
    // 128 random bits, hex
    .addColumn('nonce', 'varchar(32)', (c) => c.notNull())
    // SHA-256 of the token, hex
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('calendar_feeds_token_uq').on('calendar_feeds').column('token_hash').unique().execute();
  await db.schema.createIndex('calendar_feeds_student_idx').on('calendar_feeds').columns(['tenant_id', 'class_student_id']).execute();
  // One live feed per class student: two first opens at once make one feed, not two.
  await db.schema
    .createIndex('calendar_feeds_live_uq')
    .on('calendar_feeds')
    .column('class_student_id')
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').ifExists().execute();
}
