import { beforeEach, describe, expect, test } from 'vitest';
import * as act from '~/lib/api/contracts/admin-activities';
import * as tt from '~/lib/api/contracts/learning-timetable';
import { STAFF_CALLS } from '~/lib/api/contracts/staff-calls';
import { AUDIT_ACTION, STAFF_ROLE, type AuditAction } from '~/lib/staff/roles';
import { RECURRENCE_CAP } from '~/lib/learning/recurrence';
import { formatDateTime, parseDateTime } from '~/lib/time/cst';
import { newId } from '~/server/ids';
import { DEMO, HUAXIA, HOUR, type Answer, useTestServer } from '../setup/server';
import { expectOk, expectRefused } from '../setup/api';
import { auditOf, freshRequestId } from '../setup/staff';
import { createLearningClass } from '../setup/learning';
import { loginAs, withToken, type TestUser } from '../setup/users';
import { onClass, ok, staffer, type Staffer } from '../setup/classes';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { callsOf, type CallsOf } from '~/lib/api/contract';

/**
 * The staff side of class activities and attendance: the class scope (a teacher of class A gets
 * 404 for class B, another school's class and an activity of another class), weekly series
 * (10 occurrences, one changed, this-and-following changed and deleted) and what the learner's
 * timetable and calendar feed then show, refusals that change nothing, attendance with the
 * absent, a teacher's correction (audited, seen by the learner) and the CSV file.
 */

const server = useTestServer();
const s = () => server();
/** Each test's own request id: the audit entries it caused are the ones carrying it. */
let requestId = '';
beforeEach(() => {
  requestId = freshRequestId('activity-audit');
});

let classes = 0;
/** A class of its own with a course of two lessons, two students and a head teacher; an unlinked teacher; the school's admin. */
async function school(tenantId = DEMO.id) {
  const admin = await staffer(s(), tenantId, STAFF_ROLE.admin);
  const head = await staffer(s(), tenantId, STAFF_ROLE.teacher);
  const stranger = await staffer(s(), tenantId, STAFF_ROLE.teacher);
  const students: TestUser[] = [await loginAs(s(), tenantId), await loginAs(s(), tenantId)];
  const c = await createLearningClass(s().runtime.db, {
    tenantId,
    now: s().clock.value,
    name: `活动测试班${process.pid}-${++classes}`,
    courseName: '电工基础',
    lessons: [
      { name: '安全用电', type: 1, minutes: 10 },
      { name: '现场实操', type: 11 },
    ],
    duties: [],
    userIds: students.map((u) => u.userId),
  });
  await s()
    .runtime.db.insertInto('classTeachers')
    .values({ id: newId(s().clock.value), tenantId, classId: c.classId, accountId: head.account.id, role: 'head', createdAt: s().clock.value })
    .execute();
  return { admin, head, stranger, students, tenantId, ...c };
}
type School = Awaited<ReturnType<typeof school>>;

const call = <Req>(c: import('~/lib/api/contract').Call<Req, unknown>, who: Staffer, classId: string, input: Req, tenantId = DEMO.id) =>
  s().call(c, input, onClass(who, classId, tenantId, { 'X-Request-Id': requestId }));

/** Monday 2026-11-23 (the tests' clock is Sunday 2026-11-22 10:00 in China). */
const weekly = (x: School, over: Partial<act.ActivityInput> = {}): act.ActivityInput => ({
  name: '电工理论课',
  courseId: x.courseId,
  classroomId: x.lessons['安全用电']!,
  onlineType: 1,
  isRequired: 1,
  start: '2026-11-23 19:00',
  end: '2026-11-23 21:00',
  position: '',
  address: '',
  signIn: true,
  signOut: false,
  onlineAttendance: true,
  repeat: { weekdays: [1, 3], count: 10 },
  ...over,
});
const faceToFace = (x: School, over: Partial<act.ActivityInput> = {}): act.ActivityInput => ({
  name: '现场实操课',
  courseId: x.courseId,
  classroomId: x.lessons['现场实操']!,
  onlineType: 2,
  isRequired: 1,
  start: '2026-11-22 08:00',
  end: '2026-11-22 09:00',
  position: '一号实训室',
  address: '北京市海淀区学院路 1 号',
  signIn: true,
  signOut: true,
  onlineAttendance: false,
  ...over,
});

async function list(x: School, who: Staffer = x.head, q: act.AdminActivityQuery = {}) {
  return ok<{ records: act.AdminActivity[]; total: number }>(call(act.adminActivities, who, x.classId, { size: 100, ...q }));
}
async function timetable(x: School, user: TestUser) {
  const answer = await s().call(
    tt.timetableActivities,
    { classId: x.classId, userId: user.userId, evaluateType: 'UNIT' },
    { tenant: x.tenantId, ...withToken(user.token) },
  );
  return expectOk<tt.TimetableData>(answer).activityResultVOList;
}
async function icsEvents(x: School, user: TestUser): Promise<string[]> {
  const url = expectOk<tt.CalendarFeed>(
    await s().call(tt.calendarFeed, { classId: x.classId, userId: user.userId }, { tenant: x.tenantId, ...withToken(user.token) }),
  ).url;
  const answer = await s().fetch(new URL(url).pathname);
  expect(answer.status).toBe(200);
  return answer.text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((l) => l.startsWith('DTSTART'));
}
const utc = (ms: number) => `DTSTART:${new Date(ms).toISOString().replace(/[-:]/g, '').replace('.000', '')}`;

describe('weekly series', () => {
  test('Monday and Wednesday 19:00–21:00, 10 times: 10 activities of one series, on the timetable and in the calendar feed at once', async () => {
    const x = await school();
    const saved = await ok<act.ActivitiesSaved>(call(act.adminActivitySave, x.head, x.classId, weekly(x)));
    expect(saved.ids).toHaveLength(10);
    expect(saved.seriesId).not.toBeNull();
    const { records, total } = await list(x);
    expect(total).toBe(10);
    expect(records.every((r) => r.seriesId === saved.seriesId && r.courseName === '电工基础' && r.classroomName === '安全用电')).toBe(true);
    expect(records.map((r) => formatDateTime(r.startAt).slice(0, 16))).toEqual([
      '2026-11-23 19:00',
      '2026-11-25 19:00',
      '2026-11-30 19:00',
      '2026-12-02 19:00',
      '2026-12-07 19:00',
      '2026-12-09 19:00',
      '2026-12-14 19:00',
      '2026-12-16 19:00',
      '2026-12-21 19:00',
      '2026-12-23 19:00',
    ]);
    const seen = await timetable(x, x.students[0]!);
    expect(seen.map((a) => a.activityId)).toEqual(saved.ids);
    expect(seen[0]).toMatchObject({
      activityName: '电工理论课',
      isRequired: 1,
      onlineType: 1,
      startTime: '2026-11-23 19:00:00',
      endTime: '2026-11-23 21:00:00',
    });
    expect((await icsEvents(x, x.students[1]!)).sort()).toEqual(records.map((r) => utc(r.startAt)).sort());
    // The filters of the staff list: a date range, online or face-to-face, required or elective.
    expect((await list(x, x.head, { from: '2026-11-30', to: '2026-12-07' })).total).toBe(3);
    expect((await list(x, x.head, { onlineType: 2 })).total).toBe(0);
    expect((await list(x, x.head, { isRequired: 0 })).total).toBe(0);
    expect((await list(x, x.admin, { isRequired: 1, onlineType: 1 })).total).toBe(10);
  });

  test('until a date; more than the cap is refused and makes nothing', async () => {
    const x = await school();
    const saved = await ok<act.ActivitiesSaved>(call(act.adminActivitySave, x.head, x.classId, weekly(x, { repeat: { weekdays: [6], until: '2026-12-12' } })));
    expect(saved.ids).toHaveLength(3); // 11-28, 12-05, 12-12
    const tooMany = await call(act.adminActivitySave, x.head, x.classId, weekly(x, { repeat: { weekdays: [0, 1, 2, 3, 4, 5, 6], until: '2027-12-31' } }));
    expectRefused(tooMany, ErrorCode.BAD_REQUEST, t('activities.repeat.tooMany', { max: RECURRENCE_CAP }));
    expect((await list(x)).total).toBe(3);
  });

  test('edit one occurrence, then this and following; delete this and following, then one', async () => {
    const x = await school();
    const { ids } = await ok<act.ActivitiesSaved>(call(act.adminActivitySave, x.head, x.classId, weekly(x)));
    // One: the third is renamed and moved to 18:00; the others keep theirs.
    const one = await ok<act.ActivitiesSaved>(
      call(
        act.adminActivitySave,
        x.head,
        x.classId,
        weekly(x, { activityId: ids[2]!, name: '补课', start: '2026-11-30 18:00', end: '2026-11-30 20:00', repeat: null, scope: 'one' }),
      ),
    );
    expect(one.ids).toEqual([ids[2]]);
    let rows = (await list(x)).records;
    expect(rows.filter((r) => r.name === '补课').map((r) => r.id)).toEqual([ids[2]]);
    expect(formatDateTime(rows[2]!.startAt)).toBe('2026-11-30 18:00:00');
    // This and following from the fifth: half an hour earlier, face-to-face in a room, 90 minutes.
    const following = await ok<act.ActivitiesSaved>(
      call(
        act.adminActivitySave,
        x.head,
        x.classId,
        weekly(x, {
          activityId: ids[4]!,
          name: '电工理论课（线下）',
          onlineType: 2,
          onlineAttendance: false,
          position: '二号教室',
          start: '2026-12-07 18:30',
          end: '2026-12-07 20:00',
          repeat: null,
          scope: 'following',
        }),
      ),
    );
    expect(following.ids).toEqual(ids.slice(4));
    rows = (await list(x)).records;
    expect(rows.slice(0, 4).every((r) => r.onlineType === 1)).toBe(true);
    expect(rows.slice(4).map((r) => formatDateTime(r.startAt).slice(5, 16))).toEqual([
      '12-07 18:30',
      '12-09 18:30',
      '12-14 18:30',
      '12-16 18:30',
      '12-21 18:30',
      '12-23 18:30',
    ]);
    expect(rows.slice(4).every((r) => r.endAt - r.startAt === 1.5 * HOUR && r.position === '二号教室' && r.onlineType === 2)).toBe(true);
    // The learner sees the change at once.
    const seen = await timetable(x, x.students[0]!);
    expect(seen.find((a) => a.activityId === ids[9])).toMatchObject({ activityName: '电工理论课（线下）', onlineType: 2, startTime: '2026-12-23 18:30:00' });
    // Delete this and following from the eighth: three go; then the first alone.
    expect(await ok(call(act.adminActivityDelete, x.head, x.classId, { activityId: ids[7]!, scope: 'following' }))).toEqual({ deleted: 3 });
    expect(await ok(call(act.adminActivityDelete, x.head, x.classId, { activityId: ids[0]!, scope: 'one' }))).toEqual({ deleted: 1 });
    expect((await list(x)).records.map((r) => r.id)).toEqual(ids.slice(1, 7));
    expect((await timetable(x, x.students[1]!)).map((a) => a.activityId)).toEqual(ids.slice(1, 7));
    expect(await icsEvents(x, x.students[1]!)).toHaveLength(6);
    // A deleted one is gone for good.
    expectRefused(await call(act.adminActivityDelete, x.head, x.classId, { activityId: ids[0]!, scope: 'one' }), ErrorCode.NOT_FOUND, t('activities.notFound'));
  });

  test("options: the class's courses with their lessons", async () => {
    const x = await school();
    expect(await ok(call(act.adminActivityOptions, x.head, x.classId, {}))).toEqual({
      courses: [
        {
          id: x.courseId,
          name: '电工基础',
          lessons: [
            { id: x.lessons['安全用电'], name: '安全用电' },
            { id: x.lessons['现场实操'], name: '现场实操' },
          ],
        },
      ],
    });
  });
});

describe("bad input is refused with the form's words and changes nothing", () => {
  test.each<[string, (x: School, other: School) => Partial<act.ActivityInput>, string]>([
    ['no name', () => ({ name: '  ' }), '请填写活动名称'],
    ['a long name', () => ({ name: '长'.repeat(51) }), '活动名称不能超过 50 个字'],
    ['no start', () => ({ start: '' }), '请填写开始时间'],
    ['a bad time', () => ({ start: '2026-11-31 19:00' }), '请按“年-月-日 时:分”填写时间'],
    ['an end before the start', () => ({ end: '2026-11-23 18:00' }), '结束时间必须晚于开始时间'],
    ['thirteen hours', () => ({ end: '2026-11-24 08:00' }), '一次活动不能超过 12 小时'],
    ['neither online nor face-to-face', () => ({ onlineType: 3 }), '请选择线上或线下'],
    ['neither required nor elective', () => ({ isRequired: 2 }), '请选择必修或选修'],
    ["another class's course", (_x, other) => ({ courseId: other.courseId, classroomId: null }), '所选课程不在本班'],
    ['a lesson of another course', (_x, other) => ({ classroomId: other.lessons['安全用电']! }), '所选课时不属于所选课程'],
    ['a lesson without a course', () => ({ courseId: null }), '选择课时前请先选择课程'],
    ['sign-out without sign-in', () => ({ signIn: false, signOut: true, onlineAttendance: false }), '开启签退前请先开启签到'],
    ['online sign-in face-to-face', () => ({ onlineType: 2 }), '线上自动签到只用于线上活动'],
    ['no weekday', () => ({ repeat: { weekdays: [], count: 3 } }), '请选择每周重复的星期'],
    ['weekday 7', () => ({ repeat: { weekdays: [7], count: 3 } }), '请选择每周重复的星期'],
    ['no end of the series', () => ({ repeat: { weekdays: [1] } }), '请填写重复截止日期或重复次数'],
    ['both ends', () => ({ repeat: { weekdays: [1], count: 3, until: '2026-12-31' } }), '截止日期和重复次数只能填写一项'],
    ['too many times', () => ({ repeat: { weekdays: [1], count: RECURRENCE_CAP + 1 } }), `重复次数应为 1 到 ${RECURRENCE_CAP} 之间的整数`],
    ['no chosen weekday in range', () => ({ repeat: { weekdays: [5], until: '2026-11-25' } }), '所选日期范围内没有所选的星期'],
    ['a bad scope', () => ({ scope: 'all' as never }), '请选择只改这一次或这一次及以后'],
  ])('%s', async (_name, change, message) => {
    const x = await school();
    const other = await school();
    const answer = await call(act.adminActivitySave, x.head, x.classId, weekly(x, change(x, other)));
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    expect((await list(x)).total).toBe(0);
  });

  test('repeat on an existing activity, a correction without a reason or with a sign-out first', async () => {
    const x = await school();
    const { ids } = await ok<act.ActivitiesSaved>(call(act.adminActivitySave, x.head, x.classId, faceToFace(x)));
    const again = await call(act.adminActivitySave, x.head, x.classId, faceToFace(x, { activityId: ids[0]!, repeat: { weekdays: [1], count: 2 } }));
    expect(again.body.message).toBe('已有活动不能再设置每周重复');
    const studentId = x.studentIds[x.students[0]!.userId]!;
    const base = { activityId: ids[0]!, studentId, type: 1, signedAt: '2026-11-22 08:05', reason: '现场签到设备故障' };
    for (const [input, message] of [
      [{ ...base, reason: ' ' }, '请填写更正原因'],
      [{ ...base, reason: '因'.repeat(201) }, '更正原因不能超过 200 个字'],
      [{ ...base, type: 3 }, '请选择签到或签退'],
      [{ ...base, signedAt: '昨天' }, '请按“年-月-日 时:分”填写时间'],
      [{ ...base, type: 2 }, '请先为该学员补签到，再补签退'],
      [{ ...base, signedAt: null }, '考勤没有变化'],
    ] as const) {
      const answer = await call(act.adminAttendanceCorrect, x.head, x.classId, input as act.AttendanceCorrection);
      expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    }
    const sheet = await ok<act.ActivityAttendance>(call(act.adminAttendance, x.head, x.classId, { activityId: ids[0]! }));
    expect(sheet.counts).toMatchObject({ signedIn: 0, signedOut: 0 });
  });
});

describe('the class scope', () => {
  const CALLS: { name: keyof CallsOf<typeof act>; input: (x: School, activityId: string) => unknown }[] = [
    { name: 'adminActivities', input: () => ({}) },
    { name: 'adminActivityOptions', input: () => ({}) },
    { name: 'adminActivitySave', input: (x) => faceToFace(x) },
    { name: 'adminActivityDelete', input: (_x, activityId) => ({ activityId }) },
    { name: 'adminAttendance', input: (_x, activityId) => ({ activityId }) },
    {
      name: 'adminAttendanceCorrect',
      input: (x, activityId) => ({ activityId, studentId: Object.values(x.studentIds)[0], type: 1, signedAt: '2026-11-22 08:00', reason: '补签' }),
    },
    { name: 'adminAttendanceExport', input: (_x, activityId) => ({ activityId }) },
  ];

  test('the table names every call', () => {
    expect(CALLS.map((c) => c.name).sort()).toEqual(Object.keys(callsOf(act)).sort());
  });

  test.each(CALLS.map((c) => [c.name, c] as const))(
    "%s: a teacher of another class, another school's class and another class's activity are not found",
    async (_n, c) => {
      const x = await school();
      const other = await school();
      const foreign = await school(HUAXIA.id);
      const { ids } = await ok<act.ActivitiesSaved>(call(act.adminActivitySave, x.admin, x.classId, faceToFace(x)));
      const { ids: otherIds } = await ok<act.ActivitiesSaved>(call(act.adminActivitySave, other.admin, other.classId, faceToFace(other)));
      const contract = STAFF_CALLS[c.name] as import('~/lib/api/contract').Call<unknown, unknown>;
      // A teacher not linked to the class.
      let answer = await call(contract, x.stranger, x.classId, c.input(x, ids[0]!));
      expectRefused(answer, ErrorCode.NOT_FOUND, t('classes.notFound'));
      // Another school's class, by this school's administrator.
      answer = await call(contract, x.admin, foreign.classId, c.input(x, ids[0]!));
      expectRefused(answer, ErrorCode.NOT_FOUND, t('classes.notFound'));
      if (c.name !== 'adminActivities' && c.name !== 'adminActivityOptions' && c.name !== 'adminActivitySave') {
        // Another class's activity, through a class the teacher does teach.
        answer = await call(contract, x.head, x.classId, c.input(x, otherIds[0]!));
        expectRefused(answer, ErrorCode.NOT_FOUND, t('activities.notFound'));
      }
      // Nothing changed: each class still has its one activity.
      expect((await list(x, x.admin)).total).toBe(1);
      expect((await list(other, other.admin)).total).toBe(1);
      // The class's own teacher is let through.
      answer = await call(contract, x.head, x.classId, c.input(x, ids[0]!));
      expect(answer.status, answer.text).toBe(200);
      if (answer.body && typeof answer.body === 'object' && 'code' in answer.body) expect(answer.body.code, answer.text).toBe(0);
    },
  );
});

describe('attendance', () => {
  test('every student with their signs, the absent once it ended; a correction is audited and the learner sees it; removal too', async () => {
    const x = await school();
    // Today 08:00–09:00 in China: over at the tests' 10:00.
    const { ids } = await ok<act.ActivitiesSaved>(call(act.adminActivitySave, x.head, x.classId, faceToFace(x)));
    const activityId = ids[0]!;
    const [a, b] = x.students as [TestUser, TestUser];
    const sidA = x.studentIds[a.userId]!;
    const sidB = x.studentIds[b.userId]!;
    // Student B signed in themselves (as the sign-in call records it).
    await s()
      .runtime.db.insertInto('activityAttendance')
      .values({
        id: newId(s().clock.value),
        tenantId: x.tenantId,
        classId: x.classId,
        activityId,
        classStudentId: sidB,
        type: 1,
        signedAt: parseDateTime('2026-11-22 07:55'),
        lat: null,
        lon: null,
        createdAt: s().clock.value,
      })
      .execute();
    let sheet = await ok<act.ActivityAttendance>(call(act.adminAttendance, x.head, x.classId, { activityId }));
    expect(sheet.counts).toEqual({ students: 2, signedIn: 1, signedOut: 0, absent: 1 });
    expect(sheet.rows.find((r) => r.studentId === sidA)).toMatchObject({ signedInAt: null, state: 1, signInCorrected: false });
    expect(sheet.rows.find((r) => r.studentId === sidB)).toMatchObject({ signedInAt: parseDateTime('2026-11-22 07:55'), state: 2, signInCorrected: false });
    expect(sheet.rows.every((r) => /^\d{3}\*\*\*\*\d{4}$/.test(r.mobile))).toBe(true);

    const learnerStatus = async () => (await timetable(x, a)).find((t) => t.activityId === activityId)!.classActivityStatus;
    expect(await learnerStatus()).toBe(1);

    s().clock.advance(60_000);
    const row = await ok<act.AttendanceRow>(
      call(act.adminAttendanceCorrect, x.head, x.classId, {
        activityId,
        studentId: sidA,
        type: 1,
        signedAt: '2026-11-22 08:03',
        reason: '签到设备故障，现场确认到课',
      }),
    );
    expect(row).toMatchObject({ studentId: sidA, signedInAt: parseDateTime('2026-11-22 08:03'), signInCorrected: true, state: 2 });
    const entries = (await auditOf(s(), x.tenantId, { targetId: activityId })).filter((e) => e.action === AUDIT_ACTION.attendanceCorrect);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: x.head.account.id, targetType: 'attendance', targetId: activityId });
    expect(JSON.parse(entries[0]!.beforeJson!)).toEqual({ signIn: null });
    expect(JSON.parse(entries[0]!.afterJson!)).toMatchObject({ signIn: '2026-11-22 08:03:00', reason: '签到设备故障，现场确认到课' });
    // The learner's own figures follow: attended on the timetable.
    expect(await learnerStatus()).toBe(2);
    // A sign-out after the sign-in; then both removed, sign-out first.
    await ok(call(act.adminAttendanceCorrect, x.head, x.classId, { activityId, studentId: sidA, type: 2, signedAt: '2026-11-22 09:00', reason: '补签退' }));
    const refused = await call(act.adminAttendanceCorrect, x.head, x.classId, { activityId, studentId: sidA, type: 1, signedAt: null, reason: '误签' });
    expect(refused.body.message).toBe('该学员已签退，请先删除签退再删除签到');
    await ok(call(act.adminAttendanceCorrect, x.head, x.classId, { activityId, studentId: sidA, type: 2, signedAt: null, reason: '误签' }));
    await ok(call(act.adminAttendanceCorrect, x.admin, x.classId, { activityId, studentId: sidA, type: 1, signedAt: null, reason: '误签' }));
    sheet = await ok<act.ActivityAttendance>(call(act.adminAttendance, x.head, x.classId, { activityId }));
    expect(sheet.counts).toEqual({ students: 2, signedIn: 1, signedOut: 0, absent: 1 });
    expect(await learnerStatus()).toBe(1);
    // A student's own sign-in corrected keeps one row per sign.
    await ok(call(act.adminAttendanceCorrect, x.head, x.classId, { activityId, studentId: sidB, type: 1, signedAt: '2026-11-22 08:01', reason: '时间更正' }));
    const signs = await s().runtime.db.selectFrom('activityAttendance').selectAll().where('activityId', '=', activityId).execute();
    expect(signs).toHaveLength(1);
    expect(Number(signs[0]!.signedAt)).toBe(parseDateTime('2026-11-22 08:01'));
    // A student of another class is not found.
    const other = await school();
    const stray = await call(act.adminAttendanceCorrect, x.head, x.classId, {
      activityId,
      studentId: Object.values(other.studentIds)[0]!,
      type: 1,
      signedAt: '2026-11-22 08:00',
      reason: '补签',
    });
    expectRefused(stray, ErrorCode.NOT_FOUND, t('attendance.studentNotFound'));
  });

  test('CSV: UTF-8 with BOM, CRLF, every student, a formula in a name defused', async () => {
    const x = await school();
    const { ids } = await ok<act.ActivitiesSaved>(call(act.adminActivitySave, x.head, x.classId, faceToFace(x)));
    const [a, b] = x.students as [TestUser, TestUser];
    await s().runtime.db.updateTable('users').set({ realName: '=HYPERLINK("http://x","点我")' }).where('id', '=', a.userId).execute();
    await s().runtime.db.updateTable('users').set({ realName: '李四' }).where('id', '=', b.userId).execute();
    await ok(
      call(act.adminAttendanceCorrect, x.head, x.classId, {
        activityId: ids[0]!,
        studentId: x.studentIds[b.userId]!,
        type: 1,
        signedAt: '2026-11-22 08:02',
        reason: '补签',
      }),
    );
    const res = await s().app.request(`/api/admin/classes/${x.classId}/attendance/export?activityId=${ids[0]}`, {
      headers: { ...onClass(x.head, x.classId, x.tenantId).headers, host: 'localhost' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('考勤-现场实操课-2026-11-22.csv'));
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('姓名,手机号,签到时间,签退时间,状态,老师更正');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    const mask = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;
    expect(lines.slice(1, 3).sort()).toEqual(
      [`"'=HYPERLINK(""http://x"",""点我"")",${mask(a.mobile)},,,缺勤,`, `李四,${mask(b.mobile)},2026-11-22 08:02:00,,已签到,是`].sort(),
    );
  });
});

describe('audit: every write call writes its entry (tests/api/staff-audit.test.ts leaves these here)', () => {
  interface Expected {
    action: AuditAction;
    targetType: string;
    targetId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }
  const SCENARIOS: Record<
    'adminActivitySave' | 'adminActivityDelete' | 'adminAttendanceCorrect',
    (x: School) => Promise<{ answer: Answer; expected: Expected[] }>
  > = {
    async adminActivitySave(x) {
      const answer = await call(act.adminActivitySave, x.head, x.classId, weekly(x, { repeat: { weekdays: [1], count: 2 } }));
      const id = answer.body.data.ids[0];
      const after = {
        name: '电工理论课',
        courseId: x.courseId,
        classroomId: x.lessons['安全用电'],
        onlineType: 1,
        isRequired: 1,
        startAt: parseDateTime('2026-11-23 19:00'),
        endAt: parseDateTime('2026-11-23 21:00'),
        position: null,
        address: null,
        signIn: true,
        signOut: false,
        onlineAttendance: true,
        occurrences: 2,
        seriesId: answer.body.data.seriesId,
      };
      return { answer, expected: [{ action: AUDIT_ACTION.activityCreate, targetType: 'classActivity', targetId: id, before: null, after }] };
    },
    async adminActivityDelete(x) {
      const { ids } = await ok<act.ActivitiesSaved>(call(act.adminActivitySave, x.head, x.classId, faceToFace(x)));
      s().clock.advance(1000);
      const answer = await call(act.adminActivityDelete, x.head, x.classId, { activityId: ids[0]! });
      const before = {
        name: '现场实操课',
        courseId: x.courseId,
        classroomId: x.lessons['现场实操'],
        onlineType: 2,
        isRequired: 1,
        startAt: parseDateTime('2026-11-22 08:00'),
        endAt: parseDateTime('2026-11-22 09:00'),
        position: '一号实训室',
        address: '北京市海淀区学院路 1 号',
        signIn: true,
        signOut: true,
        onlineAttendance: false,
        occurrences: 1,
      };
      return { answer, expected: [{ action: AUDIT_ACTION.activityDelete, targetType: 'classActivity', targetId: ids[0]!, before, after: null }] };
    },
    async adminAttendanceCorrect(x) {
      const { ids } = await ok<act.ActivitiesSaved>(call(act.adminActivitySave, x.head, x.classId, faceToFace(x)));
      s().clock.advance(1000);
      const studentId = x.studentIds[x.students[0]!.userId]!;
      const answer = await call(act.adminAttendanceCorrect, x.head, x.classId, {
        activityId: ids[0]!,
        studentId,
        type: 1,
        signedAt: '2026-11-22 08:00',
        reason: '补签',
      });
      const after = { student: expect.stringMatching(/\d{3}\*\*\*\*\d{4}$/), signIn: '2026-11-22 08:00:00', reason: '补签' };
      return { answer, expected: [{ action: AUDIT_ACTION.attendanceCorrect, targetType: 'attendance', targetId: ids[0]!, before: { signIn: null }, after }] };
    },
  };

  test('every write call of activities and attendance has a scenario', () => {
    const writes = Object.entries(callsOf(act))
      .filter(([, c]) => c.method !== 'GET')
      .map(([n]) => n)
      .sort();
    expect(Object.keys(SCENARIOS).sort()).toEqual(writes);
  });

  test.each(Object.keys(SCENARIOS) as (keyof typeof SCENARIOS)[])('%s', async (name) => {
    const x = await school();
    s().clock.advance(60_000);
    const outcome = await SCENARIOS[name](x);
    expect(outcome.answer.body.code, outcome.answer.text).toBe(0);
    const rows = (await auditOf(s(), DEMO.id, { requestId })).filter((r) => r.createdAt === s().clock.value);
    expect(
      rows.map((r) => ({
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        before: r.beforeJson === null ? null : JSON.parse(r.beforeJson),
        after: r.afterJson === null ? null : JSON.parse(r.afterJson),
      })),
    ).toEqual(outcome.expected);
    expect(rows.every((r) => r.actorId === x.head.account.id)).toBe(true);
    s().clock.advance(1000);
  });
});
