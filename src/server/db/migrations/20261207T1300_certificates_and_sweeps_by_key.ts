// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. The reads decision 132's reading left, led by their key (decision 135).
 *
 * - A certificate's replacement was found through (tenant_id, replaces_id), a full index that begins with the school: SQLite,
 *   which plans with no statistics, took it for every read of a school's certificates that named the school and no better
 *   key, so a student's certificates, a revoked one to replace and a page's rows each read every certificate of the
 *   school. It now begins with the certificate replaced, and a student's certificates are found by their enrolment, their
 *   account or their mobile.
 * - The papers had no index but their key: the staff's list of a school's papers read every school's.
 * - The sweeps of expired staff sessions and of old sign-in failures, run as a session opens and as a sign-in fails,
 *   scanned their tables, which an attacker's failed sign-ins fill.
 * - A class's teachers were read through the teachers' index of the school, (tenant_id, account_id), not the class's key.
 */
const REORDERED: [index: string, table: string, before: string[], after: string[], unique?: true][] = [
  ['skill_certificates_replaces_uq', 'skill_certificates', ['tenant_id', 'replaces_id'], ['replaces_id', 'tenant_id'], true],
  ['training_certificates_replaces_uq', 'training_certificates', ['tenant_id', 'replaces_id'], ['replaces_id', 'tenant_id'], true],
  ['class_teachers_account_idx', 'class_teachers', ['tenant_id', 'account_id'], ['account_id', 'tenant_id']],
];

const ADDED: [index: string, table: string, columns: string[]][] = [
  ['skill_certificates_user_idx', 'skill_certificates', ['user_id', 'tenant_id']],
  ['training_certificates_user_idx', 'training_certificates', ['user_id', 'tenant_id']],
  ['skill_certificates_mobile_idx', 'skill_certificates', ['mobile', 'tenant_id']],
  ['training_certificates_mobile_idx', 'training_certificates', ['mobile', 'tenant_id']],
  ['training_certificates_enrolment_idx', 'training_certificates', ['class_student_id', 'tenant_id']],
  ['exam_papers_list_idx', 'exam_papers', ['tenant_id', 'created_at']],
  ['staff_sessions_expires_idx', 'staff_sessions', ['expires_at']],
  ['staff_sign_in_failures_created_idx', 'staff_sign_in_failures', ['created_at']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [index, table, , after, unique] of REORDERED) {
    await db.schema.dropIndex(index).execute();
    const create = db.schema.createIndex(index).on(table).columns(after);
    await (unique ? create.unique() : create).execute();
  }
  for (const [index, table, columns] of ADDED) await db.schema.createIndex(index).on(table).columns(columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [index] of ADDED) await db.schema.dropIndex(index).execute();
  for (const [index, table, before, , unique] of REORDERED) {
    await db.schema.dropIndex(index).execute();
    const create = db.schema.createIndex(index).on(table).columns(before);
    await (unique ? create.unique() : create).execute();
  }
}
