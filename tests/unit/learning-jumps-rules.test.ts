import { describe, expect, test } from 'vitest';
import { activityJump, courseJump, lessonJump, timetableJump, workJump } from '~/lib/learning/jumps';

const ctx = { classId: 'c1', studentId: 's1', userId: 'u1' };
const query = (href: string) => Object.fromEntries(new URL(href, 'http://x').searchParams);
const path = (href: string) => new URL(href, 'http://x').pathname;

describe('activityJump', () => {
  test('online: the classroom detail with activityId, classId, studentId, courseId from extendId, bizType, userId', () => {
    const href = activityJump(
      { id: 'a1', onlineType: 1, courseId: 'k1', classroomId: 'r1', bizType: 'ONLINE_CLASSROOM', isRequired: 1, classroomType: 1 },
      ctx,
    );
    expect(path(href)).toBe('/study/classroom/classroom-detail');
    expect(query(href)).toEqual({ activityId: 'a1', classId: 'c1', studentId: 's1', courseId: 'k1', bizType: 'ONLINE_CLASSROOM', userId: 'u1' });
  });
  test('offline: the face-to-face classroom with classId, classroomId, studentId, courseId, activityId, bizType, isRequired', () => {
    const href = activityJump({ id: 'a2', onlineType: 2, courseId: 'k1', classroomId: 'r2', bizType: 'OFFLINE_CLASSROOM', isRequired: 0 }, ctx);
    expect(path(href)).toBe('/study/classroom/offline');
    expect(query(href)).toEqual({
      classId: 'c1',
      classroomId: 'r2',
      studentId: 's1',
      courseId: 'k1',
      activityId: 'a2',
      bizType: 'OFFLINE_CLASSROOM',
      isRequired: '0',
    });
  });
  test('a homework or test activity: its start page with status 0 and the activity', () => {
    const hw = activityJump({ id: 'a3', onlineType: 1, courseId: 'k1', classroomId: 'r3', bizType: 'ONLINE_CLASSROOM', isRequired: 1, classroomType: 6 }, ctx);
    expect(path(hw)).toBe('/study/homework');
    expect(query(hw)).toEqual({
      classId: 'c1',
      classroomId: 'r3',
      classStudentId: 's1',
      courseId: 'k1',
      status: '0',
      activityId: 'a3',
      bizType: 'ONLINE_CLASSROOM',
    });
    expect(path(activityJump({ id: 'a4', onlineType: 1, courseId: null, classroomId: 'r4', bizType: null, isRequired: 1, classroomType: 7 }, ctx))).toBe(
      '/study/test',
    );
  });
  test('missing values are left out, never sent as "null"', () => {
    const href = activityJump({ id: 'a5', onlineType: 1, courseId: null, classroomId: null, bizType: null, isRequired: 1 }, ctx);
    expect(href).not.toContain('null');
    expect(query(href)).toEqual({ activityId: 'a5', classId: 'c1', studentId: 's1', userId: 'u1' });
  });
});

describe('course, lesson, work and timetable jumps', () => {
  test('course detail: courseId, classId, classStudentId', () => {
    expect(courseJump({ courseId: 'k', classId: 'c', classStudentId: 's' })).toBe('/study/course/course-detail?courseId=k&classId=c&classStudentId=s');
  });
  test('lessons: online classroom, face-to-face classroom, homework, test', () => {
    const base = { classroomId: 'r', courseId: 'k', classId: 'c', studentId: 's' };
    expect(path(lessonJump({ ...base, classroomType: 1 }))).toBe('/study/classroom/online');
    expect(path(lessonJump({ ...base, classroomType: 11 }))).toBe('/study/classroom/offline');
    expect(path(lessonJump({ ...base, classroomType: 6 }))).toBe('/study/homework');
    expect(path(lessonJump({ ...base, classroomType: 7 }))).toBe('/study/test');
  });
  test('work start page and timetable', () => {
    expect(workJump({ kind: 'test', classId: 'c', classroomId: 'r', studentId: 's', courseId: 'k' })).toBe(
      '/study/test?classId=c&classroomId=r&classStudentId=s&courseId=k&status=0',
    );
    expect(timetableJump({ classId: 'c', studentId: 's', userId: 'u' })).toBe('/study/class-time-table?classId=c&studentId=s&userId=u');
    expect(timetableJump({ classId: 'c', studentId: 's', userId: 'u', experience: true })).toContain('experience=1');
  });
});
