import { beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as learning from '~/lib/api/contracts/learning';
import * as api from '~/lib/api/contracts/learning-class';
import type { ClassActivityItem, TodayActivity } from '~/lib/api/contracts/learning-class';
import { todayTabs } from '~/lib/learning/class-detail';
import { completionRate } from '~/lib/learning/progress';
import { formatDate } from '~/lib/time/cst';
import { LEARNING_CLASSES, LEARNING_COURSES, SECOND_STUDENT, TODAY_SLOTS, electivePast, missedPast } from '~/dev/seed/learning-data';
import { DEMO_STUDENT } from '~/dev/seed/login';
import { EXAM_WORKS } from '~/dev/seed/exams-data';
import { DATE_TIME, expectOk, expectPage, expectRefused, invalidField } from '../setup/api';
import { DAY, DEMO, HUAXIA, NOW, useTestServer } from '../setup/server';
import { newStudentIn } from '../setup/study';
import { loginAs, withToken, type TestUser } from '../setup/users';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The class page's calls on the seeded learning demo: class A has
 * today's activities in every attendance state and an elective, past activities over weeks,
 * upcoming ones, study records, a submitted homework and classmates' dynamics. Then every way of
 * reaching someone else's data, and bad input.
 */

type AnyCall = Call<any, unknown>;

const server = useTestServer();

const MINUTE = 60_000;
const DEMO_CLASSES = LEARNING_CLASSES[DEMO.id]!;
const seedClass = (key: string) => DEMO_CLASSES.find((c) => c.key === key)!;
const A = seedClass('A');

let demo: TestUser;
let classmate: TestUser;
let huaxia: TestUser;
const classIds = new Map<string, string>();
const studentIds = new Map<string, string>();
let mateStudentId: string;
let huaxiaClassId: string;
let huaxiaStudentId: string;
let otherClassId: string;

const idOf = (key: string) => classIds.get(key)!;
const sidOf = (key: string) => studentIds.get(key)!;
const as = (user: TestUser) => withToken(user.token);
const call = <Req>(c: Call<Req, unknown>, body: unknown, user: TestUser | null = demo, tenant?: string) =>
  server().call(c, body as Req, user ? { ...as(user), ...(tenant ? { tenant } : {}) } : {});

async function detailOf(user: TestUser, classId: string, tenant?: string): Promise<learning.StudentClassDetail> {
  return expectOk(await call(learning.studentClassDetail, { classId, userId: user.userId }, user, tenant));
}

/** Every record of a paged call, page after page. */
async function allPages<T>(c: AnyCall, model: Record<string, unknown>, size: number, user = demo): Promise<T[]> {
  const records: T[] = [];
  for (let current = 1; current < 50; current++) {
    const page = expectOk(await call(c, { current, size, model }, user));
    records.push(...page.records);
    if (current >= page.pages) return records;
  }
  throw new Error('too many pages');
}

/** The seed's study of class A's lessons: credited ms (percent of each lesson's length). */
function seededStudyMs(key: string): number {
  const courses = LEARNING_COURSES[DEMO.id]!;
  return (seedClass(key).studied ?? []).reduce((sum, st) => {
    const lesson = courses
      .find((c) => c.key === st.course)!
      .chapters.flatMap((ch) => ch.sections.flatMap((s) => s.lessons))
      .find((l) => l.name === st.lesson)!;
    return sum + Math.round((lesson.minutes * MINUTE * st.percent) / 100);
  }, 0);
}

/** The seed's past activities of a class: which are electives and which the student missed. */
function seededPast(key: string) {
  const past = (seedClass(key).pastDays ?? []).map((_, i) => ({ elective: electivePast(i), missed: missedPast(i) }));
  return {
    totalNum: past.length,
    absenceNum: past.filter((p) => !p.elective && p.missed).length,
    attendanceNum: past.filter((p) => !p.elective && !p.missed).length,
    electiveNum: past.filter((p) => p.elective).length,
  };
}

beforeAll(async () => {
  demo = await loginAs(server(), DEMO.id, DEMO_STUDENT.mobile);
  classmate = await loginAs(server(), DEMO.id, '13900000002');
  huaxia = await loginAs(server(), HUAXIA.id, SECOND_STUDENT.mobile);
  const mine = expectOk<learning.LearnerClass[]>(await call(learning.studentClasses, { userId: demo.userId }));
  for (const c of DEMO_CLASSES) {
    const found = mine.find((m) => m.className === c.name);
    if (!found) continue;
    classIds.set(c.key, found.classId);
    studentIds.set(c.key, (await detailOf(demo, found.classId)).studentId);
  }
  mateStudentId = (await detailOf(classmate, idOf('A'))).studentId;
  const theirs = expectOk<learning.LearnerClass[]>(await call(learning.studentClasses, { userId: classmate.userId }, classmate));
  otherClassId = theirs.find((c) => c.className === seedClass('H').name)!.classId;
  const hx = expectOk<learning.LearnerClass[]>(await call(learning.studentClasses, { userId: huaxia.userId }, huaxia, HUAXIA.id));
  huaxiaClassId = hx[0]!.classId;
  huaxiaStudentId = (await detailOf(huaxia, huaxiaClassId, HUAXIA.id)).studentId;
});

describe('the student card', () => {
  test('study situation: completion of the required activities, credited study time, answering time, assessment', async () => {
    const s = expectOk<api.UserStudySituation>(await call(api.userStudySituation, { classId: idOf('A'), studentId: sidOf('A') }));
    // class A: 40.3 minutes of lessons credited; answering: the submitted homework of the learning
    // demo (25 minutes) and the submitted attempts of the homework and test demo (exams-data.ts)
    expect(s.studyDuration).toBe(seededStudyMs('A'));
    expect(s.studyDurationStr).toBe(`${Math.floor(seededStudyMs('A') / MINUTE)}分钟`);
    const answering = 25 + EXAM_WORKS.flatMap((w) => w.attempts ?? []).reduce((sum, a) => sum + (a.minutes ?? 0), 0);
    expect(s.answerDuration).toBe(answering * MINUTE);
    expect(s.answerDurationStr).toBe(`${Math.floor(answering / 60)}小时${answering % 60}分钟`);
    expect(s.evaluateStatus).toBe(0);
    expect(s.finishActivityRate).toBeGreaterThan(0);
    expect(s.finishActivityRate).toBeLessThan(100);
    expect(String(s.finishActivityRate)).toMatch(/^\d+(\.\d{1,2})?$/);
  });

  test('the completion rate is finished required ÷ required over every activity of the class', async () => {
    // A week on, every activity of class A has started before today: the past list holds them all.
    const s = server();
    const user = await loginAs(s, DEMO.id, DEMO_STUDENT.mobile, 30 * DAY);
    const rate = expectOk<api.UserStudySituation>(await call(api.userStudySituation, { classId: idOf('A'), studentId: sidOf('A') }, user)).finishActivityRate;
    s.clock.advance(8 * DAY);
    try {
      const all = await allPages<ClassActivityItem>(api.pastActivityPage, { classId: idOf('A'), userId: user.userId }, 12, user);
      expect(all).toHaveLength(TODAY_SLOTS.length + A.pastDays!.length + A.futureDays!.length);
      const required = all.filter((a) => a.isRequired === 1);
      expect(rate).toBe(completionRate(required.filter((a) => a.finStatus === 1).length, required.length));
    } finally {
      s.clock.advance(-8 * DAY);
    }
  });

  test('a class with nothing studied shows no durations; a passed assessment says 1', async () => {
    const f = expectOk<api.UserStudySituation>(await call(api.userStudySituation, { classId: idOf('F'), studentId: sidOf('F') }));
    expect(f).toMatchObject({ studyDuration: 0, studyDurationStr: null, answerDuration: 0, answerDurationStr: null, evaluateStatus: 0 });
    const c = expectOk<api.UserStudySituation>(await call(api.userStudySituation, { classId: idOf('C'), studentId: sidOf('C') }));
    expect(c.evaluateStatus).toBe(1);
    // class C: its one video studied fully (20 minutes) and its homework answered in 18 minutes
    expect(c).toMatchObject({ studyDurationStr: '20分钟', answerDurationStr: '18分钟' });
    // a class without any activity completes nothing (0, not 100)
    const e = expectOk<api.UserStudySituation>(await call(api.userStudySituation, { classId: idOf('E'), studentId: sidOf('E') }));
    expect(e.finishActivityRate).toBe(0);
  });

  test('behaviour count: the sign-ins, the questions asked, the classmate circle (0) and the activities', async () => {
    const b = expectOk<api.BehaviourCount>(await call(api.studentBehaviourCount, { classId: idOf('A'), studentId: sidOf('A'), userId: demo.userId }));
    const past = seededPast('A');
    const signedPast = A.pastDays!.filter((_, i) => !missedPast(i)).length;
    const signedToday = TODAY_SLOTS.filter((t) => t.state === 'attended').length;
    expect(past.totalNum).toBeGreaterThan(0);
    expect(b).toEqual({
      classroomAttendanceTotal: signedPast + signedToday,
      questionCount: 0,
      classmateCircleCount: 0,
      activityTotal: TODAY_SLOTS.length + A.pastDays!.length + A.futureDays!.length,
    });
    // the classmate asked questions in today's activities (their dynamics of type 2)
    const questions = await server()
      .runtime.db.selectFrom('classDynamics')
      .where('classStudentId', '=', mateStudentId)
      .where('type', '=', 2)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(questions.n)).toBeGreaterThan(0);
    const theirs = expectOk<api.BehaviourCount>(
      await call(api.studentBehaviourCount, { classId: idOf('A'), studentId: mateStudentId, userId: classmate.userId }, classmate),
    );
    expect(theirs.questionCount).toBe(Number(questions.n));
  });

  test('user statistic: the credited study time and the visits, which each visit increases', async () => {
    const before = expectOk<api.UserStatistic>(await call(api.studentUserStatistic, { classId: idOf('A'), studentId: sidOf('A') }));
    expect(before.effectiveLearningDuration).toBe(seededStudyMs('A'));
    expect(before.interviewClassNum).toBe((await detailOf(demo, idOf('A'))).visitCount);
    // Visiting writes: a new student of class A, with no study and no visit yet, visits once.
    const { user, in: at } = await newStudentIn(server(), DEMO.id, ['A']);
    const mine = { classId: at['A']!.classId, studentId: at['A']!.studentId };
    expect(expectOk<api.UserStatistic>(await call(api.studentUserStatistic, mine, user))).toMatchObject({ effectiveLearningDuration: 0, interviewClassNum: 0 });
    expect(expectOk<number>(await call(learning.increaseVisit, mine, user))).toBe(1);
    expect(expectOk<api.UserStatistic>(await call(api.studentUserStatistic, mine, user)).interviewClassNum).toBe(1);
  });
});

describe('the class detail', () => {
  test("names the class's own state: running (A), teaching over (C) — the page then shows only past classes", async () => {
    expect((await detailOf(demo, idOf('A'))).teachingClassStatus).toBe(1);
    expect((await detailOf(demo, idOf('C'))).teachingClassStatus).toBe(2);
  });
});

describe('the courses', () => {
  test("each course of the class in the class's order, with its platform, window and the student's duty figures", async () => {
    const { classStudentCourseResultVOS: list } = expectOk(await call(api.studentCourseStatistic, { classId: idOf('A'), studentId: sidOf('A') }));
    const courses = LEARNING_COURSES[DEMO.id]!;
    const seeded = A.courses.map((key) => courses.find((c) => c.key === key)!);
    expect(list.map((c: api.ClassStudentCourse) => c.courseName)).toEqual(seeded.map((c) => c.name));
    for (const c of list as api.ClassStudentCourse[]) {
      expect(c.learnStartTime).toMatch(DATE_TIME);
      expect(c.learnEndTime).toMatch(DATE_TIME);
    }
    const byKey = (key: string) => list[A.courses.indexOf(key)] as api.ClassStudentCourse;
    expect(byKey('iiot')).toMatchObject({
      thirdPlatformType: 12,
      learningPlatform: 1,
      learningUrl: 'https://training.example.com/course/iiot',
      courseClassCode: 'IIOT-2026-01',
    });
    expect(byKey('digital')).toMatchObject({ thirdPlatformType: 10, learningPlatform: 2, learningUrl: null });
    expect(byKey('lowvolt')).toMatchObject({ courseNature: 0, faceTeachingNumber: 1 });
    // elec: video 18 + audio 12 minutes required, 18 + 4.8 credited; one homework (submitted) and one test
    expect(byKey('elec')).toMatchObject({
      courseNature: 1,
      introduce: seeded[0]!.introduce,
      needStudyDuration: 30 * MINUTE,
      finishedStudyDuration: 18 * MINUTE + Math.round(12 * MINUTE * 0.4),
      homeworkNumber: 1,
      finishHomeworkNumber: 1,
      testNumber: 1,
      finishTestNumber: 0,
      faceTeachingNumber: 0,
      finishFaceTeachingNumber: 0,
    });
    // who studied: the demo student studied elec; nobody has anything of the third-party courses
    expect(byKey('elec').countResultVO.studyNumber).toBeGreaterThanOrEqual(1);
    expect(byKey('iiot').countResultVO.studyNumber).toBe(0);
    expect(byKey('digital').countResultVO.studyNumber).toBe(0);
    // classmates signed in to past activities too: some course counts more than one student, at most the class
    const numbers = list.map((c: api.ClassStudentCourse) => c.countResultVO.studyNumber);
    expect(Math.max(...numbers)).toBeGreaterThan(1);
    expect(Math.max(...numbers)).toBeLessThanOrEqual(3);
  });

  test('a class without courses has none', async () => {
    expect(expectOk(await call(api.studentCourseStatistic, { classId: idOf('E'), studentId: sidOf('E') }))).toEqual({ classStudentCourseResultVOS: [] });
  });
});

describe("today's activities", () => {
  let today: TodayActivity[];
  beforeAll(async () => {
    today = expectOk(await call(api.todayActivities, { classId: idOf('A'), userId: demo.userId })).activityResultVOList;
  });

  test('today (China Standard Time) in every attendance state and an elective, earliest first', () => {
    expect(today).toHaveLength(TODAY_SLOTS.length);
    const date = formatDate(NOW);
    for (const a of today) {
      expect(a.startTime.startsWith(date)).toBe(true);
      expect(a.endTime).toMatch(DATE_TIME);
      expect(a.id).toBe(a.activityId);
      expect(a.activityName.length).toBeGreaterThan(0);
      expect(a.extendId).toBeTruthy();
      expect(a.classroomId).toBeTruthy();
      expect([1, 2]).toContain(a.onlineType);
    }
    expect([...today].sort((x, y) => x.startTime.localeCompare(y.startTime)).map((a) => a.id)).toEqual(today.map((a) => a.id));
    const { counts } = todayTabs(today);
    const slots = (state: string, required = true) => TODAY_SLOTS.filter((s) => s.state === state && s.required === required).length;
    expect(counts).toEqual({
      all: TODAY_SLOTS.length,
      pending: slots('pending'),
      missed: slots('missed'),
      attended: slots('attended'),
      elective: TODAY_SLOTS.filter((s) => !s.required).length,
    });
  });

  test('the attended one carries its sign-in and is finished; a face-to-face one its place', () => {
    const attended = today.find((a) => a.classActivityStatus === 2)!;
    expect(attended.signInTime).toMatch(DATE_TIME);
    const missed = today.find((a) => a.classActivityStatus === 1)!;
    expect(missed).toMatchObject({ signInTime: null, finStatus: 0, onlineType: 2 });
    expect(missed.position).toBeTruthy();
    expect(missed.address).toBeTruthy();
    const offline = today.filter((a) => a.onlineType === 2);
    expect(offline.every((a) => a.finStatus === (a.signInTime ? 1 : 0))).toBe(true);
  });

  test("each carries its latest dynamics, newest first, with the classmate's real name", () => {
    const withDynamics = today.filter((a) => a.dynamic.length > 0);
    expect(withDynamics.length).toBeGreaterThan(0);
    for (const a of today) {
      expect(a.dynamic.length).toBeLessThanOrEqual(5);
      expect(a.dynamic.every((d) => d.activityId === a.id)).toBe(true);
      const times = a.dynamic.map((d) => d.createdTime);
      expect([...times].sort().reverse()).toEqual(times);
    }
    const names = new Set(today.flatMap((a) => a.dynamic.map((d) => d.realName)));
    expect(names).toContain('李雨桐');
    expect(names).toContain(DEMO_STUDENT.realName);
    expect(today.flatMap((a) => a.dynamic.map((d) => d.type)).some((type) => type === 2)).toBe(true);
  });

  test('a class with no activity today has none; the second school answers its own class', async () => {
    expect(expectOk(await call(api.todayActivities, { classId: idOf('F'), userId: demo.userId })).activityResultVOList).toEqual([]);
    const theirs = expectOk(await call(api.todayActivities, { classId: huaxiaClassId, userId: huaxia.userId }, huaxia, HUAXIA.id)).activityResultVOList;
    expect(theirs.length).toBe(TODAY_SLOTS.length);
  });
});

describe('past activities', () => {
  test('the sums: all, required missed, required attended, electives', async () => {
    const sum = expectOk<api.PastActivitySum>(await call(api.pastActivitySum, { classId: idOf('A'), userId: demo.userId }));
    expect(sum).toEqual(seededPast('A'));
    expect(sum.absenceNum).toBeGreaterThan(0);
    expect(sum.electiveNum).toBeGreaterThan(0);
    expect(expectOk(await call(api.pastActivitySum, { classId: idOf('F'), userId: demo.userId }))).toEqual(seededPast('F'));
  });

  test('pages of 6 (the default), 9 and 12, latest first, each sub-tab as long as its sum', async () => {
    const model = { classId: idOf('A'), userId: demo.userId };
    const sum = seededPast('A');
    const first = expectOk(await call(api.pastActivityPage, { current: 1, model, order: 'descending', sort: 'id' }));
    expectPage(first, { current: 1, size: 6, total: sum.totalNum });
    expect(first.records).toHaveLength(6);
    expect(first.pages).toBe(Math.ceil(sum.totalNum / 6));
    for (const size of [6, 9, 12]) {
      const all = await allPages<ClassActivityItem>(api.pastActivityPage, model, size);
      expect(all).toHaveLength(sum.totalNum);
      expect(new Set(all.map((a) => a.id)).size).toBe(sum.totalNum);
      const starts = all.map((a) => a.startTime);
      expect([...starts].sort().reverse()).toEqual(starts);
      expect(all.every((a) => a.startTime < formatDate(NOW))).toBe(true);
    }
    const missed = await allPages<ClassActivityItem>(api.pastActivityPage, { ...model, classActivityStatus: 1, isRequired: 1 }, 6);
    expect(missed).toHaveLength(sum.absenceNum);
    expect(missed.every((a) => a.classActivityStatus === 1 && a.isRequired === 1 && a.signInTime === null)).toBe(true);
    const attended = await allPages<ClassActivityItem>(api.pastActivityPage, { ...model, classActivityStatus: 2, isRequired: 1 }, 9);
    expect(attended).toHaveLength(sum.attendanceNum);
    expect(attended.every((a) => a.classActivityStatus === 2 && a.signInTime !== null)).toBe(true);
    const electives = await allPages<ClassActivityItem>(api.pastActivityPage, { ...model, isRequired: 0 }, 12);
    expect(electives).toHaveLength(sum.electiveNum);
    expect(electives.every((a) => a.isRequired !== 1)).toBe(true);
    // nothing in the past is still pending; empty filters mean "all"
    expectPage(expectOk(await call(api.pastActivityPage, { model: { ...model, classActivityStatus: 0 } })), { total: 0 });
    expectPage(expectOk(await call(api.pastActivityPage, { model: { ...model, classActivityStatus: '', isRequired: null, schoolId: '' } })), {
      total: sum.totalNum,
    });
  });

  test('ascending order gives the earliest first', async () => {
    const page = expectOk(await call(api.pastActivityPage, { size: 12, order: 'ascending', model: { classId: idOf('A'), userId: demo.userId } }));
    const starts = page.records.map((a: ClassActivityItem) => a.startTime);
    expect([...starts].sort()).toEqual(starts);
  });
});

describe('the dynamics', () => {
  test("the class's dynamics, newest first, 30 a page; one activity's only", async () => {
    const model = { classId: idOf('A') };
    const page = expectOk(await call(api.activityDynamicPage, { current: 1, size: 30, model }));
    expect(page.total).toBeGreaterThan(0);
    expect(page.records.length).toBe(Math.min(30, page.total));
    const times = page.records.map((d: api.ActivityDynamic) => d.createdTime);
    expect([...times].sort().reverse()).toEqual(times);
    for (const d of page.records as api.ActivityDynamic[]) {
      expect(d.createdTime).toMatch(DATE_TIME);
      expect([0, 1, 2, 3, 4, 5]).toContain(d.type);
      expect(d.realName.length).toBeGreaterThan(0);
    }
    const activityId = (page.records as api.ActivityDynamic[])[0]!.activityId!;
    const one = expectOk(await call(api.activityDynamicPage, { current: 1, size: 30, model: { ...model, activityId } }));
    expect(one.total).toBeGreaterThan(0);
    expect(one.total).toBeLessThanOrEqual(page.total);
    expect(one.records.every((d: api.ActivityDynamic) => d.activityId === activityId)).toBe(true);
  });

  test('an activity of another class, or none at all, is not found', async () => {
    const fActivity = expectOk(await call(api.pastActivityPage, { model: { classId: idOf('F'), userId: demo.userId } })).records[0]!.id;
    for (const activityId of [fActivity, '1234567890123']) {
      const answer = await call(api.activityDynamicPage, { model: { classId: idOf('A'), activityId } });
      expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.activityNotFound'));
    }
  });
});

describe('someone else', () => {
  const bodies = (classId: string, studentId: string, userId: string): [string, AnyCall, unknown][] => [
    ['userStudySituation', api.userStudySituation, { classId, studentId }],
    ['behaviourCount', api.studentBehaviourCount, { classId, studentId, userId }],
    ['courseStatistic', api.studentCourseStatistic, { classId, studentId }],
    ['userStatistic', api.studentUserStatistic, { classId, studentId }],
    ['todayActivities', api.todayActivities, { classId, userId }],
    ['pastActivitySum', api.pastActivitySum, { classId, userId }],
    ['pastActivityPage', api.pastActivityPage, { model: { classId, userId } }],
    ['activityDynamicPage', api.activityDynamicPage, { model: { classId } }],
  ];

  test("another user's userId is refused with 403", async () => {
    const withUser = bodies(idOf('A'), sidOf('A'), classmate.userId).filter(([name]) =>
      ['behaviourCount', 'todayActivities', 'pastActivitySum', 'pastActivityPage'].includes(name),
    );
    expect(withUser).toHaveLength(4);
    for (const [, c, body] of withUser) {
      const answer = await call(c, body);
      expectRefused(answer, ErrorCode.FORBIDDEN, t('learning.notYourAccount'));
    }
  });

  test("a classmate's studentId in the shared class is not found", async () => {
    const withStudent = bodies(idOf('A'), mateStudentId, demo.userId).filter(([name]) =>
      ['userStudySituation', 'behaviourCount', 'courseStatistic', 'userStatistic'].includes(name),
    );
    for (const [, c, body] of withStudent) {
      const answer = await call(c, body);
      expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.classNotFound'));
    }
  });

  test("a class the student is not in (a classmate's), another school's class and an unknown class answer alike", async () => {
    for (const [classId, studentId] of [
      [otherClassId, sidOf('A')],
      [huaxiaClassId, huaxiaStudentId],
      ['1234567890123', '1234567890123'],
    ] as const) {
      for (const [, c, body] of bodies(classId, studentId, demo.userId)) {
        const answer = await call(c, body);
        expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.classNotFound'));
      }
    }
  });

  test("another school's schoolId is not found outside the partner edition; no token is 40001", async () => {
    for (const [, c, body] of bodies(idOf('A'), sidOf('A'), demo.userId)) {
      const withSchool = (body as { model?: object }).model
        ? { model: { ...(body as { model: object }).model, schoolId: HUAXIA.id } }
        : { ...(body as object), schoolId: HUAXIA.id };
      const answer = await call(c, withSchool);
      expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.classNotFound'));
      expectRefused(await call(c, body, null), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
    }
  });
});

describe('bad input', () => {
  test.each([
    [
      'study situation without studentId',
      api.userStudySituation,
      { classId: '123' },
      'studentId',
      invalidField('studentId', '无效输入：期望 string，实际接收 undefined'),
    ],
    [
      'behaviour count without userId',
      api.studentBehaviourCount,
      { classId: '123', studentId: '123' },
      'userId',
      invalidField('userId', '无效输入：期望 string，实际接收 undefined'),
    ],
    [
      'course statistic with a malformed classId',
      api.studentCourseStatistic,
      { classId: 'a b;', studentId: '123' },
      'classId',
      invalidField('classId', t('validation.badFormat')),
    ],
    [
      'user statistic with a number for studentId',
      api.studentUserStatistic,
      { classId: '123', studentId: 42 },
      'studentId',
      invalidField('studentId', '无效输入：期望 string，实际接收 数字'),
    ],
    ['today without classId', api.todayActivities, { userId: 'ME' }, 'classId', invalidField('classId', '无效输入：期望 string，实际接收 undefined')],
    [
      'past sum with an object for classId',
      api.pastActivitySum,
      { classId: { id: 1 }, userId: 'ME' },
      'classId',
      invalidField('classId', '无效输入：期望 string，实际接收 object'),
    ],
    [
      'past page of 7',
      api.pastActivityPage,
      { size: 7, model: { classId: '123', userId: 'ME' } },
      '每页条数只能是 6、9 或 12',
      invalidField('size', t('learning.pastPageSize')),
    ],
    ['past page of 0', api.pastActivityPage, { size: 0, model: { classId: '123', userId: 'ME' } }, 'size', invalidField('size', '数值过小：期望 number >=1')],
    [
      'past page with status 5',
      api.pastActivityPage,
      { model: { classId: '123', userId: 'ME', classActivityStatus: 5 } },
      'classActivityStatus',
      invalidField('model.classActivityStatus', t('validation.badFormat')),
    ],
    [
      'past page with isRequired "x"',
      api.pastActivityPage,
      { model: { classId: '123', userId: 'ME', isRequired: 'x' } },
      'isRequired',
      invalidField('model.isRequired', '无效输入：期望 数字，实际接收 NaN'),
    ],
    [
      'past page sorted by name',
      api.pastActivityPage,
      { sort: 'name', model: { classId: '123', userId: 'ME' } },
      'sort',
      invalidField('sort', '无效输入：期望 "id"'),
    ],
    ['past page without model', api.pastActivityPage, { current: 1 }, 'classId', invalidField('model.classId', '无效输入：期望 string，实际接收 undefined')],
    [
      'dynamic page with a malformed activityId',
      api.activityDynamicPage,
      { model: { classId: '123', activityId: '../x' } },
      'activityId',
      invalidField('model.activityId', t('validation.badFormat')),
    ],
    ['dynamic page of 1000', api.activityDynamicPage, { size: 1000, model: { classId: '123' } }, 'size', invalidField('size', '数值过大：期望 number <=100')],
    ['a JSON array for a body', api.todayActivities, [], '', '无效输入：期望 object，实际接收 数组'],
  ] as const)('%s: a clear 400', async (_, c, body, text, message) => {
    const fill = (v: unknown): unknown =>
      v === 'ME' ? demo.userId : v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)])) : v;
    const answer = await call(c as AnyCall, fill(body));
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    expect(answer.body.message).toContain(text);
  });
});
