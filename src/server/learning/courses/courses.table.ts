import type { Selectable } from 'kysely';

/** Migration 20261123T1100_learning. Times are epoch ms. */

export interface CourseTable {
  id: string;
  tenantId: string;
  name: string;
  cover: string | null;
  /** 0 face-to-face, 1 online, other mixed. */
  courseNature: number;
  courseType: number | null;
  /** 10, 11, 12 (practical training): opened through a third-party platform; else null. */
  thirdPlatformType: number | null;
  /** 0 internal, else the third-party platform. */
  learningPlatform: number;
  learningUrl: string | null;
  courseClassCode: string | null;
  introduce: string | null;
  courseContent: string | null;
  createdAt: number;
}
export type Course = Selectable<CourseTable>;

/** A course taught in a class, with the class's learning window for it. */
export interface ClassCourseTable {
  id: string;
  tenantId: string;
  classId: string;
  courseId: string;
  learnStartAt: number | null;
  learnEndAt: number | null;
  seq: number;
  createdAt: number;
}
export type ClassCourse = Selectable<ClassCourseTable>;

/** A chapter (parentId null) or a section (parentId: its chapter). */
export interface CourseChapterTable {
  id: string;
  tenantId: string;
  courseId: string;
  parentId: string | null;
  name: string;
  seq: number;
  createdAt: number;
}
export type CourseChapter = Selectable<CourseChapterTable>;

/** A lesson (classroom) in a section. */
export interface ClassroomTable {
  id: string;
  tenantId: string;
  courseId: string;
  sectionId: string | null;
  name: string;
  /** 1 video, 2 audio, 3 article, 4 document, 5 archive, 6 homework, 7 test, 8 image, 10 live, 11 face-to-face. */
  classroomType: number;
  /** 1 required, else elective. */
  mustLearn: number;
  durationMs: number;
  classroomContent: string | null;
  position: string | null;
  address: string | null;
  classStartAt: number | null;
  classEndAt: number | null;
  /** A live lesson's status: 0 not started, 1 live now, 2 replay generating, else replay; null for other lessons. Migration 20261123T1320. */
  liveStatus: number | null;
  seq: number;
  createdAt: number;
}
export type Classroom = Selectable<ClassroomTable>;

/** A course's (or one lesson's) target; 0 means the duty is not counted. */
export interface DutyRuleTable {
  id: string;
  tenantId: string;
  courseId: string;
  classroomId: string | null;
  dutyType: string;
  targetValue: number;
  createdAt: number;
}
export type DutyRule = Selectable<DutyRuleTable>;

/** Migration 20261123T1320_course_details. */

/** One introduction block of a course (one entry of the course detail's introduceDetailList). */
export interface CourseIntroductionTable {
  id: string;
  tenantId: string;
  courseId: string;
  /** 0 introduction, 1 teacher, 3 supporting materials, 4 quality service. */
  introduceType: number;
  teacherName: string | null;
  teacherHeadUrl: string | null;
  /** t_kcls course teacher, t_fdls tutor. */
  roleCode: string | null;
  outline: string | null;
  describe: string | null;
  seq: number;
  createdAt: number;
}
export type CourseIntroduction = Selectable<CourseIntroductionTable>;
