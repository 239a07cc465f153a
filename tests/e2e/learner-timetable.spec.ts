import type { Locator, Page } from '@playwright/test';
import { urlOf } from '~/lib/api/contract';
import * as learning from '~/lib/api/contracts/learning';
import * as timetable from '~/lib/api/contracts/learning-timetable';
import { dayDot, gridDays, monthRange, weekRange } from '~/lib/learning/calendar';
import { formatDate, formatDateTime, parseDateTime, startOfCstDay } from '~/lib/time/cst';
import { DEMO_TENANT } from '~/dev/seed/demo-data';
import { LEARNING_CLASSES } from '~/dev/seed/learning-data';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, expectWithinScreenWidth, hydrated } from './support/fixtures';
import { newClass, newLearners } from './support/learning';
import { DEMO_ORIGIN } from './support/env';
import { DEMO_STUDENT } from './support/login';
import { enrolNewStudent } from './support/exams';
import { loginStudent, type Student } from './support/session';

/**
 * The timetable (/study/class-time-table) of the demo student's class A, whose
 * activities are seeded around the moment the server started: today's, past weeks' and coming
 * days'. The page's address is built from the API answers, as the class page builds it.
 */

const CLASS_A = LEARNING_CLASSES[DEMO_TENANT.id]!.find((c) => c.key === 'A')!.name;
const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

interface Opened {
  student: Student;
  classId: string;
  studentId: string;
}

async function call<Res>(page: Page, student: Student, contract: { path: string }, body: unknown): Promise<Res> {
  const res = await page.request.post(`${DEMO_ORIGIN}${urlOf(contract)}`, { headers: { Token: student.token }, data: body });
  const envelope = await res.json();
  expect(envelope.code, JSON.stringify(envelope)).toBe(0);
  return envelope.data as Res;
}

const tab = (page: Page, name: string) => page.getByRole('tablist', { name: '课程表周期' }).getByRole('tab', { name, exact: true });
const calendar = (page: Page) => page.getByRole('region', { name: '课程日历' });
/** The grid's activities: buttons named by their time and title (a month day's "还有 n 项" is not one). */
const events = (page: Page) =>
  calendar(page)
    .getByRole('button')
    .filter({ hasNotText: /^还有 \d+ 项$/ });
/** Each day of the grid is a group named by its date: 7 in a week, whole weeks around a month. */
const days = (page: Page) => calendar(page).getByRole('group');
const dayName = (ms: number) => {
  const date = formatDate(ms);
  const [, m, d] = date.split('-').map(Number);
  return `${m}月${d}日 ${WEEKDAYS[new Date(`${date}T12:00:00+08:00`).getUTCDay()]}`;
};
const rangeText = (page: Page) => page.getByTestId('tt-range');
const rangeOf = (r: { start: number; end: number }) => `${formatDate(r.start)} 至 ${formatDate(r.end)}`;

/** Opens the timetable of class A as the demo student (reading the seeded activities), or as the student named. */
async function openTimetable(page: Page, mobile: string = DEMO_STUDENT.mobile): Promise<Opened> {
  const student = await loginStudent(page, DEMO_TENANT.id, mobile);
  const classes = await call<learning.LearnerClass[]>(page, student, learning.studentClasses, { userId: student.userId });
  const classId = classes.find((c) => c.className === CLASS_A)!.classId;
  const { studentId } = await call<learning.StudentClassDetail>(page, student, learning.studentClassDetail, { classId, userId: student.userId });
  await page.goto(`/study/class-time-table?classId=${classId}&studentId=${studentId}&userId=${student.userId}`);
  await hydrated(tab(page, '周'));
  await expect(page.getByRole('heading', { level: 1, name: '课程表' })).toBeVisible();
  return { student, classId, studentId };
}

async function activitiesOf(page: Page, o: Opened, body: Record<string, unknown>): Promise<timetable.TimetableData> {
  return call(page, o.student, timetable.timetableActivities, { classId: o.classId, userId: o.student.userId, ...body });
}

const weekBody = (r: { start: number; end: number }) => ({ evaluateType: 'WEEK', startTime: formatDateTime(r.start), endTime: formatDateTime(r.end) });

test.describe('the timetable', () => {
  test('a visitor goes to login first @desktop-only', async ({ page }) => {
    await page.goto('/study/class-time-table?classId=1');
    await page.waitForURL(/\/login\?redirect=/);
  });

  test("week view: this week from Sunday with today's activities; previous, next and 今天 move the range", async ({ page }) => {
    const o = await openTimetable(page);
    await expect(page.getByRole('navigation', { name: '面包屑' })).toHaveText(/我的学习\s*\/\s*班级详情\s*\/\s*课程表/);
    await expect(tab(page, '周')).toHaveAttribute('aria-selected', 'true');
    const week = weekRange(Date.now());
    await expect(rangeText(page)).toHaveText(rangeOf(week));
    const today = (await activitiesOf(page, o, weekBody(week))).activityResultVOList.filter((a) => a.startTime.startsWith(formatDate(Date.now())));
    expect(today.length).toBeGreaterThan(0);
    for (const a of today) await expect(events(page).filter({ hasText: a.activityName }).first()).toBeAttached();
    // the week starts on Sunday
    await expect(days(page)).toHaveCount(7);
    await expect(days(page).first()).toHaveAccessibleName(dayName(week.start));
    await expect(calendar(page).getByText(/^\d+\/\d+ 周日$/)).toBeVisible();
    // the time column is labelled every hour (the 15-minute slots are unlabelled lines)
    await expect(calendar(page).getByText('10:00', { exact: true })).toBeAttached();
    await expect(calendar(page).getByText('10:15', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: '下一周' }).click();
    const next = { start: week.start + 7 * 86_400_000, end: week.end + 7 * 86_400_000 };
    await expect(rangeText(page)).toHaveText(rangeOf(next));
    const nextList = (await activitiesOf(page, o, weekBody(next))).activityResultVOList;
    await expect(events(page)).toHaveCount(nextList.length);
    if (nextList.length === 0) await expect(page.getByText('暂无课程安排')).toBeVisible();

    await page.getByRole('button', { name: '上一周' }).click();
    await page.getByRole('button', { name: '上一周' }).click();
    const previous = { start: week.start - 7 * 86_400_000, end: week.end - 7 * 86_400_000 };
    await expect(rangeText(page)).toHaveText(rangeOf(previous));
    await expect(events(page)).toHaveCount((await activitiesOf(page, o, weekBody(previous))).activityResultVOList.length);

    await page.getByRole('button', { name: '今天' }).click();
    await expect(rangeText(page)).toHaveText(rangeOf(week));
    // the date picker chooses the week of the day picked
    await page.getByLabel('选择日期（显示所在周）').fill(formatDate(previous.start + 3 * 86_400_000));
    await expect(rangeText(page)).toHaveText(rangeOf(previous));
    await expectNoSeriousA11yViolations(page, 'timetable, week');
    await expectNoSidewaysScroll(page);
  });

  test('the target block: state, bars for the non-zero duties and the rank among the classmates, as the server counts them', async ({ page }) => {
    // Other tests enrol students of their own in the demo class: the class size is the server's.
    const counted = page.waitForResponse((r) => r.url().endsWith(urlOf(timetable.timetableDutyCount)));
    await openTimetable(page);
    const duty = (await (await counted).json()).data as timetable.TimetableDutyCount;
    const target = page.getByRole('region', { name: '学习目标' });
    await expect(target.getByTestId('tt-target-state')).toHaveText(/^(未开始|进行中|已逾期未学|已完成)$/);
    await expect(target.getByRole('progressbar', { name: '必修课堂' })).toBeVisible();
    await expect(target.getByRole('progressbar', { name: '视频学习时长' })).toBeVisible();
    expect(duty.rankTotal).toBeGreaterThanOrEqual(3);
    await expect(target).toContainText(`第 ${duty.rankIndex} 名 / 共 ${duty.rankTotal} 人`);
    await expect(target).toContainText(/已击败 \d+(\.\d+)?% 的同学/);
    // this week has a missed required activity today, and the week is not over
    await expect(target.getByTestId('tt-target-state')).toHaveText('进行中');
    // last week is over with work left undone; the week after next has not begun
    await page.getByRole('button', { name: '上一周' }).click();
    await expect(target.getByTestId('tt-target-state')).toHaveText('已逾期未学');
    await page.getByRole('button', { name: '下一周' }).click();
    await page.getByRole('button', { name: '下一周' }).click();
    await page.getByRole('button', { name: '下一周' }).click();
    await expect(target.getByTestId('tt-target-state')).toHaveText('未开始');
  });

  test('month view: the month grid with a dot on each day with activities', async ({ page }) => {
    const o = await openTimetable(page);
    await tab(page, '月').click();
    await expect(tab(page, '月')).toHaveAttribute('aria-selected', 'true');
    const month = monthRange(Date.now());
    await expect(rangeText(page)).toHaveText(rangeOf(month));
    const data = await activitiesOf(page, o, { evaluateType: 'MONTH', startTime: formatDateTime(month.start), endTime: formatDateTime(month.end) });
    const now = Date.now();
    const expected = { error: 0, info: 0, success: 0 };
    for (const d of data.optionData) expected[dayDot(d.dateKey, d.colorStatus, now)!]++;
    const dots = calendar(page).locator('[data-dot]');
    await expect(dots).toHaveCount(data.optionData.length);
    for (const kind of ['error', 'info', 'success'] as const) await expect(calendar(page).locator(`[data-dot="${kind}"]`)).toHaveCount(expected[kind]);
    // today has unfinished activities still to come: blue
    await expect(calendar(page).locator('[data-dot="info"]').first()).toBeAttached();
    // whole weeks from Sunday around the month, each day named by its date
    await expect(days(page)).toHaveCount(gridDays(month).length);
    await expect(days(page).first()).toHaveAccessibleName(dayName(gridDays(month)[0]!));
    await expect(calendar(page).getByText(/\+\d+ more/)).toHaveCount(0);

    await page.getByRole('button', { name: '上一月' }).click();
    const [y, m] = formatDate(month.start).split('-').map(Number) as [number, number];
    const previousStart = parseDateTime(m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`);
    await expect(rangeText(page)).toHaveText(rangeOf(monthRange(previousStart)));
    await page.getByRole('button', { name: '下一月' }).click();
    await expect(rangeText(page)).toHaveText(rangeOf(month));
    await expectNoSeriousA11yViolations(page, 'timetable, month');
    await expectNoSidewaysScroll(page);
  });

  test('all view: every activity of the class by day, with the weekday @desktop-only', async ({ page }) => {
    const o = await openTimetable(page);
    await tab(page, '全部').click();
    const data = await activitiesOf(page, o, { evaluateType: 'UNIT' });
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { level: 2 })).toHaveCount(data.optionData.length);
    const today = formatDate(Date.now());
    const [, m, d] = today.split('-').map(Number);
    const weekday = WEEKDAYS[new Date(`${today}T12:00:00+08:00`).getUTCDay()]!;
    await expect(panel.getByRole('heading', { level: 2, name: `${m}月${d}日 ${weekday}` })).toBeVisible();
    await expect(panel.getByRole('link')).toHaveCount(data.activityResultVOList.length);
    await expectNoSeriousA11yViolations(page, 'timetable, all');
    await expectNoSidewaysScroll(page);
  });

  test('hover or focus shows the activity card; an event opens its classroom', async ({ page }) => {
    // A student of its own: opening a lesson's classroom records the lesson as studied (a reading lesson as learned),
    // and the course page's test reads the demo student's last lesson.
    const o = await openTimetable(page, await enrolNewStudent());
    const list = (await activitiesOf(page, o, weekBody(weekRange(Date.now())))).activityResultVOList;
    // The event is found by its name, so the activity chosen is one whose name no other activity of the week shares
    // (today's two face-to-face activities of the demo class may teach the same lesson).
    const unique = list.filter((x) => list.filter((y) => y.activityName === x.activityName).length === 1);
    expect(unique.length).toBeGreaterThan(0);
    const a = unique.find((x) => x.startTime.startsWith(formatDate(Date.now())) && x.onlineType === 2) ?? unique[0]!;
    const event = events(page).filter({ hasText: a.activityName }).first();
    await event.scrollIntoViewIfNeeded();
    await event.focus();
    const card = page.getByRole('tooltip');
    await expect(card).toContainText(a.activityName);
    await expect(card).toContainText(a.courseName!);
    if (a.onlineType === 2) await expect(card).toContainText(a.position!);
    await event.blur();
    await expect(card).toHaveCount(0);

    // Opened from the keyboard (the event is a button): a pointer click depends on where the grid is
    // scrolled at this hour of the day, and other activities of the demo class may sit over this one.
    await event.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/study\/(classroom\/(classroom-detail|offline)|homework|test)\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('activityId')).toBe(a.id);
    expect(url.searchParams.get('classId')).toBe(o.classId);
  });

  test('the card goes left of an event whose left edge is beyond 950 px, else right', { tag: '@desktop-only' }, async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    await openTimetable(page);
    await tab(page, '月').click();
    let far: Locator | null = null;
    let near: Locator | null = null;
    let month = monthRange(Date.now());
    for (let tries = 0; tries < 4 && !(far && near); tries++) {
      await expect(rangeText(page)).toHaveText(rangeOf(month));
      await expect(days(page)).toHaveCount(gridDays(month).length);
      const all = await events(page).all();
      for (const e of all) {
        const box = await e.boundingBox();
        if (!box) continue;
        if (box.x > 950 && !far) far = e;
        if (box.x <= 950 && !near) near = e;
      }
      if (!(far && near)) {
        await page.getByRole('button', { name: '上一月' }).click();
        month = monthRange(month.start - 1);
      }
    }
    expect(far && near, 'an event on each side of 950 px').toBeTruthy();
    await far!.hover();
    await expect(page.getByRole('tooltip')).toHaveAttribute('data-side', 'left');
    const farBox = (await far!.boundingBox())!;
    const cardBox = (await page.getByRole('tooltip').boundingBox())!;
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(farBox.x);
    await near!.hover();
    await expect(page.getByRole('tooltip')).toHaveAttribute('data-side', 'right');
  });

  test('订阅日历: the private address, copied or opened in a calendar app; 重置链接 asks, then the old address stops working @desktop-only', async ({
    page,
  }) => {
    // The feed is made on first use and reset here: a new student of class A of the test's own.
    await openTimetable(page, await enrolNewStudent());
    await page.getByRole('button', { name: '订阅日历' }).click();
    const dialog = page.getByRole('dialog', { name: '订阅课程表' });
    const address = dialog.getByRole('textbox', { name: '私人订阅链接' });
    await expect(address).toHaveValue(/^http:\/\/localhost:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const first = await address.inputValue();
    await expect(dialog.getByRole('link', { name: '在日历应用中打开' })).toHaveAttribute('href', first.replace(/^http:\/\//, 'webcal://'));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await dialog.getByRole('button', { name: '复制链接' }).click();
    await expect(page.locator('#toast-region')).toContainText('链接已复制');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    const ics = await page.request.get(first);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await ics.text()).toContain('BEGIN:VEVENT');
    await expectNoSeriousA11yViolations(page, 'timetable, subscribe dialog');

    await dialog.getByRole('button', { name: '重置链接' }).click();
    const ask = dialog.getByRole('group', { name: '重置链接' });
    await expect(ask).toContainText('旧链接将立即失效');
    await ask.getByRole('button', { name: '取消' }).click();
    await expect(address).toHaveValue(first);
    await dialog.getByRole('button', { name: '重置链接' }).click();
    await ask.getByRole('button', { name: '确定重置' }).click();
    await expect(address).not.toHaveValue(first);
    const second = await address.inputValue();
    expect((await page.request.get(first)).status()).toBe(404);
    expect((await page.request.get(second)).status()).toBe(200);
    await expectNoSidewaysScroll(page);
    await dialog.getByRole('button', { name: '关闭' }).click();
    await expect(dialog).toBeHidden();
  });

  test.describe('a class of its own with an evening class today', () => {
    const HOUR = 3_600_000;

    /** A fresh student whose class has a morning class (over) and an evening class today; the browser's clock at today 12:00. */
    async function eveningClass(page: Page) {
      const today = startOfCstDay(Date.now());
      const [me] = await newLearners(DEMO_TENANT.id, 1);
      const fixture = await newClass({
        tenantId: DEMO_TENANT.id,
        now: today + 12 * HOUR,
        name: '晚班课表班',
        courseName: '晚班课表课',
        lessons: [
          { name: '早课', type: 1, minutes: 90 },
          { name: '晚课', type: 1, minutes: 90 },
        ],
        duties: [],
        userIds: [me!.userId],
        activities: [
          { lesson: '早课', startAt: today + 9 * HOUR, endAt: today + 10.5 * HOUR },
          { lesson: '晚课', startAt: today + 20 * HOUR, endAt: today + 21.5 * HOUR },
        ],
      });
      await page.clock.setFixedTime(today + 12 * HOUR);
      // The browser's noon may be hours ahead of the real clock (a run after midnight): the token lasts past it.
      await loginStudent(page, DEMO_TENANT.id, me!.mobile, { validUntil: today + 12 * HOUR });
      await page.goto(`/study/class-time-table?classId=${fixture.classId}&studentId=${fixture.studentIds[me!.userId]}&userId=${me!.userId}`);
      await hydrated(tab(page, '周'));
    }

    /** The element is not hidden by any box that scrolls or clips it (the grid's own scrolling included). */
    async function expectUnclipped(locator: Locator): Promise<void> {
      const clipped = await locator.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const out: string[] = [];
        for (let box = el.parentElement; box; box = box.parentElement) {
          const style = getComputedStyle(box);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const b = box.getBoundingClientRect();
          if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1) out.push(`${box.tagName}.${box.className}`);
        }
        return out;
      });
      expect(clipped, 'boxes that hide it').toEqual([]);
    }

    test("the week opens on today's evening class, not at 08:00", async ({ page }) => {
      await eveningClass(page);
      const evening = events(page).filter({ hasText: '晚班课表课：晚课' });
      await expect(evening).toBeVisible();
      await expectUnclipped(evening);
      await expectNoSidewaysScroll(page);
    });

    test("at 1366 px too the week opens on today's evening class @desktop-only", async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await eveningClass(page);
      const evening = events(page).filter({ hasText: '晚班课表课：晚课' });
      await expect(evening).toBeVisible();
      await expectUnclipped(evening);
    });

    test('the month grid fits the screen: Saturday is whole', async ({ page }) => {
      await eveningClass(page);
      await tab(page, '月').click();
      await expect(days(page)).toHaveCount(gridDays(monthRange(Date.now())).length);
      const saturday = calendar(page).getByText('周六', { exact: true });
      await expect(saturday).toBeVisible();
      await expectUnclipped(saturday);
      await expectWithinScreenWidth(page, saturday);
      await expectNoSidewaysScroll(page);
    });
  });

  test('a day with more activities than its month cell holds: 还有 n 项 lists them all in a dialog', async ({ page }) => {
    const HOUR = 3_600_000;
    const today = startOfCstDay(Date.now());
    const [me] = await newLearners(DEMO_TENANT.id, 1);
    const lessons = ['一', '二', '三', '四', '五', '六'].map((n) => `第${n}节`);
    const fixture = await newClass({
      tenantId: DEMO_TENANT.id,
      now: today + 12 * HOUR,
      name: '满课表班',
      courseName: '满课表课',
      lessons: lessons.map((name) => ({ name, type: 1, minutes: 30 })),
      duties: [],
      userIds: [me!.userId],
      activities: lessons.map((lesson, i) => ({ lesson, startAt: today + (13 + i) * HOUR, endAt: today + (13.5 + i) * HOUR })),
    });
    await page.clock.setFixedTime(today + 12 * HOUR);
    await loginStudent(page, DEMO_TENANT.id, me!.mobile, { validUntil: today + 12 * HOUR });
    await page.goto(`/study/class-time-table?classId=${fixture.classId}&studentId=${fixture.studentIds[me!.userId]}&userId=${me!.userId}`);
    await hydrated(tab(page, '周'));
    await expect(events(page)).toHaveCount(6);
    await tab(page, '月').click();

    const day = calendar(page).getByRole('group', { name: dayName(today) });
    const more = day.getByRole('button', { name: /^还有 \d+ 项$/ });
    await expect(more).toBeVisible();
    const hidden = Number((await more.textContent())!.replace(/\D/g, ''));
    expect(hidden).toBeGreaterThan(0);
    // the cell shows the first ones in start order, then says how many more there are
    await expect(day.getByRole('button')).toHaveCount(6 - hidden + 1);
    await expect(day.getByRole('button').first()).toContainText('13:00');
    await expectWithinScreenWidth(page, more);

    await more.click();
    const dialog = page.getByRole('dialog', { name: dayName(today) });
    await expect(dialog.getByRole('link')).toHaveCount(6);
    for (const lesson of lessons) await expect(dialog.getByRole('link', { name: new RegExp(`满课表课：${lesson}`) })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'timetable, a month day listed whole');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(more).toBeFocused();
    await expectNoSidewaysScroll(page);
  });
});
