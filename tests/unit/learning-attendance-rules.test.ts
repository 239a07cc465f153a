import { describe, expect, test } from 'vitest';
import { ACTIVITY_STATUS, activityFinished, activityStatus } from '~/lib/learning/attendance';

describe('activityStatus', () => {
  const endAt = 1_000_000;
  test('a sign-in makes the activity attended, before, during or after it', () => {
    for (const now of [endAt - 5_000_000, endAt, endAt + 5_000_000]) expect(activityStatus({ signedInAt: 1, endAt, now })).toBe(ACTIVITY_STATUS.attended);
  });
  test('without a sign-in: pending up to and including the end, missed one millisecond after', () => {
    expect(activityStatus({ signedInAt: null, endAt, now: endAt - 1 })).toBe(ACTIVITY_STATUS.pending);
    expect(activityStatus({ signedInAt: undefined, endAt, now: endAt })).toBe(ACTIVITY_STATUS.pending);
    expect(activityStatus({ signedInAt: null, endAt, now: endAt + 1 })).toBe(ACTIVITY_STATUS.missed);
  });
  test('a sign-in at epoch 0 still counts', () => {
    expect(activityStatus({ signedInAt: 0, endAt, now: endAt + 1 })).toBe(ACTIVITY_STATUS.attended);
  });
});

describe('activityFinished', () => {
  const base = { onlineType: 1, classroomType: 1, signedInAt: null, lessonFinished: false, workSubmitted: false };
  test('face-to-face: finished by signing in, whatever the lesson record says', () => {
    expect(activityFinished({ ...base, onlineType: 2, classroomType: 11, lessonFinished: true })).toBe(false);
    expect(activityFinished({ ...base, onlineType: 2, classroomType: 11, signedInAt: 5 })).toBe(true);
  });
  test('homework and test: finished by a submission, not by signing in', () => {
    for (const classroomType of [6, 7]) {
      expect(activityFinished({ ...base, classroomType, signedInAt: 5 })).toBe(false);
      expect(activityFinished({ ...base, classroomType, workSubmitted: true })).toBe(true);
    }
  });
  test('other online lessons: finished by completing the study', () => {
    expect(activityFinished({ ...base, signedInAt: 5 })).toBe(false);
    expect(activityFinished({ ...base, lessonFinished: true })).toBe(true);
  });
  test('an online activity without a lesson: finished by signing in', () => {
    expect(activityFinished({ ...base, classroomType: null })).toBe(false);
    expect(activityFinished({ ...base, classroomType: null, signedInAt: 5 })).toBe(true);
  });
});
