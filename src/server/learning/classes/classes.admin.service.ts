import { AppError } from '../../errors';
import { formatStudentNo } from '~/lib/rules/student-no';
import { windowOf } from '../../db/paging';
import type { DB } from '../../db/database';
import type { Scope } from '../../http/scope';
import { newId } from '../../ids';
import { pageOf, type Page } from '~/lib/paging';
import { t } from '~/server/i18n';
import { DAY } from '~/lib/time/cst';
import { SERVICE_STATUS, TEACHING_CLASS_STATUS } from '~/lib/learning/codes';
import { CLASS_TEACHER_ROLE, CSV_LIMITS, checkStudentRows, maskMobile, parseStudentCsv, type ClassTeacherRole } from '~/lib/learning/class-admin';
import { AUDIT_ACTION, AUDIT_TARGET, STAFF_ROLE } from '~/lib/staff/roles';
import type {
  AdminClass,
  AdminClassStudent,
  AdminClassSummary,
  AdminPeriod,
  ClassEnded,
  Enrolled,
  EnrolmentClass,
  ImportReport,
  ImportRow,
  TeacherOption,
} from '~/lib/api/contracts/admin-classes';
import type { StaffActor } from '../../staff/accounts/sessions.service';
import { accountNames, activeAccountsWithRoles } from '../../staff/accounts/accounts.service';
import { auditedImport, auditStaffAction, auditStaffChange } from '../../staff/audit/audit.service';
import { ensureSchoolStudent, findSchoolUser } from '../../identity/identity.service';
import * as repo from './classes.admin.repository';
import { notifyEnrolled, type ClassFacts, type Enrolment } from '../../messages/messages.service';

/** The classes an account teaches, as a subquery another domain's statement filters by (one round trip). */
export { classesTaughtBy } from './classes.admin.repository';
import * as students from './staff-students.read-model';
import { COMPLETED_BY_END, checkTeachers, enrolStatusFor, mayIn } from './classes.admin.rules';

/**
 * The staff side of classes: the learning domain's class service called with a staff actor.
 * Every call about one class goes through assertClassInScope first: administrators reach every
 * class of their school, a teacher only the classes they are linked to, and anything else is the
 * same "not found" a class that does not exist gets, so a teacher learns nothing about other
 * classes. Writes are audited in their own transaction; those that must happen once are
 * conditional (ending, moving, deleting) or guarded by unique keys (enrolling, importing).
 */

/** Who may be linked to a class: teachers, and administrators who teach. */
const TEACHING_ROLES = [STAFF_ROLE.teacher, STAFF_ROLE.admin] as const;

const notFound = () => AppError.notFound(t('classes.notFound'));

// ------------------------------------------------------------ the class scope

/** The classes a staff member reaches: 'all' of the school (administrators) or the listed ids (teachers). */
export type ClassScope = { tenantId: string; all: true } | { tenantId: string; all: false; classIds: string[] };

/**
 * The one answer to "which classes may this staff member see": later parts (courses, activities,
 * attendance, questions, progress) filter their lists by it.
 */
export async function classScopeOf(s: Scope, actor: StaffActor): Promise<ClassScope> {
  const tenantId = actor.tenant.id;
  if (actor.account.role === STAFF_ROLE.admin) return { tenantId, all: true };
  if (actor.account.role !== STAFF_ROLE.teacher) return { tenantId, all: false, classIds: [] };
  return { tenantId, all: false, classIds: await repo.classIdsOf(s.db, tenantId, actor.account.id) };
}

export interface ClassInScope {
  row: repo.ClassRow;
  /** The actor's role in the class (null: an administrator not linked to it). */
  link: ClassTeacherRole | null;
  may: { edit: boolean; manageStudents: boolean };
}

/**
 * The class, when the actor reaches it; otherwise 404 (never revealing that it exists). Every
 * call about one class starts here; `db` lets a transaction read it.
 */
export async function assertClassInScope(s: Scope, actor: StaffActor, classId: string, db: DB = s.db): Promise<ClassInScope> {
  const tenantId = actor.tenant.id;
  const role = actor.account.role;
  if (role !== STAFF_ROLE.admin && role !== STAFF_ROLE.teacher) throw notFound();
  const [row, linkRow] = await Promise.all([repo.findClass(db, tenantId, classId), repo.findLink(db, tenantId, classId, actor.account.id)]);
  const link = (linkRow?.role as ClassTeacherRole | undefined) ?? null;
  if (!row || (role !== STAFF_ROLE.admin && link === null)) throw notFound();
  return { row, link, may: mayIn(role, link) };
}

/** What a message about the class names (the school, the class). */
const classFacts = (actor: StaffActor, c: ClassInScope): ClassFacts => ({
  tenantId: actor.tenant.id,
  schoolName: actor.tenant.name,
  classId: c.row.id,
  className: c.row.name,
});

/** The class when the actor may change its periods and students (administrators, its head teacher); 403 for its other teachers. */
async function classToManage(s: Scope, actor: StaffActor, classId: string, db: DB = s.db): Promise<ClassInScope> {
  const c = await assertClassInScope(s, actor, classId, db);
  if (!c.may.manageStudents) throw AppError.forbidden(t('classes.headOnly'));
  return c;
}

// ------------------------------------------------------------ a school's students (学员管理)

/** The account a student list is narrowed to: none for administrators (every student), the person's own otherwise (their classes'). */
const teacherOf = (actor: StaffActor) => (actor.account.role === STAFF_ROLE.admin ? undefined : actor.account.id);

/**
 * Which users of the school a staff member's student list holds, for the identity domain's
 * statement: undefined for administrators (every student of the school), a subquery of the users
 * enrolled in a teacher's classes otherwise (one statement, as the class scope decides). `db` lets a transaction read it.
 */
export function studentsInScope(db: DB, actor: StaffActor) {
  const accountId = teacherOf(actor);
  return accountId === undefined ? undefined : repo.studentsTaughtBy(db, actor.tenant.id, accountId);
}

/** How many of the actor's classes each user is in: one query for a page. */
export function classCountsInScope(db: DB, actor: StaffActor, userIds: readonly string[]): Promise<Map<string, number>> {
  return repo.classCountsOf(db, actor.tenant.id, userIds, teacherOf(actor));
}

/** A user's enrolments in the actor's classes, newest first. */
export function enrolmentsInScope(db: DB, actor: StaffActor, userId: string) {
  return repo.enrolmentsOfUser(db, actor.tenant.id, userId, teacherOf(actor));
}

/** Every student of a class, by enrolment and user (a class notice's recipients; the caller checked the class is in reach). */
export async function classStudentsOf(db: DB, tenantId: string, classId: string): Promise<{ classStudentId: string; userId: string }[]> {
  return (await repo.studentUsersOf(db, tenantId, classId)).map((r) => ({ classStudentId: r.id, userId: r.userId }));
}

// ------------------------------------------------------------ classes

function summary(r: repo.ClassRow | Awaited<ReturnType<typeof repo.pageClasses>>['rows'][number]): AdminClassSummary {
  return {
    id: r.id,
    name: r.name,
    productName: r.productName,
    teachingClassStatus: r.teachingClassStatus,
    experience: r.experience === 1,
    trainingStartAt: r.trainingStartAt,
    trainingEndAt: r.trainingEndAt,
    teacherName: r.teacherName,
    studentCount: r.studentCount ?? 0,
    periodCount: r.periodCount ?? 0,
  };
}

export async function pageClasses(
  s: Scope,
  actor: StaffActor,
  q: { current: number; size: number; name?: string | undefined; teachingClassStatus?: number | undefined; experience?: number | undefined },
): Promise<Page<AdminClassSummary>> {
  const scope = await classScopeOf(s, actor);
  const { rows, total } = await repo.pageClasses(
    s.db,
    scope.tenantId,
    { name: q.name, teachingClassStatus: q.teachingClassStatus, experience: q.experience, accountId: scope.all ? undefined : actor.account.id },
    windowOf({ current: q.current, size: q.size, order: 'desc' }),
  );
  return pageOf(rows.map(summary), total, q.current, q.size);
}

async function classOf(db: DB, c: ClassInScope, tenantId: string): Promise<AdminClass> {
  const row = (await repo.findClass(db, tenantId, c.row.id)) ?? c.row;
  const teachers = await repo.teachersOf(db, tenantId, c.row.id);
  const names = await accountNames(
    db,
    tenantId,
    teachers.map((x) => x.accountId),
  );
  return {
    ...summary(row),
    expectedOpenAt: row.expectedOpenAt,
    learningGoal: row.learningGoal,
    teachers: teachers.map((x) => ({ accountId: x.accountId, name: names.get(x.accountId) ?? '', role: x.role as ClassTeacherRole })),
    may: c.may,
  };
}

export async function getClass(s: Scope, actor: StaffActor, id: string): Promise<AdminClass> {
  return classOf(s.db, await assertClassInScope(s, actor, id), actor.tenant.id);
}

/** Who may be linked to a class: the school's active teachers and administrators. */
export async function teacherOptions(s: Scope, actor: StaffActor): Promise<TeacherOption[]> {
  const rows = await activeAccountsWithRoles(s.db, actor.tenant.id, TEACHING_ROLES);
  return rows.map((r) => ({ accountId: r.id, name: r.name, role: r.role }));
}

export interface ClassFields {
  id?: string | undefined;
  name: string;
  productName: string | null;
  teachingClassStatus: number;
  trainingStart: number | null;
  trainingEnd: number | null;
  expectedOpen: number | null;
  experience: boolean;
  learningGoal: string | null;
  teachers: { accountId: string; role: ClassTeacherRole }[];
}

/** The last second of a China Standard Time day, given its start: a class's last day is a whole day. */
const endOfDay = (start: number | null) => (start === null ? null : start + DAY - 1000);

/**
 * Creates or edits a class with its teachers (administrators only, by the access table). The head
 * teacher's name and avatar are copied to the class, which is what the learner area shows.
 */
export async function saveClass(s: Scope, actor: StaffActor, input: ClassFields): Promise<AdminClass> {
  const tenantId = actor.tenant.id;
  const refusal = checkTeachers(input.teachers);
  if (refusal) throw AppError.badRequest(t(`classes.${refusal}`, { max: 20 }));
  if (input.trainingStart !== null && input.trainingEnd !== null && input.trainingEnd < input.trainingStart)
    throw AppError.badRequest(t('classes.endBeforeStart'));
  return s.db.transaction().execute(async (trx) => {
    const options = new Map((await activeAccountsWithRoles(trx, tenantId, TEACHING_ROLES)).map((a) => [a.id, a]));
    if (input.teachers.some((x) => !options.has(x.accountId))) throw AppError.badRequest(t('classes.teacherNotFound'));
    const head = input.teachers.find((x) => x.role === CLASS_TEACHER_ROLE.head);
    const fields = {
      name: input.name,
      productName: input.productName,
      teachingClassStatus: input.teachingClassStatus,
      trainingStartAt: input.trainingStart,
      trainingEndAt: endOfDay(input.trainingEnd),
      expectedOpenAt: input.expectedOpen,
      experience: input.experience ? 1 : 0,
      learningGoal: input.learningGoal,
      teacherName: head ? options.get(head.accountId)!.name : null,
      // Staff accounts have no picture yet: the learner area then shows its default avatar.
      teacherAvatar: null,
    };
    let id = input.id;
    let before: Record<string, unknown> | null = null;
    let beforeTeachers: string[] = [];
    if (!id) {
      id = newId(s.now);
      await repo.insertClass(trx, { id, tenantId, ...fields, teachingPlanCreatedAt: s.now, createdAt: s.now });
    } else {
      const c = await assertClassInScope(s, actor, id, trx);
      before = pickClass(c.row);
      beforeTeachers = (await repo.teachersOf(trx, tenantId, id)).map((x) => `${x.accountId}:${x.role}`).sort();
      await repo.updateClass(trx, tenantId, id, fields);
    }
    const classId = id;
    await repo.replaceTeachers(
      trx,
      tenantId,
      classId,
      input.teachers.map((x) => ({ id: newId(s.now), tenantId, classId, accountId: x.accountId, role: x.role, createdAt: s.now })),
    );
    const target = { type: AUDIT_TARGET.teachingClass, id: classId };
    await auditStaffAction(trx, s, actor, before ? AUDIT_ACTION.classUpdate : AUDIT_ACTION.classCreate, target, before, pickClass(fields));
    const afterTeachers = input.teachers.map((x) => `${x.accountId}:${x.role}`).sort();
    if (afterTeachers.join() !== beforeTeachers.join())
      await auditStaffChange(trx, s, actor, AUDIT_ACTION.classTeachers, target, { teachers: [beforeTeachers, afterTeachers] });
    return classOf(trx, await assertClassInScope(s, actor, classId, trx), tenantId);
  });
}

const pickClass = (r: {
  name: string;
  productName: string | null;
  teachingClassStatus: number;
  trainingStartAt: number | null;
  trainingEndAt: number | null;
  expectedOpenAt: number | null;
  experience: number;
  learningGoal: string | null;
}) => ({
  name: r.name,
  productName: r.productName,
  teachingClassStatus: r.teachingClassStatus,
  trainingStartAt: r.trainingStartAt,
  trainingEndAt: r.trainingEndAt,
  expectedOpenAt: r.expectedOpenAt,
  experience: r.experience,
  learningGoal: r.learningGoal,
});

/**
 * Ends a class once (a conditional update): its teaching status becomes over and the students it
 * was serving are completed (COMPLETED_BY_END); those never admitted stay pending admission.
 */
export async function endClass(s: Scope, actor: StaffActor, id: string): Promise<ClassEnded> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    const c = await assertClassInScope(s, actor, id, trx);
    if (!(await repo.endClass(trx, tenantId, id, TEACHING_CLASS_STATUS.OVER))) throw AppError.conflict(t('classes.alreadyEnded'));
    const completed = await repo.moveServiceStatuses(trx, tenantId, id, COMPLETED_BY_END, SERVICE_STATUS.COMPLETED, s.now);
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.classEnd,
      { type: AUDIT_TARGET.teachingClass, id },
      { teachingClassStatus: c.row.teachingClassStatus },
      { teachingClassStatus: TEACHING_CLASS_STATUS.OVER, completedStudents: completed },
    );
    return { class: await classOf(trx, c, tenantId), completed };
  });
}

/** Deletes a class with no students (checked in the delete itself); one with students is refused with their count. */
export async function deleteClass(s: Scope, actor: StaffActor, id: string): Promise<null> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    const c = await assertClassInScope(s, actor, id, trx);
    if (!(await repo.deleteEmptyClass(trx, tenantId, id))) {
      throw AppError.conflict(t('classes.hasStudents', { count: await repo.countStudents(trx, tenantId, id) }));
    }
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.classDelete, { type: AUDIT_TARGET.teachingClass, id }, { name: c.row.name }, null);
    return null;
  });
}

// ------------------------------------------------------------ periods

const periodOf = (p: Awaited<ReturnType<typeof repo.listPeriods>>[number]): AdminPeriod => ({
  id: p.id,
  classPeriodType: p.classPeriodType,
  name: p.name,
  startAt: p.startAt,
  endAt: p.endAt,
  studentCount: p.studentCount ?? 0,
});

export async function listPeriods(s: Scope, actor: StaffActor, classId: string): Promise<AdminPeriod[]> {
  await assertClassInScope(s, actor, classId);
  return (await repo.listPeriods(s.db, actor.tenant.id, classId)).map(periodOf);
}

export async function savePeriod(
  s: Scope,
  actor: StaffActor,
  classId: string,
  input: { periodId?: string | undefined; classPeriodType: number; name: string; start: number | null; end: number | null },
): Promise<AdminPeriod> {
  const tenantId = actor.tenant.id;
  if (input.start !== null && input.end !== null && input.end < input.start) throw AppError.badRequest(t('classes.endBeforeStart'));
  return s.db.transaction().execute(async (trx) => {
    await classToManage(s, actor, classId, trx);
    const periods = await repo.listPeriods(trx, tenantId, classId);
    // Names are how a CSV names a period: unique within the class.
    if (periods.some((p) => p.name.trim() === input.name && p.id !== input.periodId)) throw AppError.badRequest(t('classes.periodNameTaken'));
    const fields = { classPeriodType: input.classPeriodType, name: input.name, startAt: input.start, endAt: endOfDay(input.end) };
    let id = input.periodId;
    if (id) {
      const before = periods.find((p) => p.id === id);
      if (!before) throw AppError.notFound(t('classes.periodNotFound'));
      await repo.updatePeriod(trx, tenantId, classId, id, fields);
      await auditStaffAction(trx, s, actor, AUDIT_ACTION.periodUpdate, { type: AUDIT_TARGET.classPeriod, id }, pickPeriod(before), pickPeriod(fields));
    } else {
      id = newId(s.now);
      await repo.insertPeriod(trx, { id, tenantId, classId, ...fields, createdAt: s.now });
      await auditStaffAction(trx, s, actor, AUDIT_ACTION.periodCreate, { type: AUDIT_TARGET.classPeriod, id }, null, { classId, ...pickPeriod(fields) });
    }
    const saved = (await repo.listPeriods(trx, tenantId, classId)).find((p) => p.id === id)!;
    return periodOf(saved);
  });
}

const pickPeriod = (p: { classPeriodType: number; name: string; startAt: number | null; endAt: number | null }) => ({
  classPeriodType: p.classPeriodType,
  name: p.name,
  startAt: p.startAt,
  endAt: p.endAt,
});

export async function deletePeriod(s: Scope, actor: StaffActor, classId: string, periodId: string): Promise<null> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    await classToManage(s, actor, classId, trx);
    const period = await repo.findPeriod(trx, tenantId, classId, periodId);
    if (!period) throw AppError.notFound(t('classes.periodNotFound'));
    if (!(await repo.deleteEmptyPeriod(trx, tenantId, classId, periodId))) {
      throw AppError.conflict(t('classes.periodHasStudents', { count: await repo.countStudents(trx, tenantId, classId, periodId) }));
    }
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.periodDelete, { type: AUDIT_TARGET.classPeriod, id: periodId }, { classId, name: period.name }, null);
    return null;
  });
}

// ------------------------------------------------------------ students

/** A class's student as the audit log names them: by their name, else by their masked mobile. */
function studentTarget(r: students.StudentRow) {
  return { type: AUDIT_TARGET.classStudent, id: r.id, name: r.realName || r.nickName || maskMobile(r.mobile) };
}

function studentOf(r: students.StudentRow, fullMobile: boolean): AdminClassStudent {
  return {
    id: r.id,
    userId: r.userId,
    name: r.realName || r.nickName || '',
    mobile: fullMobile ? r.mobile : maskMobile(r.mobile),
    schoolStudentId: r.schoolStudentId,
    studentNo: formatStudentNo(r.studentNo),
    periodId: r.periodId,
    periodName: r.periodName,
    serviceStatus: r.serviceStatus,
    enrolledAt: r.createdAt,
    studyRecords: r.studyRecords ?? 0,
  };
}

export async function pageStudents(
  s: Scope,
  actor: StaffActor,
  classId: string,
  q: { current: number; size: number; keyword?: string | undefined; periodId?: string | undefined; serviceStatus?: number | undefined },
): Promise<Page<AdminClassStudent>> {
  const c = await assertClassInScope(s, actor, classId);
  const { rows, total } = await students.pageStudents(s.db, actor.tenant.id, classId, q, windowOf({ current: q.current, size: q.size, order: 'desc' }));
  // Those who enrol and look after the students see their mobile in full; other teachers a masked one.
  return pageOf(
    rows.map((r) => studentOf(r, c.may.manageStudents)),
    total,
    q.current,
    q.size,
  );
}

async function studentIn(db: DB, tenantId: string, classId: string, id: string): Promise<students.StudentRow> {
  const row = await students.findStudent(db, tenantId, classId, id);
  if (!row) throw AppError.notFound(t('classes.studentNotFound'));
  return row;
}

/** The period named, in this class, or null for none; an unknown one is refused. */
async function periodIn(db: DB, tenantId: string, classId: string, periodId: string | null | undefined): Promise<string | null> {
  if (!periodId) return null;
  if (!(await repo.findPeriod(db, tenantId, classId, periodId))) throw AppError.notFound(t('classes.periodNotFound'));
  return periodId;
}

/**
 * The classes the actor may enrol students in now, newest first, with their periods: every class
 * of the school not yet over for administrators, a teacher's classes where they are head teacher.
 */
export async function classesForEnrolment(s: Scope, actor: StaffActor): Promise<EnrolmentClass[]> {
  const role = actor.account.role;
  if (role !== STAFF_ROLE.admin && role !== STAFF_ROLE.teacher) return [];
  const head = role === STAFF_ROLE.admin ? undefined : { accountId: actor.account.id, role: CLASS_TEACHER_ROLE.head };
  return repo.classesTakingStudents(s.db, actor.tenant.id, TEACHING_CLASS_STATUS.OVER, head);
}

/** Who is enrolled: a student of the school by their user id, or a mobile (a new mobile becomes a user with the name given). */
export type Enrolee = { userId: string } | { mobile: string; name: string | null };

/** One enrolment made or found: the enrolment's id, whose it is, and whether this call added it. */
export interface EnrolOutcome {
  id: string;
  userId: string;
  /** false: the student was in the class already (nothing changed). */
  added: boolean;
  /** true: the mobile was new to the portal and a user was created. */
  userCreated: boolean;
}

/**
 * The class when the actor may enrol students in it now (administrators, its head teacher; not
 * an ended class), for the callers of enrolIntoClass; `db` is their transaction.
 */
export async function classForEnrolment(s: Scope, actor: StaffActor, classId: string, db: DB = s.db): Promise<ClassInScope> {
  const c = await classToManage(s, actor, classId, db);
  if (enrolStatusFor(c.row.teachingClassStatus) === null) throw AppError.conflict(t('classes.ended'));
  return c;
}

/** The period named, in the class, or null for none; an unknown one is refused (404). */
export function periodForEnrolment(db: DB, c: ClassInScope, periodId: string | null | undefined): Promise<string | null> {
  return periodIn(db, c.row.tenantId, c.row.id, periodId);
}

/**
 * The one way a student enters a class: enrolling by mobile, the CSV import, 学员管理's bulk
 * enrolment and a converted consult lead all come here, so whatever must happen on every enrolment
 * happens here. `c` is the class as classForEnrolment answered it, inside the caller's transaction
 * `trx`; `periodId` is checked by the caller (periodForEnrolment). A student in the class already
 * is answered as such and nothing changes (the unique class+user key decides under concurrency),
 * so a repeated click or file enrols once. `audit`: one studentEnrol entry for an enrolment added
 * (the CSV import writes one entry for its whole file instead). The student added is told (their
 * message centre, and an SMS when the school sends them): at once, or, with `told`, by the caller
 * once for all the students it collects there (one SMS batch for a file or a list).
 */
/** Tells the students `enrolIntoClass` collected in `told` that they were enrolled, in one go. */
export function tellEnrolled(trx: DB, s: Scope, actor: StaffActor, c: ClassInScope, told: readonly Enrolment[]): Promise<void> {
  return notifyEnrolled(trx, s.now, classFacts(actor, c), told);
}

export async function enrolIntoClass(
  trx: DB,
  s: Scope,
  actor: StaffActor,
  c: ClassInScope,
  who: Enrolee,
  opts: { periodId: string | null; audit: boolean; told?: Enrolment[] },
): Promise<EnrolOutcome> {
  const tenantId = actor.tenant.id;
  const classId = c.row.id;
  const status = enrolStatusFor(c.row.teachingClassStatus);
  if (status === null) throw AppError.conflict(t('classes.ended'));
  let person: { userId: string; studentId: string; created: boolean };
  if ('userId' in who) {
    const user = await findSchoolUser(trx, tenantId, who.userId);
    if (!user) throw AppError.notFound(t('classes.studentNotFound'));
    person = { userId: user.id, studentId: user.studentId, created: false };
  } else {
    person = await ensureSchoolStudent(trx, { tenantId, mobile: who.mobile, realName: who.name, now: s.now });
  }
  const id = newId(s.now);
  const added = await repo.insertStudentIfNew(trx, {
    id,
    tenantId,
    classId,
    userId: person.userId,
    schoolStudentId: person.studentId,
    periodId: opts.periodId,
    serviceStatus: status,
    now: s.now,
  });
  const enrolment = added ? id : (await repo.findStudentByUser(trx, tenantId, classId, person.userId))!.id;
  if (added && opts.audit) {
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.studentEnrol, studentTarget(await studentIn(trx, tenantId, classId, enrolment)), null, {
      classId,
      userId: person.userId,
      periodId: opts.periodId,
      serviceStatus: status,
      userCreated: person.created,
    });
  }
  if (added) {
    const enrolled = { classStudentId: enrolment, userId: person.userId };
    if (opts.told) opts.told.push(enrolled);
    else await notifyEnrolled(trx, s.now, classFacts(actor, c), [enrolled]);
  }
  return { id: enrolment, userId: person.userId, added, userCreated: person.created };
}

/**
 * Enrols one student by mobile: an existing user of the portal is matched (and bound to the school
 * if they were not), a new mobile becomes a user with the name given. Someone already in the class
 * is answered as such and nothing changes (so a repeated click enrols once).
 */
export async function enrol(
  s: Scope,
  actor: StaffActor,
  classId: string,
  input: { mobile: string; name: string | null; periodId: string | null },
): Promise<Enrolled> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    const c = await classForEnrolment(s, actor, classId, trx);
    const periodId = await periodForEnrolment(trx, c, input.periodId);
    const done = await enrolIntoClass(trx, s, actor, c, { mobile: input.mobile, name: input.name }, { periodId, audit: true });
    const enrolled = await studentIn(trx, tenantId, classId, done.id);
    return { student: studentOf(enrolled, true), added: done.added, userCreated: done.userCreated };
  });
}

export async function changeStatus(s: Scope, actor: StaffActor, classId: string, studentId: string, serviceStatus: number): Promise<AdminClassStudent> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    await classToManage(s, actor, classId, trx);
    const before = await studentIn(trx, tenantId, classId, studentId);
    if (before.serviceStatus !== serviceStatus) {
      await repo.setServiceStatus(trx, tenantId, classId, studentId, serviceStatus, s.now);
      await auditStaffChange(trx, s, actor, AUDIT_ACTION.studentStatus, studentTarget(before), { serviceStatus: [before.serviceStatus, serviceStatus] });
    }
    return studentOf(await studentIn(trx, tenantId, classId, studentId), true);
  });
}

/** Moves a student to another period of the same class, only if they are still where the screen showed them. */
export async function movePeriod(
  s: Scope,
  actor: StaffActor,
  classId: string,
  input: { studentId: string; fromPeriodId: string | null; toPeriodId: string },
): Promise<AdminClassStudent> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    await classToManage(s, actor, classId, trx);
    const before = await studentIn(trx, tenantId, classId, input.studentId);
    await periodIn(trx, tenantId, classId, input.toPeriodId);
    if (before.periodId === input.toPeriodId) throw AppError.conflict(t('classes.samePeriod'));
    if (!(await repo.movePeriod(trx, tenantId, classId, input.studentId, input.fromPeriodId, input.toPeriodId)))
      throw AppError.conflict(t('classes.movedMeanwhile'));
    // Attendance counts each period only while the student was in it (decision 051).
    await repo.recordPeriodMove(trx, {
      tenantId,
      classId,
      classStudentId: input.studentId,
      enrolledAt: before.createdAt,
      from: before.periodId,
      to: input.toPeriodId,
      now: s.now,
      newId: () => newId(s.now),
    });
    await auditStaffChange(trx, s, actor, AUDIT_ACTION.studentMove, studentTarget(before), { periodId: [before.periodId, input.toPeriodId] });
    return studentOf(await studentIn(trx, tenantId, classId, input.studentId), true);
  });
}

/**
 * Takes a student out of the class. Refused once they have study records (lessons, hand-ins,
 * attendance): removing the enrolment would delete them; completing their service keeps them.
 */
export async function removeStudent(s: Scope, actor: StaffActor, classId: string, studentId: string): Promise<null> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    await classToManage(s, actor, classId, trx);
    const before = await studentIn(trx, tenantId, classId, studentId);
    const records = before.studyRecords ?? 0;
    if (records > 0) throw AppError.conflict(t('classes.hasRecords', { count: records }));
    await repo.deleteStudent(trx, tenantId, classId, studentId);
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.studentRemove,
      studentTarget(before),
      { classId, userId: before.userId, periodId: before.periodId, serviceStatus: before.serviceStatus },
      null,
    );
    return null;
  });
}

/**
 * A CSV of students: each row checked (checkStudentRows), then either only reported (a dry run)
 * or applied. Applying enrols every good row in one transaction (all of them or, on a failure,
 * none); refused rows are reported and skipped. A row whose student is in the class already is
 * reported as such, so applying the same file again adds nothing, and two imports of one file
 * at once add each student once (the unique class+user key decides).
 */
export async function importStudents(s: Scope, actor: StaffActor, classId: string, input: { csv: string; apply: boolean }): Promise<ImportReport> {
  const tenantId = actor.tenant.id;
  const parsed = parseStudentCsv(input.csv);
  if (!parsed.ok) throw AppError.badRequest(t(`classes.csv.${parsed.reason}`, { rows: CSV_LIMITS.rows }));
  return s.db.transaction().execute(async (trx) => {
    const c = await classForEnrolment(s, actor, classId, trx);
    const checked = checkStudentRows(parsed.rows, await repo.listPeriods(trx, tenantId, classId));
    const report: ImportRow[] = [];
    const enrolled: Enrolment[] = [];
    for (const row of checked) {
      const base = { line: row.line, mobile: row.mobile, name: row.name, period: row.period };
      if (!row.ok) {
        report.push({
          ...base,
          outcome: 'refused',
          reason: row.reason,
          message: t(`classes.csv.${row.reason}`, { rows: CSV_LIMITS.rows, max: CSV_LIMITS.name }),
        });
        continue;
      }
      if (!input.apply) {
        const known = await students.studentByMobile(trx, tenantId, classId, row.mobile);
        report.push({ ...base, outcome: known ? 'exists' : 'added' });
        continue;
      }
      const { added } = await enrolIntoClass(
        trx,
        s,
        actor,
        c,
        { mobile: row.mobile, name: row.name || null },
        { periodId: row.periodId, audit: false, told: enrolled },
      );
      report.push({ ...base, outcome: added ? 'added' : 'exists' });
    }
    await tellEnrolled(trx, s, actor, c, enrolled);
    return auditedImport(trx, s, actor, input.apply, AUDIT_ACTION.studentImport, { type: AUDIT_TARGET.teachingClass, id: classId }, report);
  });
}

/**
 * The development seed's link of a demo teacher to a demo class by the class's name (nothing when
 * the class is missing; idempotent on a reset). The class keeps the teacher name it already shows.
 */
export async function seedClassTeacher(
  db: DB,
  input: { tenantId: string; className: string; accountId: string; role: ClassTeacherRole; now: number },
): Promise<void> {
  const found = await repo.findClassByName(db, input.tenantId, input.className);
  if (!found) return;
  await repo.insertTeacherIfNew(db, {
    id: newId(input.now),
    tenantId: input.tenantId,
    classId: found.id,
    accountId: input.accountId,
    role: input.role,
    createdAt: input.now,
  });
}
