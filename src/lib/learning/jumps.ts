/**
 * Where a learner item leads: site-relative
 * URLs with every query parameter the target screen reads. Pure; the islands pass the result to
 * sitePath (which keeps the chosen school).
 */

import { CLASSROOM_TYPE, ONLINE_TYPE, WORK_CLASSROOM_TYPES } from './codes';

const url = (path: string, query: Record<string, string | number | null | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
  const text = q.toString();
  return text ? `${path}?${text}` : path;
};

export interface JumpActivity {
  id: string;
  /** 1 online, 2 offline. */
  onlineType: number;
  /** extendId: the activity's course. */
  courseId: string | null;
  classroomId: string | null;
  bizType: string | null;
  isRequired: number;
  /** The lesson's classroom type: 6 homework and 7 test go to their start pages. */
  classroomType?: number | null | undefined;
}

export interface JumpContext {
  classId: string;
  /** The class student id. */
  studentId: string;
  userId: string;
}

/**
 * The online classroom's two addresses under /study/classroom/ (the spec's): an activity's (activity mode)
 * and a course lesson's (course mode). One page file serves both (src/pages/study/classroom/[online].astro).
 */
export const ONLINE_CLASSROOM_PAGE = { activity: 'classroom-detail', course: 'online' } as const;

/** An activity of the class page or the timetable: the online classroom, the face-to-face classroom, or a homework or test. */
export function activityJump(a: JumpActivity, c: JumpContext): string {
  // The classroom the activity opens, as the offline classroom and the work start pages read it.
  const classroom = { classId: c.classId, classroomId: a.classroomId, studentId: c.studentId, courseId: a.courseId, activityId: a.id, bizType: a.bizType };
  if (a.onlineType === ONLINE_TYPE.OFFLINE) return url('/study/classroom/offline', { ...classroom, isRequired: a.isRequired });
  if (a.classroomType != null && WORK_CLASSROOM_TYPES.includes(a.classroomType))
    return workJump({ kind: a.classroomType === CLASSROOM_TYPE.HOMEWORK ? 'homework' : 'test', ...classroom });
  return url(`/study/classroom/${ONLINE_CLASSROOM_PAGE.activity}`, {
    activityId: a.id,
    classId: c.classId,
    studentId: c.studentId,
    courseId: a.courseId,
    bizType: a.bizType,
    userId: c.userId,
  });
}

/** A course of the class: its detail page. */
export function courseJump(input: { courseId: string; classId: string; classStudentId: string }): string {
  return url('/study/course/course-detail', { courseId: input.courseId, classId: input.classId, classStudentId: input.classStudentId });
}

/** A lesson of a course: the online classroom in course mode, or a homework or test start page. */
export function lessonJump(input: {
  classroomId: string;
  classroomType: number;
  courseId: string;
  classId: string;
  studentId: string;
  userId?: string | undefined;
}): string {
  if (WORK_CLASSROOM_TYPES.includes(input.classroomType))
    return workJump({
      kind: input.classroomType === CLASSROOM_TYPE.HOMEWORK ? 'homework' : 'test',
      classId: input.classId,
      classroomId: input.classroomId,
      studentId: input.studentId,
      courseId: input.courseId,
    });
  if (input.classroomType === CLASSROOM_TYPE.FACE_TO_FACE)
    return url('/study/classroom/offline', { classId: input.classId, classroomId: input.classroomId, studentId: input.studentId, courseId: input.courseId });
  return url(`/study/classroom/${ONLINE_CLASSROOM_PAGE.course}`, {
    classId: input.classId,
    studentId: input.studentId,
    courseId: input.courseId,
    classroomId: input.classroomId,
    userId: input.userId,
  });
}

/** The start page of a homework or test (its query carries status 0: no attempt chosen yet). */
export function workJump(input: {
  kind: 'homework' | 'test';
  classId: string;
  classroomId: string | null;
  studentId: string;
  courseId: string | null;
  activityId?: string | undefined;
  bizType?: string | null | undefined;
}): string {
  return url(`/study/${input.kind}`, {
    classId: input.classId,
    classroomId: input.classroomId,
    classStudentId: input.studentId,
    courseId: input.courseId,
    status: 0,
    activityId: input.activityId,
    bizType: input.bizType,
  });
}

/** The timetable of a class (2.3's query). */
export function timetableJump(input: { classId: string; studentId: string; userId: string; experience?: boolean }): string {
  return url('/study/class-time-table', {
    classId: input.classId,
    studentId: input.studentId,
    userId: input.userId,
    experience: input.experience ? 1 : undefined,
  });
}
