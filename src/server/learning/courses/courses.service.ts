import type { Scope } from '../../http/scope';
import type { Classroom, CourseChapter, CourseIntroduction, DutyRule } from './courses.table';
import * as repo from './courses.repository';

/**
 * Courses as a class teaches them: the class's courses with their learning windows, their
 * lessons, chapters and duty rules. Read in one school; the callers have checked that the student
 * is enrolled in the class (and that a course they name is one of the class's).
 */

export type ClassCourseRow = repo.ClassCourseRow;
export type ClassLessonRead = repo.ClassLessonRead;

export function classCourses(s: Scope, input: { tenantId: string; classId: string }): Promise<ClassCourseRow[]> {
  return repo.listClassCourses(s.db, input.tenantId, input.classId);
}

/** The class's course, or undefined when the class does not teach it (another class's, another school's, unknown). */
export function classCourse(s: Scope, input: { tenantId: string; classId: string; courseId: string }): Promise<ClassCourseRow | undefined> {
  return repo.findClassCourse(s.db, input.tenantId, input.classId, input.courseId);
}

/**
 * A lesson of one of the class's courses, the course's name and the course's own duty rules (what completes its
 * lessons, without the rules of single lessons), in one read: undefined when the class does not teach the course,
 * `lesson` undefined when the course has no such lesson.
 */
export function classLesson(
  s: Scope,
  input: { tenantId: string; classId: string; courseId: string; classroomId: string },
): Promise<ClassLessonRead | undefined> {
  return repo.findClassLesson(s.db, input.tenantId, input.classId, input.courseId, input.classroomId);
}

export function lessonsOf(s: Scope, input: { tenantId: string; courseIds: readonly string[] }): Promise<Classroom[]> {
  return repo.listLessons(s.db, input.tenantId, input.courseIds);
}

export function dutyRulesOf(
  s: Scope,
  input: { tenantId: string; courseIds: readonly string[] },
): Promise<Pick<DutyRule, 'courseId' | 'classroomId' | 'dutyType' | 'targetValue'>[]> {
  return repo.listDutyRules(s.db, input.tenantId, input.courseIds);
}

export function chaptersOf(s: Scope, input: { tenantId: string; courseId: string }): Promise<CourseChapter[]> {
  return repo.listChapters(s.db, input.tenantId, input.courseId);
}

/**
 * Where a lesson sits, as the learner's pages name it: its chapter, and its section when it is in
 * a section of a chapter (a lesson straight in a chapter has none). `chapters`: the course's, by id.
 */
export function lessonPlace(chapters: ReadonlyMap<string, CourseChapter>, sectionId: string | null): { chapterName: string | null; nodeName: string | null } {
  const section = sectionId ? chapters.get(sectionId) : undefined;
  const chapter = section?.parentId ? chapters.get(section.parentId) : section;
  return { chapterName: chapter?.name ?? null, nodeName: section && section !== chapter ? section.name : null };
}

export type CourseIntroductionRow = Pick<CourseIntroduction, 'introduceType' | 'teacherName' | 'teacherHeadUrl' | 'roleCode' | 'outline' | 'describe'>;

/** The course's introduction blocks in order (the course detail page's right column). */
export function introductionsOf(s: Scope, input: { tenantId: string; courseId: string }): Promise<CourseIntroductionRow[]> {
  return repo.listIntroductions(s.db, input.tenantId, input.courseId);
}
