import type { Locator, Page } from '@playwright/test';
import { DEMO_TENANT } from '~/dev/seed/demo-data';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, expectWithinScreenWidth, hydrated } from './support/fixtures';
import { newClass, newLearners } from './support/learning';
import { loginStudent } from './support/session';
import { makeSchool } from './support/school';
import { E2E_DB_FILE } from './support/env';
import { openDatabase } from '~/server/db/database';
import { findOrCreateUser } from '~/server/identity/identity.service';
import { DEMO_STUDENT, authForm, passwordLogin, toasts } from './support/login';

/**
 * My learning (/study/mine, with the card click rules) with the
 * demo student, whose seeded classes are in every serviceStatus and teachingClassStatus.
 */

const classPanel = (page: Page) => page.getByRole('tabpanel');
const cards = (page: Page) => classPanel(page).locator('li > button');
const tab = (page: Page, name: string) => page.getByRole('tablist', { name: '班级状态' }).getByRole('tab', { name, exact: true });

async function openMine(page: Page): Promise<void> {
  await page.goto('/login?redirect=%2Fstudy%2Fmine');
  await passwordLogin(await authForm(page));
  await page.waitForURL('**/study/mine');
  await expect(page.getByText(`欢迎回来，${DEMO_STUDENT.realName}`)).toBeVisible();
  await hydrated(tab(page, '全部'));
  await expect(cards(page).first()).toBeVisible();
}

/** The first card of a status tab (the status label is on the card). */
async function firstCardOf(page: Page, tabName: string): Promise<Locator> {
  await tab(page, tabName).click();
  await expect(tab(page, tabName)).toHaveAttribute('aria-selected', 'true');
  const card = cards(page).first();
  await expect(card).toBeVisible();
  return card;
}

test.describe('my learning', () => {
  test('a visitor goes to login and comes back to my learning @desktop-only', async ({ page }) => {
    await page.goto('/study/mine');
    await page.waitForURL('**/login?redirect=%2Fstudy%2Fmine');
    await passwordLogin(await authForm(page));
    await page.waitForURL('**/study/mine');
    await expect(page.getByRole('main').getByText('学员', { exact: true })).toBeVisible();
  });

  test('the learner card, the status tabs and paging at 4 cards', async ({ page }) => {
    await openMine(page);
    await expect(page.getByRole('tablist', { name: '班级状态' }).getByRole('tab')).toHaveText(['全部', '待入学', '待开课', '待签到', '服务中', '已完成']);
    await expect(tab(page, '全部')).toHaveAttribute('aria-selected', 'true');
    const count = await cards(page).count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(4);
    // The demo student has more than 4 classes: the list pages.
    const pager = page.getByRole('navigation', { name: '班级分页' });
    await expect(pager).toContainText('1 /');
    const first = await cards(page).first().textContent();
    await pager.getByRole('button', { name: '下一页' }).click();
    await expect(pager).toContainText('2 /');
    await expect(cards(page).first()).not.toHaveText(first!);
    // Each card shows its period, product, teacher and training dates (cut to the minute).
    await expect(cards(page).first()).toContainText('班期：');
    await expect(cards(page).first()).toContainText(/培训时间：(\d{4}-\d{2}-\d{2} \d{2}:\d{2}|--) ~ /);
    await expectNoSeriousA11yViolations(page, 'my learning');
    await expectNoSidewaysScroll(page);
  });

  test('the period list shows at most 8 periods @desktop-only', async ({ page }) => {
    await openMine(page);
    const periods = page.getByRole('region', { name: '我的班期' });
    await expect(periods).toBeVisible();
    expect(await periods.getByRole('listitem').count()).toBeLessThanOrEqual(8);
  });

  test('card rules: pending admission does nothing, pending start is being prepared, a class not yet opened names its date @desktop-only', async ({ page }) => {
    await openMine(page);
    const admission = await firstCardOf(page, '待入学');
    // Marked aria-disabled: a click (forced past Playwright's check) does nothing.
    await admission.click({ force: true });
    await expect(page).toHaveURL(/\/study\/mine$/);
    await expect(page.locator('#toast-region .toast')).toHaveCount(0);

    const start = await firstCardOf(page, '待开课');
    await start.click();
    await expect(toasts(page)).toContainText('内容正在准备中，请稍候');
    await expect(page).toHaveURL(/\/study\/mine$/);

    // The 待签到 tab also holds a running class: pick the one not yet opened (seed class G).
    await firstCardOf(page, '待签到');
    const notOpen = cards(page).filter({ hasText: '电子商务师（三级）班' });
    await notOpen.click();
    await expect(toasts(page)).toContainText('开班');
    await expect(page).toHaveURL(/\/study\/mine$/);
  });

  test('an opened class records the enrolment state and opens the class page with its school @desktop-only', async ({ page }) => {
    await openMine(page);
    const enrol = page.waitForRequest((r) => r.url().endsWith('/api/product/app/classStudent/updateEnrolState'));
    const card = await firstCardOf(page, '服务中');
    const name = (await card.locator('span').first().locator('span').first().textContent())!;
    await card.click();
    const body = (await enrol).postDataJSON() as { classId: string; userId: string };
    await page.waitForURL(/\/study\/training-class\?classId=[^&]+&schoolId=[^&]+/);
    expect(new URL(page.url()).searchParams.get('classId')).toBe(body.classId);
    await expect(page.getByRole('navigation', { name: '面包屑' }).getByRole('link', { name: '我的学习' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('学习次数')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'class page');
  });

  test('an empty status shows 当前状态下暂无班级 or cards, never both @desktop-only', async ({ page }) => {
    await openMine(page);
    for (const name of ['待入学', '待开课', '待签到', '服务中', '已完成']) {
      await tab(page, name).click();
      const empty = classPanel(page).getByText('当前状态下暂无班级');
      if ((await cards(page).count()) === 0) await expect(empty).toBeVisible();
      else await expect(empty).toHaveCount(0);
    }
  });

  test('on a phone every tab fits the screen: no sideways scroll, each card and its status badge whole', async ({ page }) => {
    await openMine(page);
    for (const name of ['全部', '待入学', '待开课', '待签到', '服务中', '已完成']) {
      await tab(page, name).click();
      await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
      await expectNoSidewaysScroll(page);
      const shown = await cards(page).count();
      for (let i = 0; i < shown; i++) {
        const card = cards(page).nth(i);
        await expectWithinScreenWidth(page, card);
        await expectWithinScreenWidth(page, card.getByText(/^(待入学|待开课|去学习|服务中|服务已完成)$/));
      }
    }
  });

  test("the training's remaining days beside its dates: the card, the class header, the course and the course page @desktop-only", async ({ page }) => {
    const now = Date.now();
    const [me] = await newLearners(DEMO_TENANT.id, 1);
    // The window runs from 10 days ago to the end of the day 20 days ahead: 21 days remain, today included.
    const fixture = await newClass({
      tenantId: DEMO_TENANT.id,
      now,
      name: '剩余天数示例班',
      courseName: '剩余天数示例课',
      lessons: [{ name: '视频一', type: 1, minutes: 10 }],
      duties: [],
      userIds: [me!.userId],
      window: [-10, 20],
    });
    await page.clock.setFixedTime(now);
    await loginStudent(page, DEMO_TENANT.id, me!.mobile);
    await page.goto('/study/mine');
    const card = cards(page).filter({ hasText: '剩余天数示例班' });
    await expect(card).toContainText('剩余21天');
    await card.click();
    await page.waitForURL(/\/study\/training-class\?/);
    expect(new URL(page.url()).searchParams.get('classId')).toBe(fixture.classId);
    await expect(page.getByRole('heading', { level: 1, name: '剩余天数示例班' })).toBeVisible();
    await expect(page.getByText(/^培训周期：/).locator('..')).toContainText('剩余21天');
    const course = page.getByRole('link', { name: /剩余天数示例课/ });
    await expect(course).toContainText('剩余21天');
    await course.click();
    await expect(page.getByRole('region', { name: '课程要求', exact: true })).toContainText('剩余21天');
  });

  test('the student’s top bar shows every entry whole and the greeting takes at most two lines (375 px and desktop)', async ({ page }) => {
    // A school that offers its app (APP下载, the bar's last entry) and a student with a four-character name.
    const school = await makeSchool('顶栏宽度测试学院', { appDownloadUrl: 'https://app.example.cn/download' });
    const mobile = `147${String(Date.now() % 1e8).padStart(8, '0')}`;
    const name = '欧阳明华';
    const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
    try {
      const user = await findOrCreateUser(db, mobile, Date.now());
      await db.updateTable('users').set({ realName: name }).where('id', '=', user.id).execute();
    } finally {
      await db.destroy();
    }
    await loginStudent(page, school.tenantId, mobile);
    await page.goto(`${school.origin}/study/mine`);
    const greeting = page.getByText(`欢迎回来，${name}`);
    await expect(greeting).toBeVisible();
    await expect(page.getByRole('navigation', { name: '用户菜单' }).getByRole('button', { name: '退出登录' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'my learning with the student’s top bar');
    // This browser has no CJK font: it draws each Chinese character as a 0.6em box where a CJK font
    // draws 1em. 0.4em more between letters gives the boxes a CJK font's widths (Latin letters wider
    // still), so what fits here fits a phone's real fonts.
    await page.addStyleTag({ content: '* { letter-spacing: 0.4em !important; }' });
    const width = page.viewportSize()!.width;
    const menu = page.getByRole('navigation', { name: '用户菜单' });
    await expect(menu.getByRole('link', { name: 'APP下载' })).toBeVisible();
    // Boxes, not glyphs (this browser has no CJK fonts): nothing of the menu is cut by its box or the screen.
    const bar = await menu.evaluate((nav) => {
      const box = nav.getBoundingClientRect();
      const items = [...nav.querySelectorAll('a, button')].map((e) => {
        const r = e.getBoundingClientRect();
        return { text: (e.textContent ?? '').trim(), left: r.left, right: r.right };
      });
      return { left: box.left, right: box.right, scrollWidth: nav.scrollWidth, clientWidth: nav.clientWidth, items };
    });
    expect.soft(bar.scrollWidth, 'the menu scrolls sideways').toBeLessThanOrEqual(bar.clientWidth);
    for (const item of bar.items) {
      expect.soft(item.left, `${item.text} starts on screen`).toBeGreaterThanOrEqual(Math.max(0, bar.left) - 1);
      expect.soft(item.right, `${item.text} ends on screen`).toBeLessThanOrEqual(Math.min(width, bar.right) + 1);
    }
    // 欢迎回来，<name>: at most two lines of its own line height.
    const lines = await greeting.evaluate((el) => {
      const style = getComputedStyle(el);
      return Math.round(el.getBoundingClientRect().height / Number.parseFloat(style.lineHeight));
    });
    expect.soft(lines, 'lines of the greeting').toBeLessThanOrEqual(2);
    await expectWithinScreenWidth(page, greeting);
    await expectNoSidewaysScroll(page);
  });
});
