import { get, post } from '../contract';
import type { Page } from '../../paging';
import type { ClassTeacherRole, CsvRefusal } from '../../learning/class-admin';

/**
 * The staff side of classes (/api/admin/classes...): administrators create, edit, end and delete
 * classes and link their teachers; a class's head teacher runs its periods and students; every
 * other teacher of the class reads them. A teacher reaches only the classes they are linked to:
 * any other class is "not found" (404), exactly as one that does not exist. Every call goes
 * through the staff gate (session, CSRF, role) by its name. Dates are China Standard Time days
 * (YYYY-MM-DD); times in answers are epoch ms.
 */

export interface AdminClassQuery {
  current?: number;
  size?: number;
  /** Part of the class name. */
  name?: string;
  teachingClassStatus?: number;
  /** 1: experience-mode classes only, 0: the others. */
  experience?: number;
}

export interface ClassTeacher {
  accountId: string;
  name: string;
  role: ClassTeacherRole;
}

export interface AdminClassSummary {
  id: string;
  name: string;
  productName: string | null;
  teachingClassStatus: number;
  experience: boolean;
  trainingStartAt: number | null;
  trainingEndAt: number | null;
  /** The head teacher's name (what the learner area shows), or null. */
  teacherName: string | null;
  studentCount: number;
  periodCount: number;
}

export interface AdminClass extends AdminClassSummary {
  expectedOpenAt: number | null;
  learningGoal: string | null;
  teachers: ClassTeacher[];
  /** What the signed-in person may do in this class (the server enforces the same). */
  may: { edit: boolean; manageStudents: boolean };
}

export interface ClassInput {
  /** Absent: a new class. */
  id?: string;
  name: string;
  productName?: string | null;
  teachingClassStatus: number;
  /** YYYY-MM-DD, China Standard Time; blank: none. */
  trainingStart?: string | null;
  trainingEnd?: string | null;
  expectedOpen?: string | null;
  experience: boolean;
  learningGoal?: string | null;
  /** At most one head teacher; an account at most once. */
  teachers: { accountId: string; role: ClassTeacherRole }[];
}

export interface ClassEnded {
  class: AdminClass;
  /** Students whose service status became completed. */
  completed: number;
}

/** A staff account that may teach a class (a teacher or an administrator of the school, active). */
export interface TeacherOption {
  accountId: string;
  name: string;
  role: string;
}

export interface AdminPeriod {
  id: string;
  classPeriodType: number;
  name: string;
  startAt: number | null;
  endAt: number | null;
  studentCount: number;
}

export interface PeriodInput {
  /** Absent: a new period. */
  periodId?: string;
  classPeriodType: number;
  name: string;
  start?: string | null;
  end?: string | null;
}

export interface AdminStudentQuery {
  current?: number;
  size?: number;
  /** Part of the name or of the mobile. */
  keyword?: string;
  periodId?: string;
  serviceStatus?: number;
}

export interface AdminClassStudent {
  /** The enrolment's id (the learner calls' studentId). */
  id: string;
  userId: string;
  name: string;
  /** Full for administrators and the class's head teacher, masked (138****5678) for other teachers. */
  mobile: string;
  /** The student's id in the school. */
  schoolStudentId: string;
  /** The school's 学号 (000042), shown on the roster (decision 078). */
  studentNo: string;
  periodId: string | null;
  periodName: string | null;
  serviceStatus: number;
  enrolledAt: number;
  /** Lesson records, attempts and attendance: a student with any is not removed. */
  studyRecords: number;
}

export interface EnrolInput {
  mobile: string;
  /** The name of a student not yet known to the portal. */
  name?: string | null;
  periodId?: string | null;
}

export interface Enrolled {
  student: AdminClassStudent;
  /** false: the student was in the class already (nothing changed). */
  added: boolean;
  /** true: the mobile was new to the portal and a user was created. */
  userCreated: boolean;
}

/** A class the reader may enrol students in now (not over; a teacher's: head teacher only), with its periods. */
export interface EnrolmentClass {
  id: string;
  name: string;
  periods: { id: string; name: string }[];
}

export interface StudentStatusInput {
  studentId: string;
  serviceStatus: number;
}

export interface StudentMoveInput {
  studentId: string;
  /** The period the screen showed (null: none): the move is refused if it changed meanwhile. */
  fromPeriodId: string | null;
  toPeriodId: string;
}

export interface ImportInput {
  /** The file's text (the screen decodes UTF-8 with or without BOM, or GBK). */
  csv: string;
  /** false: a dry run that only reports; true: enrol the good rows. */
  apply: boolean;
}

export type ImportOutcome = 'added' | 'exists' | 'refused';

export interface ImportRow {
  line: number;
  mobile: string;
  name: string;
  period: string;
  /** Dry run: 'added' means it would be added. */
  outcome: ImportOutcome;
  reason?: CsvRefusal;
  /** The reason in words. */
  message?: string;
}

export interface ImportReport {
  applied: boolean;
  rows: ImportRow[];
  counts: { added: number; exists: number; refused: number };
}

export const adminClasses = get<AdminClassQuery, Page<AdminClassSummary>>('/admin/classes');
export const adminClassGet = get<Record<string, never>, AdminClass>('/admin/classes/:id');
export const adminClassSave = post<ClassInput, AdminClass>('/admin/classes/save');
export const adminClassEnd = post<Record<string, never>, ClassEnded>('/admin/classes/:id/end');
export const adminClassDelete = post<Record<string, never>, null>('/admin/classes/:id/delete');
export const adminClassTeacherOptions = get<Record<string, never>, TeacherOption[]>('/admin/classTeachers');
export const adminClassPeriods = get<Record<string, never>, AdminPeriod[]>('/admin/classes/:id/periods');
export const adminClassPeriodSave = post<PeriodInput, AdminPeriod>('/admin/classes/:id/periods/save');
export const adminClassPeriodDelete = post<{ periodId: string }, null>('/admin/classes/:id/periods/delete');
export const adminClassStudents = get<AdminStudentQuery, Page<AdminClassStudent>>('/admin/classes/:id/students');
export const adminClassEnrol = post<EnrolInput, Enrolled>('/admin/classes/:id/students/enrol');
export const adminClassStudentStatus = post<StudentStatusInput, AdminClassStudent>('/admin/classes/:id/students/status');
export const adminClassStudentMove = post<StudentMoveInput, AdminClassStudent>('/admin/classes/:id/students/move');
export const adminClassStudentRemove = post<{ studentId: string }, null>('/admin/classes/:id/students/remove');
export const adminClassImport = post<ImportInput, ImportReport>('/admin/classes/:id/students/import');
