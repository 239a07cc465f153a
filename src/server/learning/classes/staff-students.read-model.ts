import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { containing, pageFrom, type PageWindow } from '../../db/paging';
import { whereEqual } from '../../db/clauses';

/**
 * The staff's list of a class's students, in one query per page: each enrolment with its user's
 * mobile and names (searched by keyword) and the count of study records removing it would destroy.
 * Every query names the school and the class.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['users', 'userTenants', 'lessonRecords', 'workAttempts', 'activityAttendance'] as const;

/**
 * Lesson records, hand-ins and attendance of an enrolment: what removing it would destroy. Each count names the school,
 * so that the student's own index of each table answers it: without it SQLite read the hand-ins and sign-ins of every
 * school once a student shown (50–92 ms for a page of 20 beside 28,000 attempts and 50,000 sign-ins; decision 132).
 */
const studyRecords = sql<number>`(select count(*) from lesson_records lr where lr.tenant_id = cs.tenant_id and lr.class_student_id = cs.id)
  + (select count(*) from work_attempts wa where wa.tenant_id = cs.tenant_id and wa.class_student_id = cs.id)
  + (select count(*) from activity_attendance aa where aa.tenant_id = cs.tenant_id and aa.class_student_id = cs.id)`;

function students(db: DB, tenantId: string, classId: string) {
  return (
    db
      .selectFrom('classStudents as cs')
      .innerJoin('users as u', 'u.id', 'cs.userId')
      // The school's 学号 of the student (decision 078).
      .leftJoin('userTenants as ut', (j) => j.onRef('ut.userId', '=', 'cs.userId').onRef('ut.tenantId', '=', 'cs.tenantId'))
      .leftJoin('classPeriods as p', (j) => j.onRef('p.id', '=', 'cs.periodId').onRef('p.tenantId', '=', 'cs.tenantId'))
      .$call(whereEqual({ 'cs.tenantId': tenantId, 'cs.classId': classId }))
  );
}

const STUDENT_COLUMNS = [
  'cs.id',
  'cs.userId',
  'cs.schoolStudentId',
  'cs.periodId',
  'cs.serviceStatus',
  'cs.createdAt',
  'u.mobile',
  'u.realName',
  'u.nickName',
  'ut.studentNo',
  'p.name as periodName',
] as const;

export function pageStudents(
  db: DB,
  tenantId: string,
  classId: string,
  f: { keyword?: string | undefined; periodId?: string | undefined; serviceStatus?: number | undefined },
  w: PageWindow,
) {
  let filtered = students(db, tenantId, classId);
  if (f.keyword) {
    const like = containing(f.keyword);
    filtered = filtered.where((eb) => eb.or([eb('u.mobile', 'like', like), eb('u.realName', 'like', like), eb('u.nickName', 'like', like)]));
  }
  if (f.periodId) filtered = filtered.where('cs.periodId', '=', f.periodId);
  if (f.serviceStatus !== undefined) filtered = filtered.where('cs.serviceStatus', '=', f.serviceStatus);
  const rows = filtered.select(STUDENT_COLUMNS).select(studyRecords.as('studyRecords')).orderBy('cs.createdAt', 'desc').orderBy('cs.id', 'desc');
  return pageFrom(w, rows, filtered);
}

export function findStudent(db: DB, tenantId: string, classId: string, id: string) {
  return students(db, tenantId, classId).select(STUDENT_COLUMNS).select(studyRecords.as('studyRecords')).where('cs.id', '=', id).executeTakeFirst();
}
export type StudentRow = NonNullable<Awaited<ReturnType<typeof findStudent>>>;

/** The enrolment in the class of the user with this mobile, or undefined (a dry run's "already there"). */
export function studentByMobile(db: DB, tenantId: string, classId: string, mobile: string) {
  return db
    .selectFrom('classStudents as cs')
    .innerJoin('users as u', 'u.id', 'cs.userId')
    .select('cs.id')
    .$call(whereEqual({ 'cs.tenantId': tenantId, 'cs.classId': classId, 'u.mobile': mobile }))
    .executeTakeFirst();
}
