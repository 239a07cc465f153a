import type { DB } from '../db/database';
import { countOf } from '../db/rows';
import { whereEqual } from '../db/clauses';

/**
 * All certificate SQL. A certificate is found only by its number AND the exact name within one
 * school. The per-IP counts (and the clean-up of old log rows) are the only queries without a
 * tenant id: the limits protect every school alike, and they return counts, never a certificate.
 */

export function findSkillCertificate(db: DB, tenantId: string, certificateCode: string, name: string) {
  return db.selectFrom('skillCertificates').selectAll().$call(whereEqual({ tenantId, certificateCode, name })).executeTakeFirst();
}

export function findTrainingCertificate(db: DB, tenantId: string, certificateNum: string, studentName: string) {
  return db.selectFrom('trainingCertificates').selectAll().$call(whereEqual({ tenantId, certificateNum, studentName })).executeTakeFirst();
}

export function insertQuery(db: DB, tenantId: string, row: { id: string; ip: string; kind: string; createdAt: number }) {
  return db
    .insertInto('certificateQueries')
    .values({ ...row, tenantId })
    .execute();
}

export function deleteQuery(db: DB, tenantId: string, id: string) {
  return db.deleteFrom('certificateQueries').$call(whereEqual({ tenantId, id })).execute();
}

/** Lookups from an IP address since a time (inclusive), in any school. */
export async function countIpQueries(db: DB, ip: string, since: number): Promise<number> {
  return countOf(db.selectFrom('certificateQueries').where('ip', '=', ip).where('createdAt', '>=', since));
}

/** Housekeeping: log rows older than every count window. */
export function deleteQueriesBefore(db: DB, before: number) {
  return db.deleteFrom('certificateQueries').where('createdAt', '<', before).execute();
}
