// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. A consult lead may become a student (咨询线索's 转为学员): clues.state gets a third value,
 * 2 converted (src/lib/staff/leads.ts LEAD_STATE; the column is unchanged), and the lead keeps whom
 * it became and in which class: converted_user_id (the user) and converted_class_id, null until then.
 * handled_at and the handler's id and name then say who converted it and when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clues').addColumn('converted_user_id', 'varchar(32)').execute();
  await db.schema.alterTable('clues').addColumn('converted_class_id', 'varchar(32)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clues').dropColumn('converted_class_id').execute();
  await db.schema.alterTable('clues').dropColumn('converted_user_id').execute();
}
