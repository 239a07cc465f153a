import type { Insertable, SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/database';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import type { CertKind } from '~/lib/rules/certificate';
import type { CertState } from '~/lib/api/contracts/admin-certificates';
import type { SkillCertificate, SkillCertificateTable, TrainingCertificate, TrainingCertificateTable } from './certificates.table';
import { whereEqual } from '../db/clauses';
import { changedAny, insertedOne } from '../db/rows';

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

/** The columns a keyword searches in one kind's table: the holder's name and the number by part, the ID card number exactly. */
interface Searched<Row> {
  name: keyof Row & string;
  number: keyof Row & string;
  card: keyof Row & string;
}
const SKILL_SEARCHED: Searched<SkillCertificate> = { name: 'name', number: 'certificateCode', card: 'card' };
const TRAINING_SEARCHED: Searched<TrainingCertificate> = { name: 'studentName', number: 'certificateNum', card: 'idCard' };

/** A staff list's filters, alike for both kinds: the keyword over the kind's columns, and valid (not revoked) or revoked. */
const listFilter =
  <Row>(f: CertFilter, c: Searched<Row>) =>
  // biome-ignore lint/suspicious/noExplicitAny: a select of either kind's table (whose columns `c` names, checked against its row)
  <Q extends SelectQueryBuilder<any, any, any>>(q: Q): Q => {
    let filtered = q;
    if (f.keyword) {
      const like = containing(f.keyword);
      const exact = f.keyword.toUpperCase();
      filtered = filtered.where((eb) =>
        eb.or([eb(c.name as string, 'like', like), eb(c.number as string, 'like', like), eb(c.card as string, '=', exact)]),
      ) as Q;
    }
    if (f.state === 'valid') filtered = filtered.where('revokedAt', 'is', null) as Q;
    if (f.state === 'revoked') filtered = filtered.where('revokedAt', 'is not', null) as Q;
    return filtered;
  };

export function pageSkill(db: DB, tenantId: string, f: CertFilter, w: PageWindow) {
  const filtered = db.selectFrom('skillCertificates').where('tenantId', '=', tenantId).$call(listFilter(f, SKILL_SEARCHED));
  return pageFrom(w, filtered.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc'), filtered);
}

export function pageTraining(db: DB, tenantId: string, f: CertFilter, w: PageWindow) {
  const filtered = db.selectFrom('trainingCertificates').where('tenantId', '=', tenantId).$call(listFilter(f, TRAINING_SEARCHED));
  return pageFrom(w, filtered.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc'), filtered);
}

export function findSkill(db: DB, tenantId: string, id: string): Promise<SkillCertificate | undefined> {
  return db.selectFrom('skillCertificates').selectAll().$call(whereEqual({ tenantId, id })).executeTakeFirst();
}

export function findTraining(db: DB, tenantId: string, id: string): Promise<TrainingCertificate | undefined> {
  return db.selectFrom('trainingCertificates').selectAll().$call(whereEqual({ tenantId, id })).executeTakeFirst();
}

export function skillByNumber(db: DB, tenantId: string, certificateCode: string): Promise<SkillCertificate | undefined> {
  return db.selectFrom('skillCertificates').selectAll().$call(whereEqual({ tenantId, certificateCode })).executeTakeFirst();
}

export function trainingByNumber(db: DB, tenantId: string, certificateNum: string): Promise<TrainingCertificate | undefined> {
  return db.selectFrom('trainingCertificates').selectAll().$call(whereEqual({ tenantId, certificateNum })).executeTakeFirst();
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
  return insertedOne(
    db
      .insertInto('skillCertificates')
      .values(row)
      .onConflict((oc) => oc.doNothing()),
  );
}

export async function insertTraining(db: DB, row: Insertable<TrainingCertificateTable>): Promise<boolean> {
  return insertedOne(
    db
      .insertInto('trainingCertificates')
      .values(row)
      .onConflict((oc) => oc.doNothing()),
  );
}

/** Revokes a valid certificate; false when it is revoked already (or not in this school). */
export async function revoke(db: DB, tenantId: string, kind: CertKind, id: string, r: { at: number; reason: string; by: string }): Promise<boolean> {
  const table = kind === 'skill' ? 'skillCertificates' : 'trainingCertificates';
  return changedAny(
    db.updateTable(table).set({ revokedAt: r.at, revokedReason: r.reason, revokedBy: r.by }).$call(whereEqual({ tenantId, id })).where('revokedAt', 'is', null),
  );
}

/** A student's certificates: training ones of their class enrolments, and (`mobile` given) both kinds issued to their mobile. */
export async function studentCertificates(db: DB, tenantId: string, classStudentIds: readonly string[], mobile?: string) {
  const training = db
    .selectFrom('trainingCertificates')
    .select(['id', 'certificateNum as number', 'productName as name', 'revokedAt', 'createdAt'])
    .where('tenantId', '=', tenantId)
    .where((eb) => {
      const by = [];
      if (classStudentIds.length) by.push(eb('classStudentId', 'in', classStudentIds));
      if (mobile) by.push(eb('mobile', '=', mobile));
      return by.length ? eb.or(by) : eb.val(false);
    });
  const skill = mobile
    ? db
        .selectFrom('skillCertificates')
        .select(['id', 'certificateCode as number', 'professionName as name', 'revokedAt', 'createdAt'])
        .where('tenantId', '=', tenantId)
        .where('mobile', '=', mobile)
        .execute()
    : Promise.resolve([]);
  const [t, k] = await Promise.all([training.execute(), skill]);
  return { training: t, skill: k };
}
