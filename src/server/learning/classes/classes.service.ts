import { cardClick } from '~/lib/learning/class-card';
import type { Scope, Student } from '../../http/scope';
import { AppError } from '../../errors';
import { windowOf } from '../../db/paging';
import { t } from '~/server/i18n';
import { formatDateTime } from '~/lib/time/cst';
import { pageOf, type Page, type PageQuery } from '~/lib/paging';
import type { ClassPeriod, LearnerClass, ServiceStatus, StudentClassDetail, TeachingClassStatus } from '~/lib/api/contracts/learning';
import { countClassActivities } from './class-detail.read-model';
import * as repo from './classes.repository';
import type { ClassStudents } from './classes.repository';

/**
 * A student's classes (my learning, the class page's header). Every call is the token's
 * user's: a `userId` naming someone else is refused (403), and a class is found only through the
 * user's own enrolment in the school of the request, so another student's class, another school's
 * class and a class that does not exist get the same refusal, which reveals nothing.
 */

const time = (ms: number | null) => (ms === null ? null : formatDateTime(ms));

/** The logged-in student, refusing a userId that is not theirs. */
async function me(s: Scope, userId: string): Promise<Student> {
  const student = await s.student();
  if (student.user.id !== userId) throw AppError.forbidden(t('learning.notYourAccount'));
  return student;
}

const classNotFound = () => AppError.notFound(t('learning.classNotFound'));

/**
 * The school whose class is asked for: the request's, or (partner edition only, where my learning
 * lists every school's classes) the school the card named. Elsewhere another school is not found.
 */
function schoolOf(s: Scope, student: Student, schoolId: string | undefined): string {
  if (!schoolId || schoolId === student.tenantId) return student.tenantId;
  if (s.config.PARTNER_EDITION) return schoolId;
  throw classNotFound();
}

async function enrolment(s: Scope, student: Student, classId: string, schoolId?: string): Promise<repo.EnrolmentRow> {
  return found(await repo.findEnrolment(s.db, schoolOf(s, student, schoolId), student.user.id, classId));
}

/** The enrolment with its class (the class's status), for what the class's state decides. */
async function enrolmentWithClass(s: Scope, student: Student, classId: string, schoolId?: string): Promise<repo.EnrolmentWithClass> {
  return found(await repo.findEnrolmentWithClass(s.db, schoolOf(s, student, schoolId), student.user.id, classId));
}

/** The enrolment with its class's numbers of students (the class detail; other calls need no count over the class). */
async function enrolmentWithTotals(s: Scope, student: Student, classId: string, schoolId?: string): Promise<repo.EnrolmentWithTotals> {
  return found(await repo.findEnrolmentWithTotals(s.db, schoolOf(s, student, schoolId), student.user.id, classId));
}

function found<R>(row: R | undefined): R {
  if (!row) throw classNotFound();
  return row;
}

/** The token's user's enrolment in a class, resolved once for the other learning sub-domains. */
export interface StudentEnrolment {
  tenantId: string;
  classId: string;
  /** The class student id (the studentId of the learner calls). */
  classStudentId: string;
  student: Student;
  row: repo.EnrolmentRow;
}

/**
 * Every learner call about one class starts here: the token's user (a `userId` naming someone
 * else is refused with 403), their enrolment in the class in the school of the request (or the
 * card's school in the partner edition), and, when the call names a `studentId`, that it is this
 * enrolment's. Anything else is the same 404, which reveals nothing.
 */
export async function studentEnrolment(
  s: Scope,
  input: { classId: string; userId?: string | undefined; studentId?: string | undefined; schoolId?: string | undefined },
): Promise<StudentEnrolment> {
  // The token's user in the request's school; an enrolment implies the user's binding to the
  // school, so the binding is read from the enrolment rather than looked up (one query fewer on
  // every learner call).
  const [tenant, auth] = await Promise.all([s.tenant(), s.user()]);
  if (input.userId !== undefined && auth.user.id !== input.userId) throw AppError.forbidden(t('learning.notYourAccount'));
  const row = await enrolment(s, { tenantId: tenant.id, studentId: '', user: auth.user }, input.classId, input.schoolId);
  if (input.studentId !== undefined && input.studentId !== row.studentId) throw classNotFound();
  const student: Student = { tenantId: row.tenantId, studentId: row.schoolStudentId, user: auth.user };
  return { tenantId: row.tenantId, classId: row.classId, classStudentId: row.studentId, student, row };
}

function learnerClass(r: repo.EnrolmentWithTotals): LearnerClass {
  return {
    classId: r.classId,
    className: r.className,
    classPeriodName: r.periodName,
    productName: r.productName,
    serviceStatus: r.serviceStatus as ServiceStatus,
    teachingClassStatus: r.teachingClassStatus as TeachingClassStatus,
    teacherName: r.teacherName,
    tenantId: r.tenantId,
    trainingStartTime: time(r.trainingStartAt),
    trainingEndTime: time(r.trainingEndAt),
    periodTrainingStartTime: time(r.periodStartAt),
    periodTrainingEndTime: time(r.periodEndAt),
    teachingPlanCreatedTime: time(r.teachingPlanCreatedAt),
    expectedOpenTime: time(r.expectedOpenAt),
    signUpTotal: r.signUpTotal ?? 0,
    classStudentTotal: r.classStudentTotal ?? 0,
  };
}

export async function studentClasses(s: Scope, input: { userId: string; isKingDee?: boolean | null | undefined }): Promise<LearnerClass[]> {
  const student = await me(s, input.userId);
  // The ignore-tenant variant exists only in the partner edition; elsewhere the flag is ignored.
  const rows =
    input.isKingDee && s.config.PARTNER_EDITION
      ? await repo.listClassesInEverySchool(s.db, student.user.id)
      : await repo.listClasses(s.db, student.tenantId, student.user.id);
  return rows.map(learnerClass);
}

export async function classPeriods(s: Scope, input: PageQuery & { userId: string; classPeriodType: number }): Promise<Page<ClassPeriod>> {
  const student = await me(s, input.userId);
  const { rows, total } = await repo.pagePeriods(s.db, student.tenantId, student.user.id, input.classPeriodType, windowOf(input));
  const records = rows.map((p) => ({
    id: p.id,
    classId: p.classId,
    className: p.className,
    classPeriodName: p.name,
    classPeriodType: p.classPeriodType,
    periodTrainingStartTime: time(p.startAt),
    periodTrainingEndTime: time(p.endAt),
  }));
  return pageOf(records, total, input.current, input.size);
}

export async function updateEnrolState(s: Scope, input: { classId: string; userId: string; schoolId?: string | undefined }): Promise<null> {
  const student = await me(s, input.userId);
  const row = await enrolmentWithClass(s, student, input.classId, input.schoolId);
  // The card click rules (cardClick) hold on the server too: a class the student cannot open yet
  // (not admitted, being prepared, not opened) is not recorded as opened.
  const click = cardClick({ serviceStatus: row.serviceStatus, teachingClassStatus: row.teachingClassStatus });
  if (click.kind !== 'open')
    throw AppError.conflict(t(click.kind === 'ignore' ? 'learning.notAdmitted' : click.kind === 'preparing' ? 'learning.preparing' : 'learning.notOpenYet'));
  await repo.markEnrolState(s.db, row.tenantId, student.user.id, row.studentId, s.now);
  return null;
}

export async function studentClassDetail(
  s: Scope,
  input: { classId: string; userId: string; studentId?: string | undefined; schoolId?: string | undefined },
): Promise<StudentClassDetail> {
  return (await classDetailWithEnrolment(s, input)).detail;
}

/**
 * The class detail and the enrolment it was read from, found once: the class page's first view goes on
 * from that enrolment (its visit, its statistics) instead of finding it again.
 */
export async function classDetailWithEnrolment(
  s: Scope,
  input: { classId: string; userId: string; studentId?: string | undefined; schoolId?: string | undefined },
): Promise<{ detail: StudentClassDetail; e: StudentEnrolment }> {
  const student = await me(s, input.userId);
  const row = await enrolmentWithTotals(s, student, input.classId, input.schoolId);
  // A student id that is not this enrolment's (a classmate's) reveals nothing either.
  if (input.studentId && input.studentId !== row.studentId) throw classNotFound();
  const user = student.user;
  const detail: StudentClassDetail = {
    classId: row.classId,
    classStatus: row.serviceStatus as ServiceStatus,
    teachingClassStatus: row.teachingClassStatus as TeachingClassStatus,
    title: row.className,
    classPeriodName: row.periodName,
    trainingStartTime: time(row.trainingStartAt),
    trainingEndTime: time(row.trainingEndAt),
    // 开班日期 (the header shows statusTime's date): the class's, as its staff set it (its expected
    // opening while it has one, else its training start), never the date of the student's own enrolment.
    statusTime: time(row.expectedOpenAt ?? row.trainingStartAt),
    studentId: row.studentId,
    learningGoal: row.learningGoal,
    activityTotal: await countClassActivities(s.db, row.tenantId, row.classId),
    classStudentTotal: row.classStudentTotal ?? 0,
    teacherName: row.teacherName,
    experience: row.experience === 1,
    visitCount: row.visitCount,
    personalityDataResultVO: { nickName: user.nickName, realName: user.realName, avatar: user.avatar },
  };
  const e: StudentEnrolment = {
    tenantId: row.tenantId,
    classId: row.classId,
    classStudentId: row.studentId,
    student: { tenantId: row.tenantId, studentId: row.schoolStudentId, user },
    row,
  };
  return { detail, e };
}

export async function increaseVisit(s: Scope, input: { classId: string; studentId: string; schoolId?: string | undefined }): Promise<number> {
  const student = await s.student();
  const row = await enrolment(s, student, input.classId, input.schoolId);
  if (input.studentId !== row.studentId) throw classNotFound();
  return countVisit(s, { tenantId: row.tenantId, classStudentId: row.studentId, student });
}

/** Counts one more visit of the enrolment to its class page; answers the new count. */
export async function countVisit(s: Scope, e: Pick<StudentEnrolment, 'tenantId' | 'classStudentId' | 'student'>): Promise<number> {
  const count = await repo.increaseVisit(s.db, e.tenantId, e.student.user.id, e.classStudentId);
  if (count === undefined) throw classNotFound();
  return count;
}

/**
 * A class's students (every one, the admitted, or the ones named) with their enrolment time and current period's
 * dates, and the period history of those who moved (oldest first; it may name students not asked for): what decides
 * which activities are each student's (learning/activities' membershipsIn, decision 051). One after the other: read
 * at once, the class page's calls (one student's) answered 5-8 % fewer a second on SQLite (decision 126).
 */
export async function enrolmentStints(s: Scope, input: { tenantId: string; classId: string; students?: ClassStudents | undefined }) {
  const students = input.students ?? 'all';
  const enrolments = await repo.listEnrolments(s.db, input.tenantId, input.classId, students);
  const history = await repo.listPeriodStints(s.db, input.tenantId, input.classId, students);
  return { enrolments, history };
}
export type { ClassStudents } from './classes.repository';
