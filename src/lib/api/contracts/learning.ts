import { post } from '../contract';
import type { Page, PageRequest } from '../../paging';

/**
 * The learner area's calls. The three paths the original product is known to use are served at
 * exactly those paths; the others live under /api/teaching/anyone and are written in
 * docs/api.md. Every call needs the Token header; the server answers only for the token's user,
 * in the school of the request, and only about classes that user is enrolled in.
 */

/** serviceStatus of a learner class: -1 pending admission … 3 service completed. */
export type ServiceStatus = -1 | 0 | 1 | 2 | 3;
/** teachingClassStatus: 0 not yet opened, 1 running, 2 another state. */
export type TeachingClassStatus = 0 | 1 | 2;

/** Times are 'YYYY-MM-DD HH:mm:ss' in China Standard Time, or null when not set. */
export interface LearnerClass {
  classId: string;
  className: string;
  classPeriodName: string | null;
  productName: string | null;
  serviceStatus: ServiceStatus;
  teachingClassStatus: TeachingClassStatus;
  teacherName: string | null;
  tenantId: string;
  trainingStartTime: string | null;
  trainingEndTime: string | null;
  periodTrainingStartTime: string | null;
  periodTrainingEndTime: string | null;
  teachingPlanCreatedTime: string | null;
  /** When a class not yet opened (teachingClassStatus 0) is expected to open, or null ('please wait patiently'). */
  expectedOpenTime: string | null;
  /** Everyone signed up; classStudentTotal: those admitted (serviceStatus other than -1). */
  signUpTotal: number;
  classStudentTotal: number;
}

/**
 * The student's classes (2.1). `userId` must be the token's user. The partner edition's
 * ignore-tenant variant (isKingDee) lists the user's classes in every school.
 */
export const studentClasses = post<{ userId: string; isKingDee?: boolean | undefined }, LearnerClass[]>(
  '/teaching/anyone/teachingClass/queryStudentClassAndPeriodList',
);

/** One class period of the school that the student is in (the period list of 2.1). */
export interface ClassPeriod {
  id: string;
  classId: string;
  className: string;
  classPeriodName: string;
  classPeriodType: number;
  periodTrainingStartTime: string | null;
  periodTrainingEndTime: string | null;
}

export interface PeriodQuery {
  classPeriodType: number;
  userId: string;
}

/** The period list (2.1): size 8. */
export const classPeriods = post<PageRequest<PeriodQuery>, Page<ClassPeriod>>('/search/anyTenant/class/queryTenantClassPeriodPage');

/**
 * Records that the student opened the class (the card click that opens the class page); idempotent. `schoolId`:
 * the card's school (only the partner edition lists other schools' classes).
 */
export const updateEnrolState = post<{ classId: string; userId: string; schoolId?: string | undefined }, null>('/product/app/classStudent/updateEnrolState');

/** The class page's header (2.2): the student's own view of one class. */
export interface StudentClassDetail {
  classId: string;
  classStatus: ServiceStatus;
  /**
   * The class's own state (0 not yet opened, 1 running, 2 another state): 2 is a class whose
   * teaching is over, so the class page shows only its past classes.
   */
  teachingClassStatus: TeachingClassStatus;
  title: string;
  classPeriodName: string | null;
  trainingStartTime: string | null;
  trainingEndTime: string | null;
  statusTime: string | null;
  studentId: string;
  learningGoal: string | null;
  activityTotal: number;
  classStudentTotal: number;
  /** The class teacher (班主任), or null. */
  teacherName: string | null;
  experience: boolean;
  /** The study visits before this visit (increaseVisit answers the new number). */
  visitCount: number;
  personalityDataResultVO: { nickName: string | null; realName: string | null; avatar: string | null };
}

export interface ClassRef {
  classId: string;
  /** The token's user; another user's id is refused. */
  userId: string;
}

export const studentClassDetail = post<ClassRef & { studentId?: string | undefined; schoolId?: string | undefined }, StudentClassDetail>(
  '/teaching/anyone/classStudent/detail',
);

/** Each visit to the class page counts; the answer is the new number, which the page shows. */
export const increaseVisit = post<{ classId: string; studentId: string; schoolId?: string | undefined }, number>('/teaching/anyone/classStudent/increaseVisit');
