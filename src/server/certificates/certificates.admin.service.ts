import type { Scope } from '../http/scope';
import type { DB } from '../db/database';
import { AppError } from '../errors';
import { newId } from '../ids';
import { windowOf } from '../db/paging';
import { originOf } from '../http/origin';
import { t } from '~/server/i18n';
import { certificateRefusal } from '~/lib/forms/certificates';
import { pageOf, type Page } from '~/lib/paging';
import { formatDate } from '~/lib/time/cst';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import type { CertKind } from '~/lib/rules/certificate';
import { isValidName, nameLength, CERT_QUERY_LIMITS } from '~/lib/rules/certificate';
import {
  CERT_LIMITS,
  ID_TYPE_RESIDENT,
  checkCertificate,
  checkCertificateRows,
  numberOf,
  parseCertificateCsv,
  type CertificateFields,
  type CheckedCertificate,
} from '~/lib/certificates/admin';
import type {
  AdminCertificate,
  CertImportReport,
  CertImportRow,
  CertState,
  CertTestWork,
  PassIssueReport,
  PassIssueRow,
} from '~/lib/api/contracts/admin-certificates';
import type { SkillCertificateVO, TrainingCertificateVO } from '~/lib/api/contracts/certificates';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditedImport, auditStaffAction } from '../staff/audit/audit.service';
import { assertClassInScope, pageStudents } from '../learning/classes/classes.admin.service';
import { classTestWorks, countedScores } from '../exams/attempts/results.service';
import { skillCertificateVO, trainingCertificateVO } from './certificates.rules';
import { maskIdNumber } from '~/lib/rules/id-number';
import { readVerifyLink, verifyPathOf } from './verify.rules';
import type { SkillCertificate, TrainingCertificate } from './certificates.table';
import * as repo from './certificates.admin.repository';

/**
 * Certificates on the staff side (decision 046). Administrators keep the school's register:
 * they list and search both kinds, issue by hand, import a CSV file (a dry run with a report per
 * row, then an all-or-nothing apply that is safe to repeat) and revoke with a reason. Teachers and
 * administrators issue training certificates for a pass in a test of a class in their scope.
 * Every write is audited with the change; a revoked certificate is never deleted, and everything
 * that shows it (the lookups, the verification page, the printable page) says it is revoked.
 */

const notFound = () => AppError.notFound(t('certs.notFound'));

/** The school's own address for links handed out (the QR code), as the request came in: the API's rule. */
export function siteOrigin(s: Scope, request: Request): string {
  return originOf(s, request);
}

/** The certificate's public verification address on the school's own host, signed. */
export function verifyUrlOf(s: Scope, origin: string, tenantId: string, kind: CertKind, id: string): string {
  return origin + verifyPathOf(s.config.CERTIFICATE_SECRET, { tenantId, kind, id });
}

type Stored = { kind: 'skill'; row: SkillCertificate } | { kind: 'training'; row: TrainingCertificate };

function stateOf(row: { revokedAt: number | null }): CertState {
  return row.revokedAt === null || row.revokedAt === undefined ? 'valid' : 'revoked';
}

function adminView(s: Scope, origin: string, c: Stored): AdminCertificate {
  const r = c.row;
  const common = {
    id: r.id,
    kind: c.kind,
    mobile: r.mobile,
    createdAt: r.createdAt,
    state: stateOf(r),
    revokedAt: r.revokedAt,
    revokedReason: r.revokedReason,
    verifyUrl: verifyUrlOf(s, origin, r.tenantId, c.kind, r.id),
  };
  if (c.kind === 'skill') {
    const k = c.row;
    return {
      ...common,
      name: k.name,
      idType: ID_TYPE_RESIDENT,
      idNumber: k.card,
      number: k.certificateCode,
      professionName: k.professionName,
      typeOfWorkName: k.typeOfWorkName,
      level: k.level,
      sendDate: k.sendDate,
      productName: null,
      agencyName: null,
      startDate: null,
      endDate: null,
      fromTest: false,
    };
  }
  const k = c.row;
  return {
    ...common,
    name: k.studentName,
    idType: k.idType,
    idNumber: k.idCard,
    number: k.certificateNum,
    professionName: null,
    typeOfWorkName: null,
    level: null,
    sendDate: null,
    productName: k.productName,
    agencyName: k.agencyName,
    startDate: k.startTime,
    endDate: k.endTime,
    fromTest: k.classStudentId !== null,
  };
}

async function findStored(db: DB, tenantId: string, kind: CertKind, id: string): Promise<Stored | undefined> {
  if (kind === 'skill') {
    const row = await repo.findSkill(db, tenantId, id);
    return row && { kind, row };
  }
  const row = await repo.findTraining(db, tenantId, id);
  return row && { kind, row };
}

// ------------------------------------------------------------ the list and one certificate

export async function pageCertificates(
  s: Scope,
  actor: StaffActor,
  origin: string,
  q: { kind: CertKind; keyword?: string | undefined; state?: CertState | undefined; current: number; size: number },
): Promise<Page<AdminCertificate>> {
  const tenantId = actor.tenant.id;
  const w = windowOf({ current: q.current, size: q.size, order: 'desc' });
  const f = { keyword: q.keyword, state: q.state };
  const records =
    q.kind === 'skill'
      ? await repo.pageSkill(s.db, tenantId, f, w).then((p) => ({ total: p.total, rows: p.rows.map((row) => adminView(s, origin, { kind: 'skill', row })) }))
      : await repo
          .pageTraining(s.db, tenantId, f, w)
          .then((p) => ({ total: p.total, rows: p.rows.map((row) => adminView(s, origin, { kind: 'training', row })) }));
  return pageOf(records.rows, records.total, q.current, q.size);
}

export async function getCertificate(s: Scope, actor: StaffActor, origin: string, kind: CertKind, id: string): Promise<AdminCertificate> {
  const found = await findStored(s.db, actor.tenant.id, kind, id);
  if (!found) throw notFound();
  return adminView(s, origin, found);
}

// ------------------------------------------------------------ issuing

/** The row of a checked certificate: skill-level or training, with who issued it. */
async function insertChecked(db: DB, tenantId: string, c: CheckedCertificate, by: string, now: number, id = newId(now)): Promise<boolean> {
  const { kind, ...fields } = c;
  const base = { id, tenantId, createdAt: now, issuedBy: by };
  if (c.kind === 'skill')
    return repo.insertSkill(db, { ...base, ...(fields as Omit<Extract<CheckedCertificate, { kind: 'skill' }>, 'kind'>), certificateImgUrl: null });
  return repo.insertTraining(db, { ...base, ...(fields as Omit<Extract<CheckedCertificate, { kind: 'training' }>, 'kind'>), certificateUrl: null });
}

/** The same certificate: same kind, number and holder (a repeated import row). */
async function heldAlready(db: DB, tenantId: string, c: CheckedCertificate): Promise<'same' | 'other' | null> {
  if (c.kind === 'skill') {
    const row = await repo.skillByNumber(db, tenantId, c.certificateCode);
    if (!row) return null;
    return row.name === c.name && row.card === c.card ? 'same' : 'other';
  }
  const row = await repo.trainingByNumber(db, tenantId, c.certificateNum);
  if (!row) return null;
  return row.studentName === c.studentName && row.idCard === c.idCard ? 'same' : 'other';
}

/** What the audit log keeps of a certificate: its fields with the ID number masked (the log is no register of ID numbers). */
function auditFields(c: CheckedCertificate): Record<string, unknown> {
  return c.kind === 'skill' ? { ...c, card: maskIdNumber(c.card) } : { ...c, idCard: maskIdNumber(c.idCard) };
}

/** How the audit log names a certificate: its holder and what it certifies ('王建国 · 电工'). */
type Named = Pick<SkillCertificateVO, 'name' | 'professionName'> | Pick<TrainingCertificateVO, 'studentName' | 'productName'>;

function certificateName(row: Named): string {
  return 'professionName' in row ? `${row.name} · ${row.professionName}` : `${row.studentName} · ${row.productName}`;
}

/** Issues one certificate by hand; a number the school has used for this kind is refused (409). */
export async function issueCertificate(s: Scope, actor: StaffActor, origin: string, fields: CertificateFields): Promise<AdminCertificate> {
  const checked = checkCertificate(fields);
  if (!checked.ok) throw AppError.badRequest(certificateRefusal(checked.reason, checked.field));
  const c = checked.value;
  const tenantId = actor.tenant.id;
  const id = newId(s.now);
  return s.db.transaction().execute(async (trx) => {
    if (!(await insertChecked(trx, tenantId, c, actor.account.id, s.now, id))) throw AppError.conflict(t('certs.numberTaken', { number: numberOf(c) }));
    const target = { type: c.kind === 'skill' ? AUDIT_TARGET.skillCertificate : AUDIT_TARGET.trainingCertificate, id, name: certificateName(c) };
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.certificateIssue, target, null, auditFields(c));
    const stored = await findStored(trx, tenantId, c.kind, id);
    if (!stored) throw notFound();
    return adminView(s, origin, stored);
  });
}

/**
 * A CSV file of certificates: each row checked (checkCertificateRows), then only reported (a dry
 * run) or applied. Applying issues every good row in one transaction (all of them, or on a failure
 * none); refused rows are reported and skipped. A row whose number the school has already issued
 * to the same holder is reported as already there, so applying the same file again adds nothing,
 * and two imports of one file at once add each certificate once (the unique number decides). A
 * number already used for another holder is refused.
 */
export async function importCertificates(s: Scope, actor: StaffActor, input: { csv: string; apply: boolean }): Promise<CertImportReport> {
  const tenantId = actor.tenant.id;
  const parsed = parseCertificateCsv(input.csv);
  if (!parsed.ok) throw AppError.badRequest(t(`certs.csv.${parsed.reason}`, { rows: CERT_LIMITS.rows }));
  const checked = checkCertificateRows(parsed.rows);
  return s.db.transaction().execute(async (trx) => {
    const report: CertImportRow[] = [];
    for (const row of checked) {
      const base = { line: row.line, kind: row.fields.kind, name: row.fields.name, number: row.fields.number };
      if (!row.ok) {
        const field = row.reason === 'duplicate' || row.reason === 'tooMany' ? undefined : checkFieldOf(row.fields);
        report.push({ ...base, outcome: 'refused', reason: row.reason, message: certificateRefusal(row.reason, field) });
        continue;
      }
      const c = row.value;
      const added = input.apply && (await insertChecked(trx, tenantId, c, actor.account.id, s.now));
      const held = added ? null : await heldAlready(trx, tenantId, c);
      if (held === 'other') report.push({ ...base, outcome: 'refused', reason: 'numberTaken', message: certificateRefusal('numberTaken') });
      else report.push({ ...base, outcome: held === 'same' ? 'exists' : 'added' });
    }
    return auditedImport(trx, s, actor, input.apply, AUDIT_ACTION.certificateImport, { type: AUDIT_TARGET.certificateRegister, id: tenantId }, report);
  });
}

/** The field a refused row's sentence names (checkCertificate reports it). */
function checkFieldOf(fields: CertificateFields): keyof CertificateFields | undefined {
  const c = checkCertificate(fields);
  return c.ok ? undefined : c.field;
}

// ------------------------------------------------------------ revoking

/**
 * Revokes a valid certificate with a reason, once: the update is conditional on it being valid,
 * so a second click or a second administrator gets 409 and the log has one entry.
 */
export async function revokeCertificate(s: Scope, actor: StaffActor, origin: string, kind: CertKind, id: string, reason: string): Promise<AdminCertificate> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    const before = await findStored(trx, tenantId, kind, id);
    if (!before) throw notFound();
    if (!(await repo.revoke(trx, tenantId, kind, id, { at: s.now, reason, by: actor.account.id }))) throw AppError.conflict(t('certs.alreadyRevoked'));
    const target = { type: kind === 'skill' ? AUDIT_TARGET.skillCertificate : AUDIT_TARGET.trainingCertificate, id, name: certificateName(before.row) };
    const number = kind === 'skill' ? (before.row as SkillCertificate).certificateCode : (before.row as TrainingCertificate).certificateNum;
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.certificateRevoke, target, { number, state: 'valid' }, { number, state: 'revoked', reason });
    const after = await findStored(trx, tenantId, kind, id);
    if (!after) throw notFound();
    return adminView(s, origin, after);
  });
}

// ------------------------------------------------------------ issuing for a pass in a test

/** More students than any class has: the whole class is read. */
const WHOLE_CLASS = 100_000;

export async function testWorks(s: Scope, actor: StaffActor, classId: string): Promise<CertTestWork[]> {
  await assertClassInScope(s, actor, classId);
  const works = await classTestWorks(s, { tenantId: actor.tenant.id, classId });
  return works.map((w) => ({ id: w.id, title: w.title }));
}

/** A name a certificate can carry, the lookup form's rule: else the student needs a real name first. */
const certifiableName = (name: string) => !!name && nameLength(name) <= CERT_QUERY_LIMITS.nameMax && isValidName(name);

/**
 * Training certificates for every student of the class whose counted score at the test (the work's
 * own attempt policy) reaches the minimum. Each enrolment gets one such certificate ever: the
 * unique key on the enrolment turns a second run, or two staff issuing at once, into "has one
 * already". The certificate carries the class's training programme and dates and the school's
 * name; the ID number is left blank (the portal does not hold students' ID numbers).
 */
export async function issueForPass(
  s: Scope,
  actor: StaffActor,
  input: { classId: string; workId: string; minScore: number; apply: boolean },
): Promise<PassIssueReport> {
  const tenantId = actor.tenant.id;
  const cls = await assertClassInScope(s, actor, input.classId);
  const work = (await classTestWorks(s, { tenantId, classId: input.classId })).find((w) => w.id === input.workId);
  if (!work) throw AppError.notFound(t('certs.pass.workNotFound'));
  const [students, results] = await Promise.all([
    pageStudents(s, actor, input.classId, { current: 1, size: WHOLE_CLASS }).then((p) => p.records),
    countedScores(s, { tenantId, work }),
  ]);
  const scoreOf = new Map(results.map((r) => [r.classStudentId, r.counted]));
  const row = cls.row;
  const start = row.trainingStartAt ?? row.createdAt;
  const startTime = formatDate(start);
  const endTime = formatDate(Math.max(row.trainingEndAt ?? s.now, start));
  return s.db.transaction().execute(async (trx) => {
    const held = await repo.trainingByEnrolments(
      trx,
      tenantId,
      students.map((st) => st.id),
    );
    const rows: PassIssueRow[] = [];
    const issued: string[] = [];
    for (const st of students) {
      const counted = scoreOf.get(st.id);
      const score = counted?.score ?? null;
      const base = { studentId: st.id, name: st.name, score };
      const existing = held.get(st.id);
      if (existing) {
        rows.push({ ...base, outcome: 'exists', number: existing });
        continue;
      }
      if (score === null) {
        rows.push({ ...base, outcome: counted?.pending ? 'pending' : 'below', number: null });
        continue;
      }
      if (score < input.minScore) {
        rows.push({ ...base, outcome: 'below', number: null });
        continue;
      }
      if (!certifiableName(st.name)) {
        rows.push({ ...base, outcome: 'noName', number: null });
        continue;
      }
      if (!input.apply) {
        rows.push({ ...base, outcome: 'issued', number: null });
        continue;
      }
      const id = newId(s.now);
      const number = `JY-${id}`;
      const added = await repo.insertTraining(trx, {
        id,
        tenantId,
        createdAt: s.now,
        issuedBy: actor.account.id,
        studentName: st.name,
        idType: ID_TYPE_RESIDENT,
        idCard: '',
        mobile: null,
        productName: row.productName || row.name,
        agencyName: actor.tenant.name,
        certificateNum: number,
        startTime,
        endTime,
        certificateUrl: null,
        classStudentId: st.id,
        workId: work.id,
      });
      if (added) {
        issued.push(number);
        rows.push({ ...base, outcome: 'issued', number });
      } else {
        // Another run issued this enrolment's certificate in the meantime.
        const now = await repo.trainingByEnrolments(trx, tenantId, [st.id]);
        rows.push({ ...base, outcome: 'exists', number: now.get(st.id) ?? null });
      }
    }
    const counts = {
      issued: rows.filter((r) => r.outcome === 'issued').length,
      exists: rows.filter((r) => r.outcome === 'exists').length,
      skipped: rows.filter((r) => r.outcome !== 'issued' && r.outcome !== 'exists').length,
    };
    if (input.apply && issued.length > 0) {
      await auditStaffAction(trx, s, actor, AUDIT_ACTION.certificatePassIssue, { type: AUDIT_TARGET.teachingClass, id: input.classId }, null, {
        workId: work.id,
        workTitle: work.title,
        minScore: input.minScore,
        issued: issued.length,
        numbers: issued,
      });
    }
    return { applied: input.apply, rows, counts };
  });
}

// ------------------------------------------------------------ the public verification page

export type Verification =
  | { state: 'valid' | 'revoked'; kind: 'skill'; certificate: SkillCertificateVO; schoolName: string }
  | { state: 'valid' | 'revoked'; kind: 'training'; certificate: TrainingCertificateVO; schoolName: string }
  | { state: 'invalid' };

/**
 * The answer of a verification link opened on a school's host: the certificate (masked exactly as
 * the lookups mask it) as valid or revoked, or "invalid" for anything else (a changed id, kind or
 * signature, another school's link, a certificate that is not there). No captcha and no limit: the
 * signature already proves the visitor holds the link printed on the certificate, and the answer
 * shows no more than the lookup would.
 */
export async function verifyCertificate(s: Scope, q: { k: string | null; c: string | null; s: string | null }): Promise<Verification> {
  const tenant = await s.tenant();
  const link = readVerifyLink(s.config.CERTIFICATE_SECRET, tenant.id, q);
  if (!link.ok) return { state: 'invalid' };
  const found = await findStored(s.db, tenant.id, link.kind, link.id);
  if (!found) return { state: 'invalid' };
  const state = stateOf(found.row);
  if (found.kind === 'skill') return { state, kind: 'skill', certificate: skillCertificateVO(found.row), schoolName: tenant.name };
  return { state, kind: 'training', certificate: trainingCertificateVO(found.row), schoolName: tenant.name };
}

/** One certificate of a student, as their page in 学员管理 lists it. */
export interface StudentCertificate {
  kind: CertKind;
  id: string;
  number: string;
  name: string;
  revoked: boolean;
  issuedAt: number;
}

/**
 * A student's certificates in the school, newest first: the training certificates of the class
 * enrolments given (a teacher's: their classes' only) and, with `mobile` (administrators, who keep the
 * register), every certificate issued to that mobile. The callers have checked the student.
 */
export async function studentCertificates(
  s: Scope,
  input: { tenantId: string; classStudentIds: readonly string[]; mobile?: string | undefined },
): Promise<StudentCertificate[]> {
  const { training, skill } = await repo.studentCertificates(s.db, input.tenantId, input.classStudentIds, input.mobile);
  const of = (kind: CertKind) => (r: (typeof training)[number]) => ({
    kind,
    id: r.id,
    number: r.number,
    name: r.name,
    revoked: r.revokedAt !== null,
    issuedAt: r.createdAt,
  });
  return [...training.map(of('training')), ...skill.map(of('skill'))].sort((a, b) => b.issuedAt - a.issuedAt);
}
