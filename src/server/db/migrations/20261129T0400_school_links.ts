// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. A school's own links and licence (decision 058): the address of its app download page and
 * of its promotion-partner login (https; null: the operator's, else none shown), and its value-added
 * telecommunications business licence number (增值电信业务经营许可证; null: no line in the footer).
 */
const COLUMNS = [
  ['app_download_url', 'varchar(512)'],
  ['promotion_login_url', 'varchar(512)'],
  ['telecom_licence', 'varchar(64)'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable('schools').addColumn(name, type).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of COLUMNS) await db.schema.alterTable('schools').dropColumn(name).execute();
}
