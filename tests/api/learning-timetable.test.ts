import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as learning from '~/lib/api/contracts/learning';
import * as api from '~/lib/api/contracts/learning-timetable';
import type { TimetableActivity, TimetableData, TimetableDutyCount } from '~/lib/api/contracts/learning-timetable';
import { weekRange, monthRange } from '~/lib/learning/calendar';
import { DUTY_TYPES } from '~/lib/learning/duties';
import { DAY, formatDate, formatDateTime, parseDateTime } from '~/lib/time/cst';
import { LEARNING_CLASSES, LEARNING_COURSES, SECOND_STUDENT, TODAY_SLOTS } from '~/dev/seed/learning-data';
import { DEMO_STUDENT } from '~/dev/seed/login';
import { DATE_TIME, expectOk, expectRefused, invalidField } from '../setup/api';
import { DEMO, HOUR, HUAXIA, NOW, useTestServer } from '../setup/server';
import { createLearningClass } from '../setup/learning';
import { loginAs, withToken, type TestUser } from '../setup/users';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The timetable (the activity list by date and the duty count) and the
 * private calendar feed (decision 020), on the seeded class A: activities today, on past days and
 * on future days, with two classmates to rank against.
 */

type AnyCall = Call<any, unknown>;

const server = useTestServer();

const FEED_NOT_FOUND = '日历订阅不存在';
const CLASS_A = LEARNING_CLASSES[DEMO.id]!.find((c) => c.key === 'A')!;
const nameOf = (key: string) => LEARNING_CLASSES[DEMO.id]!.find((c) => c.key === key)!.name;

let demo: TestUser;
let mates: TestUser[];
let huaxia: TestUser;
/** Class ids: A (the demo student's), H (the classmates', not the demo student's), the second school's. */
let classA: string;
let classH: string;
let huaxiaClass: string;
let studentIdA: string;

const as = (user: TestUser, tenant: string = DEMO.id) => ({ tenant, ...withToken(user.token) });
const week = weekRange(NOW);
const month = monthRange(NOW);
const text = (r: { start: number; end: number }) => ({ startTime: formatDateTime(r.start), endTime: formatDateTime(r.end) });

async function activities(user: TestUser, body: Record<string, unknown>) {
  return server().call(api.timetableActivities, { classId: classA, userId: user.userId, ...body } as never, as(user));
}
async function dutyCount(user: TestUser, body: Record<string, unknown>) {
  return server().call(api.timetableDutyCount, { classId: classA, userId: user.userId, ...body } as never, as(user));
}
const weekOf = async (user: TestUser) => expectOk<TimetableData>(await activities(user, { evaluateType: 'WEEK', ...text(week) }));

beforeAll(async () => {
  demo = await loginAs(server(), DEMO.id, DEMO_STUDENT.mobile);
  mates = [await loginAs(server(), DEMO.id, '13900000002'), await loginAs(server(), DEMO.id, '13900000003')];
  huaxia = await loginAs(server(), HUAXIA.id, SECOND_STUDENT.mobile);
  const mine = expectOk<learning.LearnerClass[]>(await server().call(learning.studentClasses, { userId: demo.userId }, as(demo)));
  classA = mine.find((c) => c.className === nameOf('A'))!.classId;
  const theirs = expectOk<learning.LearnerClass[]>(await server().call(learning.studentClasses, { userId: mates[0]!.userId }, as(mates[0]!)));
  classH = theirs.find((c) => c.className === nameOf('H'))!.classId;
  huaxiaClass = expectOk<learning.LearnerClass[]>(await server().call(learning.studentClasses, { userId: huaxia.userId }, as(huaxia, HUAXIA.id)))[0]!.classId;
  studentIdA = expectOk<learning.StudentClassDetail>(
    await server().call(learning.studentClassDetail, { classId: classA, userId: demo.userId }, as(demo)),
  ).studentId;
});

/** Seeded activity days of class A (days from now) that fall in [from, to]. */
const seededIn = (fromDay: number, toDay: number) =>
  TODAY_SLOTS.length * (fromDay <= 0 && toDay >= 0 ? 1 : 0) +
  CLASS_A.pastDays!.filter((d) => d >= fromDay && d <= toDay).length +
  CLASS_A.futureDays!.filter((d) => d >= fromDay && d <= toDay).length;
const dayOffset = (ms: number) => Math.round((parseDateTime(formatDate(ms)) - parseDateTime(formatDate(NOW))) / DAY);

describe('user activity list by date', () => {
  test("WEEK: the week's activities, today's among them, earliest first, each with its times and kind", async () => {
    const data = await weekOf(demo);
    const list = data.activityResultVOList;
    expect(list).toHaveLength(seededIn(dayOffset(week.start), dayOffset(week.end)));
    const starts = list.map((a) => a.startTime);
    expect(starts).toEqual([...starts].sort());
    for (const a of list) {
      expect(a.startTime).toMatch(DATE_TIME);
      expect(a.endTime).toMatch(DATE_TIME);
      expect(parseDateTime(a.startTime)).toBeGreaterThanOrEqual(week.start);
      expect(parseDateTime(a.startTime)).toBeLessThanOrEqual(week.end);
      expect(a.id).toBe(a.activityId);
      expect([1, 2]).toContain(a.onlineType);
      expect(a.extendId).toBeTruthy();
      expect(a.courseName).toBeTruthy();
    }
    const today = list.filter((a) => a.startTime.startsWith(formatDate(NOW)));
    expect(today).toHaveLength(TODAY_SLOTS.length);
    // every attendance state is there today, and both kinds
    expect(new Set(today.filter((a) => a.isRequired === 1).map((a) => a.classActivityStatus))).toEqual(new Set([0, 1, 2]));
    expect(new Set(today.map((a) => a.onlineType))).toEqual(new Set([1, 2]));
    expect(today.filter((a) => a.isRequired === 0)).toHaveLength(TODAY_SLOTS.filter((s) => !s.required).length);
    // face-to-face ones carry their place
    expect(today.filter((a) => a.onlineType === 2).every((a) => a.position && a.address)).toBe(true);
  });

  test('optionData groups the same activities by day; a day is finished only when every required activity is', async () => {
    const data = await weekOf(demo);
    expect(data.optionData.flatMap((d) => d.activityResultVOList)).toEqual(data.activityResultVOList);
    for (const day of data.optionData) {
      expect(day.dateKey).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(day.activityResultVOList.every((a) => a.startTime.startsWith(day.dateKey))).toBe(true);
      const done = day.activityResultVOList.every((a) => a.isRequired !== 1 || a.finStatus === 1);
      expect(day.colorStatus).toBe(done ? 2 : 1);
    }
    // today has a missed required activity: unfinished; the upcoming days are not done yet
    expect(data.optionData.find((d) => d.dateKey === formatDate(NOW))!.colorStatus).toBe(1);
    expect(data.optionData.find((d) => d.dateKey === formatDate(NOW + DAY))!.colorStatus).toBe(1);
  });

  test('a face-to-face activity is finished by signing in; an attended one of the past gives a finished day somewhere in the class', async () => {
    const all = expectOk<TimetableData>(await activities(demo, { evaluateType: 'UNIT' }));
    for (const a of all.activityResultVOList.filter((x) => x.onlineType === 2)) expect(a.finStatus).toBe(a.classActivityStatus === 2 ? 1 : 0);
    expect(all.optionData.some((d) => d.colorStatus === 2)).toBe(true);
    expect(all.optionData.some((d) => d.colorStatus === 1 && d.dateKey < formatDate(NOW))).toBe(true);
  });

  test('MONTH: the month, previous week and next week move the range; UNIT: the whole class, whatever the range says', async () => {
    const m = expectOk<TimetableData>(await activities(demo, { evaluateType: 'MONTH', ...text(month) }));
    expect(m.activityResultVOList).toHaveLength(seededIn(dayOffset(month.start), dayOffset(month.end)));
    const previous = { start: week.start - 7 * DAY, end: week.end - 7 * DAY };
    const p = expectOk<TimetableData>(await activities(demo, { evaluateType: 'WEEK', ...text(previous) }));
    expect(p.activityResultVOList).toHaveLength(seededIn(dayOffset(previous.start), dayOffset(previous.end)));
    expect(p.activityResultVOList.length).toBeGreaterThan(0);
    const total = TODAY_SLOTS.length + CLASS_A.pastDays!.length + CLASS_A.futureDays!.length;
    const unit = expectOk<TimetableData>(await activities(demo, { evaluateType: 'UNIT', startTime: '2020-01-01 00:00:00', endTime: '2020-01-02 00:00:00' }));
    expect(unit.activityResultVOList).toHaveLength(total);
    expect(expectOk<TimetableData>(await activities(demo, { evaluateType: 'UNIT' })).activityResultVOList).toHaveLength(total);
  });

  test('a range with nothing in it answers empty lists; the page may name its own studentId', async () => {
    const empty = expectOk<TimetableData>(await activities(demo, { evaluateType: 'WEEK', startTime: '2020-01-05 00:00:00', endTime: '2020-01-11 23:59:59' }));
    expect(empty).toEqual({ optionData: [], activityResultVOList: [] });
    expectOk(await activities(demo, { evaluateType: 'WEEK', studentId: studentIdA, ...text(week) }));
  });
});

describe('user duty count', () => {
  const finishedRequired = (list: TimetableActivity[]) => list.filter((a) => a.isRequired === 1 && a.finStatus === 1).length;

  test('WEEK: required activities of the week and the ones signed in to', async () => {
    const list = (await weekOf(demo)).activityResultVOList;
    const d = expectOk<TimetableDutyCount>(
      await dutyCount(demo, { evaluateType: 'WEEK', beginDateTime: formatDateTime(week.start), endDateTime: formatDateTime(week.end) }),
    );
    expect(d.requiredActivityNum).toBe(list.filter((a) => a.isRequired === 1).length);
    expect(d.finishSignActivityNum).toBe(list.filter((a) => a.isRequired === 1 && a.classActivityStatus === 2).length);
    expect(d.finishSignActivityNum).toBeGreaterThan(0);
    expect(d.finishSignActivityNum).toBeLessThan(d.requiredActivityNum);
  });

  test.each(['WEEK', 'MONTH', 'UNIT'] as const)(
    '%s: the rank is the place by finished required activities among the three students, ties sharing the better place',
    async (evaluateType) => {
      const range = evaluateType === 'WEEK' ? week : month;
      const body =
        evaluateType === 'UNIT' ? { evaluateType } : { evaluateType, beginDateTime: formatDateTime(range.start), endDateTime: formatDateTime(range.end) };
      const listBody = evaluateType === 'UNIT' ? { evaluateType } : { evaluateType, ...text(range) };
      const students = [demo, ...mates];
      // Each student's own count, from their own activity list: the ranking query must agree with it.
      const finished = await Promise.all(
        students.map(async (u) => finishedRequired(expectOk<TimetableData>(await activities(u, listBody)).activityResultVOList)),
      );
      for (const [i, u] of students.entries()) {
        const d = expectOk<TimetableDutyCount>(await dutyCount(u, body));
        expect(d.rankTotal).toBe(CLASS_A.classmates ? 3 : 1);
        expect(d.rankIndex, `student ${i}`).toBe(1 + finished.filter((n) => n > finished[i]!).length);
      }
    },
  );

  test('resultMap has every duty key; UNIT sums the duties of the class courses', async () => {
    const d = expectOk<TimetableDutyCount>(await dutyCount(demo, { evaluateType: 'UNIT' }));
    expect(Object.keys(d.resultMap).sort()).toEqual([...DUTY_TYPES].sort());
    const courses = LEARNING_COURSES[DEMO.id]!.filter((c) => CLASS_A.courses.includes(c.key));
    const target = (c: (typeof courses)[number], type: string) => Math.max(0, ...c.duties.filter((x) => x.dutyType === type).map((x) => x.targetValue));
    const lessonsOf = (c: (typeof courses)[number], types: number[]) =>
      c.chapters.flatMap((ch) => ch.sections.flatMap((s) => s.lessons)).filter((l) => !l.elective && types.includes(l.type));
    const videoCourses = courses.filter((c) => target(c, 'VIDEO_PROGRESS') > 0);
    const videos = videoCourses.flatMap((c) => lessonsOf(c, [1, 2]).map((l) => ({ course: c, lesson: l })));
    const learned = videos.filter(({ course, lesson }) =>
      (CLASS_A.studied ?? []).some(
        (st) => st.course === course.key && st.lesson === lesson.name && st.percent >= Math.min(100, target(course, 'VIDEO_PROGRESS')),
      ),
    );
    expect(d.resultMap.VIDEO_PROGRESS).toEqual({ totalNum: videos.length, finishNum: learned.length });
    const homework = courses.filter((c) => target(c, 'ONLINE_HOMEWORK_SUBMIT') > 0).flatMap((c) => lessonsOf(c, [6]).map((l) => ({ course: c, lesson: l })));
    const submitted = homework.filter(({ course, lesson }) => (CLASS_A.submitted ?? []).some((s) => s.course === course.key && s.lesson === lesson.name));
    expect(d.resultMap.ONLINE_HOMEWORK_SUBMIT).toEqual({ totalNum: homework.length, finishNum: submitted.length });
    expect(d.resultMap.ONLINE_VIDEO_TEACHING_STUDY_TIMES.totalNum).toBe(courses.reduce((n, c) => n + target(c, 'ONLINE_VIDEO_TEACHING_STUDY_TIMES'), 0));
    expect(d.resultMap.EE_LIVE_LECTURES_VIDEO_PROGRESS).toEqual({ totalNum: 0, finishNum: 0 });
  });

  test("a range outside every course's learning window has no duties", async () => {
    const d = expectOk<TimetableDutyCount>(
      await dutyCount(demo, { evaluateType: 'WEEK', beginDateTime: '2020-01-05 00:00:00', endDateTime: '2020-01-11 23:59:59' }),
    );
    expect(d).toMatchObject({ requiredActivityNum: 0, finishSignActivityNum: 0, rankIndex: 1, rankTotal: 3 });
    expect(Object.values(d.resultMap).every((p) => p.totalNum === 0 && p.finishNum === 0)).toBe(true);
  });
});

describe('refusals', () => {
  const range = { evaluateType: 'WEEK', ...text(week) };
  const dutyRange = { evaluateType: 'WEEK', beginDateTime: formatDateTime(week.start), endDateTime: formatDateTime(week.end) };
  const calls: [string, AnyCall, Record<string, unknown>][] = [
    ['activities', api.timetableActivities, range],
    ['duty count', api.timetableDutyCount, dutyRange],
    ['feed', api.calendarFeed, {}],
    ['feed reset', api.resetCalendarFeed, {}],
  ];

  test.each(calls)("%s: another user's userId is 403", async (_name, call, extra) => {
    const answer = await server().call(call, { classId: classA, userId: mates[0]!.userId, ...extra } as never, as(demo));
    expectRefused(answer, ErrorCode.FORBIDDEN, t('learning.notYourAccount'));
  });

  test.each(calls)("%s: a classmate's class, another school's class and an unknown class are the same 404", async (_name, call, extra) => {
    for (const classId of [classH, huaxiaClass, '1234567890123']) {
      const answer = await server().call(call, { classId, userId: demo.userId, ...extra } as never, as(demo));
      expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.classNotFound'));
    }
  });

  test("a classmate's studentId in the shared class is 404; another school's student cannot read class A", async () => {
    const theirs = expectOk<learning.StudentClassDetail>(
      await server().call(learning.studentClassDetail, { classId: classA, userId: mates[0]!.userId }, as(mates[0]!)),
    );
    for (const answer of [
      await activities(demo, { ...range, studentId: theirs.studentId }),
      await dutyCount(demo, { ...dutyRange, studentId: theirs.studentId }),
    ]) {
      expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.classNotFound'));
    }
    // the second school's student, in their own school, asking for class A
    const answer = await server().call(api.timetableActivities, { classId: classA, userId: huaxia.userId, ...range } as never, as(huaxia, HUAXIA.id));
    expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.classNotFound'));
  });

  test.each(calls)('%s: no token is 40001', async (_name, call, extra) => {
    expectRefused(await server().call(call, { classId: classA, userId: demo.userId, ...extra } as never), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
  });

  test.each([
    [
      'an unknown evaluateType',
      { evaluateType: 'YEAR', ...text(week) },
      'evaluateType',
      invalidField('evaluateType', '无效选项：期望以下之一 "WEEK"|"MONTH"|"UNIT"'),
    ],
    ['no evaluateType', text(week), 'evaluateType', invalidField('evaluateType', '无效选项：期望以下之一 "WEEK"|"MONTH"|"UNIT"')],
    [
      'a date that does not exist',
      { evaluateType: 'WEEK', startTime: '2026-02-31 00:00:00', endTime: '2026-03-01 00:00:00' },
      'startTime',
      invalidField('startTime', '时间格式应为 YYYY-MM-DD HH:mm:ss'),
    ],
    [
      'a time in another shape',
      { evaluateType: 'WEEK', startTime: '2026/11/22', endTime: '2026-11-28 23:59:59' },
      'startTime',
      invalidField('startTime', '时间格式应为 YYYY-MM-DD HH:mm:ss'),
    ],
    [
      'a number for a time',
      { evaluateType: 'WEEK', startTime: formatDateTime(week.start), endTime: 1795000000000 },
      'endTime',
      invalidField('endTime', '无效输入：期望 string，实际接收 数字'),
    ],
    ['WEEK without a range', { evaluateType: 'WEEK' }, '请选择开始时间和结束时间', t('learning.rangeMissing')],
    [
      'an end before the start',
      { evaluateType: 'WEEK', startTime: formatDateTime(week.end), endTime: formatDateTime(week.start) },
      '结束时间不能早于开始时间',
      t('catalog.endBeforeStart'),
    ],
    [
      'more than 100 days',
      { evaluateType: 'MONTH', startTime: formatDateTime(month.start), endTime: formatDateTime(month.start + 101 * DAY) },
      '查询时间范围不能超过100天',
      t('learning.rangeTooLong'),
    ],
    ['a malformed classId', { evaluateType: 'UNIT', classId: 'a b;' }, 'classId', invalidField('classId', t('validation.badFormat'))],
  ])('activities with %s: a clear 400', async (_name, body, words, message) => {
    const answer = await activities(demo, body);
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    expect(answer.body.message).toContain(words);
  });

  test.each([
    [
      'an end before the start',
      { evaluateType: 'MONTH', beginDateTime: formatDateTime(month.end), endDateTime: formatDateTime(month.start) },
      '结束时间不能早于开始时间',
      t('catalog.endBeforeStart'),
    ],
    [
      'more than 100 days',
      { evaluateType: 'WEEK', beginDateTime: '2026-01-01 00:00:00', endDateTime: '2026-12-31 23:59:59' },
      '查询时间范围不能超过100天',
      t('learning.rangeTooLong'),
    ],
    [
      'a bad beginDateTime',
      { evaluateType: 'WEEK', beginDateTime: 'tomorrow', endDateTime: '2026-12-31 23:59:59' },
      'beginDateTime',
      invalidField('beginDateTime', '时间格式应为 YYYY-MM-DD HH:mm:ss'),
    ],
    ['MONTH without a range', { evaluateType: 'MONTH' }, '请选择开始时间和结束时间', t('learning.rangeMissing')],
  ])('duty count with %s: a clear 400', async (_name, body, words, message) => {
    const answer = await dutyCount(demo, body);
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    expect(answer.body.message).toContain(words);
  });
});

// --- The calendar feed ---------------------------------------------------------------------

const FEED_URL = /^http:\/\/localhost\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/;
const pathOf = (url: string) => new URL(url).pathname;
const feed = async (user: TestUser, classId = classA) =>
  expectOk<api.CalendarFeed>(await server().call(api.calendarFeed, { classId, userId: user.userId }, as(user))).url;

/** Unfolded content lines of an iCalendar text (RFC 5545 3.1). */
const linesOf = (ics: string) =>
  ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);

interface VEvent {
  [name: string]: string;
}
function eventsOf(ics: string): VEvent[] {
  const events: VEvent[] = [];
  let current: VEvent | null = null;
  for (const line of linesOf(ics)) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const at = line.indexOf(':');
      current[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return events;
}

describe('the private calendar feed', () => {
  // Feeds are made on first use: each test opens them in a class of its own (two lessons, each an activity
  // of the coming days) as its own students, so no test meets another's feeds and class A keeps its three.
  let classes = 0;
  async function ownClass(count = 1, tenant: string = DEMO.id) {
    const users = [];
    for (let i = 0; i < count; i++) users.push(await loginAs(server(), tenant));
    const now = server().clock.value;
    const name = `日历测试班${++classes}`;
    const c = await createLearningClass(server().runtime.db, {
      tenantId: tenant,
      now,
      name,
      courseName: '日历测试课程',
      lessons: [
        { name: '第一课', type: 1, minutes: 10 },
        { name: '第二课', type: 1, minutes: 10 },
      ],
      duties: [],
      userIds: users.map((u) => u.userId),
      activities: [
        { lesson: '第一课', startAt: now + DAY, endAt: now + DAY + HOUR },
        { lesson: '第二课', startAt: now + 2 * DAY, endAt: now + 2 * DAY + HOUR, required: false },
      ],
    });
    return { classId: c.classId, name, students: users.map((user) => ({ user, studentId: c.studentIds[user.userId]! })) };
  }
  test('get makes the address once and answers the same one again; it carries no login token or user id', async () => {
    const own = await ownClass(2);
    const [who, mate] = own.students as [(typeof own.students)[0], (typeof own.students)[0]];
    const url = await feed(who.user, own.classId);
    expect(url).toMatch(FEED_URL);
    expect(await feed(who.user, own.classId)).toBe(url);
    expect(url).not.toContain(who.user.token);
    expect(url).not.toContain(who.user.userId);
    expect(url).not.toContain(who.studentId);
    // a classmate's feed of the same class is their own
    expect(await feed(mate.user, own.classId)).not.toBe(url);
    // only the token's SHA-256 is stored
    const token = FEED_URL.exec(url)![1]!;
    const rows = await server().runtime.db.selectFrom('calendarFeeds').selectAll().where('classStudentId', '=', who.studentId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test('two first opens at once make one feed', async () => {
    const own = await ownClass();
    const { user } = own.students[0]!;
    const urls = await Promise.all([feed(user, own.classId), feed(user, own.classId), feed(user, own.classId)]);
    expect(new Set(urls).size).toBe(1);
  });

  test('the .ics file: no login, text/calendar, one VEVENT per activity of the class with UTC times, summary, place and link', async () => {
    const own = await ownClass();
    const { user } = own.students[0]!;
    const url = await feed(user, own.classId);
    const answer = await server().fetch(pathOf(url));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(answer.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(answer.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(linesOf(answer.text)).toContain(`X-WR-CALNAME:${own.name} 课程表`);

    const all = expectOk<TimetableData>(await activities(user, { classId: own.classId, evaluateType: 'UNIT' })).activityResultVOList;
    const events = eventsOf(answer.text);
    expect(all).toHaveLength(2);
    expect(events).toHaveLength(2);
    for (const a of all) {
      const e = events.find((x) => x['UID']!.startsWith(`activity-${a.id}@`))!;
      expect(e, a.activityName).toBeDefined();
      expect(e['SUMMARY']).toBe(a.activityName.replace(/[,;]/g, (c) => `\\${c}`));
      const utc = (text: string) => new Date(parseDateTime(text)).toISOString().replace(/[-:]/g, '').replace('.000', '');
      expect(e['DTSTART']).toBe(utc(a.startTime));
      expect(e['DTEND']).toBe(utc(a.endTime));
      expect(e['URL']).toMatch(/^http:\/\/localhost\/study\//);
      expect(e['URL']).toContain(`activityId=${a.id}`);
      expect(e['DESCRIPTION']).toContain(a.isRequired === 1 ? '必修' : '选修');
      if (a.onlineType === 2) expect(e['LOCATION']).toContain(a.position!);
    }
    // the UIDs are stable: the same file twice has the same events
    const again = eventsOf((await server().fetch(pathOf(url))).text);
    expect(again.map((e) => e['UID'])).toEqual(events.map((e) => e['UID']));
  });

  test('reset: a new address at once; the old one is a 404 with no detail, the new one works', async () => {
    const own = await ownClass();
    const { user } = own.students[0]!;
    const old = await feed(user, own.classId);
    const answer = await server().call(api.resetCalendarFeed, { classId: own.classId, userId: user.userId }, as(user));
    const fresh = expectOk<api.CalendarFeed>(answer).url;
    expect(fresh).toMatch(FEED_URL);
    expect(fresh).not.toBe(old);
    const gone = await server().fetch(pathOf(old));
    expectRefused(gone, ErrorCode.NOT_FOUND, t('learning.feedNotFound'));
    // calendar apps read the HTTP status
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(FEED_NOT_FOUND);
    expect((await server().fetch(pathOf(fresh))).status).toBe(200);
    // get now answers the new address
    expect(await feed(user, own.classId)).toBe(fresh);
  });

  test("another school's host, unknown and malformed tokens: the same 404", async () => {
    const own = await ownClass();
    const url = await feed(own.students[0]!.user, own.classId);
    const path = pathOf(url);
    for (const answer of [
      await server().fetch(path, { headers: { Host: `${HUAXIA.preDomain}.localhost` } }),
      await server().fetch(path, { headers: { TenantId: HUAXIA.id } }),
      await server().fetch(`/api/calendar/${'A'.repeat(43)}.ics`),
      await server().fetch(path.replace(/\.ics$/, '.txt')),
      await server().fetch('/api/calendar/..%2F..%2Fetc.ics'),
      await server().fetch('/api/calendar/x'),
    ]) {
      expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.feedNotFound'));
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(FEED_NOT_FOUND);
    }
    // the second school's own feed is served on its own host only
    const other = await ownClass(1, HUAXIA.id);
    const { user: them } = other.students[0]!;
    const theirs = expectOk<api.CalendarFeed>(await server().call(api.calendarFeed, { classId: other.classId, userId: them.userId }, as(them, HUAXIA.id))).url;
    expect((await server().fetch(pathOf(theirs), { headers: { Host: `${HUAXIA.preDomain}.localhost` } })).status).toBe(200);
    expectRefused(await server().fetch(pathOf(theirs)), ErrorCode.NOT_FOUND, t('learning.feedNotFound'));
  });
});
