import { describe, expect, test } from 'vitest';
import { ACTIVITY_MAX_HOURS, activityRefusal, shiftedTimes } from '~/server/learning/activities/activities.admin.rules';
import { HOUR } from '~/lib/time/cst';

const ok = { onlineType: 2, startAt: 10 * HOUR, endAt: 12 * HOUR, courseId: 'c', classroomId: 'r', signIn: true, signOut: true, onlineAttendance: false };

describe('activityRefusal', () => {
  test('a well-formed activity passes; each broken rule is named', () => {
    expect(activityRefusal(ok)).toBeNull();
    expect(activityRefusal({ ...ok, endAt: ok.startAt })).toBe('endBeforeStart');
    expect(activityRefusal({ ...ok, endAt: ok.startAt + ACTIVITY_MAX_HOURS * HOUR })).toBeNull();
    expect(activityRefusal({ ...ok, endAt: ok.startAt + ACTIVITY_MAX_HOURS * HOUR + 1 })).toBe('tooLong');
    expect(activityRefusal({ ...ok, courseId: null })).toBe('lessonNeedsCourse');
    expect(activityRefusal({ ...ok, courseId: null, classroomId: null })).toBeNull();
    expect(activityRefusal({ ...ok, signIn: false })).toBe('signOutNeedsSignIn');
    expect(activityRefusal({ ...ok, onlineAttendance: true })).toBe('onlineAttendanceOnlineOnly');
    expect(activityRefusal({ ...ok, onlineType: 1, onlineAttendance: true })).toBeNull();
  });
});

describe('shiftedTimes', () => {
  test("every following occurrence moves by the edited one's shift and takes its new length", () => {
    const moved = shiftedTimes({ startAt: 100 * HOUR }, { startAt: 99.5 * HOUR, endAt: 101 * HOUR }, [
      { id: 'a', startAt: 100 * HOUR },
      { id: 'b', startAt: 268 * HOUR },
    ]);
    expect(moved).toEqual([
      { id: 'a', startAt: 99.5 * HOUR, endAt: 101 * HOUR },
      { id: 'b', startAt: 267.5 * HOUR, endAt: 269 * HOUR },
    ]);
  });
});
