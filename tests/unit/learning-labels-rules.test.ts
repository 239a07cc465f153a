import { describe, expect, test } from 'vitest';
import {
  activityMode,
  assessmentResult,
  attendanceStatus,
  classroomType,
  courseNature,
  isLiveLessonType,
  isRequired,
  liveStatus,
  serviceStatus,
  shownAttendance,
  teacherRole,
} from '~/lib/learning/labels';

describe('liveStatus', () => {
  test.each([
    [0, 'notStarted'],
    [1, 'live'],
    [2, 'replayGenerating'],
    [3, 'replay'],
    [-1, 'replay'],
    [null, 'replay'],
  ] as const)('%s -> %s', (code, key) => {
    expect(liveStatus(code)).toBe(key);
  });
});

describe('classroomType: icon and label keys', () => {
  test.each([
    [1, 'video'],
    [2, 'audio'],
    [3, 'article'],
    [4, 'document'],
    [5, 'archive'],
    [6, 'homework'],
    [7, 'test'],
    [8, 'image'],
    [10, 'live'],
    [11, 'faceToFace'],
  ] as const)('type %i has icon and label %s', (code, key) => {
    expect(classroomType(code)).toEqual({ icon: key, label: key });
  });

  test.each([20, 90, 91])('type %i has an icon but no label', (code) => {
    expect(classroomType(code)).toEqual({ icon: `type${code}`, label: null });
  });

  test.each([0, 9, 12, 19, 21, 92, -1, null, undefined])('type %s is unknown', (code) => {
    expect(classroomType(code)).toBeNull();
  });

  test('types 10 and 19 are live lessons', () => {
    expect(isLiveLessonType(10)).toBe(true);
    expect(isLiveLessonType(19)).toBe(true);
    expect(isLiveLessonType(11)).toBe(false);
    expect(isLiveLessonType(null)).toBe(false);
  });
});

describe('attendance', () => {
  test.each([
    [0, 'pending'],
    [1, 'missed'],
    [2, 'attended'],
    [3, null],
    [-1, null],
    [null, null],
  ] as const)('%s -> %s', (code, key) => {
    expect(attendanceStatus(code)).toBe(key);
  });

  test('shown only for required activities (isRequired 1)', () => {
    expect(shownAttendance({ isRequired: 1, classActivityStatus: 1 })).toBe('missed');
    expect(shownAttendance({ isRequired: 0, classActivityStatus: 1 })).toBeNull();
    expect(shownAttendance({ isRequired: 2, classActivityStatus: 2 })).toBeNull();
    expect(shownAttendance({ classActivityStatus: 0 })).toBeNull();
    expect(isRequired(1)).toBe(true);
    expect(isRequired(0)).toBe(false);
  });
});

describe('other codes', () => {
  test('serviceStatus -1..3, null otherwise', () => {
    expect([-1, 0, 1, 2, 3, 4, null].map(serviceStatus)).toEqual(['pendingAdmission', 'pendingStart', 'goLearn', 'inService', 'completed', null, null]);
  });

  test('courseNature: 0 face-to-face, 1 online, others mixed', () => {
    expect([0, 1, 2, null].map(courseNature)).toEqual(['faceToFace', 'online', 'mixed', 'mixed']);
  });

  test('activity onlineType: 1 online, 2 offline', () => {
    expect([1, 2, 0, null].map(activityMode)).toEqual(['online', 'offline', null, null]);
  });

  test('assessment: 0 or missing not assessed, 1 passed, other values failed', () => {
    expect([0, 1, 2, -1, null, undefined].map(assessmentResult)).toEqual(['notAssessed', 'passed', 'failed', 'failed', 'notAssessed', 'notAssessed']);
  });

  test('teacher roles t_kcls and t_fdls', () => {
    expect(teacherRole('t_kcls')).toBe('courseTeacher');
    expect(teacherRole('t_fdls')).toBe('tutor');
    expect(teacherRole('T_KCLS')).toBeNull();
    expect(teacherRole(null)).toBeNull();
  });
});
