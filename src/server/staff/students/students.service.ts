import type { Scope } from '../../http/scope';
import type { DB } from '../../db/database';
import { AppError } from '../../errors';
import { windowOf } from '../../db/paging';
import { csvFile } from '../../csv.rules';
import { t } from '~/server/i18n';
import { pageOf, type Page } from '~/lib/paging';
import { formatDateTime } from '~/lib/time/cst';
import { ACCOUNT_STATUS } from '~/lib/status';
import { ATTEMPT_STATUS } from '~/lib/exams/attempt-policy';
import { maskMobile } from '~/lib/learning/class-admin';
import { maskIdNumber } from '~/lib/rules/id-number';
import { formatStudentNo } from '~/lib/rules/student-no';
import { sumDutyFigures } from '~/lib/learning/duties';
import { AUDIT_ACTION, AUDIT_TARGET, STAFF_ROLE } from '~/lib/staff/roles';
import {
  STUDENT_ATTEMPTS_SHOWN,
  STUDENT_EXPORT_MAX,
  type AdminStudent,
  type AdminStudentAttempt,
  type AdminStudentClass,
  type AdminStudentDetail,
  type BulkEnrolResult,
  type EnrolledStudent,
  type SchoolStudentStatus,
  type StudentEdit,
} from '~/lib/api/contracts/admin-students';
import type { EnrolmentClass } from '~/lib/api/contracts/admin-classes';
import type { StaffActor } from '../accounts/sessions.service';
import { auditStaffAction } from '../audit/audit.service';
import * as identity from '../../identity/identity.service';
import {
  classCountsInScope,
  classForEnrolment,
  classesForEnrolment,
  enrolIntoClass,
  enrolmentsInScope,
  periodForEnrolment,
  studentsInScope,
  tellEnrolled,
} from '../../learning/classes/classes.admin.service';
import type { Enrolment } from '../../messages/messages.service';
import { courseDuties } from '../../learning/duties/duties.service';
import { enrolmentAttempts } from '../../exams/attempts/handed-in.service';
import { workTitles } from '../../exams/works/works.service';
import { studentCertificates } from '../../certificates/certificates.admin.service';

/**
 * 学员管理: the school's students (users bound to it) for its staff. The users and their state in
 * the school are the identity domain's, the enrolments the classes domain's; this module only
 * composes them. A teacher's list is narrowed to the students of their classes inside the
 * identity domain's one statement (the classes domain's subquery), and any other student is the
 * same 404 one that does not exist gets. Changes are administrators' (the access table) and each
 * is audited with the student's name and a masked mobile, never the whole number.
 */

const notFound = () => AppError.notFound(t('students.notFound'));

const nameOf = (r: identity.SchoolUserRow) => r.realName || r.nickName || '';
const statusOf = (n: number): SchoolStudentStatus => (n === ACCOUNT_STATUS.DISABLED ? ACCOUNT_STATUS.DISABLED : ACCOUNT_STATUS.ACTIVE);
const isAdmin = (actor: StaffActor) => actor.account.role === STAFF_ROLE.admin;

function studentOf(actor: StaffActor, r: identity.SchoolUserRow, classCount: number): AdminStudent {
  return {
    id: r.id,
    name: nameOf(r),
    // Administrators call and correct the number; a teacher tells students apart by its ends.
    mobile: isAdmin(actor) ? r.mobile : maskMobile(r.mobile),
    studentId: r.studentId,
    studentNo: formatStudentNo(r.studentNo),
    // Masked for everyone: the record keeps it whole only for the certificates printed from it.
    idNumber: maskIdNumber(r.idNumber),
    classCount,
    status: statusOf(r.status),
    joinedAt: r.createdAt,
  };
}

const filterOf = (db: DB, actor: StaffActor, text?: string): identity.SchoolUserFilter => ({ text, onlyUsers: studentsInScope(db, actor) });

/** One page of the school's students the actor reaches, newest first, with their class counts (one query for the page). */
export async function pageStudents(s: Scope, actor: StaffActor, q: { current: number; size: number; text?: string | undefined }): Promise<Page<AdminStudent>> {
  const filter = filterOf(s.db, actor, q.text);
  const { rows, total } = await identity.pageSchoolUsers(s.db, actor.tenant.id, filter, windowOf({ current: q.current, size: q.size, order: 'desc' }));
  const counts = await classCountsInScope(
    s.db,
    actor,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => studentOf(actor, r, counts.get(r.id) ?? 0)),
    total,
    q.current,
    q.size,
  );
}

/** The search's students as a CSV file's text, newest first; refused over STUDENT_EXPORT_MAX. */
export async function exportStudents(s: Scope, actor: StaffActor, text?: string): Promise<string> {
  const rows = await identity.listSchoolUsers(s.db, actor.tenant.id, filterOf(s.db, actor, text), STUDENT_EXPORT_MAX + 1);
  if (rows.length > STUDENT_EXPORT_MAX) throw AppError.badRequest(t('students.tooMany', { max: STUDENT_EXPORT_MAX }));
  const counts = await classCountsInScope(
    s.db,
    actor,
    rows.map((r) => r.id),
  );
  const header = (['name', 'mobile', 'studentId', 'idNumber', 'classes', 'status', 'joined'] as const).map((k) => t(`students.csv.${k}`));
  return csvFile(
    header,
    rows.map((r) => {
      const st = studentOf(actor, r, counts.get(r.id) ?? 0);
      return [st.name, st.mobile, st.studentNo, st.idNumber ?? '', st.classCount, t(`students.status.${st.status}`), formatDateTime(st.joinedAt)];
    }),
  );
}

/** The student's classes the actor reaches, each with its required lessons finished (the duties' figures) and assessment result. */
async function classesOf(s: Scope, actor: StaffActor, userId: string): Promise<AdminStudentClass[]> {
  const enrolments = await enrolmentsInScope(s.db, actor, userId);
  return Promise.all(
    enrolments.map(async (e) => {
      const duties = await courseDuties(s, { tenantId: actor.tenant.id, classId: e.classId, classStudentId: e.id });
      const figures = sumDutyFigures(duties.map((d) => d.figures));
      return {
        classId: e.classId,
        className: e.className,
        enrolmentId: e.id,
        serviceStatus: e.serviceStatus,
        evaluateStatus: e.evaluateStatus,
        needLearnNumber: figures.needLearnNumber,
        finishNeedLearnNumber: figures.finishNeedLearnNumber,
        enrolledAt: e.createdAt,
      };
    }),
  );
}

/** The student's row when the actor reaches them; 404 otherwise (another school's, another teacher's, none). */
async function studentInScope(db: DB, actor: StaffActor, userId: string): Promise<identity.SchoolUserRow> {
  const row = await identity.findSchoolUser(db, actor.tenant.id, userId, filterOf(db, actor));
  if (!row) throw notFound();
  return row;
}

/** The attempts of the student's classes listed, newest first, with each work's title and class name (a query each, not one per row). */
async function attemptsOf(s: Scope, actor: StaffActor, classes: readonly AdminStudentClass[]): Promise<AdminStudentAttempt[]> {
  const tenantId = actor.tenant.id;
  const attempts = await enrolmentAttempts(s, { tenantId, classStudentIds: classes.map((c) => c.enrolmentId), limit: STUDENT_ATTEMPTS_SHOWN });
  const titles = await workTitles(s, { tenantId, workIds: attempts.flatMap((a) => (a.workId ? [a.workId] : [])) });
  const classNames = new Map(classes.map((c) => [c.classId, c.className]));
  return attempts.map((a) => ({
    id: a.id,
    workId: a.workId,
    workTitle: (a.workId && titles.get(a.workId)) || '',
    classId: a.classId,
    className: classNames.get(a.classId) ?? '',
    status: a.status,
    // Before it is marked an attempt's score is the machine's part only: none is shown.
    score: a.status === ATTEMPT_STATUS.REVIEWED ? a.score : null,
    startedAt: a.startedAt,
    submittedAt: a.submittedAt,
  }));
}

export async function studentDetail(s: Scope, actor: StaffActor, userId: string): Promise<AdminStudentDetail> {
  const row = await studentInScope(s.db, actor, userId);
  const classes = await classesOf(s, actor, userId);
  const [attempts, certificates] = await Promise.all([
    attemptsOf(s, actor, classes),
    studentCertificates(s, {
      tenantId: actor.tenant.id,
      classStudentIds: classes.map((c) => c.enrolmentId),
      // The register (every certificate of a mobile) is the administrators'; a teacher sees their classes' training certificates.
      mobile: isAdmin(actor) ? row.mobile : undefined,
    }),
  ]);
  return { ...studentOf(actor, row, classes.length), classes, attempts, certificates, mayManage: isAdmin(actor) };
}

/**
 * Who an audit entry is about, on its after side only (the log keeps a field only where the sides
 * differ, so a field on both would vanish): the student's name and a masked mobile.
 */
const who = (name: string, mobile: string) => ({ student: name, studentMobile: maskMobile(mobile) });

/**
 * A student's name and mobile. The mobile is the person's across the portal (one user per mobile):
 * one taken by another user is refused and nothing changes; two administrators giving one number
 * at once are decided by its unique key, the loser refused the same way.
 */
export async function editStudent(s: Scope, actor: StaffActor, userId: string, edit: StudentEdit): Promise<AdminStudentDetail> {
  const taken = () => AppError.conflict(t('students.mobileTaken'));
  try {
    await s.db.transaction().execute(async (trx) => {
      const row = await studentInScope(trx, actor, userId);
      if (await identity.mobileTakenByOther(trx, edit.mobile, userId)) throw taken();
      await identity.updateMobileAndName(trx, userId, { mobile: edit.mobile, realName: edit.name, now: s.now });
      await auditStaffAction(
        trx,
        s,
        actor,
        AUDIT_ACTION.schoolStudentUpdate,
        { type: AUDIT_TARGET.schoolStudent, id: userId },
        { name: nameOf(row), mobile: maskMobile(row.mobile) },
        { name: edit.name, mobile: maskMobile(edit.mobile), ...who(edit.name, edit.mobile) },
      );
    });
  } catch (error) {
    if (identity.isUniqueViolation(error)) throw taken();
    throw error;
  }
  return studentDetail(s, actor, userId);
}

/**
 * 停用 or 启用 the student in this school only (their other schools are untouched). Disabling ends
 * their sessions here at once; sign-in and every token are refused until enabled again. The change
 * is conditional on the state read, so two administrators doing it at once change it once.
 */
export async function changeStatus(s: Scope, actor: StaffActor, userId: string, status: SchoolStudentStatus): Promise<AdminStudentDetail> {
  await s.db.transaction().execute(async (trx) => {
    const row = await studentInScope(trx, actor, userId);
    const already = () => AppError.conflict(t(status === ACCOUNT_STATUS.DISABLED ? 'students.alreadyDisabled' : 'students.alreadyActive'));
    if (row.status === status) throw already();
    if (!(await identity.setSchoolStatus(trx, actor.tenant.id, userId, row.status, status))) throw already();
    const ended = status === ACCOUNT_STATUS.DISABLED ? await identity.endSchoolSessions(trx, actor.tenant.id, userId, s.now) : 0;
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.schoolStudentStatus,
      { type: AUDIT_TARGET.schoolStudent, id: userId },
      { status: row.status },
      { ...who(nameOf(row), row.mobile), status, sessionsEnded: ended },
    );
  });
  return studentDetail(s, actor, userId);
}

/**
 * The 证件号码 on the student's record (checked by the route: null clears it). The audit keeps it
 * masked on both sides, as every screen shows it; the same number again is refused as no change.
 */
export async function setIdNumber(s: Scope, actor: StaffActor, userId: string, idNumber: string | null): Promise<AdminStudentDetail> {
  await s.db.transaction().execute(async (trx) => {
    const row = await studentInScope(trx, actor, userId);
    if ((row.idNumber ?? null) === idNumber) throw AppError.badRequest(t('students.sameIdNumber'));
    if (!(await identity.setSchoolIdNumber(trx, actor.tenant.id, userId, idNumber))) throw notFound();
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.schoolStudentIdNumber,
      { type: AUDIT_TARGET.schoolStudent, id: userId },
      { idNumber: maskIdNumber(row.idNumber) },
      { ...who(nameOf(row), row.mobile), idNumber: maskIdNumber(idNumber) },
    );
  });
  return studentDetail(s, actor, userId);
}

/** 强制下线: every live session of the student in this school ends; the number ended. */
export function signOutStudent(s: Scope, actor: StaffActor, userId: string): Promise<{ ended: number }> {
  return s.db.transaction().execute(async (trx) => {
    const row = await studentInScope(trx, actor, userId);
    const ended = await identity.endSchoolSessions(trx, actor.tenant.id, userId, s.now);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.schoolStudentSignOut, { type: AUDIT_TARGET.schoolStudent, id: userId }, null, {
      ...who(nameOf(row), row.mobile),
      sessionsEnded: ended,
    });
    return { ended };
  });
}

/** The classes the actor may enrol students in now, with their periods (the bulk enrolment's choice). */
export function enrolmentClasses(s: Scope, actor: StaffActor): Promise<EnrolmentClass[]> {
  return classesForEnrolment(s, actor);
}

/**
 * 学员管理's bulk enrolment: the chosen students (each once, every one a student the actor reaches,
 * else 404 and nothing changes) into one class the actor manages, in one transaction, each through
 * the class domain's enrolIntoClass (audited one entry per enrolment added). A student in the
 * class already is reported under `already` and not enrolled again, so a second click adds nothing.
 */
export async function enrolStudents(
  s: Scope,
  actor: StaffActor,
  input: { userIds: string[]; classId: string; periodId: string | null },
): Promise<BulkEnrolResult> {
  // In one order, whatever order they were chosen in: two enrolments of the same students at once then wait for each
  // other's rows instead of each holding one the other needs (a deadlock on PostgreSQL).
  const userIds = [...new Set(input.userIds)].sort();
  return s.db.transaction().execute(async (trx) => {
    const c = await classForEnrolment(s, actor, input.classId, trx);
    const periodId = await periodForEnrolment(trx, c, input.periodId);
    const rows: identity.SchoolUserRow[] = [];
    for (const id of userIds) rows.push(await studentInScope(trx, actor, id));
    const added: EnrolledStudent[] = [];
    const already: EnrolledStudent[] = [];
    const told: Enrolment[] = [];
    for (const row of rows) {
      const done = await enrolIntoClass(trx, s, actor, c, { userId: row.id }, { periodId, audit: true, told });
      (done.added ? added : already).push({ id: row.id, name: nameOf(row) || maskMobile(row.mobile) });
    }
    await tellEnrolled(trx, s, actor, c, told);
    return { className: c.row.name, added, already };
  });
}
