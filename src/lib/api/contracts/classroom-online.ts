import { post } from '../contract';

/**
 * The online classroom's calls (issue 12): the lesson with
 * its content and the student's record (or the preview variant that records nothing), the course
 * outline with each lesson's progress, the activity's contents, the last learning record, opening
 * a lesson, and the study-progress report the server credits no faster than real time allows.
 * Every call needs the Token header and names the class and the token's user's class student id
 * (studentId); the course, lesson or activity must be the class's. Times are
 * 'YYYY-MM-DD HH:mm:ss' (China Standard Time) or null; durations and positions are ms.
 */

export interface LessonRef {
  classroomId: string;
  courseId: string;
  classId: string;
  /** The token's user's class student id in that class. */
  studentId: string;
  /** The token's user, when given; another user's id is refused (403). */
  userId?: string | undefined;
}

/** LD 360P, SD 480P, HD 720P, otherwise 1080P. */
export type Quality = '360P' | '480P' | '720P' | '1080P';

export type LessonContent =
  | { kind: 'media' /** 1 video, 2 audio */; mediaType: 1 | 2; url: string | null; sources: { quality: Quality; url: string }[] }
  /** Sanitised HTML (an allow-list of tags and attributes, http(s) and site links only). */
  | { kind: 'article'; html: string }
  | {
      kind: 'document';
      url: string | null;
      fileName: string | null;
      /** The file is a PDF (shown in the page when no viewer is configured; other files are offered for download). */
      pdf: boolean;
      /** The document in the configured external viewer (DOCUMENT_VIEWER_URL), shown in a frame; null: none configured. */
      viewerUrl: string | null;
    }
  | { kind: 'images'; images: string[]; summary: string | null }
  /** 6 homework, 7 test: the student goes to its page. */
  | { kind: 'work'; workType: 6 | 7 }
  | { kind: 'live'; liveStatus: number | null; classStartTime: string | null; classEndTime: string | null; url: string | null }
  /** 5 archive, 20, 90, 91 and anything unknown: an icon and a download link when there is a file. */
  | { kind: 'other'; url: string | null; fileName: string | null };

/** The student's study of one lesson as the server credited it. */
export interface LessonProgress {
  /** Percent 0..100 credited. */
  learnProcess: number;
  /** The resume position (ms). */
  lastStudyTime: number;
  /** The furthest point credited (ms). */
  furthestTime: number;
  /** Study time credited (ms). */
  learningDuration: number;
  /** The last accepted report's sequence number (the next report must be higher). */
  seq: number;
  /** The lesson reached its completion target. */
  finished: boolean;
  /** The percent that completes it (the course's VIDEO_PROGRESS target, else 100). */
  targetPercent: number;
  lastStudyAt: string | null;
}

export interface ClassroomLesson {
  classroomId: string;
  name: string;
  /** 1 video … 11 face-to-face (CLASSROOM_TYPE). */
  classroomType: number;
  /** 1 required, else elective. */
  mustLearn: number;
  courseId: string;
  courseName: string;
  chapterName: string | null;
  nodeName: string | null;
  classroomDuration: number;
  content: LessonContent;
  /** null in preview mode and before the lesson was ever opened. */
  record: LessonProgress | null;
  isPreview: boolean;
}

export const classroomDetail = post<LessonRef, ClassroomLesson>('/teaching/anyone/classroom/online/detail');
/** The same lesson for a preview: no record is read or written. */
export const classroomPreview = post<LessonRef, ClassroomLesson>('/teaching/anyone/classroom/online/preview');

export interface OutlineLesson {
  classroomId: string;
  name: string;
  classroomType: number;
  mustLearn: number;
  classroomDuration: number;
  /** null: never studied (未开始学习). */
  learnProcess: number | null;
  lastStudyTime: number | null;
  finished: boolean;
}
export interface OutlineSection {
  sectionId: string;
  name: string;
  lessons: OutlineLesson[];
}
export interface OutlineChapter {
  chapterId: string;
  name: string;
  /** Lessons placed directly in the chapter. */
  lessons: OutlineLesson[];
  sections: OutlineSection[];
}
export interface CourseOutline {
  courseId: string;
  courseName: string;
  chapters: OutlineChapter[];
  /** Lessons not placed in any chapter. */
  loose: OutlineLesson[];
}

export interface CourseRef {
  courseId: string;
  classId: string;
  studentId: string;
  userId?: string | undefined;
}

export const courseOutline = post<CourseRef, CourseOutline>('/teaching/anyone/classroom/online/outline');

export interface ActivityRef {
  activityId: string;
  classId: string;
  userId?: string | undefined;
}

export interface ActivityContent extends OutlineLesson {
  courseId: string;
  courseName: string;
  /** The time the lesson was last studied (for the initial-lesson rule), or null. */
  lastStudyAt: string | null;
}

export interface ActivityContents {
  activityId: string;
  activityName: string;
  classId: string;
  studentId: string;
  courseId: string | null;
  /** 1 required, else elective. */
  isRequired: number;
  /** 1 online, 2 face-to-face. */
  onlineType: number;
  classStartTime: string;
  classEndTime: string;
  /** 0 pending, 1 missed, 2 attended. */
  classActivityStatus: 0 | 1 | 2;
  signIn: boolean;
  onlineAttendance: boolean;
  signInTime: string | null;
  activityContentResultVOS: ActivityContent[];
}

export const activityContents = post<ActivityRef, ActivityContents>('/teaching/anyone/classroom/online/activity-contents');

/** The last learning record (resume position), or null when never studied. */
export const lastRecord = post<LessonRef, LessonProgress | null>('/teaching/anyone/classroom/online/last-record');

/** Opening a lesson: records the first and last view; starts the time the next report may credit. */
export const recordView = post<LessonRef & { activityId?: string | undefined }, LessonProgress>('/teaching/anyone/classroom/online/view');

export interface ProgressReportRequest extends LessonRef {
  /** Per lesson, increasing: a repeat or an older one changes nothing. */
  seq: number;
  /** The playback position (ms). */
  positionMs: number;
  /** Playback watched since the previous report (ms). */
  watchedMs: number;
  /** The student moved the position on purpose (a seek, starting over): only then may the resume point go back. */
  sought?: boolean | undefined;
  client?: 'Web' | undefined;
}

export interface ProgressReportAnswer extends LessonProgress {
  /** false: a repeat or an older report (the stored state is answered). */
  applied: boolean;
}

export const reportProgress = post<ProgressReportRequest, ProgressReportAnswer>('/teaching/anyone/classroom/online/progress');

export interface ClassActivitiesRequest {
  classId: string;
  /** The token's user's class student id in that class. */
  studentId: string;
  userId?: string | undefined;
}

/** One activity of the class, enough to open its screen (src/lib/learning/jumps.ts activityJump). */
export interface ClassActivityItem {
  activityId: string;
  activityName: string;
  /** 1 online, 2 face-to-face. */
  onlineType: number;
  /** 1 required, else elective. */
  isRequired: number;
  courseId: string | null;
  classroomId: string | null;
  /** The lesson's type (6 homework and 7 test open their own pages), or null. */
  classroomType: number | null;
  bizType: string | null;
  classStartTime: string;
  classEndTime: string;
}

/**
 * The class's activities for the student in class-time order (earliest first; the same start:
 * by id), which the activity mode's previous and next move through.
 */
export const classActivities = post<ClassActivitiesRequest, ClassActivityItem[]>('/teaching/anyone/classroom/online/activities');
