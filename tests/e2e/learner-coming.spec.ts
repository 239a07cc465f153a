import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { authForm, passwordLogin } from './support/login';

/**
 * The screens the activity and course links lead to but which are not open yet (homework and
 * tests; the classrooms have their own specs): logged-in only, they say so and lead back to the
 * class of the link and to my learning.
 */

const TARGETS = [
  { path: '/study/homework?classId=c1&classroomId=r1&classStudentId=s1&courseId=k1&status=0', heading: '作业' },
  { path: '/study/test?classId=c1&classroomId=r1&classStudentId=s1&courseId=k1&status=0', heading: '测验' },
];

test('a visitor opening a homework link logs in and comes back to it', async ({ page }) => {
  const target = TARGETS.find((x) => x.heading === '作业')!;
  await page.goto(target.path);
  await page.waitForURL(/\/login\?redirect=/);
  await passwordLogin(await authForm(page));
  await page.waitForURL((url) => url.pathname + url.search === target.path);
  await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
});

test('each target says it is coming and leads back to the class and to my learning', async ({ page }) => {
  await page.goto('/login?redirect=%2Fstudy%2Fmine');
  await passwordLogin(await authForm(page));
  await page.waitForURL('**/study/mine');
  for (const target of TARGETS) {
    await page.goto(target.path);
    const heading = page.getByRole('heading', { level: 1, name: target.heading });
    await hydrated(heading);
    await expect(page.getByText(`${target.heading}即将开放，敬请期待。`)).toBeVisible();
    await expect(page.getByRole('link', { name: '返回班级' })).toHaveAttribute('href', /\/study\/training-class\?classId=c1/);
    await expect(page.getByRole('main').getByRole('link', { name: '我的学习' })).toHaveAttribute('href', /\/study\/mine/);
  }
  await expectNoSeriousA11yViolations(page, 'coming soon');
  await expectNoSidewaysScroll(page);
});
