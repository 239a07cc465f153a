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
  blankFields,
  needsIdNumber,
  checkCertificate,
  checkCertificateRows,
  numberOf,
  parseCertificateCsv,
  type CertificateFields,
  type CheckedCertificate,
} from '~/lib/certificates/admin';
import type {
  AdminCertificate,
  CertificateIssueInput,
  CertNumbering,
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
import { notifyCertificate } from '../messages/messages.service';
import type { SkillCertificate, TrainingCertificate } from './certificates.table';
import * as repo from './certificates.admin.repository';
import type { CertFilter } from './certificates.admin.repository';
import { holdersOf, type Holder } from './certificate-holders.read-model';
import { formatStudentNo } from '~/lib/rules/student-no';
import { NUMBERING_LIMITS, certificateNumber, defaultPrefix, numberingProblem } from '~/lib/certificates/numbering';

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

/** What a certificate's answer adds from other rows: the numbers of the one it replaces and of its replacement, its holder's 学号. */
interface Linked {
  replaces: Map<string, string>;
  replacedBy: Map<string, { id: string; number: string }>;
  holders: Map<string, Holder>;
}

/** The links and holders of certificates of one kind, a query each (not one per row). */
async function linkedOf(db: DB, tenantId: string, kind: CertKind, rows: readonly (SkillCertificate | TrainingCertificate)[]): Promise<Linked> {
  const ids = rows.map((r) => r.id);
  const [replaces, replacedBy, holders] = await Promise.all([
    repo.numbersOf(
      db,
      tenantId,
      kind,
      rows.flatMap((r) => (r.replacesId ? [r.replacesId] : [])),
    ),
    repo.replacementsOf(db, tenantId, kind, ids),
    holdersOf(
      db,
      tenantId,
      rows.flatMap((r) => (r.userId ? [r.userId] : [])),
    ),
  ]);
  return { replaces, replacedBy, holders };
}

function adminView(s: Scope, origin: string, c: Stored, linked: Linked): AdminCertificate {
  const r = c.row;
  const holder = r.userId ? linked.holders.get(r.userId) : undefined;
  const replaces = r.replacesId ? linked.replaces.get(r.replacesId) : undefined;
  const common = {
    id: r.id,
    kind: c.kind,
    mobile: r.mobile,
    studentId: r.userId ?? null,
    studentNo: holder ? formatStudentNo(holder.studentNo) : null,
    createdAt: r.createdAt,
    state: stateOf(r),
    revokedAt: r.revokedAt,
    revokedReason: r.revokedReason,
    replaces: r.replacesId && replaces ? { id: r.replacesId, number: replaces } : null,
    replacedBy: linked.replacedBy.get(r.id) ?? null,
    verifyUrl: verifyUrlOf(s, origin, r.tenantId, c.kind, r.id),
  };
  if (c.kind === 'skill') {
    const k = c.row;
    return {
      ...common,
      name: k.name,
      idType: ID_TYPE_RESIDENT,
      idNumber: maskIdNumber(k.card) ?? '',
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
    idNumber: maskIdNumber(k.idCard) ?? '',
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

/** One stored certificate with its links, as staff see it. */
async function viewOf(s: Scope, db: DB, origin: string, c: Stored): Promise<AdminCertificate> {
  return adminView(s, origin, c, await linkedOf(db, c.row.tenantId, c.kind, [c.row]));
}

/** One page of the school's certificates, both kinds and both ways of issuing unless filtered, newest first. */
export async function pageCertificates(
  s: Scope,
  actor: StaffActor,
  origin: string,
  q: CertFilter & { current: number; size: number },
): Promise<Page<AdminCertificate>> {
  const tenantId = actor.tenant.id;
  const w = windowOf({ current: q.current, size: q.size, order: 'desc' });
  const { rows, total } = await repo.pageCertificates(s.db, tenantId, q, w);
  const idsOf = (kind: CertKind) => rows.filter((r) => r.kind === kind).map((r) => r.id);
  const [skill, training] = await Promise.all([repo.skillByIds(s.db, tenantId, idsOf('skill')), repo.trainingByIds(s.db, tenantId, idsOf('training'))]);
  const [skillLinks, trainingLinks] = await Promise.all([linkedOf(s.db, tenantId, 'skill', skill), linkedOf(s.db, tenantId, 'training', training)]);
  const byId = new Map<string, AdminCertificate>([
    ...skill.map((row) => [`skill:${row.id}`, adminView(s, origin, { kind: 'skill', row }, skillLinks)] as const),
    ...training.map((row) => [`training:${row.id}`, adminView(s, origin, { kind: 'training', row }, trainingLinks)] as const),
  ]);
  return pageOf(
    rows.flatMap((r) => byId.get(`${r.kind}:${r.id}`) ?? []),
    total,
    q.current,
    q.size,
  );
}

export async function getCertificate(s: Scope, actor: StaffActor, origin: string, kind: CertKind, id: string): Promise<AdminCertificate> {
  const found = await findStored(s.db, actor.tenant.id, kind, id);
  if (!found) throw notFound();
  return viewOf(s, s.db, origin, found);
}

// ------------------------------------------------------------ issuing

/** The row of a checked certificate: skill-level or training, with who issued it. */
async function insertChecked(
  db: DB,
  tenantId: string,
  c: CheckedCertificate,
  by: string,
  now: number,
  id = newId(now),
  to: { userId: string | null; replacesId: string | null } = { userId: null, replacesId: null },
): Promise<boolean> {
  const { kind, ...fields } = c;
  const base = { id, tenantId, createdAt: now, issuedBy: by, ...to };
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

/** What a certificate certifies, as its holder is told of it: the profession (and level), or the programme. */
function certifiedOf(row: Named): string {
  return 'professionName' in row ? row.professionName : row.productName;
}

// ------------------------------------------------------------ the school's numbering

const numberingOf = (prefix: string, nextSeq: number): CertNumbering => ({ prefix, nextSeq, next: certificateNumber(prefix, nextSeq) });

export async function getNumbering(s: Scope, actor: StaffActor): Promise<CertNumbering> {
  const row = await repo.numbering(s.db, actor.tenant.id, defaultPrefix(s.now), s.now);
  return numberingOf(row.prefix, Number(row.nextSeq));
}

/**
 * The school's prefix and next sequence number, audited. Existing certificates keep their numbers;
 * a next number the school has already given is refused, so the next issue cannot collide.
 */
export async function saveNumbering(s: Scope, actor: StaffActor, v: { prefix: string; nextSeq: number }): Promise<CertNumbering> {
  const tenantId = actor.tenant.id;
  const problem = numberingProblem(v.prefix, v.nextSeq);
  if (problem) throw AppError.badRequest(t(problem === 'prefix' ? 'certs.numbering.badPrefix' : 'certs.numbering.badSeq', NUMBERING_LIMITS));
  return s.db.transaction().execute(async (trx) => {
    const before = await repo.numbering(trx, tenantId, defaultPrefix(s.now), s.now);
    const next = certificateNumber(v.prefix, v.nextSeq);
    if (await repo.numberUsed(trx, tenantId, next)) throw AppError.conflict(t('certs.numbering.used', { number: next }));
    await repo.saveNumbering(trx, tenantId, v, s.now);
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.certificateNumbering,
      { type: AUDIT_TARGET.certificateRegister, id: tenantId },
      { prefix: before.prefix, nextSeq: Number(before.nextSeq) },
      { prefix: v.prefix, nextSeq: v.nextSeq },
    );
    return numberingOf(v.prefix, v.nextSeq);
  });
}

/** The school's next certificate number, taken inside the issuing transaction `db` (repo.takeSeq). */
async function takeNumber(db: DB, tenantId: string, now: number): Promise<string> {
  await repo.numbering(db, tenantId, defaultPrefix(now), now);
  const { prefix, seq } = await repo.takeSeq(db, tenantId, now);
  return certificateNumber(prefix, seq);
}

// ------------------------------------------------------------ issuing by hand

/** The refusal of an insert that stored nothing: which unique key said no. */
async function insertRefusal(db: DB, tenantId: string, c: CheckedCertificate, userId: string, replacesId: string | null): Promise<AppError> {
  const held = await repo.validOfStudent(db, tenantId, keyOf(c, userId));
  if (held) return AppError.conflict(t('certs.heldAlready', { number: held }));
  if (replacesId) return AppError.conflict(t('certs.replacedAlready'));
  return AppError.conflict(t('certs.numbering.taken', { number: numberOf(c) }));
}

/** What makes two certificates issued by hand the same one (a student holds one valid certificate of it). */
function keyOf(c: CheckedCertificate, userId: string) {
  return c.kind === 'skill'
    ? { kind: 'skill' as const, userId, professionName: c.professionName, level: c.level }
    : { kind: 'training' as const, userId, productName: c.productName };
}

/** The revoked certificate named to be replaced: of this school and kind, revoked, and (when it names one) of this student. */
async function replacedOne(db: DB, tenantId: string, kind: CertKind, id: string, userId: string): Promise<string> {
  const found = await findStored(db, tenantId, kind, id);
  if (!found) throw AppError.notFound(t('certs.replaceNotFound'));
  if (found.row.revokedAt === null) throw AppError.conflict(t('certs.replaceNotRevoked'));
  if (found.row.userId && found.row.userId !== userId) throw AppError.badRequest(t('certs.replaceOtherStudent'));
  return id;
}

/**
 * Issues one certificate by hand to a school student: the name, mobile and 证件号码 come from the
 * student's record, the number from the school's numbering. A skill-level certificate needs the
 * ID number: a record without one is refused with the sentence that says where to add it. The
 * certificate replaces the revoked one named, or else the student's newest revoked, not yet
 * replaced one of the same profession and level (training: programme). Two issues of the same at
 * once give one valid certificate (the unique key over valid rows). The one place a certificate is
 * issued by hand, so the student is told here (their message centre), in the issue's transaction.
 */
export async function issueCertificate(s: Scope, actor: StaffActor, origin: string, input: CertificateIssueInput): Promise<AdminCertificate> {
  const tenantId = actor.tenant.id;
  const holder = (await holdersOf(s.db, tenantId, [input.studentId])).get(input.studentId);
  if (!holder) throw AppError.notFound(t('certs.studentNotFound'));
  if (!holder.idNumber && needsIdNumber(input.kind)) throw AppError.badRequest(t('certs.needIdNumber', { name: holder.name }));
  if (!certifiableName(holder.name)) throw AppError.badRequest(t('certs.needName', { name: holder.name }));
  const id = newId(s.now);
  return s.db.transaction().execute(async (trx) => {
    const number = await takeNumber(trx, tenantId, s.now);
    const fields: CertificateFields = {
      ...blankFields(input.kind),
      professionName: input.professionName ?? '',
      typeOfWorkName: input.typeOfWorkName ?? '',
      level: input.level ?? '',
      sendDate: input.sendDate ?? '',
      productName: input.productName ?? '',
      agencyName: input.agencyName ?? '',
      startDate: input.startDate ?? '',
      endDate: input.endDate ?? '',
      kind: input.kind,
      name: holder.name,
      idType: ID_TYPE_RESIDENT,
      idNumber: holder.idNumber ?? '',
      mobile: holder.mobile,
      number,
    };
    const checked = checkCertificate(fields, true);
    if (!checked.ok) throw AppError.badRequest(certificateRefusal(checked.reason, checked.field));
    const c = checked.value;
    const replacesId = input.replacesId
      ? await replacedOne(trx, tenantId, c.kind, input.replacesId, holder.userId)
      : ((await repo.revokedOfStudent(trx, tenantId, keyOf(c, holder.userId)))?.id ?? null);
    if (!(await insertChecked(trx, tenantId, c, actor.account.id, s.now, id, { userId: holder.userId, replacesId }))) {
      throw await insertRefusal(trx, tenantId, c, holder.userId, replacesId);
    }
    const target = { type: c.kind === 'skill' ? AUDIT_TARGET.skillCertificate : AUDIT_TARGET.trainingCertificate, id, name: certificateName(c) };
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.certificateIssue, target, null, { ...auditFields(c), replacesId });
    await notifyCertificate(trx, s.now, {
      tenantId,
      schoolName: actor.tenant.name,
      userId: holder.userId,
      certificateId: id,
      name: certifiedOf(c),
      number: numberOf(c),
      link: verifyPathOf(s.config.CERTIFICATE_SECRET, { tenantId, kind: c.kind, id }),
    });
    const stored = await findStored(trx, tenantId, c.kind, id);
    if (!stored) throw notFound();
    return viewOf(s, trx, origin, stored);
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
    return viewOf(s, trx, origin, after);
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

/** What a certificate for a pass carries of its class: the programme, the dates, the issuing school. */
interface PassCertificate {
  tenantId: string;
  by: string;
  now: number;
  productName: string;
  agencyName: string;
  startTime: string;
  endTime: string;
  workId: string;
}

/**
 * Issues one student's training certificate for a pass: the name, 证件号码 (when the record has
 * one) and mobile from the student's record, the number from the school's numbering, replacing
 * the enrolment's revoked certificate if there is one. The unique key over valid certificates of
 * an enrolment makes a second one at once store nothing (null). The one place a certificate is
 * issued for a pass, so the student is told here (their message centre), in the issue's transaction.
 */
async function issuePassCertificate(
  db: DB,
  p: PassCertificate & { schoolName: string; verifyPath: (id: string) => string },
  student: { classStudentId: string; holder: Holder },
  replacesId: string | null,
): Promise<{ number: string; added: boolean }> {
  const id = newId(p.now);
  const number = await takeNumber(db, p.tenantId, p.now);
  const added = await repo.insertTraining(db, {
    id,
    tenantId: p.tenantId,
    createdAt: p.now,
    issuedBy: p.by,
    studentName: student.holder.name,
    idType: ID_TYPE_RESIDENT,
    idCard: student.holder.idNumber ?? '',
    mobile: student.holder.mobile,
    productName: p.productName,
    agencyName: p.agencyName,
    certificateNum: number,
    startTime: p.startTime,
    endTime: p.endTime,
    certificateUrl: null,
    classStudentId: student.classStudentId,
    workId: p.workId,
    userId: student.holder.userId,
    replacesId,
  });
  if (added) {
    await notifyCertificate(db, p.now, {
      tenantId: p.tenantId,
      schoolName: p.schoolName,
      userId: student.holder.userId,
      certificateId: id,
      name: p.productName,
      number,
      link: p.verifyPath(id),
    });
  }
  return { number, added };
}

/**
 * Training certificates for every student of the class whose counted score at the test (the work's
 * own attempt policy) reaches the minimum. An enrolment holds one valid such certificate: the
 * unique key over valid ones turns a second run, or two staff issuing at once, into "has one
 * already"; a revoked one no longer counts, and the new certificate names it as the one it
 * replaces. The certificate carries the class's training programme and dates, the school's name,
 * and the student's name and 证件号码 from their record (none when the record has none).
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
  const holders = await holdersOf(
    s.db,
    tenantId,
    students.map((st) => st.userId),
  );
  const row = cls.row;
  const start = row.trainingStartAt ?? row.createdAt;
  const pass = {
    tenantId,
    by: actor.account.id,
    now: s.now,
    productName: row.productName || row.name,
    agencyName: actor.tenant.name,
    startTime: formatDate(start),
    endTime: formatDate(Math.max(row.trainingEndAt ?? s.now, start)),
    workId: work.id,
    schoolName: actor.tenant.name,
    verifyPath: (id: string) => verifyPathOf(s.config.CERTIFICATE_SECRET, { tenantId, kind: 'training', id }),
  };
  return s.db.transaction().execute(async (trx) => {
    const enrolments = students.map((st) => st.id);
    const [held, revoked] = await Promise.all([repo.trainingByEnrolments(trx, tenantId, enrolments), repo.revokedByEnrolments(trx, tenantId, enrolments)]);
    const rows: PassIssueRow[] = [];
    const issued: string[] = [];
    for (const st of students) {
      const counted = scoreOf.get(st.id);
      const score = counted?.score ?? null;
      const base = { studentId: st.id, name: st.name, score, replaces: null };
      const existing = held.get(st.id);
      const holder = holders.get(st.userId);
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
      if (!holder || !certifiableName(holder.name)) {
        rows.push({ ...base, outcome: 'noName', number: null });
        continue;
      }
      const replaced = revoked.get(st.id) ?? null;
      const replacing = { ...base, replaces: replaced?.number ?? null };
      if (!input.apply) {
        rows.push({ ...replacing, outcome: 'issued', number: null });
        continue;
      }
      const made = await issuePassCertificate(trx, pass, { classStudentId: st.id, holder }, replaced?.id ?? null);
      if (made.added) {
        issued.push(made.number);
        rows.push({ ...replacing, outcome: 'issued', number: made.number });
        continue;
      }
      // Another run issued this enrolment's certificate in the meantime; else the number was the one in use.
      const now = (await repo.trainingByEnrolments(trx, tenantId, [st.id])).get(st.id);
      if (!now) throw AppError.conflict(t('certs.numbering.taken', { number: made.number }));
      rows.push({ ...base, outcome: 'exists', number: now });
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

/** The numbers of the certificate a verified one replaces and of the one that replaced it (null: none). */
interface Replacement {
  replaces: string | null;
  replacedBy: string | null;
}

export type Verification =
  | ({ state: 'valid' | 'revoked'; kind: 'skill'; certificate: SkillCertificateVO; schoolName: string } & Replacement)
  | ({ state: 'valid' | 'revoked'; kind: 'training'; certificate: TrainingCertificateVO; schoolName: string } & Replacement)
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
  const linked = await linkedOf(s.db, tenant.id, found.kind, [found.row]);
  const replacement = {
    replaces: found.row.replacesId ? (linked.replaces.get(found.row.replacesId) ?? null) : null,
    replacedBy: linked.replacedBy.get(found.row.id)?.number ?? null,
  };
  if (found.kind === 'skill') return { state, kind: 'skill', certificate: skillCertificateVO(found.row), schoolName: tenant.name, ...replacement };
  return { state, kind: 'training', certificate: trainingCertificateVO(found.row), schoolName: tenant.name, ...replacement };
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
