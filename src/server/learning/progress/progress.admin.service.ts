import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { t } from '~/server/i18n';
import { pageOf, type Page } from '~/lib/paging';
import { sumDutyFigures, type DutyFigures } from '~/lib/learning/duties';
import { completionRate } from '~/lib/learning/progress';
import type { CourseProgress, ProgressFigures, ProgressSort, StudentProgress, StudentProgressDetail } from '~/lib/api/contracts/admin-progress';
import type { AdminClassStudent } from '~/lib/api/contracts/admin-classes';
import type { StaffActor } from '../../staff/accounts/sessions.service';
import { assertClassInScope, pageStudents } from '../classes/classes.admin.service';
import { courseDuties } from '../duties/duties.service';
import { classStudyTimes } from '../study/study.service';
import { csvFile } from '../../http/csv';
import { sortByStudy } from './progress.rules';
import { MINUTE } from '~/lib/time/cst';

/**
 * Study progress of a class's students for staff, read-only, through the class scope. There is
 * no second computation here: the study time is the study service's (the student card's figure),
 * the lessons finished and duty figures are the duties service's (the course statistics'), asked
 * for each student as the student's own screens ask for themselves. The list is sorted by study
 * time over the whole class, then paged.
 */

/** More students than any class has: the progress list reads the whole class to sort it. */
const WHOLE_CLASS = 100_000;

function figuresOf(f: DutyFigures): ProgressFigures {
  return {
    needLearnNumber: f.needLearnNumber,
    finishNeedLearnNumber: f.finishNeedLearnNumber,
    studyTime: f.studyTime,
    finishStudyTime: f.finishStudyTime,
    faceTeachingNumber: f.faceTeachingNumber,
    finishFaceTeachingNumber: f.finishFaceTeachingNumber,
    homeworkNumber: f.homeworkNumber,
    finishHomeworkNumber: f.finishHomeworkNumber,
    testNumber: f.testNumber,
    finishTestNumber: f.finishTestNumber,
  };
}

async function classStudents(s: Scope, actor: StaffActor, classId: string): Promise<AdminClassStudent[]> {
  return (await pageStudents(s, actor, classId, { current: 1, size: WHOLE_CLASS })).records;
}

async function progressOf(s: Scope, tenantId: string, classId: string, st: AdminClassStudent, studied: Map<string, number>): Promise<StudentProgress> {
  const duties = await courseDuties(s, { tenantId, classId, classStudentId: st.id });
  return {
    studentId: st.id,
    name: st.name,
    mobile: st.mobile,
    periodName: st.periodName,
    serviceStatus: st.serviceStatus,
    studyDuration: studied.get(st.id) ?? 0,
    ...figuresOf(sumDutyFigures(duties.map((d) => d.figures))),
  };
}

async function sorted(s: Scope, actor: StaffActor, classId: string, sort: ProgressSort) {
  const [students, studied] = await Promise.all([classStudents(s, actor, classId), classStudyTimes(s, { tenantId: actor.tenant.id, classId })]);
  return { students: sortByStudy(students, studied, sort), studied };
}

export async function pageProgress(
  s: Scope,
  actor: StaffActor,
  q: { classId: string; current: number; size: number; sort?: ProgressSort | undefined },
): Promise<Page<StudentProgress>> {
  await assertClassInScope(s, actor, q.classId);
  const { students, studied } = await sorted(s, actor, q.classId, q.sort ?? 'studyDesc');
  const page = students.slice((q.current - 1) * q.size, q.current * q.size);
  const records = await Promise.all(page.map((st) => progressOf(s, actor.tenant.id, q.classId, st, studied)));
  return pageOf(records, students.length, q.current, q.size);
}

export async function studentDetail(s: Scope, actor: StaffActor, q: { classId: string; studentId: string }): Promise<StudentProgressDetail> {
  await assertClassInScope(s, actor, q.classId);
  const [students, studied] = await Promise.all([classStudents(s, actor, q.classId), classStudyTimes(s, { tenantId: actor.tenant.id, classId: q.classId })]);
  const st = students.find((x) => x.id === q.studentId);
  if (!st) throw AppError.notFound(t('classes.studentNotFound'));
  const duties = await courseDuties(s, { tenantId: actor.tenant.id, classId: q.classId, classStudentId: st.id });
  const courses: CourseProgress[] = duties.map((d) => ({
    courseId: d.course.id,
    courseName: d.course.name,
    learnProcess: completionRate(d.figures.finishNeedLearnNumber, d.figures.needLearnNumber),
    ...figuresOf(d.figures),
  }));
  return { student: await progressOf(s, actor.tenant.id, q.classId, st, studied), courses };
}

const minutes = (ms: number) => Math.floor(ms / MINUTE);

/** The class's progress as a CSV file (UTF-8 with BOM, formulas guarded): every student, most study time first. */
export async function exportProgress(s: Scope, actor: StaffActor, classId: string): Promise<{ text: string; className: string }> {
  const c = await assertClassInScope(s, actor, classId);
  const { students, studied } = await sorted(s, actor, classId, 'studyDesc');
  const rows: StudentProgress[] = [];
  for (const st of students) rows.push(await progressOf(s, actor.tenant.id, classId, st, studied));
  const header = [
    'name',
    'mobile',
    'period',
    'study',
    'lessonsDone',
    'lessons',
    'videoDone',
    'video',
    'faceDone',
    'face',
    'homeworkDone',
    'homework',
    'testDone',
    'test',
  ].map((k) => t(`progress.csv.${k}` as Parameters<typeof t>[0]));
  const text = csvFile(
    header,
    rows.map((r) => [
      r.name,
      r.mobile,
      r.periodName,
      minutes(r.studyDuration),
      r.finishNeedLearnNumber,
      r.needLearnNumber,
      minutes(r.finishStudyTime),
      minutes(r.studyTime),
      r.finishFaceTeachingNumber,
      r.faceTeachingNumber,
      r.finishHomeworkNumber,
      r.homeworkNumber,
      r.finishTestNumber,
      r.testNumber,
    ]),
  );
  return { text, className: c.row.name };
}
