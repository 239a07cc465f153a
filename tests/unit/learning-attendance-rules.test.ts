import { describe, expect, test } from 'vitest';
import { ACTIVITY_STATUS, activityAttended, activityExpected, activityFinished, activityStatus, membershipOf, membershipsOf } from '~/lib/learning/attendance';

describe('activityStatus', () => {
  const endAt = 1_000_000;
  /** A face-to-face activity: only a sign-in attends it. */
  const offline = { onlineType: 2, classroomType: 11, endAt, lessonFinishedAt: null, workSubmittedAt: null };
  test('a sign-in makes the activity attended, before, during or after it', () => {
    for (const now of [endAt - 5_000_000, endAt, endAt + 5_000_000]) expect(activityStatus({ ...offline, signedInAt: 1, now })).toBe(ACTIVITY_STATUS.attended);
  });
  test('without a sign-in: pending up to and including the end, missed one millisecond after', () => {
    expect(activityStatus({ ...offline, signedInAt: null, now: endAt - 1 })).toBe(ACTIVITY_STATUS.pending);
    expect(activityStatus({ ...offline, signedInAt: undefined, now: endAt })).toBe(ACTIVITY_STATUS.pending);
    expect(activityStatus({ ...offline, signedInAt: null, now: endAt + 1 })).toBe(ACTIVITY_STATUS.missed);
  });
  test('a sign-in at epoch 0 still counts', () => {
    expect(activityStatus({ ...offline, signedInAt: 0, now: endAt + 1 })).toBe(ACTIVITY_STATUS.attended);
  });
});

describe('activityAttended: an online activity is attended by doing its lesson by the end (decision 051)', () => {
  const endAt = 1_000_000;
  const online = { onlineType: 1, classroomType: 1, endAt, signedInAt: null, lessonFinishedAt: null, workSubmittedAt: null };
  test('a lesson studied to its target by the end (the end instant included), from the activity or the outline alike', () => {
    expect(activityAttended({ ...online, lessonFinishedAt: endAt })).toBe(true);
    expect(activityAttended({ ...online, lessonFinishedAt: endAt - 7 * 86_400_000 })).toBe(true);
    expect(activityAttended({ ...online, lessonFinishedAt: endAt + 1 })).toBe(false);
    expect(activityStatus({ ...online, lessonFinishedAt: endAt - 1, now: endAt + 1 })).toBe(ACTIVITY_STATUS.attended);
    expect(activityStatus({ ...online, lessonFinishedAt: endAt + 1, now: endAt + 2 })).toBe(ACTIVITY_STATUS.missed);
  });
  test('homework and tests by a submission by the end; a study record does not attend them', () => {
    for (const classroomType of [6, 7]) {
      expect(activityAttended({ ...online, classroomType, workSubmittedAt: endAt })).toBe(true);
      expect(activityAttended({ ...online, classroomType, workSubmittedAt: endAt + 1 })).toBe(false);
      expect(activityAttended({ ...online, classroomType, lessonFinishedAt: endAt - 1 })).toBe(false);
    }
  });
  test('face-to-face activities and activities without a lesson need a sign-in', () => {
    expect(activityAttended({ ...online, onlineType: 2, lessonFinishedAt: endAt - 1 })).toBe(false);
    expect(activityAttended({ ...online, classroomType: null, lessonFinishedAt: endAt - 1 })).toBe(false);
    expect(activityAttended({ ...online, classroomType: null, signedInAt: endAt + 5 })).toBe(true);
  });
});

describe('activityExpected: an activity is the student’s when it overlaps their time in the class (decision 051)', () => {
  const DAY = 86_400_000;
  const joined = 100 * DAY;
  const at = (startAt: number, hours = 2) => ({ startAt, endAt: startAt + hours * 3_600_000 });
  test('activities that ended before the student joined are not theirs; one still running when they joined is', () => {
    const m = [membershipOf(joined, null)];
    expect(activityExpected(at(joined - 7 * DAY), m)).toBe(false);
    expect(activityExpected({ startAt: joined - 2, endAt: joined - 1 }, m)).toBe(false);
    expect(activityExpected({ startAt: joined - 2, endAt: joined }, m)).toBe(true);
    expect(activityExpected(at(joined + DAY), m)).toBe(true);
  });
  test('a period bounds it: nothing before its start or after its end (both included)', () => {
    const period = { startAt: joined + 10 * DAY, endAt: joined + 20 * DAY };
    const m = [membershipOf(joined, period)];
    expect(m[0]).toEqual({ from: period.startAt, until: period.endAt });
    expect(activityExpected(at(joined + DAY), m)).toBe(false);
    expect(activityExpected({ startAt: period.startAt - 10, endAt: period.startAt }, m)).toBe(true);
    expect(activityExpected({ startAt: period.endAt, endAt: period.endAt + 10 }, m)).toBe(true);
    expect(activityExpected(at(period.endAt + 1), m)).toBe(false);
    expect(membershipOf(joined, { startAt: joined - DAY, endAt: null })).toEqual({ from: joined, until: null });
  });
  test('several stretches (a student moved between periods): any of them makes the activity theirs', () => {
    const m = [
      { from: joined, until: joined + 5 * DAY },
      { from: joined + 10 * DAY, until: null },
    ];
    expect(activityExpected(at(joined + DAY), m)).toBe(true);
    expect(activityExpected(at(joined + 7 * DAY), m)).toBe(false);
    expect(activityExpected(at(joined + 30 * DAY), m)).toBe(true);
    expect(activityExpected(at(joined + DAY), [])).toBe(false);
  });
  test('membershipsOf: never moved, the enrolment in the current period; moved, one stretch per period, each cut by leaving it and by the period', () => {
    const period = { startAt: joined + 2 * DAY, endAt: joined + 20 * DAY };
    expect(membershipsOf({ joinedAt: joined, period }, [])).toEqual([{ from: joined + 2 * DAY, until: joined + 20 * DAY }]);
    const history = [
      { fromAt: joined, untilAt: joined + 30 * DAY, period },
      { fromAt: joined + 30 * DAY, untilAt: null, period: null },
    ];
    expect(membershipsOf({ joinedAt: joined, period: null }, history)).toEqual([
      { from: joined + 2 * DAY, until: joined + 20 * DAY },
      { from: joined + 30 * DAY, until: null },
    ]);
    expect(membershipOf(joined, null, joined + DAY)).toEqual({ from: joined, until: joined + DAY });
    expect(membershipOf(joined, { startAt: null, endAt: joined + 5 * DAY }, joined + DAY)).toEqual({ from: joined, until: joined + DAY });
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
