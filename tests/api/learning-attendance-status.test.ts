import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { ACTIVITY_STATUS, activityExpected, activityStatus, membershipsOf } from '~/lib/learning/attendance';
import { CLASSROOM_TYPE, ONLINE_TYPE } from '~/lib/learning/codes';
import { SIGN_IN } from '~/lib/learning/sign';
import { findStudentActivity, listStudentActivities } from '~/server/learning/activities/student-activities.read-model';
import { newId } from '~/server/ids';
import { createLearningClass, handIn } from '../setup/learning';
import { DEMO, HOUR, NOW, useTestServer } from '../setup/server';
import { loginAs, type TestUser } from '../setup/users';

/**
 * The attendance rules are written twice: in TypeScript (src/lib/learning/attendance.ts:
 * activityExpected with membershipOf, which activities are the student's at all; activityStatus,
 * pending, missed or attended) and in SQL (student-activities.read-model.ts: expectedSql, statusSql), which
 * the learner's pages read (the timetable's ranking and the staff attendance sheet apply the
 * TypeScript rule to the same memberships). This test generates cases (when the student joined,
 * their period, a move to another period, the activity's kind and times, a sign-in, the lesson
 * studied to its target or the work submitted, each around the end instant, and the time of asking)
 * and runs both on each, on the test's database engine (SQLite, or PostgreSQL with DATABASE_URL):
 * the learner's activity query and its status filter must say what the TypeScript rule says. Each
 * case has a class of its own.
 */
const server = useTestServer();

let user: TestUser;
beforeAll(async () => {
  user = await loginAs(server(), DEMO.id);
});

/** Every time of a case is BASE + a whole number of hours: equal instants (the rules' boundaries) come up often. */
const BASE = NOW + 30 * 24 * HOUR;
const at = (hours: number) => BASE + hours * HOUR;

const KINDS = {
  faceToFace: { onlineType: ONLINE_TYPE.OFFLINE, lesson: 'face' },
  video: { onlineType: ONLINE_TYPE.ONLINE, lesson: 'video' },
  homework: { onlineType: ONLINE_TYPE.ONLINE, lesson: 'homework' },
  noLesson: { onlineType: ONLINE_TYPE.ONLINE, lesson: null },
} as const;

/** Around the activity's end: an hour either side, or the end instant itself. */
const nearEnd = fc.integer({ min: -2, max: 2 });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });

const caseOf = fc.record({
  joined: fc.integer({ min: -6, max: 6 }),
  period: maybe(fc.record({ start: maybe(fc.integer({ min: -6, max: 6 })), length: maybe(fc.integer({ min: 0, max: 8 })) })),
  /** Moved to a period without dates this many hours after joining (a period history of two stints). */
  movedAfter: maybe(fc.integer({ min: 0, max: 8 })),
  start: fc.integer({ min: -6, max: 6 }),
  hours: fc.integer({ min: 1, max: 3 }),
  kind: fc.constantFrom(...(Object.keys(KINDS) as (keyof typeof KINDS)[])),
  signedIn: maybe(nearEnd),
  lessonFinished: maybe(nearEnd),
  workSubmitted: maybe(nearEnd),
  now: nearEnd,
});
type Case = typeof caseOf extends fc.Arbitrary<infer T> ? T : never;

async function runCase(c: Case) {
  const s = server();
  const db = s.runtime.db;
  const fixture = await createLearningClass(db, {
    tenantId: DEMO.id,
    now: NOW,
    name: `考勤规则班${newId(NOW)}`,
    courseName: '考勤规则课',
    lessons: [
      { name: 'video', type: CLASSROOM_TYPE.VIDEO, minutes: 10 },
      { name: 'homework', type: CLASSROOM_TYPE.HOMEWORK },
      { name: 'face', type: CLASSROOM_TYPE.FACE_TO_FACE, minutes: 90 },
    ],
    duties: [],
    userIds: [],
  });
  const tenantId = DEMO.id;
  const { classId, courseId } = fixture;
  const periodStart = c.period?.start == null ? null : at(c.period.start);
  const periodEnd = c.period == null || c.period.length === null ? null : at((c.period.start ?? 0) + c.period.length);
  const period = c.period ? { startAt: periodStart, endAt: periodEnd } : null;
  const periodId = c.period ? newId(NOW) : null;
  if (periodId)
    await db
      .insertInto('classPeriods')
      .values({ id: periodId, tenantId, classId, classPeriodType: 1, name: '规则期', startAt: periodStart, endAt: periodEnd, createdAt: NOW })
      .execute();
  const binding = await db
    .selectFrom('userTenants')
    .select('studentId')
    .where('tenantId', '=', tenantId)
    .where('userId', '=', user.userId)
    .executeTakeFirstOrThrow();
  const studentId = newId(NOW);
  const joinedAt = at(c.joined);
  await db
    .insertInto('classStudents')
    .values({
      id: studentId,
      tenantId,
      classId,
      userId: user.userId,
      schoolStudentId: binding.studentId,
      periodId,
      serviceStatus: 2,
      enrolStateAt: null,
      visitCount: 0,
      statusAt: joinedAt,
      evaluateStatus: 0,
      createdAt: joinedAt,
    })
    .execute();
  const kind = KINDS[c.kind];
  const classroomId = kind.lesson ? fixture.lessons[kind.lesson]! : null;
  const startAt = at(c.start);
  const endAt = at(c.start + c.hours);
  const activityId = newId(NOW);
  await db
    .insertInto('classActivities')
    .values({
      id: activityId,
      tenantId,
      classId,
      courseId,
      classroomId,
      name: '规则活动',
      isRequired: 1,
      onlineType: kind.onlineType,
      bizType: null,
      startAt,
      endAt,
      position: null,
      address: null,
      signIn: 1,
      signOut: 0,
      onlineAttendance: 1,
      createdAt: NOW,
      seriesId: null,
    })
    .execute();
  const signedInAt = c.signedIn === null ? null : endAt + c.signedIn * HOUR;
  if (signedInAt !== null)
    await db
      .insertInto('activityAttendance')
      .values({
        id: newId(NOW),
        tenantId,
        classId,
        activityId,
        classStudentId: studentId,
        type: SIGN_IN,
        signedAt: signedInAt,
        lat: null,
        lon: null,
        createdAt: NOW,
        correctedBy: null,
      })
      .execute();
  // The records are of the lessons, whatever the activity's kind: a video's record must not attend a homework activity.
  const lessonFinishedAt = c.lessonFinished === null ? null : endAt + c.lessonFinished * HOUR;
  if (lessonFinishedAt !== null)
    await db
      .insertInto('lessonRecords')
      .values({
        id: newId(NOW),
        tenantId,
        classId,
        courseId,
        classroomId: fixture.lessons[kind.lesson === 'homework' ? 'homework' : 'video']!,
        classStudentId: studentId,
        lastPositionMs: 0,
        furthestMs: 0,
        creditedMs: 0,
        progress: 100,
        seq: 1,
        finishedAt: lessonFinishedAt,
        firstStudiedAt: lessonFinishedAt,
        lastReportAt: lessonFinishedAt,
        createdAt: lessonFinishedAt,
      })
      .execute();
  const workSubmittedAt = c.workSubmitted === null ? null : endAt + c.workSubmitted * HOUR;
  if (workSubmittedAt !== null)
    for (const [n, submittedAt] of [workSubmittedAt, workSubmittedAt + HOUR].entries())
      await handIn(db, { tenantId, classId, courseId, classroomId: fixture.lessons.homework!, classStudentId: studentId, submittedAt, attemptNo: n + 1 });

  const now = endAt + c.now * HOUR;
  const movedAt = c.movedAfter === null ? null : joinedAt + c.movedAfter * HOUR;
  const history =
    movedAt === null
      ? []
      : [
          { fromAt: joinedAt, untilAt: movedAt, period },
          { fromAt: movedAt, untilAt: null, period: { startAt: null, endAt: null } },
        ];
  const memberships = membershipsOf({ joinedAt, period }, history);
  const expected = activityExpected({ startAt, endAt }, memberships);
  const status = activityStatus({
    onlineType: kind.onlineType,
    classroomType:
      classroomId === null
        ? null
        : kind.lesson === 'video'
          ? CLASSROOM_TYPE.VIDEO
          : kind.lesson === 'homework'
            ? CLASSROOM_TYPE.HOMEWORK
            : CLASSROOM_TYPE.FACE_TO_FACE,
    endAt,
    signedInAt,
    lessonFinishedAt,
    workSubmittedAt,
    now,
  });

  const row = await findStudentActivity(db, { tenantId, classId, classStudentId: studentId }, now, activityId, memberships);
  expect(row !== undefined, 'the learner sees the activity').toBe(expected);
  if (!expected) return;
  expect(Number(row!.classActivityStatus)).toBe(status);
  // The status filter of a page runs the same SQL in its WHERE clause.
  for (const code of Object.values(ACTIVITY_STATUS)) {
    const rows = await listStudentActivities(db, { tenantId, classId, classStudentId: studentId }, now, { status: code, memberships });
    expect(rows.map((r) => r.id).includes(activityId)).toBe(code === status);
  }
}

describe('the attendance rules: TypeScript and SQL agree', () => {
  test('at the end instant: pending up to it, missed after it, attended by a sign-in whenever', async () => {
    const base: Case = {
      joined: -6,
      period: null,
      movedAfter: null,
      start: 0,
      hours: 2,
      kind: 'faceToFace',
      signedIn: null,
      lessonFinished: null,
      workSubmitted: null,
      now: 0,
    };
    for (const c of [
      base,
      { ...base, now: -1 },
      { ...base, now: 1 },
      { ...base, now: 2, signedIn: 1 },
      { ...base, kind: 'video' as const, now: 1, lessonFinished: 0 },
      { ...base, kind: 'video' as const, now: 1, lessonFinished: 1 },
      { ...base, kind: 'homework' as const, now: 1, workSubmitted: 0 },
      { ...base, joined: 2 },
      { ...base, joined: 3 },
      { ...base, joined: -8, period: { start: -8, length: 1 } },
      { ...base, joined: -8, period: { start: -8, length: 1 }, movedAfter: 9 },
    ])
      await runCase(c);
  });

  test('on generated cases (joining, periods, kinds, signs, study and submissions around the end)', async () => {
    await fc.assert(fc.asyncProperty(caseOf, runCase), { numRuns: 60 });
  });
});
