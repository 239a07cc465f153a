import { type Insertable, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../db/database';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import type { CertKind } from '~/lib/rules/certificate';
import type { CertSource, CertState } from '~/lib/api/contracts/admin-certificates';
import type { SkillCertificate, SkillCertificateTable, TrainingCertificate, TrainingCertificateTable } from './certificates.table';
import { idsOfSchool, ofSchoolByKey, whereEqual } from '../db/clauses';
import { changedAny, insertedOne } from '../db/rows';

/**
 * All SQL of the staff side of certificates. Every function takes the school first. Issuing is
 * an insert that does nothing on a conflict (the number unique per school and kind, a training
 * certificate unique per class enrolment), so two requests at once issue one certificate;
 * revoking is an update conditional on the certificate still being valid, so it happens once.
 */

export interface CertFilter {
  kind?: CertKind | undefined;
  /** exam: issued for a pass in a test; hand: issued by hand or imported. */
  source?: CertSource | undefined;
  keyword?: string | undefined;
  state?: CertState | undefined;
}

/** The columns a keyword searches in one kind's table: the holder's name and the number by part, the ID card number exactly. */
interface Searched {
  name: string;
  number: string;
  card: string;
}
const SEARCHED: Record<CertKind, Searched> = {
  skill: { name: 'name', number: 'certificateCode', card: 'card' },
  training: { name: 'studentName', number: 'certificateNum', card: 'idCard' },
};
const TABLE = { skill: 'skillCertificates', training: 'trainingCertificates' } as const;

/** One kind's rows the filters keep, as (kind, id, createdAt): the list is both kinds' in one order. */
function listed(db: DB, tenantId: string, kind: CertKind, f: CertFilter) {
  const c = SEARCHED[kind];
  // biome-ignore lint/suspicious/noExplicitAny: either kind's table; the columns named are checked against both rows in SEARCHED
  let q = (db as DB).selectFrom(TABLE[kind] as any).where('tenantId', '=', tenantId) as SelectQueryBuilder<any, any, any>;
  if (f.keyword) {
    const like = containing(f.keyword);
    const exact = f.keyword.toUpperCase();
    q = q.where((eb) => eb.or([eb(c.name, 'like', like), eb(c.number, 'like', like), eb(c.card, '=', exact)]));
  }
  if (f.state === 'valid') q = q.where('revokedAt', 'is', null);
  if (f.state === 'revoked') q = q.where('revokedAt', 'is not', null);
  // Skill-level certificates are never issued for a pass in a test.
  if (f.source === 'exam') q = kind === 'skill' ? q.where(sql<boolean>`1 = 0`) : q.where('classStudentId', 'is not', null);
  if (f.source === 'hand' && kind === 'training') q = q.where('classStudentId', 'is', null);
  return q.select([sql<CertKind>`${sql.lit(kind)}`.as('kind'), 'id', 'createdAt']);
}

/** One page of the school's certificates of both kinds (or the one asked for), newest first: the page's (kind, id). */
export async function pageCertificates(
  db: DB,
  tenantId: string,
  f: CertFilter,
  w: PageWindow,
): Promise<{ rows: { kind: CertKind; id: string }[]; total: number }> {
  const kinds = f.kind ? [f.kind] : (['skill', 'training'] as const);
  const [first, ...rest] = kinds.map((k) => listed(db, tenantId, k, f));
  const union = rest.reduce((u, q) => u.unionAll(q), first!);
  const all = db.selectFrom(union.as('c'));
  const page = await pageFrom(w, all.select(['c.kind', 'c.id']).orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc'), all);
  return { rows: page.rows as { kind: CertKind; id: string }[], total: page.total };
}

export function skillByIds(db: DB, tenantId: string, ids: readonly string[]): Promise<SkillCertificate[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('skillCertificates').selectAll().$call(idsOfSchool(tenantId, ids)).execute();
}

export function trainingByIds(db: DB, tenantId: string, ids: readonly string[]): Promise<TrainingCertificate[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('trainingCertificates').selectAll().$call(idsOfSchool(tenantId, ids)).execute();
}

/** The certificates (of one kind) that replace any of `ids`: replaced id -> the replacing certificate's id and number. */
export async function replacementsOf(db: DB, tenantId: string, kind: CertKind, ids: readonly string[]): Promise<Map<string, { id: string; number: string }>> {
  if (ids.length === 0) return new Map();
  const rows =
    kind === 'skill'
      ? await db
          .selectFrom('skillCertificates')
          .select(['id', 'certificateCode as number', 'replacesId'])
          .where('tenantId', '=', tenantId)
          .where('replacesId', 'in', ids)
          .execute()
      : await db
          .selectFrom('trainingCertificates')
          .select(['id', 'certificateNum as number', 'replacesId'])
          .where('tenantId', '=', tenantId)
          .where('replacesId', 'in', ids)
          .execute();
  return new Map(rows.map((r) => [r.replacesId!, { id: r.id, number: r.number }]));
}

/** The numbers of certificates (of one kind) by id. */
export async function numbersOf(db: DB, tenantId: string, kind: CertKind, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows =
    kind === 'skill'
      ? await db.selectFrom('skillCertificates').select(['id', 'certificateCode as number']).$call(idsOfSchool(tenantId, ids)).execute()
      : await db.selectFrom('trainingCertificates').select(['id', 'certificateNum as number']).$call(idsOfSchool(tenantId, ids)).execute();
  return new Map(rows.map((r) => [r.id, r.number]));
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

/** The class enrolments among `classStudentIds` that hold a valid (not revoked) training certificate, with its number. */
export async function trainingByEnrolments(db: DB, tenantId: string, classStudentIds: readonly string[]): Promise<Map<string, string>> {
  if (classStudentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('trainingCertificates')
    .select(['classStudentId', 'certificateNum'])
    .where('tenantId', '=', tenantId)
    .where('classStudentId', 'in', classStudentIds)
    .where('revokedAt', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.classStudentId!, r.certificateNum]));
}

/** The newest revoked, not yet replaced training certificate of each enrolment among `classStudentIds`: enrolment -> its id and number. */
export async function revokedByEnrolments(db: DB, tenantId: string, classStudentIds: readonly string[]): Promise<Map<string, { id: string; number: string }>> {
  if (classStudentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('trainingCertificates as c')
    .select(['c.classStudentId', 'c.id', 'c.certificateNum'])
    .where('c.tenantId', '=', tenantId)
    .where('c.classStudentId', 'in', classStudentIds)
    .where('c.revokedAt', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('trainingCertificates as r').select('r.id').whereRef('r.tenantId', '=', 'c.tenantId').whereRef('r.replacesId', '=', 'c.id'))),
    )
    .orderBy('c.revokedAt', 'asc')
    .execute();
  // Ascending: the newest revoked one of an enrolment is set last.
  return new Map(rows.map((r) => [r.classStudentId!, { id: r.id, number: r.certificateNum }]));
}

/** The student's newest revoked, not yet replaced certificate of one key (hand-issued): the one a new certificate for it replaces. */
export async function revokedOfStudent(
  db: DB,
  tenantId: string,
  key: { kind: 'skill'; userId: string; professionName: string; level: string } | { kind: 'training'; userId: string; productName: string },
): Promise<{ id: string } | undefined> {
  if (key.kind === 'skill') {
    return db
      .selectFrom('skillCertificates as c')
      .select('c.id')
      .$call(whereEqual({ 'c.tenantId': tenantId, 'c.userId': key.userId, 'c.professionName': key.professionName, 'c.level': key.level }))
      .where('c.revokedAt', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('skillCertificates as r').select('r.id').whereRef('r.tenantId', '=', 'c.tenantId').whereRef('r.replacesId', '=', 'c.id'))),
      )
      .orderBy('c.revokedAt', 'desc')
      .executeTakeFirst();
  }
  return db
    .selectFrom('trainingCertificates as c')
    .select('c.id')
    .$call(whereEqual({ 'c.tenantId': tenantId, 'c.userId': key.userId, 'c.productName': key.productName }))
    .where('c.classStudentId', 'is', null)
    .where('c.revokedAt', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('trainingCertificates as r').select('r.id').whereRef('r.tenantId', '=', 'c.tenantId').whereRef('r.replacesId', '=', 'c.id'))),
    )
    .orderBy('c.revokedAt', 'desc')
    .executeTakeFirst();
}

/** The student's valid certificate of one key, if any (a refused hand issue says which). */
export async function validOfStudent(
  db: DB,
  tenantId: string,
  key: { kind: 'skill'; userId: string; professionName: string; level: string } | { kind: 'training'; userId: string; productName: string },
): Promise<string | undefined> {
  if (key.kind === 'skill') {
    const row = await db
      .selectFrom('skillCertificates')
      .select('certificateCode as number')
      .$call(whereEqual({ tenantId, userId: key.userId, professionName: key.professionName, level: key.level }))
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    return row?.number;
  }
  const row = await db
    .selectFrom('trainingCertificates')
    .select('certificateNum as number')
    .$call(whereEqual({ tenantId, userId: key.userId, productName: key.productName }))
    .where('classStudentId', 'is', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return row?.number;
}

// ------------------------------------------------------------ the school's numbering

/** The school's numbering, made with `prefix` and 1 on first use (two first uses at once: one row). */
export async function numbering(db: DB, tenantId: string, prefix: string, now: number) {
  await db
    .insertInto('certificateNumbering')
    .values({ tenantId, prefix, nextSeq: 1, updatedAt: now })
    .onConflict((oc) => oc.column('tenantId').doNothing())
    .execute();
  return db.selectFrom('certificateNumbering').select(['prefix', 'nextSeq']).where('tenantId', '=', tenantId).executeTakeFirstOrThrow();
}

/**
 * Takes the school's next sequence number: one update that counts it up and answers the new value
 * (the one taken is that less one). Inside the issuing transaction it holds the school's row (a
 * row lock on PostgreSQL, the one writer on SQLite) until the certificate is stored, so two issues
 * never take one number, and a refused issue rolls the count back: no number is skipped silently.
 */
export async function takeSeq(db: DB, tenantId: string, now: number): Promise<{ prefix: string; seq: number }> {
  const row = await db
    .updateTable('certificateNumbering')
    .set((eb) => ({ nextSeq: eb('nextSeq', '+', 1), updatedAt: now }))
    .where('tenantId', '=', tenantId)
    .returning(['prefix', 'nextSeq'])
    .executeTakeFirstOrThrow();
  return { prefix: row.prefix, seq: Number(row.nextSeq) - 1 };
}

export async function saveNumbering(db: DB, tenantId: string, v: { prefix: string; nextSeq: number }, now: number): Promise<void> {
  await db.updateTable('certificateNumbering').set({ prefix: v.prefix, nextSeq: v.nextSeq, updatedAt: now }).where('tenantId', '=', tenantId).execute();
}

/** Whether the school has given this number to a certificate of either kind. */
export async function numberUsed(db: DB, tenantId: string, number: string): Promise<boolean> {
  const [k, t] = await Promise.all([skillByNumber(db, tenantId, number), trainingByNumber(db, tenantId, number)]);
  return Boolean(k || t);
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
  // By the enrolments' and the mobile's indexes, each of its own (the school compared on the rows they find).
  const training = db
    .selectFrom('trainingCertificates')
    .select(['id', 'certificateNum as number', 'productName as name', 'revokedAt', 'createdAt'])
    .$call(ofSchoolByKey(tenantId))
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
        .$call(ofSchoolByKey(tenantId))
        .where('mobile', '=', mobile)
        .execute()
    : Promise.resolve([]);
  const [t, k] = await Promise.all([training.execute(), skill]);
  return { training: t, skill: k };
}
