import { get, post } from '../contract';
import type { Page } from '../../paging';

/**
 * The staff side of courses (/api/admin/courses...): administrators create and delete courses;
 * administrators and the teachers of a class that teaches a course edit it (its fields,
 * introduction, chapters and sections, lessons and duty rules). A teacher reaches only the courses
 * of their classes: any other is "not found" (404), as one that does not exist. Courses are
 * attached to classes on the class's page (/api/admin/classes/:id/courses...), through the class
 * scope. Times in answers are epoch ms; times in inputs are 'YYYY-MM-DD HH:mm' China Standard Time.
 */

export interface AdminCourseQuery {
  current?: number;
  size?: number;
  /** Part of the course name. */
  name?: string;
  courseNature?: number;
}

export interface AdminCourseSummary {
  id: string;
  name: string;
  cover: string | null;
  courseNature: number;
  thirdPlatformType: number | null;
  /** Classes that teach it: a course taught by any is not deleted. */
  classCount: number;
  lessonCount: number;
  createdAt: number;
}

export interface CourseIntroBlock {
  /** 0 introduction, 1 teacher, 3 supporting materials, 4 quality service. */
  introduceType: number;
  teacherName?: string | null;
  teacherHeadUrl?: string | null;
  /** t_kcls course teacher, t_fdls tutor. */
  roleCode?: string | null;
  outline?: string | null;
  describe?: string | null;
}

export interface AdminChapter {
  id: string;
  name: string;
  /** null: a chapter; else its chapter (this is a section). */
  parentId: string | null;
  seq: number;
  lessonCount: number;
}

export interface AdminLesson {
  id: string;
  sectionId: string | null;
  name: string;
  classroomType: number;
  mustLearn: number;
  durationMs: number;
  seq: number;
  /** The media library files the content came from. */
  assetIds: string[];
  /** An article's HTML (sanitised), an image lesson's summary. */
  html: string | null;
  summary: string | null;
  /** Live: its status; live and face-to-face: start and end. */
  liveStatus: number | null;
  classStartAt: number | null;
  classEndAt: number | null;
  replayUrl: string | null;
  position: string | null;
  address: string | null;
  teachers: string[];
  /** Face-to-face: each teacher's picture (same order as teachers; null: the default avatar). */
  teacherAvatars: (string | null)[];
  /** Face-to-face: the before-class notes (plain text) and the numbered key points. */
  notes: string | null;
  points: string[];
  /** Homework and test: the works (papers per class) answered in it. */
  works: AdminCourseWork[];
  /** The lesson's own duty targets. */
  duties: DutyTarget[];
  /** Students' lesson records, attempts and sign-ins: a lesson with any is not deleted. */
  studyRecords: number;
}

export interface AdminCourseWork {
  id: string;
  title: string;
  kind: 'homework' | 'test';
  classId: string;
  className: string;
  classroomId: string;
}

export interface DutyTarget {
  dutyType: string;
  /** 0: not counted. */
  targetValue: number;
}

export interface AdminCourse extends AdminCourseSummary {
  /** The short plain-text line of the course card. */
  introduce: string | null;
  learningPlatform: number;
  /** The rich-text introduction (sanitised HTML). */
  courseContent: string | null;
  learningUrl: string | null;
  courseClassCode: string | null;
  introductions: CourseIntroBlock[];
  chapters: AdminChapter[];
  lessons: AdminLesson[];
  duties: DutyTarget[];
  works: AdminCourseWork[];
  /** What the signed-in person may do (the server enforces the same). */
  may: { edit: boolean; delete: boolean };
}

export interface CourseInput {
  /** Absent: a new course (administrators). */
  id?: string;
  name: string;
  cover?: string | null;
  courseNature: number;
  /** A third-party platform's type (10, 11, 12), or null: taught here. */
  thirdPlatformType?: number | null;
  /** The third-party platform's number (learningPlatform, 1 or more); ignored for a course taught here. */
  learningPlatform?: number | null;
  /** Where a third-party course opens, and its class code there. */
  learningUrl?: string | null;
  courseClassCode?: string | null;
  introduce?: string | null;
  courseContent?: string | null;
  introductions?: CourseIntroBlock[];
}

export interface ChapterInput {
  /** Absent: a new chapter or section. */
  chapterId?: string;
  /** A new section's chapter (absent or null: a chapter). */
  parentId?: string | null;
  name: string;
}

export interface MoveInput {
  direction: 'up' | 'down';
}

export interface LessonInput {
  /** Absent: a new lesson (last of its section). */
  lessonId?: string;
  sectionId: string;
  name: string;
  classroomType: number;
  mustLearn: number;
  /** Video, audio, document, archive: one ready file of the media library; images: one or more. */
  assetIds?: string[];
  /** Article: the editor's HTML (sanitised when saved). */
  html?: string | null;
  /** Images: a line under the pictures. */
  summary?: string | null;
  /** Live: status; live and face-to-face: 'YYYY-MM-DD HH:mm'. */
  liveStatus?: number | null;
  start?: string | null;
  end?: string | null;
  /** Live: the replay's address once there is one. */
  replayUrl?: string | null;
  /** Face-to-face: room, address, teachers' names (the first leads). */
  position?: string | null;
  address?: string | null;
  teachers?: string[];
  /** Face-to-face: each teacher's uploaded picture, in the order of teachers (blank or null: the default avatar). */
  teacherAvatars?: (string | null)[];
  /** Face-to-face: the before-class notes (plain text) and the key points, in order. */
  notes?: string | null;
  points?: string[];
  /** The lesson's own duty targets (0: not counted). */
  duties?: DutyTarget[];
  /** Homework and test: a work of the course (of the same kind) to answer in this lesson; it moves here. */
  workId?: string | null;
}

export interface LessonMoveInput {
  lessonId: string;
  /** Up or down within its section, or into another section (last there). */
  direction?: 'up' | 'down';
  sectionId?: string;
}

export interface AdminClassCourse {
  courseId: string;
  name: string;
  courseNature: number;
  learnStartAt: number | null;
  learnEndAt: number | null;
  seq: number;
  /** Students of the class with study records in the course: detaching is refused while any. */
  studyRecords: number;
}

export interface ClassCourseInput {
  courseId: string;
  /** The class's learning window for it: 'YYYY-MM-DD' days, blank none. */
  learnStart?: string | null;
  learnEnd?: string | null;
}

export const adminCourses = get<AdminCourseQuery, Page<AdminCourseSummary>>('/admin/courses');
export const adminCourseGet = get<Record<string, never>, AdminCourse>('/admin/courses/:id');
export const adminCourseSave = post<CourseInput, AdminCourse>('/admin/courses/save');
export const adminCourseDelete = post<Record<string, never>, null>('/admin/courses/:id/delete');
export const adminChapterSave = post<ChapterInput, AdminCourse>('/admin/courses/:id/chapters/save');
export const adminChapterMove = post<MoveInput & { chapterId: string }, AdminCourse>('/admin/courses/:id/chapters/move');
export const adminChapterDelete = post<{ chapterId: string }, AdminCourse>('/admin/courses/:id/chapters/delete');
export const adminLessonSave = post<LessonInput, AdminCourse>('/admin/courses/:id/lessons/save');
export const adminLessonMove = post<LessonMoveInput, AdminCourse>('/admin/courses/:id/lessons/move');
export const adminLessonDelete = post<{ lessonId: string }, AdminCourse>('/admin/courses/:id/lessons/delete');
export const adminCourseDuties = post<{ duties: DutyTarget[] }, AdminCourse>('/admin/courses/:id/duties');
export const adminClassCourses = get<Record<string, never>, AdminClassCourse[]>('/admin/classes/:id/courses');
export const adminClassCourseAttach = post<ClassCourseInput, AdminClassCourse[]>('/admin/classes/:id/courses/attach');
export const adminClassCourseMove = post<MoveInput & { courseId: string }, AdminClassCourse[]>('/admin/classes/:id/courses/move');
export const adminClassCourseDetach = post<{ courseId: string }, AdminClassCourse[]>('/admin/classes/:id/courses/detach');
