import { get } from '../contract';
import type { Page } from '../../paging';

/**
 * Study progress of a class's students for staff (/api/admin/progress...), read-only, through the
 * class scope (a class the person does not reach is "not found"). Every figure is the one the
 * student's own screens show, computed by the same services: the study time of the student card,
 * the required lessons finished and the duty figures of the course statistics. Times are ms.
 */

export const PROGRESS_SORTS = ['studyDesc', 'studyAsc'] as const;
export type ProgressSort = (typeof PROGRESS_SORTS)[number];

export interface ProgressQuery {
  classId: string;
  current?: number;
  size?: number;
  /** Default: the most study time first. */
  sort?: ProgressSort;
}

/** The duty figures of one course, or of all the class's courses added up. */
export interface ProgressFigures {
  /** Required lessons, and those finished (by the duties' rule). */
  needLearnNumber: number;
  finishNeedLearnNumber: number;
  /** Required video and audio time, and the part credited (ms). */
  studyTime: number;
  finishStudyTime: number;
  faceTeachingNumber: number;
  finishFaceTeachingNumber: number;
  homeworkNumber: number;
  finishHomeworkNumber: number;
  testNumber: number;
  finishTestNumber: number;
}

export interface StudentProgress extends ProgressFigures {
  /** The enrolment's id (the learner calls' studentId). */
  studentId: string;
  name: string;
  /** Full for administrators and the head teacher, masked for other teachers. */
  mobile: string;
  periodName: string | null;
  serviceStatus: number;
  /** Study time credited in the class's lessons (ms): the student card's figure. */
  studyDuration: number;
}

export interface CourseProgress extends ProgressFigures {
  courseId: string;
  courseName: string;
  /** Required lessons finished, as a capped percentage (the course page's figure). */
  learnProcess: number;
}

export interface StudentProgressDetail {
  student: StudentProgress;
  courses: CourseProgress[];
}

export const adminProgress = get<ProgressQuery, Page<StudentProgress>>('/admin/progress');
export const adminProgressStudent = get<{ classId: string; studentId: string }, StudentProgressDetail>('/admin/progress/student');
/** The class's progress as a CSV file (UTF-8 with BOM), every student, most study time first. */
export const adminProgressExport = get<{ classId: string }, string>('/admin/progress/export');
