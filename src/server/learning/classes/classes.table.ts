import type { Selectable } from 'kysely';

/** Migration 20261123T1100_learning. Times are epoch ms. */

/** A school's teaching class (what my learning's cards and the class page's header show). */
export interface TeachingClassTable {
  id: string;
  tenantId: string;
  name: string;
  productName: string | null;
  /** 0 not yet opened, 1 running, 2 another state. */
  teachingClassStatus: number;
  trainingStartAt: number | null;
  trainingEndAt: number | null;
  /** The class teacher (班主任). */
  teacherName: string | null;
  teacherAvatar: string | null;
  learningGoal: string | null;
  /** 1: experience mode. */
  experience: number;
  /** When a class not yet opened is expected to open, or null. */
  expectedOpenAt: number | null;
  teachingPlanCreatedAt: number | null;
  createdAt: number;
}
export type TeachingClass = Selectable<TeachingClassTable>;

export interface ClassPeriodTable {
  id: string;
  tenantId: string;
  classId: string;
  classPeriodType: number;
  name: string;
  startAt: number | null;
  endAt: number | null;
  createdAt: number;
}
export type ClassPeriodRow = Selectable<ClassPeriodTable>;

/**
 * Migration 20261206T1900_class_totals (decision 124): a class's numbers of students, kept by the database's triggers
 * on class_students and teaching_classes; the code only reads them.
 */
export interface ClassTotalsTable {
  classId: string;
  /** Everyone signed up to the class. */
  signUpTotal: number;
  /** Those admitted: a service status other than pending admission. */
  admittedTotal: number;
}

/** One student's enrolment in a class; its id is the learner calls' studentId. */
export interface ClassStudentTable {
  id: string;
  tenantId: string;
  classId: string;
  userId: string;
  /** The user's student id in the school (user_tenants.student_id). */
  schoolStudentId: string;
  periodId: string | null;
  /** -1 pending admission, 0 pending start, 1 pending check-in, 2 in service, 3 completed. */
  serviceStatus: number;
  /** When the student first opened the class from my learning, or null. */
  enrolStateAt: number | null;
  visitCount: number;
  statusAt: number | null;
  /** The assessment result: 0 not assessed, 1 passed, 2 failed. Migration 20261123T1200. */
  evaluateStatus: number;
  createdAt: number;
}
export type ClassStudent = Selectable<ClassStudentTable>;

/**
 * A period a student was in before a move, or the one they moved into (migration
 * 20261128T1931_class_student_periods; decision 051). Until null: still there. A student never moved has none.
 */
export interface ClassStudentPeriodTable {
  id: string;
  tenantId: string;
  classId: string;
  classStudentId: string;
  periodId: string | null;
  fromAt: number;
  untilAt: number | null;
  createdAt: number;
}

/** A staff account teaching a class, with its role there (migration 20261125T1720_class_teachers). */
export interface ClassTeacherTable {
  id: string;
  tenantId: string;
  classId: string;
  accountId: string;
  /** CLASS_TEACHER_ROLE: 'head' 班主任, 'course' 课程老师, 'tutor' 辅导老师. */
  role: string;
  createdAt: number;
}
