import { beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as api from '~/lib/api/contracts/learning';
import type { LearnerClass } from '~/lib/api/contracts/learning';
import { LEARNING_CLASSES, SECOND_STUDENT, TODAY_SLOTS } from '~/dev/seed/learning-data';
import { DEMO_STUDENT } from '~/dev/seed/login';
import { DATE_TIME, expectOk, expectPage, expectRefused, invalidField } from '../setup/api';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { newStudentIn } from '../setup/study';
import { loginAs, withToken, type TestUser } from '../setup/users';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * My learning and the class header (with the card click rules) on the seeded learning
 * demo: answers for the demo student, bad input, and every way of reaching someone else's class.
 */

type AnyCall = Call<any, unknown>;

const server = useTestServer();
const partner = useTestServer({ PARTNER_EDITION: 'true' });

const DEMO_CLASSES = LEARNING_CLASSES[DEMO.id]!;
const enrolledNames = DEMO_CLASSES.filter((c) => c.serviceStatus !== undefined).map((c) => c.name);
const nameOf = (key: string) => DEMO_CLASSES.find((c) => c.key === key)!.name;

let demo: TestUser;
let classmate: TestUser;
let stranger: TestUser;
let huaxia: TestUser;
let mine: LearnerClass[];
const idOf = (key: string) => mine.find((c) => c.className === nameOf(key))!.classId;
/** Class ids the demo student may not read: a classmate's class (H) and the second school's class. */
let otherClassId: string;
let huaxiaClassId: string;

/** The user's token, sent to the user's own school. */
const schoolOf = new Map<string, string>();
const as = (user: TestUser) => ({ tenant: schoolOf.get(user.token) ?? DEMO.id, ...withToken(user.token) });
const classes = (user: TestUser, body: unknown = { userId: user.userId }, s = server()) => s.call(api.studentClasses, body as never, as(user));
const detail = (user: TestUser, body: Record<string, unknown>) => server().call(api.studentClassDetail, body as never, withToken(user.token));

beforeAll(async () => {
  demo = await loginAs(server(), DEMO.id, DEMO_STUDENT.mobile);
  classmate = await loginAs(server(), DEMO.id, '13900000002');
  stranger = await loginAs(server(), DEMO.id);
  huaxia = await loginAs(server(), HUAXIA.id, SECOND_STUDENT.mobile);
  schoolOf.set(huaxia.token, HUAXIA.id);
  mine = expectOk<LearnerClass[]>(await classes(demo));
  const theirs = expectOk<LearnerClass[]>(await classes(classmate));
  otherClassId = theirs.find((c) => c.className === nameOf('H'))!.classId;
  huaxiaClassId = expectOk<LearnerClass[]>(await classes(huaxia))[0]!.classId;
});

describe('studentClasses (my learning)', () => {
  test('the demo student sees exactly their classes of the school, in every serviceStatus and teachingClassStatus', () => {
    expect(mine.map((c) => c.className).sort()).toEqual([...enrolledNames].sort());
    expect(new Set(mine.map((c) => c.serviceStatus))).toEqual(new Set([-1, 0, 1, 2, 3]));
    expect(new Set(mine.map((c) => c.teachingClassStatus))).toEqual(new Set([0, 1, 2]));
    expect(mine.every((c) => c.tenantId === DEMO.id)).toBe(true);
  });

  test('a card carries its class, period, product, teacher, dates and counts', () => {
    const a = mine.find((c) => c.classId === idOf('A'))!;
    expect(a).toMatchObject({ serviceStatus: 2, teachingClassStatus: 1, teacherName: '王建华', productName: '电工（四级）职业技能培训' });
    expect(a.classPeriodName).toContain('第1期');
    for (const field of ['trainingStartTime', 'trainingEndTime', 'periodTrainingStartTime', 'periodTrainingEndTime', 'teachingPlanCreatedTime'] as const) {
      expect(a[field]).toMatch(DATE_TIME);
    }
    // the demo student and two classmates
    expect(a.signUpTotal).toBe(3);
    expect(a.classStudentTotal).toBe(3);
    // not yet opened: with an expected date (D) or without one (E)
    expect(mine.find((c) => c.classId === idOf('D'))!.expectedOpenTime).toMatch(DATE_TIME);
    expect(mine.find((c) => c.classId === idOf('E'))).toMatchObject({ expectedOpenTime: null, trainingStartTime: null, teacherName: null });
  });

  test('a student with no class gets an empty list', async () => {
    expect(expectOk(await classes(stranger))).toEqual([]);
  });

  test('isKingDee is ignored outside the partner edition', async () => {
    const list = expectOk<LearnerClass[]>(await classes(huaxia, { userId: huaxia.userId, isKingDee: true }));
    expect(list.map((c) => c.tenantId)).toEqual([HUAXIA.id]);
  });

  test("the partner edition's isKingDee lists the user's classes in every school, and only theirs", async () => {
    const p = partner();
    const user = await loginAs(p, HUAXIA.id, SECOND_STUDENT.mobile);
    schoolOf.set(user.token, HUAXIA.id);
    const own = expectOk<LearnerClass[]>(await classes(user, { userId: user.userId }, p));
    expect(own.map((c) => c.tenantId)).toEqual([HUAXIA.id]);
    const every = expectOk<LearnerClass[]>(await classes(user, { userId: user.userId, isKingDee: true }, p));
    expect(every.map((c) => c.className).sort()).toEqual([LEARNING_CLASSES[HUAXIA.id]![0]!.name, nameOf('H')].sort());
    // the other school's class opens with its schoolId, only in the partner edition
    const h = every.find((c) => c.tenantId === DEMO.id)!;
    const d = expectOk(await p.call(api.studentClassDetail, { classId: h.classId, userId: user.userId, schoolId: DEMO.id }, as(user)));
    expect(d).toMatchObject({ classId: h.classId, title: nameOf('H') });
    expectRefused(
      await server().call(api.studentClassDetail, { classId: h.classId, userId: huaxia.userId, schoolId: DEMO.id }, as(huaxia)),
      ErrorCode.NOT_FOUND,
      t('learning.classNotFound'),
    );
  });
});

describe('classPeriods', () => {
  const periods = (user: TestUser, body: Record<string, unknown>) => server().call(api.classPeriods, body as never, withToken(user.token));

  test('pages the periods of the classes the student is enrolled in, 8 by default', async () => {
    const first = expectOk(await periods(demo, { current: 1, model: { classPeriodType: 1, userId: demo.userId } }));
    expectPage(first, { current: 1, size: 8, total: enrolledNames.length * 2 });
    expect(first.records).toHaveLength(8);
    const second = expectOk(await periods(demo, { current: 2, size: 8, model: { classPeriodType: 1, userId: demo.userId } }));
    expect(second.records).toHaveLength(enrolledNames.length * 2 - 8);
    const all = [...first.records, ...second.records];
    expect(new Set(all.map((p: api.ClassPeriod) => p.id)).size).toBe(all.length);
    expect(new Set(all.map((p: api.ClassPeriod) => p.classId))).toEqual(new Set(mine.map((c) => c.classId)));
    expect(all.every((p: api.ClassPeriod) => p.classPeriodType === 1 && p.classPeriodName.length > 0)).toBe(true);
  });

  test('another period type has none; a student with no class has none', async () => {
    expectPage(expectOk(await periods(demo, { model: { classPeriodType: 2, userId: demo.userId } })), { total: 0 });
    expectPage(expectOk(await periods(stranger, { model: { classPeriodType: 1, userId: stranger.userId } })), { total: 0 });
  });

  test('bad paging or model is refused with the field named', async () => {
    for (const [body, message] of [
      [{ size: 0, model: { classPeriodType: 1, userId: demo.userId } }, invalidField('size', '数值过小：期望 number >=1')],
      [{ model: { userId: demo.userId } }, invalidField('model.classPeriodType', '无效输入：期望 数字，实际接收 NaN')],
      [{ model: { classPeriodType: 'abc', userId: demo.userId } }, invalidField('model.classPeriodType', '无效输入：期望 数字，实际接收 NaN')],
      [{ model: { classPeriodType: 1 } }, invalidField('model.userId', '无效输入：期望 string，实际接收 undefined')],
    ] as const) {
      const answer = await periods(demo, body);
      expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    }
    expect((await periods(demo, { model: { classPeriodType: 1 } })).body.message).toContain('userId');
  });
});

describe('updateEnrolState', () => {
  test.each([
    ['E', 'pending admission (-1)', t('learning.notAdmitted')],
    ['D', 'pending start (0)', t('learning.preparing')],
    ['G', 'not yet opened (teachingClassStatus 0)', t('learning.notOpenYet')],
  ])('class %s, %s, cannot be recorded as opened: the card rule holds on the server', async (key, _name, message) => {
    const s = server();
    const answer = await s.call(api.updateEnrolState, { classId: idOf(key), userId: demo.userId }, withToken(demo.token));
    expectRefused(answer, ErrorCode.CONFLICT, message);
    const row = await s.runtime.db
      .selectFrom('classStudents')
      .select('enrolStateAt')
      .where('classId', '=', idOf(key))
      .where('userId', '=', demo.userId)
      .executeTakeFirstOrThrow();
    expect(row.enrolStateAt).toBeNull();
  });

  test('records the first opening of the class; calling again keeps it', async () => {
    const s = server();
    // A new student of class B who has never opened it.
    const { user } = await newStudentIn(s, DEMO.id, ['B']);
    const classId = idOf('B');
    const enrolStateAt = async () =>
      (
        await s.runtime.db
          .selectFrom('classStudents')
          .select('enrolStateAt')
          .where('classId', '=', classId)
          .where('userId', '=', user.userId)
          .executeTakeFirstOrThrow()
      ).enrolStateAt;
    expect(await enrolStateAt()).toBeNull();
    const at = s.clock.value;
    expect(expectOk(await s.call(api.updateEnrolState, { classId, userId: user.userId }, withToken(user.token)))).toBeNull();
    s.clock.advance(60_000);
    expectOk(await s.call(api.updateEnrolState, { classId, userId: user.userId }, withToken(user.token)));
    s.clock.set(at);
    expect(Number(await enrolStateAt())).toBe(at);
  });
});

describe('studentClassDetail', () => {
  test('answers the header: status, title, period, dates, activity total, students, teacher, goal', async () => {
    const d = expectOk<api.StudentClassDetail>(await detail(demo, { classId: idOf('A'), userId: demo.userId }));
    expect(d).toMatchObject({
      classId: idOf('A'),
      classStatus: 2,
      title: nameOf('A'),
      teacherName: '王建华',
      classStudentTotal: 3,
      experience: false,
      personalityDataResultVO: { nickName: DEMO_STUDENT.nickName, realName: DEMO_STUDENT.realName, avatar: null },
    });
    const a = DEMO_CLASSES.find((c) => c.key === 'A')!;
    expect(d.activityTotal).toBe(TODAY_SLOTS.length + a.pastDays!.length + a.futureDays!.length);
    expect(d.learningGoal).toBe(a.learningGoal);
    expect(d.statusTime).toMatch(DATE_TIME);
    expect(d.trainingEndTime).toMatch(DATE_TIME);
    // the student id it answers is accepted back
    expectOk(await detail(demo, { classId: idOf('A'), userId: demo.userId, studentId: d.studentId, schoolId: DEMO.id }));
  });

  test("开班日期 (statusTime) is the class's: its expected opening while it has one, else its training start, not the enrolment's date", async () => {
    const expecting = mine.find((c) => c.classId === idOf('D'))!;
    expect(expecting.expectedOpenTime).toMatch(DATE_TIME);
    expect(expectOk<api.StudentClassDetail>(await detail(demo, { classId: idOf('D'), userId: demo.userId })).statusTime).toBe(expecting.expectedOpenTime);
    const running = expectOk<api.StudentClassDetail>(await detail(demo, { classId: idOf('A'), userId: demo.userId }));
    expect(mine.find((c) => c.classId === idOf('A'))!.expectedOpenTime).toBeNull();
    expect(running.statusTime).toBe(running.trainingStartTime);
    expect(expectOk<api.StudentClassDetail>(await detail(demo, { classId: idOf('E'), userId: demo.userId })).statusTime).toBeNull();
  });

  test('the experience class says so; a class without teacher or times answers nulls', async () => {
    expect(expectOk(await detail(demo, { classId: idOf('F'), userId: demo.userId }))).toMatchObject({ experience: true, learningGoal: null });
    expect(expectOk(await detail(demo, { classId: idOf('E'), userId: demo.userId }))).toMatchObject({
      classStatus: -1,
      teacherName: null,
      trainingStartTime: null,
      activityTotal: 0,
    });
  });
});

describe('increaseVisit', () => {
  test('adds one and answers the new number, each of concurrent visits counted', async () => {
    // A new student of class C who has never visited it.
    const { user, in: at } = await newStudentIn(server(), DEMO.id, ['C']);
    const studentId = at['C']!.studentId;
    expect(expectOk(await detail(user, { classId: idOf('C'), userId: user.userId }))).toMatchObject({ studentId, visitCount: 0 });
    const visit = () => server().call(api.increaseVisit, { classId: idOf('C'), studentId }, withToken(user.token));
    expect(expectOk(await visit())).toBe(1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => visit()));
    expect(answers.map((a) => expectOk<number>(a)).sort((x, y) => x - y)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(expectOk(await detail(user, { classId: idOf('C'), userId: user.userId }))).toMatchObject({ visitCount: 11 });
  });
});

describe('someone else', () => {
  test("another user's userId is refused with 403 on every call that names one", async () => {
    const other = classmate.userId;
    for (const answer of [
      await classes(demo, { userId: other }),
      await server().call(api.classPeriods, { model: { classPeriodType: 1, userId: other } }, withToken(demo.token)),
      await server().call(api.updateEnrolState, { classId: idOf('A'), userId: other }, withToken(demo.token)),
      await detail(demo, { classId: idOf('A'), userId: other }),
    ]) {
      expectRefused(answer, ErrorCode.FORBIDDEN, t('learning.notYourAccount'));
    }
  });

  test("a classmate's class, another school's class and an unknown class answer alike, revealing nothing", async () => {
    for (const classId of [otherClassId, huaxiaClassId, '1234567890123']) {
      const answers = [
        await detail(demo, { classId, userId: demo.userId }),
        await server().call(api.updateEnrolState, { classId, userId: demo.userId }, withToken(demo.token)),
        await server().call(api.increaseVisit, { classId, studentId: '1234567890123' }, withToken(demo.token)),
      ];
      for (const answer of answers) {
        expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.classNotFound'));
      }
    }
  });

  test("a classmate's studentId in a shared class is refused, and their visits stay as they were", async () => {
    const theirs = expectOk<api.StudentClassDetail>(await detail(classmate, { classId: idOf('A'), userId: classmate.userId }));
    const refused = [
      await detail(demo, { classId: idOf('A'), userId: demo.userId, studentId: theirs.studentId }),
      await server().call(api.increaseVisit, { classId: idOf('A'), studentId: theirs.studentId }, withToken(demo.token)),
    ];
    for (const answer of refused) {
      expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.classNotFound'));
    }
    expect(expectOk(await detail(classmate, { classId: idOf('A'), userId: classmate.userId }))).toMatchObject({ visitCount: theirs.visitCount });
  });

  test("another school's id as schoolId is not found outside the partner edition", async () => {
    const answer = await detail(demo, { classId: idOf('A'), userId: demo.userId, schoolId: HUAXIA.id });
    expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.classNotFound'));
  });

  test("the other school's token cannot be used here (40009), and no token is 40001 on every call", async () => {
    expectRefused(
      await server().call(api.studentClasses, { userId: huaxia.userId }, withToken(huaxia.token)),
      ErrorCode.TOKEN_FOREIGN,
      t('identity.tokenForeign'),
    );
    const bodies: [AnyCall, unknown][] = [
      [api.studentClasses, { userId: demo.userId }],
      [api.classPeriods, { model: { classPeriodType: 1, userId: demo.userId } }],
      [api.updateEnrolState, { classId: idOf('A'), userId: demo.userId }],
      [api.studentClassDetail, { classId: idOf('A'), userId: demo.userId }],
      [api.increaseVisit, { classId: idOf('A'), studentId: '1234567890123' }],
    ];
    for (const [call, body] of bodies) expectRefused(await server().call(call, body as never), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
  });
});

describe('bad input', () => {
  test.each([
    ['studentClasses without userId', api.studentClasses, {}, 'userId', invalidField('userId', '无效输入：期望 string，实际接收 undefined')],
    [
      'studentClasses with a non-boolean isKingDee',
      api.studentClasses,
      { userId: 'ME', isKingDee: 'yes' },
      'isKingDee',
      invalidField('isKingDee', '无效输入：期望 boolean，实际接收 string'),
    ],
    ['detail without classId', api.studentClassDetail, { userId: 'ME' }, 'classId', invalidField('classId', '无效输入：期望 string，实际接收 undefined')],
    [
      'detail with a malformed classId',
      api.studentClassDetail,
      { classId: 'a b;', userId: 'ME' },
      'classId',
      invalidField('classId', t('validation.badFormat')),
    ],
    [
      'increaseVisit without studentId',
      api.increaseVisit,
      { classId: '123' },
      'studentId',
      invalidField('studentId', '无效输入：期望 string，实际接收 undefined'),
    ],
    [
      'updateEnrolState with a number for userId',
      api.updateEnrolState,
      { classId: '123', userId: 42 },
      'userId',
      invalidField('userId', '无效输入：期望 string，实际接收 数字'),
    ],
    ['a JSON array for a body', api.studentClassDetail, [], '', '无效输入：期望 object，实际接收 数组'],
  ] as const)('%s: a clear 400', async (_, call, body, field, message) => {
    const filled = Array.isArray(body) ? body : Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === 'ME' ? demo.userId : v]));
    const answer = await server().call(call as AnyCall, filled as never, withToken(demo.token));
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    expect(answer.body.message).toContain(field);
  });
});
