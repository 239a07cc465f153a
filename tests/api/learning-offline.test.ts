import { beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as learning from '~/lib/api/contracts/learning';
import * as classPage from '~/lib/api/contracts/learning-class';
import * as api from '~/lib/api/contracts/classroom-offline';
import type { Attendance, AutoSignResult, Highlights, OfflineClassroom } from '~/lib/api/contracts/classroom-offline';
import { MINUTE, formatDateTime, parseDateTime, startOfCstDay } from '~/lib/time/cst';
import { LEARNING_CLASSES, SECOND_STUDENT } from '~/dev/seed/learning-data';
import { HIGHLIGHTS, OFFLINE_LESSONS } from '~/dev/seed/offline-classroom';
import { DEMO_STUDENT } from '~/dev/seed/login';
import { newId } from '~/server/ids';
import { DATE_TIME, expectOk, expectRefused, invalidField } from '../setup/api';
import { DAY, DEMO, HUAXIA, NOW, useTestServer } from '../setup/server';
import { newStudentIn } from '../setup/study';
import { loginAs, withToken, type TestUser } from '../setup/users';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * Attendance (sign in and out once each, auto sign-in) and the face-to-face classroom (detail
 * and highlights) on the seeded class A: today's pending
 * face-to-face and online activities, the missed one, a future one and past ones with highlights.
 */

type AnyCall = Call<any, unknown>;

const server = useTestServer();

const DUPLICATE = '不允许重复考勤签到';
const nameOf = (key: string) => LEARNING_CLASSES[DEMO.id]!.find((c) => c.key === key)!.name;

let demo: TestUser;
let classmate: TestUser;
let huaxia: TestUser;
let classA: string;
let classB: string;
let classH: string;
let huaxiaClass: string;
let studentA: string;
let mateStudentA: string;
let huaxiaStudent: string;
let today: classPage.TodayActivity[];
/** Today's activities of class A by kind. */
let pendingOffline: classPage.TodayActivity;
let pendingOnline: classPage.TodayActivity;
let electiveOnline: classPage.TodayActivity;
let missedOffline: classPage.TodayActivity;
/** Class A's next face-to-face activity after today; an activity of class B. */
let futureOffline: { id: string; classroomId: string; courseId: string; startAt: number };
let classBActivity: string;

const as = (user: TestUser, tenant: string = DEMO.id) => ({ tenant, ...withToken(user.token) });
const db = () => server().runtime.db;
const call = (c: AnyCall, body: Record<string, unknown>, user = demo, tenant = DEMO.id) => server().call(c, body as never, as(user, tenant));
/** A student of class A: the demo student reads the seeded records, a test that signs names a new student of its own. */
interface Who {
  user: TestUser;
  studentId: string;
}
const demoStudent = (): Who => ({ user: demo, studentId: studentA });
/** A new student of class A, for one test that signs in or out, so none meets another's sign-ins. */
/** A new student of class A, enrolled now or at `joinedAt` (activities that ended before it are not theirs). */
async function newStudent(joinedAt?: number): Promise<Who> {
  const { user, in: at } = await newStudentIn(server(), DEMO.id, ['A'], joinedAt === undefined ? {} : { joinedAt });
  return { user, studentId: at['A']!.studentId };
}
const ref = (a: { id: string; classroomId: string | null; extendId?: string | null; courseId?: string | null }, who: Who = demoStudent()) => ({
  activityId: a.id,
  classId: classA,
  studentId: who.studentId,
  classroomId: a.classroomId!,
  courseId: (a.extendId ?? a.courseId)!,
  userId: who.user.userId,
});
const signs = (activityId: string, classStudentId = studentA) =>
  db().selectFrom('activityAttendance').selectAll().where('activityId', '=', activityId).where('classStudentId', '=', classStudentId).orderBy('type').execute();
const dynamics = (activityId: string, classStudentId = studentA) =>
  db().selectFrom('classDynamics').selectAll().where('activityId', '=', activityId).where('classStudentId', '=', classStudentId).orderBy('type').execute();

async function studentIdOf(user: TestUser, classId: string, tenant = DEMO.id) {
  return expectOk<learning.StudentClassDetail>(await call(learning.studentClassDetail, { classId, userId: user.userId }, user, tenant)).studentId;
}

beforeAll(async () => {
  demo = await loginAs(server(), DEMO.id, DEMO_STUDENT.mobile);
  classmate = await loginAs(server(), DEMO.id, '13900000002');
  huaxia = await loginAs(server(), HUAXIA.id, SECOND_STUDENT.mobile);
  const mine = expectOk<learning.LearnerClass[]>(await call(learning.studentClasses, { userId: demo.userId }));
  classA = mine.find((c) => c.className === nameOf('A'))!.classId;
  classB = mine.find((c) => c.className === nameOf('B'))!.classId;
  const theirs = expectOk<learning.LearnerClass[]>(await call(learning.studentClasses, { userId: classmate.userId }, classmate));
  classH = theirs.find((c) => c.className === nameOf('H'))!.classId;
  huaxiaClass = expectOk<learning.LearnerClass[]>(await call(learning.studentClasses, { userId: huaxia.userId }, huaxia, HUAXIA.id))[0]!.classId;
  studentA = await studentIdOf(demo, classA);
  mateStudentA = await studentIdOf(classmate, classA);
  huaxiaStudent = await studentIdOf(huaxia, huaxiaClass, HUAXIA.id);
  today = expectOk<{ activityResultVOList: classPage.TodayActivity[] }>(
    await call(classPage.todayActivities, { classId: classA, userId: demo.userId }),
  ).activityResultVOList;
  const now = formatDateTime(NOW);
  const pending = today.filter((a) => a.signInTime === null && a.endTime > now);
  pendingOffline = pending.find((a) => a.onlineType === 2)!;
  pendingOnline = pending.find((a) => a.onlineType === 1 && a.isRequired === 1)!;
  electiveOnline = pending.find((a) => a.onlineType === 1 && a.isRequired !== 1)!;
  missedOffline = today.find((a) => a.onlineType === 2 && a.endTime < now)!;
  futureOffline = (await db()
    .selectFrom('classActivities')
    .select(['id', 'classroomId', 'courseId', 'startAt'])
    .where('classId', '=', classA)
    .where('onlineType', '=', 2)
    .where('startAt', '>', NOW + DAY)
    .orderBy('startAt')
    .executeTakeFirstOrThrow()) as { id: string; classroomId: string; courseId: string; startAt: number };
  classBActivity = (await db().selectFrom('classActivities').select('id').where('classId', '=', classB).executeTakeFirstOrThrow()).id;
  for (const a of [pendingOffline, pendingOnline, electiveOnline, missedOffline]) expect(a).toBeDefined();
});

describe('attendance info', () => {
  test('a pending face-to-face activity: its times, both signs used, nothing signed yet', async () => {
    const info = expectOk<Attendance>(await call(api.attendanceInfo, ref(pendingOffline)));
    expect(info).toEqual({
      activityId: pendingOffline.id,
      classStartTime: pendingOffline.startTime,
      classEndTime: pendingOffline.endTime,
      signIn: 1,
      signOut: 1,
      onlineAttendance: 0,
      isSignIn: 0,
      isSignOut: 0,
      signInTime: null,
      signOutTime: null,
    });
  });

  test('an attended online activity: signed in at the seeded time, no sign-out used, online attendance on', async () => {
    const attended = today.find((a) => a.signInTime !== null)!;
    const info = expectOk<Attendance>(await call(api.attendanceInfo, ref(attended)));
    expect(info).toMatchObject({ signIn: 1, signOut: 0, onlineAttendance: 1, isSignIn: 1, isSignOut: 0, signInTime: attended.signInTime, signOutTime: null });
  });

  test('the course and lesson may be left out; when given they must be the activity’s', async () => {
    expectOk(await call(api.attendanceInfo, { activityId: pendingOffline.id, classId: classA, studentId: studentA }));
    expectRefused(
      await call(api.attendanceInfo, { ...ref(pendingOffline), classroomId: pendingOnline.classroomId }),
      ErrorCode.NOT_FOUND,
      t('learning.classroomNotFound'),
    );
    expectRefused(await call(api.attendanceInfo, { ...ref(pendingOffline), courseId: classBActivity }), ErrorCode.NOT_FOUND, t('learning.courseNotFound'));
  });
});

describe('sign in and sign out', () => {
  test('sign in once: recorded with the location, a check-in dynamic, the class page shows it attended', async () => {
    const who = await newStudent();
    expect(await dynamics(pendingOffline.id, who.studentId)).toEqual([]);
    const info = expectOk<Attendance>(await call(api.signAttendance, { ...ref(pendingOffline, who), type: 1, lat: 31.95, lon: 118.84 }, who.user));
    expect(info).toMatchObject({ isSignIn: 1, isSignOut: 0, signInTime: formatDateTime(NOW), signOutTime: null });
    const rows = await signs(pendingOffline.id, who.studentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 1, lat: 31.95, lon: 118.84 });
    const after = await dynamics(pendingOffline.id, who.studentId);
    expect(after.map((d) => d.type)).toEqual([0]);
    const list = expectOk<{ activityResultVOList: classPage.TodayActivity[] }>(
      await call(classPage.todayActivities, { classId: classA, userId: who.user.userId }, who.user),
    );
    expect(list.activityResultVOList.find((a) => a.id === pendingOffline.id)).toMatchObject({
      classActivityStatus: 2,
      signInTime: formatDateTime(NOW),
      finStatus: 1,
    });
  });

  test('a bad location gets the documented message (issue 27); the sign type too; nothing is recorded', async () => {
    const who = await newStudent();
    const BAD_LOCATION = '定位信息无效：经度和纬度需同时提供，且在有效范围内';
    const bad: Record<string, unknown>[] = [
      { lat: 90.5, lon: 118.84 },
      { lat: -91, lon: 118.84 },
      { lat: 31.95, lon: 180.01 },
      { lat: 'abc', lon: 118.84 },
      { lat: true, lon: 118.84 },
      { lat: { a: 1 }, lon: 118.84 },
      { lat: [31.95], lon: 118.84 },
      { lat: 31.95 },
      { lon: 118.84 },
      { lat: 31.95, lon: null },
      { lat: 31.95, lon: 'east' },
    ];
    for (const location of bad) {
      const answer = await call(api.signAttendance, { ...ref(pendingOffline, who), type: 1, ...location }, who.user);
      expectRefused(answer, ErrorCode.BAD_REQUEST, t('learning.badLocation'));
      expect(answer.body.message, JSON.stringify(location)).toBe(BAD_LOCATION);
    }
    for (const type of [3, 0, '签到', null]) {
      const answer = await call(api.signAttendance, { ...ref(pendingOffline, who), type, lat: 31.95, lon: 118.84 }, who.user);
      expectRefused(answer, ErrorCode.BAD_REQUEST, invalidField('type', t('learning.badSignType')));
    }
    expect(await signs(pendingOffline.id, who.studentId)).toEqual([]);
    // The edges of the ranges and a location given as text are a location.
    expectOk(await call(api.signAttendance, { ...ref(pendingOffline, who), type: 1, lat: '-90', lon: 180 }, who.user));
    expect((await signs(pendingOffline.id, who.studentId))[0]).toMatchObject({ type: 1, lat: -90, lon: 180 });
  });

  test('a second sign-in is refused with 不允许重复考勤签到 and changes nothing', async () => {
    const who = await newStudent();
    expectOk(await call(api.signAttendance, { ...ref(pendingOffline, who), type: 1 }, who.user));
    const before = await signs(pendingOffline.id, who.studentId);
    expect(before).toHaveLength(1);
    server().clock.advance(60_000);
    try {
      const answer = await call(api.signAttendance, { ...ref(pendingOffline, who), type: 1 }, who.user);
      expectRefused(answer, ErrorCode.CONFLICT, t('learning.duplicateSign'));
    } finally {
      server().clock.advance(-60_000);
    }
    expect(await signs(pendingOffline.id, who.studentId)).toEqual(before);
    expect(await dynamics(pendingOffline.id, who.studentId)).toHaveLength(1);
  });

  test('sign out once after the sign-in (a check-out dynamic); a second sign-out is refused', async () => {
    const who = await newStudent();
    const sign = (type: 1 | 2) => call(api.signAttendance, { ...ref(pendingOffline, who), type }, who.user);
    expectOk(await sign(1));
    const info = expectOk<Attendance>(await sign(2));
    expect(info).toMatchObject({ isSignIn: 1, isSignOut: 1, signOutTime: formatDateTime(NOW) });
    expect((await dynamics(pendingOffline.id, who.studentId)).map((d) => d.type)).toEqual([0, 1]);
    const again = await sign(2);
    expectRefused(again, ErrorCode.CONFLICT, t('learning.duplicateSign'));
    // signing in after signing out is a repeat too
    expect((await sign(1)).body.message).toBe(DUPLICATE);
    expect(await signs(pendingOffline.id, who.studentId)).toHaveLength(2);
  });

  test('sign-out before the sign-in is refused with a clear message', async () => {
    const answer = await call(api.signAttendance, { ...ref(futureOffline), type: 2 });
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('learning.signInFirst'));
    expect(await signs(futureOffline.id)).toEqual([]);
  });

  test('sign-in opens 30 minutes before the class: a class in a few days is refused with the day and time, nothing recorded', async () => {
    const answer = await call(api.signAttendance, { ...ref(futureOffline), type: 1 });
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('learning.signInNotOpen', { time: '11月25日 08:30' }));
    const [date, time] = formatDateTime(futureOffline.startAt - 30 * MINUTE).split(' ') as [string, string];
    expect(answer.body.message).toBe(`签到尚未开始，请在 ${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日 ${time.slice(0, 5)} 后签到`);
    expect(await signs(futureOffline.id)).toEqual([]);
  });

  test('a sign the activity does not use is refused: online activities have no sign-out', async () => {
    const answer = await call(api.signAttendance, { ...ref(pendingOnline), type: 2 });
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('learning.signOutNotUsed'));
  });

  test('no sign-in after the class has ended (it stays missed)', async () => {
    const answer = await call(api.signAttendance, { ...ref(missedOffline), type: 1 });
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('learning.signInClosed'));
    expect(await signs(missedOffline.id)).toEqual([]);
  });

  test('10 sign-ins at the same moment record exactly one, with one dynamic; the others are refused as repeats', async () => {
    const who = await newStudent();
    // the elective begins later today: at its start
    server().clock.set(parseDateTime(electiveOnline.startTime));
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(api.signAttendance, { ...ref(electiveOnline, who), type: 1 }, who.user))).finally(
      () => server().clock.set(NOW),
    );
    const ok = answers.filter((a) => a.body.code === 0);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 0)) {
      expectRefused(a, ErrorCode.CONFLICT, t('learning.duplicateSign'));
    }
    expect(await signs(electiveOnline.id, who.studentId)).toHaveLength(1);
    expect((await dynamics(electiveOnline.id, who.studentId)).map((d) => d.type)).toEqual([0]);
  });

  test('a classmate signs in to the same activity on their own', async () => {
    const [who, mate] = [await newStudent(), await newStudent()];
    expectOk(await call(api.signAttendance, { ...ref(pendingOffline, who), type: 1 }, who.user));
    const body = { activityId: pendingOffline.id, classId: classA, studentId: mate.studentId, userId: mate.user.userId, type: 1 };
    expect(expectOk<Attendance>(await call(api.signAttendance, body, mate.user))).toMatchObject({ isSignIn: 1, isSignOut: 0 });
    expect(await signs(pendingOffline.id, mate.studentId)).toHaveLength(1);
    expect(await signs(pendingOffline.id, who.studentId)).toHaveLength(1);
  });
});

describe('the sign-in window (decision 029)', () => {
  /** 19:31, 21:29, 21:59… of the test day in China Standard Time. */
  const at = (hh: number, mm: number) => startOfCstDay(NOW) + (hh * 60 + mm) * MINUTE;
  /** A copy of a seeded activity of class A at new times, made by the test, with nobody signed. */
  async function activityAt(like: { id: string }, startAt: number, endAt: number) {
    const row = await db().selectFrom('classActivities').selectAll().where('id', '=', like.id).executeTakeFirstOrThrow();
    const id = newId(server().clock.value);
    await db()
      .insertInto('classActivities')
      .values({ ...row, id, startAt, endAt })
      .execute();
    return { id, classroomId: row.classroomId, courseId: row.courseId };
  }
  const signAt = async (when: number, a: { id: string; classroomId: string | null; courseId: string | null }, type: 1 | 2, who: Who) => {
    server().clock.set(when);
    try {
      return await call(api.signAttendance, { ...ref(a, who), type }, who.user);
    } finally {
      server().clock.set(NOW);
    }
  };
  const refusedWith = (answer: Awaited<ReturnType<typeof call>>, message: string) => {
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
  };

  test('a face-to-face class at 21:59–23:29: nothing at 19:31; sign-in from 21:29, sign-out from 21:59', async () => {
    const who = await newStudent();
    const a = await activityAt(pendingOffline, at(21, 59), at(23, 29));
    refusedWith(await signAt(at(19, 31), a, 1, who), t('learning.signInNotOpen', { time: '21:29' }));
    refusedWith(await signAt(at(21, 28) + 59_999, a, 1, who), t('learning.signInNotOpen', { time: '21:29' }));
    expect(await signs(a.id, who.studentId)).toEqual([]);
    expect(expectOk<Attendance>(await signAt(at(21, 29), a, 1, who))).toMatchObject({ isSignIn: 1, signInTime: formatDateTime(at(21, 29)) });
    refusedWith(await signAt(at(21, 59) - 1, a, 2, who), t('learning.signOutNotOpen', { time: '21:59' }));
    expect(expectOk<Attendance>(await signAt(at(21, 59), a, 2, who))).toMatchObject({ isSignOut: 1, signOutTime: formatDateTime(at(21, 59)) });
    expect((await signs(a.id, who.studentId)).map((r) => [r.type, r.signedAt])).toEqual([
      [1, at(21, 29)],
      [2, at(21, 59)],
    ]);
  });

  test('sign-in closes at the end; sign-out an hour after it', async () => {
    const who = await newStudent(at(0, 0));
    const a = await activityAt(pendingOffline, at(8, 0), at(9, 30));
    expectOk(await signAt(at(9, 30), a, 1, who));
    refusedWith(await signAt(at(10, 30) + 1, a, 2, who), t('learning.signOutClosed'));
    expectOk(await signAt(at(10, 30), a, 2, who));
    const b = await activityAt(pendingOffline, at(8, 1), at(9, 31));
    refusedWith(await signAt(at(9, 31) + 1, b, 1, who), t('learning.signInClosed'));
    expect(await signs(b.id, who.studentId)).toEqual([]);
  });

  test('auto sign-in obeys the window: entering at 19:31 signs nobody in, entering at 21:29 does', async () => {
    const who = await newStudent();
    const a = await activityAt(pendingOnline, at(21, 59), at(23, 29));
    const body = { activityId: a.id, classId: classA, courseId: a.courseId, studentId: who.studentId, type: 1, userId: who.user.userId };
    server().clock.set(at(19, 31));
    try {
      const early = expectOk<AutoSignResult>(await call(api.autoSignIn, body, who.user));
      expect(early).toMatchObject({ signed: false, attendance: { isSignIn: 0, signInTime: null } });
      expect(await signs(a.id, who.studentId)).toEqual([]);
      server().clock.set(at(23, 29) + 1);
      expect(expectOk<AutoSignResult>(await call(api.autoSignIn, body, who.user)).signed).toBe(false);
      server().clock.set(at(21, 29));
      const entered = expectOk<AutoSignResult>(await call(api.autoSignIn, body, who.user));
      expect(entered).toMatchObject({ signed: true, attendance: { isSignIn: 1, signInTime: formatDateTime(at(21, 29)) } });
    } finally {
      server().clock.set(NOW);
    }
    expect(await signs(a.id, who.studentId)).toHaveLength(1);
  });
});

describe('auto sign-in', () => {
  test('an online activity with online attendance: signed once, then answered without error', async () => {
    const who = await newStudent();
    const body = {
      activityId: pendingOnline.id,
      classId: classA,
      courseId: pendingOnline.extendId,
      studentId: who.studentId,
      type: 1,
      userId: who.user.userId,
    };
    const first = expectOk<AutoSignResult>(await call(api.autoSignIn, body, who.user));
    expect(first.signed).toBe(true);
    expect(first.attendance).toMatchObject({ isSignIn: 1, signInTime: formatDateTime(NOW) });
    const second = expectOk<AutoSignResult>(await call(api.autoSignIn, body, who.user));
    expect(second).toEqual({ signed: false, attendance: first.attendance });
    expect(await signs(pendingOnline.id, who.studentId)).toHaveLength(1);
  });

  test('concurrent auto sign-ins record one', async () => {
    const who = await newStudent();
    const body = { activityId: pendingOnline.id, classId: classA, studentId: who.studentId };
    const answers = (await Promise.all(Array.from({ length: 5 }, () => call(api.autoSignIn, body, who.user)))).map((a) => expectOk<AutoSignResult>(a));
    expect(answers.filter((a) => a.signed)).toHaveLength(1);
    expect(await signs(pendingOnline.id, who.studentId)).toHaveLength(1);
  });

  test('a face-to-face activity has no auto sign-in', async () => {
    const answer = await call(api.autoSignIn, { activityId: futureOffline.id, classId: classA, studentId: studentA });
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('learning.autoSignOff'));
  });
});

describe('the offline classroom', () => {
  const lessonOf = (name: string) => OFFLINE_LESSONS.find((l) => l.name === name)!;

  test('detail: name, course, notes, numbered points, the lead teacher first, the activity’s times and place', async () => {
    const body = {
      classroomId: pendingOffline.classroomId,
      classId: classA,
      courseId: pendingOffline.extendId,
      studentId: studentA,
      activityId: pendingOffline.id,
      userId: demo.userId,
    };
    const d = expectOk<OfflineClassroom>(await call(api.offlineClassroomDetail, body));
    const seed = lessonOf(pendingOffline.classroomName!);
    expect(d).toMatchObject({
      classroomId: pendingOffline.classroomId,
      classroomName: pendingOffline.classroomName,
      courseId: pendingOffline.extendId,
      courseName: pendingOffline.courseName,
      isRequired: 1,
      desc: seed.notes,
      position: pendingOffline.position,
      address: pendingOffline.address,
      classStartTime: pendingOffline.startTime,
      classEndTime: pendingOffline.endTime,
    });
    expect(d.points).toEqual(seed.points.map((pointDesc, i) => ({ seq: i + 1, pointDesc })));
    expect(d.teacherList.map((t) => [t.teacherName, t.lead])).toEqual(seed.teachers.map((t, i) => [t.name, i === 0]));
    expect(d.teacherList.length).toBeGreaterThanOrEqual(2);
  });

  test('detail without an activity: the lesson’s own times (may be none)', async () => {
    const d = expectOk<OfflineClassroom>(
      await call(api.offlineClassroomDetail, {
        classroomId: futureOffline.classroomId,
        classId: classA,
        courseId: futureOffline.courseId,
        studentId: studentA,
      }),
    );
    expect(d.points.length).toBeGreaterThan(0);
    for (const v of [d.classStartTime, d.classEndTime]) if (v !== null) expect(v).toMatch(DATE_TIME);
  });

  test('detail refuses an online lesson, a lesson of another course and an activity of another lesson', async () => {
    const base = { classId: classA, studentId: studentA };
    const online = await call(api.offlineClassroomDetail, { ...base, classroomId: pendingOnline.classroomId, courseId: pendingOnline.extendId });
    expectRefused(online, ErrorCode.BAD_REQUEST, t('learning.notOfflineClassroom'));
    const otherCourse = await call(api.offlineClassroomDetail, {
      ...base,
      classroomId: pendingOffline.classroomId,
      courseId: pendingOnline.extendId === pendingOffline.extendId ? 'x1' : pendingOnline.extendId,
    });
    expectRefused(otherCourse, ErrorCode.NOT_FOUND, t('learning.classroomNotFound'));
    const otherActivity = await call(api.offlineClassroomDetail, {
      ...base,
      classroomId: pendingOffline.classroomId,
      courseId: pendingOffline.extendId,
      activityId: pendingOnline.id,
    });
    expectRefused(otherActivity, ErrorCode.NOT_FOUND, t('learning.activityNotFound'));
    expectRefused(
      await call(api.offlineClassroomDetail, {
        ...base,
        classroomId: pendingOffline.classroomId,
        courseId: pendingOffline.extendId,
        activityId: classBActivity,
      }),
      ErrorCode.NOT_FOUND,
      t('learning.activityNotFound'),
    );
  });

  test('highlights of a session that took place: a video and two images in order', async () => {
    const h = expectOk<Highlights>(
      await call(api.classroomHighlights, {
        bizId: missedOffline.id,
        classId: classA,
        courseId: missedOffline.extendId,
        studentId: studentA,
        userId: demo.userId,
      }),
    );
    expect(h.courseId).toBe(missedOffline.extendId);
    expect(h.titbits.map((t) => [t.fileType, t.url, t.titbitName])).toEqual(HIGHLIGHTS.map((x) => [x.fileType, x.url, x.titbitName]));
  });

  test('a session still to come has no highlights yet', async () => {
    expect(
      expectOk<Highlights>(
        await call(api.classroomHighlights, { bizId: futureOffline.id, classId: classA, courseId: futureOffline.courseId, studentId: studentA }),
      ).titbits,
    ).toEqual([]);
  });

  test('highlights refuse another course and another class’s activity', async () => {
    expectRefused(
      await call(api.classroomHighlights, { bizId: missedOffline.id, classId: classA, courseId: 'x1', studentId: studentA }),
      ErrorCode.NOT_FOUND,
      t('learning.courseNotFound'),
    );
    expectRefused(
      await call(api.classroomHighlights, { bizId: classBActivity, classId: classA, courseId: missedOffline.extendId, studentId: studentA }),
      ErrorCode.NOT_FOUND,
      t('learning.activityNotFound'),
    );
  });
});

describe('someone else’s ids', () => {
  const calls = (): [AnyCall, (over: Record<string, unknown>) => Record<string, unknown>][] => [
    [api.attendanceInfo, (o) => ({ ...ref(futureOffline), ...o })],
    [api.signAttendance, (o) => ({ ...ref(futureOffline), type: 1, ...o })],
    [api.autoSignIn, (o) => ({ activityId: futureOffline.id, classId: classA, studentId: studentA, ...o })],
    [
      api.offlineClassroomDetail,
      (o) => ({ classroomId: futureOffline.classroomId, classId: classA, courseId: futureOffline.courseId, studentId: studentA, ...o }),
    ],
    [api.classroomHighlights, (o) => ({ bizId: futureOffline.id, classId: classA, courseId: futureOffline.courseId, studentId: studentA, ...o })],
  ];

  test('another user’s userId: 403', async () => {
    for (const [c, body] of calls()) {
      const answer = await call(c, body({ userId: classmate.userId }));
      expectRefused(answer, ErrorCode.FORBIDDEN, t('learning.notYourAccount'));
    }
  });

  test('a classmate’s class student id, the classmates’ class, another school’s class and student, an unknown class: 404', async () => {
    for (const [c, body] of calls()) {
      for (const over of [{ studentId: mateStudentA }, { classId: classH }, { classId: huaxiaClass, studentId: huaxiaStudent }, { classId: 'nope1' }]) {
        const answer = await call(c, body(over));
        expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.classNotFound'));
      }
    }
  });

  test('the other school’s student cannot reach class A’s activity through their own class', async () => {
    for (const [c, body] of calls()) {
      const answer = await call(c, body({ classId: huaxiaClass, studentId: huaxiaStudent, userId: huaxia.userId }), huaxia, HUAXIA.id);
      // A lesson's detail names its course first; the others name the activity.
      expectRefused(answer, ErrorCode.NOT_FOUND, t(c === api.offlineClassroomDetail ? 'learning.courseNotFound' : 'learning.activityNotFound'));
    }
  });

  test('an activity of another class of the student (class B) with class A: 404, nothing recorded', async () => {
    for (const [c, body] of calls().filter(([c]) => c !== api.offlineClassroomDetail)) {
      const answer = await call(
        c,
        body({
          activityId: classBActivity,
          bizId: classBActivity,
          classroomId: undefined,
          courseId: c === api.classroomHighlights ? futureOffline.courseId : undefined,
        }),
      );
      expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.activityNotFound'));
    }
    expect(await signs(classBActivity)).toEqual([]);
  });

  test('without a token: refused', async () => {
    const answer = await server().call(api.signAttendance, { ...ref(futureOffline), type: 1 } as never, { tenant: DEMO.id });
    expectRefused(answer, ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
  });
});

describe('bad input', () => {
  test('missing or malformed ids, a sign type other than 1 or 2, a bad location: 400 with a clear message, nothing recorded', async () => {
    const base = { ...ref(futureOffline), type: 1 };
    const noActivity = invalidField('activityId', '无效输入：期望 string，实际接收 undefined');
    const badType = invalidField('type', t('learning.badSignType'));
    const bad: [Record<string, unknown>, string][] = [
      [{}, noActivity],
      [{ ...base, activityId: undefined }, noActivity],
      [{ ...base, classId: '' }, invalidField('classId', t('validation.badFormat'))],
      [{ ...base, studentId: 'a b' }, invalidField('studentId', t('validation.badFormat'))],
      [{ ...base, type: 3 }, badType],
      [{ ...base, type: '1x' }, badType],
      [{ ...base, type: undefined }, badType],
      [{ ...base, lat: 31.9 }, t('learning.badLocation')],
      [{ ...base, lon: 118.8 }, t('learning.badLocation')],
      [{ ...base, lat: 91, lon: 0 }, t('learning.badLocation')],
      [{ ...base, lat: 0, lon: -181 }, t('learning.badLocation')],
      [{ ...base, lat: 'north', lon: 1 }, t('learning.badLocation')],
    ];
    for (const [body, message] of bad) {
      const answer = await call(api.signAttendance, body);
      expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    }
    expect((await call(api.signAttendance, { ...base, lat: 31.9 })).body.message).toContain('经度和纬度需同时提供');
    expect(await signs(futureOffline.id)).toEqual([]);
    // Each call names the first field it reads, the activity's id under the name the call gives it.
    for (const [c, first, wrong] of [
      [api.attendanceInfo, 'activityId', '数字'],
      [api.autoSignIn, 'activityId', '数字'],
      [api.offlineClassroomDetail, 'classroomId', 'undefined'],
      [api.classroomHighlights, 'bizId', '数组'],
    ] as [AnyCall, string, string][]) {
      expectRefused(await call(c, {}), ErrorCode.BAD_REQUEST, invalidField(first, '无效输入：期望 string，实际接收 undefined'));
      const answer = await call(c, { classId: 'a'.repeat(40), activityId: 1, bizId: [], studentId: null });
      expectRefused(answer, ErrorCode.BAD_REQUEST, invalidField(first, `无效输入：期望 string，实际接收 ${wrong}`));
    }
  });
});
