import type { Insertable } from 'kysely';
import type { DB } from '../db/database';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import type { CertKind } from '~/lib/rules/certificate';
import type { CertState } from '~/lib/api/contracts/admin-certificates';
import type { SkillCertificate, SkillCertificateTable, TrainingCertificate, TrainingCertificateTable } from './certificates.table';

/**
 * All SQL of the staff side of certificates. Every function takes the school first. Issuing is
 * an insert that does nothing on a conflict (the number unique per school and kind, a training
 * certificate unique per class enrolment), so two requests at once issue one certificate;
 * revoking is an update conditional on the certificate still being valid, so it happens once.
 */

export interface CertFilter {
  keyword?: string | undefined;
  state?: CertState | undefined;
}

export function pageSkill(db: DB, tenantId: string, f: CertFilter, w: PageWindow) {
  let filtered = db.selectFrom('skillCertificates').where('tenantId', '=', tenantId);
  if (f.keyword) {
    const like = containing(f.keyword);
    const exact = f.keyword.toUpperCase();
    filtered = filtered.where((eb) => eb.or([eb('name', 'like', like), eb('certificateCode', 'like', like), eb('card', '=', exact)]));
  }
  if (f.state === 'valid') filtered = filtered.where('revokedAt', 'is', null);
  if (f.state === 'revoked') filtered = filtered.where('revokedAt', 'is not', null);
  return pageFrom(w, filtered.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc'), filtered);
}

export function pageTraining(db: DB, tenantId: string, f: CertFilter, w: PageWindow) {
  let filtered = db.selectFrom('trainingCertificates').where('tenantId', '=', tenantId);
  if (f.keyword) {
    const like = containing(f.keyword);
    const exact = f.keyword.toUpperCase();
    filtered = filtered.where((eb) => eb.or([eb('studentName', 'like', like), eb('certificateNum', 'like', like), eb('idCard', '=', exact)]));
  }
  if (f.state === 'valid') filtered = filtered.where('revokedAt', 'is', null);
  if (f.state === 'revoked') filtered = filtered.where('revokedAt', 'is not', null);
  return pageFrom(w, filtered.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc'), filtered);
}

export function findSkill(db: DB, tenantId: string, id: string): Promise<SkillCertificate | undefined> {
  return db.selectFrom('skillCertificates').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function findTraining(db: DB, tenantId: string, id: string): Promise<TrainingCertificate | undefined> {
  return db.selectFrom('trainingCertificates').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function skillByNumber(db: DB, tenantId: string, certificateCode: string): Promise<SkillCertificate | undefined> {
  return db.selectFrom('skillCertificates').selectAll().where('tenantId', '=', tenantId).where('certificateCode', '=', certificateCode).executeTakeFirst();
}

export function trainingByNumber(db: DB, tenantId: string, certificateNum: string): Promise<TrainingCertificate | undefined> {
  return db.selectFrom('trainingCertificates').selectAll().where('tenantId', '=', tenantId).where('certificateNum', '=', certificateNum).executeTakeFirst();
}

/** The class enrolments among `classStudentIds` that hold a training certificate already, with its number. */
export async function trainingByEnrolments(db: DB, tenantId: string, classStudentIds: readonly string[]): Promise<Map<string, string>> {
  if (classStudentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('trainingCertificates')
    .select(['classStudentId', 'certificateNum'])
    .where('tenantId', '=', tenantId)
    .where('classStudentId', 'in', classStudentIds)
    .execute();
  return new Map(rows.map((r) => [r.classStudentId!, r.certificateNum]));
}

/** Inserts unless the number (or, for a training certificate, the enrolment) is taken; true when inserted. */
export async function insertSkill(db: DB, row: Insertable<SkillCertificateTable>): Promise<boolean> {
  const r = await db
    .insertInto('skillCertificates')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertTraining(db: DB, row: Insertable<TrainingCertificateTable>): Promise<boolean> {
  const r = await db
    .insertInto('trainingCertificates')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Revokes a valid certificate; false when it is revoked already (or not in this school). */
export async function revoke(db: DB, tenantId: string, kind: CertKind, id: string, r: { at: number; reason: string; by: string }): Promise<boolean> {
  const table = kind === 'skill' ? 'skillCertificates' : 'trainingCertificates';
  const done = await db
    .updateTable(table)
    .set({ revokedAt: r.at, revokedReason: r.reason, revokedBy: r.by })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}
