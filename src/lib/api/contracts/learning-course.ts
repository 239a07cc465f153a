import { post } from '../contract';
import type { DutyFigures } from '../../learning/duties';
import type { RequirementBar } from '../../learning/requirements';
import type { CourseTab, TreeChapter } from '../../learning/course';

/**
 * The course detail page's calls: the course, the student's
 * situation in it, the duty statistics, the lessons grouped by content tab, and the launch of a
 * third-party platform course. Every call needs the Token header and names the class and the
 * student's own class student id; the course must be one the class teaches. Times are
 * 'YYYY-MM-DD HH:mm:ss' (China Standard Time) or null; durations and positions are ms.
 */

export interface CourseRef {
  courseId: string;
  classId: string;
  /** The token's user's class student id in that class. */
  classStudentId: string;
  /** The token's user, when given; another user's id is refused (403). */
  userId?: string | undefined;
}

/** One introduction block: 0 introduction, 1 teacher, 3 supporting materials, 4 quality service. */
export interface CourseIntroduce {
  introduceType: 0 | 1 | 3 | 4;
  teacherName: string | null;
  teacherHeadUrl: string | null;
  /** t_kcls course teacher, t_fdls tutor. */
  roleCode: string | null;
  outline: string | null;
  describe: string | null;
}

export interface CourseDetail {
  courseId: string;
  courseName: string;
  cover: string | null;
  introduce: string | null;
  courseType: number | null;
  /** 0 face-to-face, 1 online, other mixed. */
  courseNature: number;
  /** JSON text, or null. */
  courseContent: string | null;
  /** null: not open yet (请联系班主任开通课程). */
  learningUrl: string | null;
  thirdPlatformType: number | null;
  /** 0 internal, else a third-party platform. */
  learningPlatform: number;
  /** This site is connected to the third-party platform; false: a third-party course cannot be entered (courseEntry). */
  platformReady: boolean;
  /** The class's learning window for the course. */
  learnStartTime: string | null;
  learnEndTime: string | null;
  introduceDetailList: CourseIntroduce[];
}

export const courseDetail = post<CourseRef, CourseDetail>('/teaching/anyone/course/detail');

/** One lesson as the student sees it (a line of the content tabs, the 'last learned' card). */
export interface CourseLesson {
  classroomId: string;
  name: string;
  /** 1 video … 11 face-to-face (CLASSROOM_TYPE). */
  classroomType: number;
  /** 1 required, else elective. */
  mustLearn: number;
  sectionId: string | null;
  chapterName: string | null;
  nodeName: string | null;
  classroomDuration: number;
  /**
   * Homework / test lessons with their work in this class: its time limit in minutes (null: 不限时),
   * shown instead of the lesson's length. null for every other lesson.
   */
  workTimeLimit: { unitTime: number | null } | null;
  /** Percent 0..100 credited, or null when never studied. */
  learnProcess: number | null;
  /** The last position (ms), or null. */
  lastStudyTime: number | null;
  /** Study time credited (ms), or null. */
  learningDuration: number | null;
  /** The lesson is complete for the student (studied to its target, handed in, or attended). */
  finished: boolean;
  /** Homework / test: an attempt was handed in. */
  submitted: boolean;
  /** Face-to-face: the student signed in to one of the class's sessions of it. */
  attended: boolean;
  /** Live lessons: status 0 not started, 1 live, 2 replay generating, else replay; and the class time. */
  courseLiveClassroomResultVO: { liveStatus: number | null; classStartTime: string | null; classEndTime: string | null } | null;
  /** Face-to-face lessons: where and when. */
  offlineClassroomResultVO: { position: string | null; address: string | null; classStartTime: string | null; classEndTime: string | null } | null;
}

export interface CourseSituation {
  /** The student's completion of the class's required lessons (every course), percent. */
  classLearnProcess: number;
  /** The student's completion of this course's required lessons, percent. */
  courseLearnProcess: number;
  /**
   * Students of the class taking part in the course (a study record, a sign-in or submitted work),
   * the class page's countResultVO.studyNumber.
   */
  studyUserCount: number;
  /** Students of the class who completed every required lesson of the course. */
  finishUserCount: number;
  lastClassroomName: string | null;
  lastClassroomId: string | null;
  classroomTotal: number;
  finishClassroomTotal: number;
  learnStartTime: string | null;
  learnEndTime: string | null;
  /** The lesson studied last, or null when none yet. */
  lastClassroomResultVO: CourseLesson | null;
}

export const courseSituation = post<CourseRef, CourseSituation>('/teaching/anyone/course/studentSituation');

/** The course's duty statistics, with its targets (resultMap holds the non-zero ones). */
export interface CourseStatistics extends DutyFigures {
  dutyRuleResultVOS: { dutyType: string; targetValue: number }[];
  /** The requirements the page shows, the same list as the class page's course (requirements.ts). */
  requirements: RequirementBar[];
}

export const courseStatistics = post<CourseRef & { evaluateType?: 'ACTIVITY' | undefined }, CourseStatistics>('/teaching/anyone/course/learningStatistics');

export type CourseChapterTree = TreeChapter<CourseLesson>[];

/** Lessons grouped by content tab (全部 and the five content types); an empty tab is []. */
export interface CourseChapters {
  coursewareTypeChapterMap: Record<CourseTab, CourseChapterTree>;
}

/** studentId is the class student id, as in the spec's call. */
export const courseChaptersByType = post<{ classId: string; courseId: string; studentId: string; userId?: string | undefined }, CourseChapters>(
  '/teaching/anyone/course/chaptersByType',
);

/**
 * Opens a third-party platform course: the server syncs the user to the platform, gets a
 * single-sign-on code and asks for the classroom URL (classroomCode: the course's class code,
 * type 'S', backUrl: the page to come back to, on this site). Answer: the URL to open.
 */
export const launchThirdParty = post<CourseRef & { backUrl: string }, { url: string }>('/teaching/anyone/course/thirdParty/launch');
