import { post } from '../contract';
import type { Page, PageRequest } from '../../paging';
import type { RequirementBar } from '../../learning/requirements';
import type { StudentClassDetail } from './learning';

/**
 * The class page's calls: the student card's statistics, today's
 * and past activities, the activity dynamics and the class's courses. Every call needs the Token
 * header and answers only about the token's user's own enrolment in the class (docs/api.md,
 * "Learner area: the class page"). `studentId` is the class student id the class detail answered;
 * `schoolId` is the class's school (other than the request's only in the partner edition).
 * Times are 'YYYY-MM-DD HH:mm:ss' in China Standard Time; durations are milliseconds.
 */

interface ClassStudentRef {
  classId: string;
  studentId: string;
  schoolId?: string | undefined;
}

interface ClassUserRef {
  classId: string;
  /** The token's user; another user's id is refused (403). */
  userId: string;
  schoolId?: string | undefined;
}

/** The student card's completion, durations and assessment. */
export interface UserStudySituation {
  /** Finished required activities ÷ required activities, percent, capped at 100, at most two decimals. */
  finishActivityRate: number;
  /** Study time credited in the class's lessons ('2小时5分钟'), or null when none. */
  studyDurationStr: string | null;
  studyDuration: number;
  /** Time spent answering submitted homework and tests, or null when none. */
  answerDurationStr: string | null;
  answerDuration: number;
  /** 0 not assessed, 1 passed, otherwise failed. */
  evaluateStatus: number;
}

export const userStudySituation = post<ClassStudentRef, UserStudySituation>('/teaching/anyone/classStudent/userStudySituation');

export interface BehaviourCount {
  /** The student's sign-ins to the class's activities. */
  classroomAttendanceTotal: number;
  /** The student's questions (dynamics of type 2). */
  questionCount: number;
  /** Always 0: the classmate circle is a mobile-app feature, not open on the desktop. */
  classmateCircleCount: number;
  /** The class's activities. */
  activityTotal: number;
}

export const studentBehaviourCount = post<ClassStudentRef & { userId: string }, BehaviourCount>('/teaching/anyone/classStudent/behaviourCount');

/** One course of the class with the student's duty figures. */
export interface ClassStudentCourse {
  courseId: string;
  courseName: string;
  cover: string | null;
  /** 0 face-to-face, 1 online, other mixed. */
  courseNature: number;
  thirdPlatformType: number | null;
  /** 0 internal, else a third-party platform. */
  learningPlatform: number;
  learningUrl: string | null;
  courseClassCode: string | null;
  learnStartTime: string | null;
  learnEndTime: string | null;
  introduce: string | null;
  faceTeachingNumber: number;
  finishFaceTeachingNumber: number;
  /** Study time of the required video and audio lessons, and the part credited (ms). */
  needStudyDuration: number;
  finishedStudyDuration: number;
  testNumber: number;
  finishTestNumber: number;
  homeworkNumber: number;
  finishHomeworkNumber: number;
  /**
   * What the course asks and how far the student is (its duties with a non-zero target), the same
   * list the course page's learningStatistics answers (src/lib/learning/requirements.ts).
   */
  requirements: RequirementBar[];
  /**
   * studyNumber: the class's students taking part in the course (a study record, a sign-in or
   * submitted work), the course page's studyUserCount.
   */
  countResultVO: { studyNumber: number };
}

export const studentCourseStatistic = post<ClassStudentRef, { classStudentCourseResultVOS: ClassStudentCourse[] }>(
  '/teaching/anyone/classStudent/courseStatistic',
);

export interface UserStatistic {
  /** Study time credited in the class's lessons (ms). */
  effectiveLearningDuration: number;
  /** The student's visits to the class page. */
  interviewClassNum: number;
}

export const studentUserStatistic = post<ClassStudentRef, UserStatistic>('/teaching/anyone/classStudent/userStatistic');

/** One class dynamic: what a student did. */
export interface ActivityDynamic {
  id: string;
  activityId: string | null;
  avatar: string | null;
  /** The real name, else the nickname. */
  realName: string;
  content: string | null;
  /** 0 check-in, 1 check-out, 2 question, 3 reply, 4 note published, 5 classroom rating. */
  type: number;
  createdTime: string;
}

/** An activity of the class as the student sees it. */
export interface ClassActivityItem {
  id: string;
  activityId: string;
  activityName: string;
  /** 1 required, else elective. */
  isRequired: number;
  /** 1 online, 2 offline. */
  onlineType: number;
  /** 0 pending, 1 missed, 2 attended (shown only for required ones). */
  classActivityStatus: 0 | 1 | 2;
  startTime: string;
  endTime: string;
  /** The course. */
  extendId: string | null;
  courseName: string | null;
  bizType: string | null;
  position: string | null;
  address: string | null;
  classroomId: string | null;
  classroomName: string | null;
  /** The lesson's type (6 homework and 7 test open their own pages). */
  classroomType: number | null;
  /** 1 finished, 0 not yet. */
  finStatus: 0 | 1;
  signInTime: string | null;
  signOutTime: string | null;
}

export interface TodayActivity extends ClassActivityItem {
  /** The activity's latest dynamics, newest first. */
  dynamic: ActivityDynamic[];
}

/** Today's activities (today's China Standard Time day), earliest first. */
export const todayActivities = post<ClassUserRef, { activityResultVOList: TodayActivity[] }>('/teaching/anyone/classActivity/todayActivities');

export interface PastActivitySum {
  totalNum: number;
  /** Required and missed. */
  absenceNum: number;
  /** Required and attended. */
  attendanceNum: number;
  /** Not required. */
  electiveNum: number;
}

/** Sums of the activities that started before today. */
export const pastActivitySum = post<ClassUserRef, PastActivitySum>('/teaching/anyone/classActivity/pastActivitySum');

export interface PastActivityModel {
  classId: string;
  userId: string;
  schoolId?: string | undefined;
  /** 0 pending, 1 missed, 2 attended. */
  classActivityStatus?: 0 | 1 | 2 | undefined;
  /** 1 required, 0 elective. */
  isRequired?: 0 | 1 | undefined;
}

/** A page of past activities, latest first; size 6, 9 or 12 (default 6). */
export const pastActivityPage = post<PageRequest<PastActivityModel, 'id'>, Page<ClassActivityItem>>('/teaching/anyone/classActivity/pastActivityPage');

export interface DynamicModel {
  classId: string;
  /** Only this activity's dynamics (it must be the class's). */
  activityId?: string | undefined;
  schoolId?: string | undefined;
}

/** A page of the class's dynamics, newest first (size 30 on the class page). */
export const activityDynamicPage = post<PageRequest<DynamicModel, 'createdTime'>, Page<ActivityDynamic>>('/teaching/anyone/classActivity/dynamicPage');

/**
 * The class page's first view in one call: the class detail, this visit counted (the number after
 * it), the student card's statistics, the class's courses and the first tab's content: today's
 * activities with the class's newest dynamics (a page of DYNAMIC_PAGE_SIZE), or, for a class whose
 * teaching is over, the past sums and the first page of all past activities (DEFAULT_PAST_PAGE_SIZE).
 * Each part is what its own call above answers; those calls stay for what changes later (a reload,
 * another tab, another page).
 */
export interface ClassFirstView {
  detail: StudentClassDetail;
  visits: number;
  situation: UserStudySituation;
  courses: { classStudentCourseResultVOS: ClassStudentCourse[] };
  today: { activities: TodayActivity[]; dynamics: ActivityDynamic[] } | null;
  past: { sums: PastActivitySum; page: Page<ClassActivityItem> } | null;
}

export const classFirstView = post<ClassUserRef, ClassFirstView>('/teaching/anyone/classStudent/firstView');
