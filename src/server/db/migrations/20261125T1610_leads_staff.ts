// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. The staff side of consult leads, and second-factor recovery codes (decision 034).
 *
 * - clues.state: 0 new, 1 handled (src/lib/staff/leads.ts LEAD_STATE). handled_at and the
 *   handler's id and name say who marked it handled and when (null again when it is re-opened);
 *   handled_note is the last note written, kept when a lead is re-opened so the next person reads it.
 *   product_id: the training product the lead was left about, null when left from the floating panel.
 * - staff_recovery_codes: ten one-time codes per account with a second factor, only their SHA-256
 *   kept; used_at is set by a conditional update so a code signs in once; a new set deletes the old.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('clues')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('clues').addColumn('handled_at', 'bigint').execute();
  await db.schema.alterTable('clues').addColumn('handled_by_id', 'varchar(32)').execute();
  await db.schema.alterTable('clues').addColumn('handled_by_name', 'varchar(40)').execute();
  await db.schema.alterTable('clues').addColumn('handled_note', 'varchar(500)').execute();
  await db.schema.alterTable('clues').addColumn('product_id', 'varchar(32)').execute();
  await db.schema.createIndex('clues_tenant_state_idx').on('clues').columns(['tenant_id', 'state', 'created_at']).execute();

  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(32)', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addUniqueConstraint('staff_recovery_codes_unique', ['account_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_recovery_codes').ifExists().execute();
  await db.schema.dropIndex('clues_tenant_state_idx').ifExists().execute();
  for (const column of ['product_id', 'handled_note', 'handled_by_name', 'handled_by_id', 'handled_at', 'state']) {
    await db.schema.alterTable('clues').dropColumn(column).execute();
  }
}
