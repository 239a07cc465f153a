import type { Page } from '@playwright/test';
import { LEARNING_CLASSES, TODAY_SLOTS, electivePast, missedPast } from '../../src/dev/seed/learning-data';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { EXAM_WORKS } from '../../src/dev/seed/exams-data';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated, holdBack } from './support/fixtures';
import { DEMO_STUDENT, authForm, passwordLogin } from './support/login';
import { openDatabase } from '../../src/server/db/database';
import { E2E_DB_FILE } from './support/env';
import { enrolNewStudent } from './support/exams';
import { loginStudent } from './support/session';

/**
 * The class page (/study/training-class) with the demo student: class A has
 * today's activities in every attendance state and an elective, past ones over weeks, courses and a
 * learning goal; class B has nothing today; class C's teaching is over; class F is an experience class.
 */

const CLASSES = LEARNING_CLASSES[DEMO_TENANT.id]!;
const seeded = (key: string) => CLASSES.find((c) => c.key === key)!;
const A = seeded('A');

function pastSums(key: string) {
  const past = (seeded(key).pastDays ?? []).map((_, i) => ({ elective: electivePast(i), missed: missedPast(i) }));
  return {
    all: past.length,
    missed: past.filter((p) => !p.elective && p.missed).length,
    attended: past.filter((p) => !p.elective && !p.missed).length,
    elective: past.filter((p) => p.elective).length,
  };
}

const mineTab = (page: Page, name: string) => page.getByRole('tablist', { name: '班级状态' }).getByRole('tab', { name, exact: true });
const mainTab = (page: Page, name: string) => page.getByRole('tablist', { name: '班级课程' }).getByRole('tab', { name });
const todayTab = (page: Page, name: RegExp) => page.getByRole('tablist', { name: '今日课程分类' }).getByRole('tab', { name });
const pastTab = (page: Page, name: RegExp) => page.getByRole('tablist', { name: '往期课程分类' }).getByRole('tab', { name });
const panel = (page: Page, prefix: 'class-today' | 'class-past') => page.locator(`#${prefix}-panel`);
const card = (page: Page) => page.getByRole('region', { name: '学员学习情况' });
const stat = (page: Page, label: string) =>
  card(page)
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');

/** Logs in, opens my learning and the class of the seed's `key` from the given status tab. */
async function openClass(page: Page, key: string, tabName: string): Promise<void> {
  await page.goto('/login?redirect=%2Fstudy%2Fmine');
  await passwordLogin(await authForm(page));
  await page.waitForURL('**/study/mine');
  await hydrated(mineTab(page, tabName));
  await mineTab(page, tabName).click();
  await expect(mineTab(page, tabName)).toHaveAttribute('aria-selected', 'true');
  const name = seeded(key).name;
  await page.getByRole('tabpanel').locator('li > button').filter({ hasText: name }).click();
  await page.waitForURL(/\/study\/training-class\?classId=/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(stat(page, '考核结果')).not.toHaveText('…');
}

/** The id of a seeded class of the demo school. */
async function classIdOf(key: string): Promise<string> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    return (
      await db.selectFrom('teachingClasses').select('id').where('tenantId', '=', DEMO_TENANT.id).where('name', '=', seeded(key).name).executeTakeFirstOrThrow()
    ).id;
  } finally {
    await db.destroy();
  }
}

const params = (href: string) => new URL(href, 'http://x').searchParams;

test.describe('class page', () => {
  test('header and the student card with its tooltips', async ({ page }) => {
    await openClass(page, 'A', '服务中');
    await expect(page.getByRole('navigation', { name: '面包屑' }).getByRole('link', { name: '我的学习' })).toBeVisible();
    const header = page.getByRole('main').locator('header').filter({ hasText: A.name });
    await expect(header).toContainText('开班日期');
    await expect(header).toContainText(`活动总数${TODAY_SLOTS.length + A.pastDays!.length + A.futureDays!.length}`);
    await expect(header).toContainText('班主任王建华');
    await expect(card(page)).toContainText(DEMO_STUDENT.realName);
    await expect(card(page)).toContainText('学员');
    await expect(stat(page, '完成率')).toHaveText(/^\d{1,3}(\.\d{1,2})?%$/);
    await expect(stat(page, '学习时长')).toHaveText('40分钟');
    // the seeded submitted work (the learning seed's homework and the exam seed's attempts): the exam
    // specs submit as students of their own, so the demo student's answering time stays as seeded
    const answering = 25 + EXAM_WORKS.flatMap((w) => w.attempts ?? []).reduce((sum, a) => sum + (a.minutes ?? 0), 0);
    const hours = Math.floor(answering / 60);
    await expect(stat(page, '答题时长')).toHaveText(`${hours ? `${hours}小时` : ''}${answering % 60}分钟`);
    await expect(stat(page, '考核结果')).toHaveText('未考核');

    const visitsTip = card(page).getByRole('button', { name: '学习次数说明' });
    await visitsTip.focus();
    await expect(page.getByRole('tooltip', { name: '每进入一次班级页面学习，计为一次学习打卡' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip', { name: '每进入一次班级页面学习，计为一次学习打卡' })).toBeHidden();
    await card(page).getByRole('button', { name: '完成率说明' }).click();
    await expect(page.getByRole('tooltip')).toHaveText('完成率 = 已完成的活动数 ÷ 有考核要求的活动数');

    await expectNoSeriousA11yViolations(page, 'class page');
    await expectNoSidewaysScroll(page);
  });

  test('a visit is counted on each load of the class page @desktop-only', async ({ page }) => {
    // Visits are written: a new student of class A of the test's own, who has never opened it.
    await loginStudent(page, DEMO_TENANT.id, await enrolNewStudent());
    await page.goto(`/study/training-class?classId=${encodeURIComponent(await classIdOf('A'))}`);
    await expect(page.getByRole('heading', { level: 1, name: A.name })).toBeVisible();
    await expect(stat(page, '学习次数')).toHaveText('1');
    await page.reload();
    await expect(stat(page, '学习次数')).toHaveText('2');
    await expect(stat(page, '考核结果')).toHaveText('未考核');
  });

  test('the header is painted from the first view while the island still loads, and the island shows its own in the same place', async ({ page }) => {
    await loginStudent(page, DEMO_TENANT.id, await enrolNewStudent());
    // Every script file held back (the island's, React's, the header's): what shows meanwhile is the script
    // written into the page, under the page's Content-Security-Policy (decision 081).
    const release = await holdBack(page, '**/_astro/*.js');
    // Not waiting for the page's load (nor its DOMContentLoaded): both wait for the held script files.
    await page.goto(`/study/training-class?classId=${encodeURIComponent(await classIdOf('A'))}`, { waitUntil: 'commit' });
    const title = page.getByRole('heading', { level: 1, name: A.name });
    await expect(title).toBeVisible();
    const early = page.locator('#class-early-header header');
    await expect(early).toContainText('培训周期');
    await expect(early).toContainText('班主任王建华');
    await expect(page.getByRole('status', { name: '加载中' })).toBeVisible();
    const before = await early.boundingBox();
    release();
    await expect(stat(page, '学习次数')).toHaveText('1');
    await expect(page.locator('#class-early-header')).toHaveCount(0);
    await expect(title).toHaveCount(1);
    const own = page.getByRole('main').locator('header').filter({ hasText: A.name });
    expect(await own.boundingBox()).toEqual(before);
    await expect(own).toContainText('培训周期');
  });

  test("today's sub-tabs with their counts and the missed dot; each activity links with the parameters of 2.4", async ({ page }) => {
    await openClass(page, 'A', '服务中');
    const n = (state: string) => TODAY_SLOTS.filter((s) => s.state === state && s.required).length;
    await expect(mainTab(page, '今日课程')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tablist', { name: '今日课程分类' }).getByRole('tab')).toHaveText([
      `全部 ${TODAY_SLOTS.length}`,
      `待上课 ${n('pending')}`,
      `缺勤 ${n('missed')}（有缺勤）`,
      `已出勤 ${n('attended')}`,
      `选修 ${TODAY_SLOTS.filter((s) => !s.required).length}`,
    ]);
    // pending first, since there is some
    await expect(todayTab(page, /^待上课/)).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page, 'class-today').getByRole('link')).toHaveCount(n('pending'));
    await expect(todayTab(page, /^缺勤/).locator('[data-dot="missed"]')).toBeVisible();
    await expect(todayTab(page, /^已出勤/).locator('[data-dot]')).toHaveCount(0);

    await todayTab(page, /^缺勤/).click();
    await expect(panel(page, 'class-today').getByRole('link')).toHaveCount(n('missed'));
    await expect(panel(page, 'class-today').getByRole('link').first()).toContainText('缺勤');
    await todayTab(page, /^选修/).click();
    const elective = panel(page, 'class-today').getByRole('link').first();
    await expect(elective).toContainText('选修');
    await expect(elective).not.toContainText(/待上课|缺勤|已出勤/);

    await todayTab(page, /^全部/).click();
    const links = panel(page, 'class-today').getByRole('link');
    await expect(links).toHaveCount(TODAY_SLOTS.length);
    const classId = new URL(page.url()).searchParams.get('classId')!;
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    for (const href of hrefs) {
      const q = params(href);
      expect(q.get('classId')).toBe(classId);
      for (const key of ['studentId', 'courseId', 'activityId', 'bizType']) expect(q.get(key), `${key} of ${href}`).toBeTruthy();
      if (href.startsWith('/study/classroom/offline?')) {
        expect(q.get('classroomId')).toBeTruthy();
        expect(['0', '1']).toContain(q.get('isRequired'));
      } else {
        expect(href.startsWith('/study/classroom/classroom-detail?'), href).toBe(true);
        expect(q.get('userId')).toBeTruthy();
      }
    }
    expect(hrefs.some((h) => h.startsWith('/study/classroom/offline?'))).toBe(true);
    expect(hrefs.some((h) => h.startsWith('/study/classroom/classroom-detail?'))).toBe(true);
    await expectNoSidewaysScroll(page);
  });

  test("today's dynamics scroll every 5 seconds and stop while the pointer is on them @desktop-only", async ({ page }) => {
    await page.clock.install();
    await openClass(page, 'A', '服务中');
    const dynamics = page.getByRole('region', { name: '课堂动态' });
    await expect(dynamics).toBeVisible();
    await expect(dynamics.getByRole('listitem').first()).toBeVisible();
    await expect(dynamics).toContainText('李雨桐');
    const current = dynamics.locator('li[data-current="true"]');
    await expect(current).toHaveCount(1);
    await page.mouse.move(0, 0);
    await page.clock.pauseAt(Date.now() + 1000);
    const first = await current.textContent();
    await page.clock.runFor(5000);
    await expect(current).not.toHaveText(first!);
    const second = await current.textContent();
    // on hover it stays
    await dynamics.getByRole('group').hover();
    await page.clock.runFor(10_000);
    await expect(current).toHaveText(second!);
    // and the pause button stops it too
    await page.mouse.move(0, 0);
    await dynamics.getByRole('button', { name: '暂停滚动' }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(10_000);
    await expect(current).toHaveText(second!);
    await expect(dynamics.getByRole('button', { name: '继续滚动' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('past classes: sub-tabs with their sums, 6 a page by default, 9 and 12 on choice @desktop-only', async ({ page }) => {
    await openClass(page, 'A', '服务中');
    const sums = pastSums('A');
    await mainTab(page, '往期课程').click();
    await expect(mainTab(page, '往期课程')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tablist', { name: '往期课程分类' }).getByRole('tab')).toHaveText([
      `全部 ${sums.all}`,
      `缺勤 ${sums.missed}`,
      `已出勤 ${sums.attended}`,
      `选修 ${sums.elective}`,
    ]);
    const cards = panel(page, 'class-past').getByRole('link');
    const pager = page.getByRole('navigation', { name: '往期课程分页' });
    const size = page.getByLabel('每页条数');
    await expect(size).toHaveValue('6');
    await expect(cards).toHaveCount(Math.min(6, sums.all));
    await expect(pager).toContainText(`1 / ${Math.ceil(sums.all / 6)}`);
    const first = await cards.first().textContent();
    await pager.getByRole('button', { name: '下一页' }).click();
    await expect(pager).toContainText('2 /');
    await expect(cards.first()).not.toHaveText(first!);

    await size.selectOption('9');
    await expect(pager).toContainText(`1 / ${Math.ceil(sums.all / 9)}`);
    await expect(cards).toHaveCount(Math.min(9, sums.all));
    await size.selectOption('12');
    await expect(cards).toHaveCount(Math.min(12, sums.all));
    await pager.getByRole('button', { name: '下一页' }).click();
    await expect(cards).toHaveCount(sums.all - 12);

    await pastTab(page, /^缺勤/).click();
    await expect(cards).toHaveCount(sums.missed);
    for (const c of await cards.all()) await expect(c).toContainText('缺勤');
    await pastTab(page, /^选修/).click();
    await expect(cards).toHaveCount(sums.elective);
    await expectNoSeriousA11yViolations(page, 'class page, past classes');
    await expectNoSidewaysScroll(page);
  });

  test('the courses with their count and links, and the timetable links', async ({ page }) => {
    await openClass(page, 'A', '服务中');
    const q = new URL(page.url()).searchParams;
    const courses = page.getByRole('region', { name: /全部课程/ });
    await expect(courses.getByRole('heading')).toHaveText(`全部课程（${A.courses.length}）`);
    const links = courses.getByRole('listitem').getByRole('link');
    await expect(links).toHaveCount(A.courses.length);
    await expect(links.first()).toContainText('电工基础与安全用电');
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
      expect(href.startsWith('/study/course/course-detail?'), href).toBe(true);
      expect(params(href).get('classId')).toBe(q.get('classId'));
      expect(params(href).get('courseId')).toBeTruthy();
      expect(params(href).get('classStudentId')).toBeTruthy();
    }
    for (const link of [page.getByRole('link', { name: '课程表', exact: true }), courses.getByRole('link', { name: '查看课表' })]) {
      const href = (await link.getAttribute('href'))!;
      expect(href.startsWith('/study/class-time-table?'), href).toBe(true);
      expect(params(href).get('classId')).toBe(q.get('classId'));
      expect(params(href).get('studentId')).toBeTruthy();
      expect(params(href).get('userId')).toBeTruthy();
      expect(params(href).get('experience')).toBeNull();
    }
  });

  test('the right column: the learning goal, and every service and management card says 敬请期待', async ({ page }) => {
    await openClass(page, 'A', '服务中');
    await expect(page.getByRole('region', { name: '学习目标' })).toContainText(A.learningGoal!);
    const names = ['班级通知', '班级群', '同学圈', '学习问答', '学习笔记', '课堂花絮', '学习计划', '学习报告', '成绩评定', '结业证书'];
    for (const name of names) {
      await page.getByRole('complementary').getByRole('button', { name }).click();
      const dialog = page.getByRole('dialog', { name: '敬请期待' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`${name}：敬请期待`);
      await dialog.getByRole('button', { name: '确定' }).click();
      await expect(dialog).toBeHidden();
    }
    await page.getByRole('complementary').getByRole('button', { name: '学习计划' }).click();
    await expectNoSeriousA11yViolations(page, 'class page, coming-soon dialog');
  });

  test('nothing today: the four choices; resting asks first and goes back one page', async ({ page }) => {
    await openClass(page, 'B', '待签到');
    const choices = page.getByRole('tabpanel').filter({ hasText: '今日暂无课程' });
    await expect(choices).toContainText('今日暂无课程，您可以：');
    await choices.getByRole('button', { name: '发布动态' }).click();
    const notice = page.getByRole('dialog', { name: '敬请期待' });
    await expect(notice).toContainText('发布动态：敬请期待');
    await expect(notice).toContainText('请使用手机 App');
    await notice.getByRole('button', { name: '确定' }).click();

    await choices.getByRole('button', { name: '查看往期课程' }).click();
    await expect(mainTab(page, '往期课程')).toHaveAttribute('aria-selected', 'true');
    await expect(pastTab(page, /^全部/)).toHaveText(`全部 ${pastSums('B').all}`);
    await mainTab(page, '今日课程').click();

    await choices.getByRole('button', { name: '休息一下' }).click();
    const rest = page.getByRole('dialog', { name: '休息一下' });
    await expect(rest).toContainText('确定要休息一下吗');
    await rest.getByRole('button', { name: '取消' }).click();
    await expect(rest).toBeHidden();
    await expect(page).toHaveURL(/\/study\/training-class/);
    await choices.getByRole('button', { name: '休息一下' }).click();
    await rest.getByRole('button', { name: '确定' }).click();
    await page.waitForURL(/\/study\/mine$/);
    await expectNoSidewaysScroll(page);
  });

  test('nothing today: continue learning opens the first course @desktop-only', async ({ page }) => {
    await openClass(page, 'B', '待签到');
    await page.getByRole('button', { name: '继续学习' }).click();
    await page.waitForURL(/\/study\/course\/course-detail\?/);
    const q = new URL(page.url()).searchParams;
    expect(q.get('courseId')).toBeTruthy();
    expect(q.get('classStudentId')).toBeTruthy();
    // Class B teaches one course: its detail page opens for this student.
    await expect(page.getByRole('heading', { level: 1, name: 'PLC 编程与应用' })).toBeVisible();
  });

  test('an experience class shows a notice instead of each of the four choices @desktop-only', async ({ page }) => {
    await openClass(page, 'F', '服务中');
    const url = page.url();
    for (const name of ['继续学习', '发布动态', '查看往期课程', '休息一下']) {
      await page.getByRole('button', { name }).click();
      const dialog = page.getByRole('dialog', { name: '体验班级' });
      await expect(dialog).toContainText(`正式报名后即可使用“${name}”`);
      await dialog.getByRole('button', { name: '确定' }).click();
      await expect(dialog).toBeHidden();
      expect(page.url()).toBe(url);
    }
    await expect(mainTab(page, '今日课程')).toHaveAttribute('aria-selected', 'true');
    // its timetable link says it is an experience class
    expect(params((await page.getByRole('link', { name: '课程表', exact: true }).getAttribute('href'))!).get('experience')).toBe('1');
  });

  test('a class whose teaching is over shows only its past classes @desktop-only', async ({ page }) => {
    await openClass(page, 'C', '已完成');
    await expect(page.getByRole('tablist', { name: '班级课程' }).getByRole('tab')).toHaveText(['往期课程']);
    await expect(mainTab(page, '往期课程')).toHaveAttribute('aria-selected', 'true');
    await expect(pastTab(page, /^全部/)).toHaveText(`全部 ${pastSums('C').all}`);
    await expect(stat(page, '考核结果')).toHaveText('已通过');
    // no offline course: no classroom highlights card
    await expect(page.getByRole('complementary').getByRole('button', { name: '班级通知' })).toBeVisible();
    await expect(page.getByRole('complementary').getByRole('button', { name: '课堂花絮' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });
});
