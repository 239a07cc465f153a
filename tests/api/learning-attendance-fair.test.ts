import { describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as act from '~/lib/api/contracts/admin-activities';
import * as cls from '~/lib/api/contracts/admin-classes';
import * as classPage from '~/lib/api/contracts/learning-class';
import * as online from '~/lib/api/contracts/classroom-online';
import * as tt from '~/lib/api/contracts/learning-timetable';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { formatDate, formatDateTime, startOfCstDay } from '~/lib/time/cst';
import { newId } from '~/server/ids';
import { expectOk, expectRefused } from '../setup/api';
import { onClass, ok, staffer } from '../setup/classes';
import { enrolInClass } from '../setup/enrol';
import { createLearningClass, finishLesson as finishLessonOf } from '../setup/learning';
import { DAY, DEMO, HOUR, useTestServer } from '../setup/server';
import { loginAs, withToken, type TestUser } from '../setup/users';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * Attendance is fair to the student (issue 27, items 8 and 9; decision 051). A student enrolled
 * today was shown 缺勤 for the activities of the past weeks, the timetable marked those days red
 * and ranked them below classmates for good; and an online activity's lesson studied from the
 * course outline left the class page card saying both 缺勤 and 已完成. Every test makes its own
 * class, students and activities, and reads only those.
 */

const server = useTestServer();
const s = () => server();

/** A study record of the lesson that reached its target at `at`. */
const finishLesson = (x: Parameters<typeof finishLessonOf>[2], classStudentId: string, lesson: string, at: number) =>
  finishLessonOf(s().runtime.db, DEMO.id, x, classStudentId, lesson, at);

const ask = <Req>(user: TestUser, c: Call<Req, unknown>, body: Req) => s().call(c, body, withToken(user.token));

/** A class with a video lesson and three required online activities of it in the past weeks, one tomorrow; two students since 30 days ago. */
async function classWithHistory() {
  const now = s().clock.value;
  const early = [await loginAs(s(), DEMO.id), await loginAs(s(), DEMO.id)] as const;
  const activities = [21, 14, 7].map((days) => ({ lesson: '安全用电', startAt: now - days * DAY, endAt: now - days * DAY + 2 * HOUR }));
  const c = await createLearningClass(s().runtime.db, {
    tenantId: DEMO.id,
    now,
    name: `考勤公平班${newId(now)}`,
    courseName: '考勤公平课',
    lessons: [
      { name: '安全用电', type: 1, minutes: 10 },
      { name: '用电讲义', type: 3 },
    ],
    duties: [{ dutyType: 'VIDEO_PROGRESS', targetValue: 80 }],
    userIds: early.map((u) => u.userId),
    activities: [...activities, { lesson: '用电讲义', startAt: now + DAY, endAt: now + DAY + 2 * HOUR }],
  });
  const rows = await s().runtime.db.selectFrom('classActivities').select(['id', 'startAt']).where('classId', '=', c.classId).orderBy('startAt').execute();
  // The activities sign in on entry (online attendance), as the class had them.
  await s().runtime.db.updateTable('classActivities').set({ signIn: 1, onlineAttendance: 1 }).where('classId', '=', c.classId).execute();
  const late = await loginAs(s(), DEMO.id);
  const lateId = await enrolInClass(s().runtime.db, { tenantId: DEMO.id, classId: c.classId, userId: late.userId, now });
  return { ...c, early, late, lateId, activityIds: rows.map((r) => r.id) };
}

async function signIn(classId: string, activityId: string, classStudentId: string, signedAt: number) {
  await s()
    .runtime.db.insertInto('activityAttendance')
    .values({
      id: newId(signedAt),
      tenantId: DEMO.id,
      classId,
      activityId,
      classStudentId,
      type: 1,
      signedAt,
      lat: null,
      lon: null,
      createdAt: signedAt,
      correctedBy: null,
    })
    .execute();
}

describe('a student who joins late is not absent for what happened before', () => {
  test('the class page: no 缺勤 and no past activities from before the enrolment; a classmate enrolled earlier keeps theirs', async () => {
    const x = await classWithHistory();
    const sums = expectOk<classPage.PastActivitySum>(await ask(x.late, classPage.pastActivitySum, { classId: x.classId, userId: x.late.userId }));
    expect(sums).toEqual({ totalNum: 0, absenceNum: 0, attendanceNum: 0, electiveNum: 0 });
    const missed = expectOk<{ total: number }>(
      await ask(x.late, classPage.pastActivityPage, {
        current: 1,
        size: 12,
        model: { classId: x.classId, userId: x.late.userId, classActivityStatus: 1 },
      } as never),
    );
    expect(missed.total).toBe(0);
    // A classmate enrolled 30 days ago still has the three absences.
    const mate = expectOk<classPage.PastActivitySum>(await ask(x.early[0], classPage.pastActivitySum, { classId: x.classId, userId: x.early[0].userId }));
    expect(mate.absenceNum).toBe(3);
  });

  test('the timetable: the past weeks are not marked and the ranking is by the share of their own activities (the next one ranks them first)', async () => {
    const x = await classWithHistory();
    const [a, b] = x.early;
    // b studied the video of the three past activities (finished all three), a nothing.
    await finishLesson(x, x.studentIds[b.userId]!, '安全用电', s().clock.value - 22 * DAY);
    const unit = { classId: x.classId, userId: x.late.userId, evaluateType: 'UNIT' as const };
    const days = expectOk<tt.TimetableData>(await ask(x.late, tt.timetableActivities, unit));
    expect(days.activityResultVOList.map((r) => r.activityId)).toEqual([x.activityIds[3]]);
    expect(days.optionData.filter((d) => d.colorStatus === 1).map((d) => d.dateKey)).toEqual([formatDateTime(s().clock.value + DAY).slice(0, 10)]);
    // The late student reads tomorrow's lesson: 1 of 1 finished; b has 3 of 4, a 0 of 4.
    const ref = { classroomId: x.lessons['用电讲义']!, courseId: x.courseId, classId: x.classId, studentId: x.lateId };
    expectOk(await ask(x.late, online.recordView, ref));
    const count = expectOk<tt.TimetableDutyCount>(await ask(x.late, tt.timetableDutyCount, unit));
    expect(count).toMatchObject({ requiredActivityNum: 1, finishSignActivityNum: 1, rankIndex: 1, rankTotal: 3 });
    const ofB = expectOk<tt.TimetableDutyCount>(await ask(b, tt.timetableDutyCount, { ...unit, userId: b.userId }));
    expect(ofB).toMatchObject({ requiredActivityNum: 4, rankIndex: 2, rankTotal: 3 });
    const ofA = expectOk<tt.TimetableDutyCount>(await ask(a, tt.timetableDutyCount, { ...unit, userId: a.userId }));
    expect(ofA).toMatchObject({ requiredActivityNum: 4, finishSignActivityNum: 0, rankIndex: 3 });
  });

  test('the ranking does not count what a student finished of activities not theirs: a lesson of the weeks before they joined, studied now', async () => {
    const x = await classWithHistory();
    const [a, b] = x.early;
    await finishLesson(x, x.studentIds[b.userId]!, '安全用电', s().clock.value - 22 * DAY);
    // The late student studies the past activities' lesson today: it finishes those three pairs, none of them theirs.
    await finishLesson(x, x.lateId, '安全用电', s().clock.value);
    const unit = { classId: x.classId, evaluateType: 'UNIT' as const };
    const places = await Promise.all(
      [x.late, b, a].map(async (u) => expectOk<tt.TimetableDutyCount>(await ask(u, tt.timetableDutyCount, { ...unit, userId: u.userId }))),
    );
    // b 3 of 4; the late student 0 of their 1 and a 0 of 4 share the next place.
    expect(places.map((p) => [p.rankIndex, p.rankTotal])).toEqual([
      [2, 3],
      [1, 3],
      [2, 3],
    ]);
  });

  test('the staff attendance sheet and its CSV list only the students an activity was theirs', async () => {
    const x = await classWithHistory();
    const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
    await signIn(x.classId, x.activityIds[0]!, x.studentIds[x.early[1].userId]!, s().clock.value - 21 * DAY + HOUR);
    const sheet = await ok<act.ActivityAttendance>(s().call(act.adminAttendance, { activityId: x.activityIds[0]! }, onClass(admin, x.classId, DEMO.id)));
    expect(sheet.rows.map((r) => r.studentId).sort()).toEqual(x.early.map((u) => x.studentIds[u.userId]!).sort());
    expect(sheet.counts).toMatchObject({ students: 2, signedIn: 1, absent: 1 });
    const next = await ok<act.ActivityAttendance>(s().call(act.adminAttendance, { activityId: x.activityIds[3]! }, onClass(admin, x.classId, DEMO.id)));
    expect(next.rows.map((r) => r.studentId)).toContain(x.lateId);
    const res = await s().app.request(`/api/admin/classes/${x.classId}/attendance/export?activityId=${x.activityIds[0]}`, {
      headers: { ...onClass(admin, x.classId, DEMO.id).headers, host: 'localhost' },
    });
    expect(res.status).toBe(200);
    const lines = new TextDecoder()
      .decode(new Uint8Array(await res.arrayBuffer()).slice(3))
      .split('\r\n')
      .filter(Boolean);
    // The header and the two students enrolled before the activity.
    expect(lines).toHaveLength(3);
    // Correcting the late student's sign of that activity is refused as for a student not in it.
    const refused = await s().call(
      act.adminAttendanceCorrect,
      { activityId: x.activityIds[0]!, studentId: x.lateId, type: 1, signedAt: formatDateTime(s().clock.value - 21 * DAY + HOUR), reason: '补签' },
      onClass(admin, x.classId, DEMO.id),
    );
    expectRefused(refused, ErrorCode.NOT_FOUND, t('attendance.studentNotFound'));
  });

  test('a student moved to a later period is not expected at activities before that period starts', async () => {
    const x = await classWithHistory();
    const now = s().clock.value;
    const periodId = newId(now);
    await s()
      .runtime.db.insertInto('classPeriods')
      .values({ id: periodId, tenantId: DEMO.id, classId: x.classId, classPeriodType: 1, name: '第2期', startAt: now - 10 * DAY, endAt: null, createdAt: now })
      .execute();
    const [a] = x.early;
    await s().runtime.db.updateTable('classStudents').set({ periodId }).where('id', '=', x.studentIds[a.userId]!).execute();
    const sums = expectOk<classPage.PastActivitySum>(await ask(a, classPage.pastActivitySum, { classId: x.classId, userId: a.userId }));
    expect(sums).toMatchObject({ totalNum: 1, absenceNum: 1 });
  });

  test('a student moved between periods counts each period’s activities while they were in it; a classmate who stayed counts only their period’s', async () => {
    const x = await classWithHistory();
    const now = s().clock.value;
    const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
    // The first period ends 12 days ago (after the activities of 21 and 14 days ago); the second starts 11 days ago.
    const first = await s()
      .runtime.db.selectFrom('classStudents')
      .select('periodId')
      .where('id', '=', x.studentIds[x.early[0].userId]!)
      .executeTakeFirstOrThrow();
    await s()
      .runtime.db.updateTable('classPeriods')
      .set({ endAt: startOfCstDay(now - 12 * DAY) + DAY - 1_000 })
      .where('id', '=', first.periodId!)
      .execute();
    const second = await ok<{ id: string }>(
      s().call(
        cls.adminClassPeriodSave,
        { classPeriodType: 1, name: '第2期', start: formatDate(now - 11 * DAY), end: null },
        onClass(admin, x.classId, DEMO.id),
      ),
    );
    const [moved, stayed] = x.early;
    // Moved 10 days ago, by the staff screen's call.
    s().clock.set(now - 10 * DAY);
    try {
      await ok(
        s().call(
          cls.adminClassStudentMove,
          { studentId: x.studentIds[moved.userId]!, fromPeriodId: first.periodId, toPeriodId: second.id },
          onClass(admin, x.classId, DEMO.id),
        ),
      );
    } finally {
      s().clock.set(now);
    }
    const sumsOf = async (u: TestUser) =>
      expectOk<classPage.PastActivitySum>(await ask(u, classPage.pastActivitySum, { classId: x.classId, userId: u.userId }));
    // Moved: 21 and 14 days ago in the first period, 7 days ago in the second.
    expect(await sumsOf(moved)).toMatchObject({ totalNum: 3, absenceNum: 3 });
    // Stayed in the first period, which ended 12 days ago: the activity of 7 days ago (and tomorrow's) is not theirs.
    expect(await sumsOf(stayed)).toMatchObject({ totalNum: 2, absenceNum: 2 });
    const sheet = await ok<act.ActivityAttendance>(s().call(act.adminAttendance, { activityId: x.activityIds[2]! }, onClass(admin, x.classId, DEMO.id)));
    expect(sheet.rows.map((r) => r.studentId)).toEqual([x.studentIds[moved.userId]!]);
    const count = expectOk<tt.TimetableDutyCount>(
      await ask(stayed, tt.timetableDutyCount, { classId: x.classId, userId: stayed.userId, evaluateType: 'UNIT' }),
    );
    expect(count.requiredActivityNum).toBe(2);
  });
});

describe('studying an online activity’s lesson attends it', () => {
  test('the lesson studied to its target from the course outline before the end: 已出勤 and 已完成 on the class page, timetable and staff sheet', async () => {
    const x = await classWithHistory();
    const [a] = x.early;
    const studentId = x.studentIds[a.userId]!;
    const tomorrow = x.activityIds[3]!;
    // The reading lesson of tomorrow's activity, opened from the outline (no activity named): learned by opening.
    const ref = { classroomId: x.lessons['用电讲义']!, courseId: x.courseId, classId: x.classId, studentId };
    expect(expectOk<online.LessonProgress>(await ask(a, online.recordView, ref)).finished).toBe(true);
    // After the activity's end.
    s().clock.set(s().clock.value + 2 * DAY);
    try {
      const past = expectOk<{ records: classPage.ClassActivityItem[] }>(
        await ask(a, classPage.pastActivityPage, { current: 1, size: 12, model: { classId: x.classId, userId: a.userId } } as never),
      );
      expect(past.records.find((r) => r.activityId === tomorrow)).toMatchObject({ classActivityStatus: 2, finStatus: 1, signInTime: null });
      const sums = expectOk<classPage.PastActivitySum>(await ask(a, classPage.pastActivitySum, { classId: x.classId, userId: a.userId }));
      expect(sums).toMatchObject({ totalNum: 4, absenceNum: 3, attendanceNum: 1 });
      const count = expectOk<tt.TimetableDutyCount>(await ask(a, tt.timetableDutyCount, { classId: x.classId, userId: a.userId, evaluateType: 'UNIT' }));
      expect(count.finishSignActivityNum).toBe(1);
      const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
      const sheet = await ok<act.ActivityAttendance>(s().call(act.adminAttendance, { activityId: tomorrow }, onClass(admin, x.classId, DEMO.id)));
      expect(sheet.rows.find((r) => r.studentId === studentId)).toMatchObject({ state: 2, signedInAt: null });
      // The classmate who did not study it is absent.
      expect(sheet.rows.find((r) => r.studentId === x.studentIds[x.early[1].userId]!)).toMatchObject({ state: 1 });
    } finally {
      s().clock.set(s().clock.value - 2 * DAY);
    }
  });

  test('studied after the end: completed late, still 缺勤', async () => {
    const x = await classWithHistory();
    const [a] = x.early;
    const studentId = x.studentIds[a.userId]!;
    s().clock.set(s().clock.value + 2 * DAY);
    try {
      const ref = { classroomId: x.lessons['用电讲义']!, courseId: x.courseId, classId: x.classId, studentId };
      expectOk(await ask(a, online.recordView, ref));
      const past = expectOk<{ records: classPage.ClassActivityItem[] }>(
        await ask(a, classPage.pastActivityPage, { current: 1, size: 12, model: { classId: x.classId, userId: a.userId } } as never),
      );
      expect(past.records.find((r) => r.activityId === x.activityIds[3])).toMatchObject({ classActivityStatus: 1, finStatus: 1 });
    } finally {
      s().clock.set(s().clock.value - 2 * DAY);
    }
  });
});
