import { get, post } from '../contract';
import type { Page } from '../../paging';
import type { EnrolmentClass } from './admin-classes';

/**
 * 学员管理 (/api/admin/students...): the school's students (users bound to the school), for its
 * administrators and teachers. A teacher reaches only the students of the classes they teach: any
 * other student is "not found" (404), as one that does not exist. Only administrators change a
 * student (name and mobile, 停用/启用, 强制下线); each change is audited with the student's name.
 * Times are epoch ms.
 */

/** A student's state in the school: 1 正常, 0 已停用 (a disabled student cannot sign in to the school). */
export const SCHOOL_STUDENT_STATUS = { disabled: 0, active: 1 } as const;
export type SchoolStudentStatus = (typeof SCHOOL_STUDENT_STATUS)[keyof typeof SCHOOL_STUDENT_STATUS];

/** The most students one CSV file holds; a larger search is refused (narrow it). */
export const STUDENT_EXPORT_MAX = 10_000;
/** The longest name a student may be given. */
export const STUDENT_NAME_MAX = 40;

export interface AdminStudentQuery {
  current?: number;
  size?: number;
  /** Part of the name or of the mobile. */
  q?: string;
}

export interface AdminStudent {
  /** The user's id. */
  id: string;
  name: string;
  /** Full for administrators, masked (138****5678) for teachers. */
  mobile: string;
  /** The student's id in the school (a long id; screens show studentNo). */
  studentId: string;
  /** The school's own 学号 (000042: formatStudentNo). */
  studentNo: string;
  /** The 证件号码 on the student's record, masked (110101********1234); null when the school has none. */
  idNumber: string | null;
  /** Classes of the student the reader reaches (a teacher: their own classes). */
  classCount: number;
  status: SchoolStudentStatus;
  /** When the student joined the school. */
  joinedAt: number;
}

export interface AdminStudentClass {
  classId: string;
  className: string;
  /** The enrolment's id (the class screen's studentId). */
  enrolmentId: string;
  serviceStatus: number;
  /** The assessment result: 0 not assessed, 1 passed, 2 failed. */
  evaluateStatus: number;
  /** Required lessons of the class's courses, and those finished. */
  needLearnNumber: number;
  finishNeedLearnNumber: number;
  enrolledAt: number;
}

/** One attempt at a homework or test: status 0 answering, 1 handed in (waiting to be marked), 2 marked. */
export interface AdminStudentAttempt {
  id: string;
  workId: string | null;
  /** The work's title (empty when the work is gone). */
  workTitle: string;
  classId: string;
  className: string;
  status: number;
  /** Only once marked (status 2); null before. */
  score: number | null;
  startedAt: number;
  submittedAt: number | null;
}

export interface AdminStudentCertificate {
  kind: 'skill' | 'training';
  id: string;
  number: string;
  /** The training product's or the profession's name. */
  name: string;
  revoked: boolean;
  issuedAt: number;
}

/** The most attempts a student's page lists (newest first). */
export const STUDENT_ATTEMPTS_SHOWN = 100;

export interface AdminStudentDetail extends AdminStudent {
  classes: AdminStudentClass[];
  /** Attempts in the classes listed, newest first, at most STUDENT_ATTEMPTS_SHOWN. */
  attempts: AdminStudentAttempt[];
  /** Training certificates of the classes listed; for administrators, every certificate issued to the student's mobile too. */
  certificates: AdminStudentCertificate[];
  /** Whether the reader may change the student (administrators). */
  mayManage: boolean;
}

export interface StudentEdit {
  name: string;
  mobile: string;
}

export interface StudentIdNumberEdit {
  /** 15 digits, or 17 digits and a check digit or X; '' clears it. */
  idNumber: string;
}

/** The most students one bulk enrolment takes (a page of the list at its largest). */
export const BULK_ENROL_MAX = 100;

export interface BulkEnrolInput {
  /** Users' ids (the list's `id`), each once; at most BULK_ENROL_MAX. */
  userIds: string[];
  classId: string;
  /** A period of the class, or none. */
  periodId?: string | null;
}

/** A student named in a bulk enrolment's answer. */
export interface EnrolledStudent {
  id: string;
  name: string;
}

export interface BulkEnrolResult {
  className: string;
  /** Enrolled by this call. */
  added: EnrolledStudent[];
  /** In the class already: nothing changed for them. */
  already: EnrolledStudent[];
}

export const adminStudents = get<AdminStudentQuery, Page<AdminStudent>>('/admin/students');
/** The search's students as a CSV file (UTF-8 with BOM, formulas guarded), newest first. */
export const adminStudentsExport = get<Omit<AdminStudentQuery, 'current' | 'size'>, string>('/admin/students/export');
export const adminStudentGet = get<Record<string, never>, AdminStudentDetail>('/admin/students/:id/detail');
/** A taken mobile (another user's) is refused with a message and nothing changes. */
export const adminStudentSave = post<StudentEdit, AdminStudentDetail>('/admin/students/:id/save');
/** 停用 (0) or 启用 (1) in this school only; disabling also ends the student's sessions here. */
export const adminStudentStatus = post<{ status: SchoolStudentStatus }, AdminStudentDetail>('/admin/students/:id/status');
/** The 证件号码 on the student's record (administrators; audited masked); '' clears it. A wrong one is refused and nothing changes. */
export const adminStudentIdNumber = post<StudentIdNumberEdit, AdminStudentDetail>('/admin/students/:id/idNumber');
/** 强制下线: every session of the student in this school ends. */
export const adminStudentSignOut = post<Record<string, never>, { ended: number }>('/admin/students/:id/signOut');
/** The classes the reader may enrol students in now, with their periods (the bulk enrolment's and a lead's choice). */
export const adminStudentEnrolClasses = get<Record<string, never>, EnrolmentClass[]>('/admin/students/enrolClasses');
/** Enrols the chosen students in one class, in one transaction; those in it already are reported, never enrolled twice. */
export const adminStudentsEnrol = post<BulkEnrolInput, BulkEnrolResult>('/admin/students/enrol');
