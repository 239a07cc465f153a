import type { Page } from '@playwright/test';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { LEARNING_CLASSES, LEARNING_COURSES } from '../../src/dev/seed/learning-data';
import { DEMO_STUDENT } from '../../src/dev/seed/login';
import { courseJump } from '../../src/lib/learning/jumps';
import { urlOf } from '../../src/lib/api/contract';
import { courseSituation, type CourseSituation } from '../../src/lib/api/contracts/learning-course';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DEMO_ORIGIN, E2E_FAKE_PLATFORM_ORIGIN } from './support/env';
import { newClass, newLearners } from './support/learning';
import { loginStudent, type Student } from './support/session';

/**
 * The course detail page (/study/course/course-detail) for the demo student in
 * class A: elec (every kind of online lesson, teachers of both roles), plc (a live lesson), digital
 * (no learning URL) and iiot (a third-party platform course, opened through the fake platform
 * that playwright.config.ts starts). The page's query comes from the API: the class, the class
 * student id and, from the class page's course list, the course ids by the seeded course names.
 */

const CLASS_A = LEARNING_CLASSES[DEMO_TENANT.id]!.find((c) => c.key === 'A')!.name;
const courseName = (key: string) => LEARNING_COURSES[DEMO_TENANT.id]!.find((c) => c.key === key)!.name;

interface Place {
  classId: string;
  classStudentId: string;
  courses: Record<string, string>;
}

let place: Place | null = null;

async function placeOf(page: Page, student: Student): Promise<Place> {
  if (place) return place;
  const headers = { Token: student.token, TenantId: DEMO_TENANT.id, 'Content-Type': 'application/json' };
  const classes = await (
    await page.request.post(`${DEMO_ORIGIN}/api/teaching/anyone/teachingClass/queryStudentClassAndPeriodList`, { headers, data: { userId: student.userId } })
  ).json();
  const classId = classes.data.find((c: { className: string }) => c.className === CLASS_A).classId as string;
  const detail = await (
    await page.request.post(`${DEMO_ORIGIN}/api/teaching/anyone/classStudent/detail`, { headers, data: { classId, userId: student.userId } })
  ).json();
  const classStudentId = detail.data.studentId as string;
  // The class page's course list names the class's courses.
  const statistic = await (
    await page.request.post(`${DEMO_ORIGIN}/api/teaching/anyone/classStudent/courseStatistic`, { headers, data: { classId, studentId: classStudentId } })
  ).json();
  const rows = statistic.data.classStudentCourseResultVOS as { courseId: string; courseName: string }[];
  const courses = Object.fromEntries(['elec', 'plc', 'digital', 'iiot'].map((key) => [key, rows.find((r) => r.courseName === courseName(key))!.courseId]));
  place = { classId, classStudentId, courses };
  return place;
}

/** Logs the demo student in and opens a course of class A; answers the page's address. */
async function openCourse(page: Page, key: string): Promise<string> {
  const student = await loginStudent(page, DEMO_TENANT.id, DEMO_STUDENT.mobile);
  const p = await placeOf(page, student);
  const url = courseJump({ courseId: p.courses[key]!, classId: p.classId, classStudentId: p.classStudentId });
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: courseName(key) })).toBeVisible();
  await hydrated(page.getByRole('heading', { level: 1 }));
  return url;
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const tabs = (page: Page) => page.getByRole('tablist', { name: '课程内容' }).getByRole('tab');
const panel = (page: Page) => page.getByRole('tabpanel');

test.describe('course detail', () => {
  test('elec: header, last learned, tabs shown only when non-empty, requirements, teachers', async ({ page }) => {
    // Other tests' own students study in the demo class too: the participants are the server's count.
    const detail = page.waitForResponse((r) => r.url().endsWith(urlOf(courseSituation)));
    const url = await openCourse(page, 'elec');
    const participants = ((await (await detail).json()).data as CourseSituation).studyUserCount;
    expect(participants).toBeGreaterThanOrEqual(3);
    const crumbs = page.getByRole('navigation', { name: '面包屑' });
    await expect(crumbs.getByRole('link', { name: '我的学习' })).toHaveAttribute('href', '/study/mine');
    await expect(crumbs.getByRole('link', { name: '班级详情' })).toHaveAttribute('href', `/study/training-class?classId=${place!.classId}`);
    await expect(crumbs.getByText('课程详情')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(`${participants} 人参与学习`)).toBeVisible();
    await expect(page.getByRole('img', { name: '暂无封面' })).toBeVisible();

    // The last lesson studied, with its progress, and the way back into it.
    const last = region(page, '最近学习');
    await expect(last).toContainText('电路的基本概念');
    await expect(last).toContainText('已学完 100%');
    const resume = last.getByRole('link', { name: '继续学习' });
    await expect(resume).toHaveAttribute('href', /^\/study\/classroom\/online\?.*classroomId=\d+/);

    // No face-to-face lesson in elec: its tab does not show.
    await expect(tabs(page)).toHaveText(['全部', '在线教学', '在线作业', '在线测验', '学习资料']);
    await expect(tabs(page).first()).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page).getByRole('heading', { level: 3 })).toHaveText(['第一章 电路基础', '第二章 安全用电']);
    await expect(panel(page).getByRole('listitem').filter({ hasText: '欧姆定律音频讲解' })).toContainText('已学至 04:48，40%');
    await expect(panel(page).getByRole('listitem').filter({ hasText: '三相交流电讲义' })).toContainText('未开始');
    await expect(panel(page).getByRole('listitem').filter({ hasText: '安全规范资料包' })).toContainText('选修');
    await page.getByRole('tab', { name: '在线作业' }).click();
    await expect(page.getByRole('tab', { name: '在线作业' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page).getByRole('listitem')).toHaveCount(1);
    await expect(panel(page).getByRole('listitem')).toContainText('安全用电课后作业');
    await expect(panel(page).getByRole('listitem')).toContainText('已提交');
    await expect(panel(page).getByRole('link', { name: /安全用电课后作业/ })).toHaveAttribute('href', /^\/study\/homework\?/);

    // Requirements: the period, the state and a bar for each non-zero duty (the test target is 0).
    const req = region(page, '课程要求');
    await expect(req).toContainText('学习周期');
    await expect(req).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} 至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expect(req).toContainText('进行中');
    await expect(req.getByRole('progressbar', { name: '视频学习' })).toHaveAttribute('aria-valuenow', '50');
    await expect(req.getByRole('progressbar', { name: '在线作业' })).toHaveAttribute('aria-valuenow', '100');
    await expect(req.getByRole('progressbar')).toHaveCount(2);

    // Teachers with their role labels; supporting materials and quality service.
    const teachers = region(page, '授课老师').getByRole('listitem');
    await expect(teachers).toHaveCount(2);
    await expect(teachers.nth(0)).toContainText('张振华');
    await expect(teachers.nth(0)).toContainText('课程老师');
    await expect(teachers.nth(1)).toContainText('李晓梅');
    await expect(teachers.nth(1)).toContainText('辅导老师');
    await expect(region(page, '配套资料')).toContainText('《电工（四级）理论知识》教材');
    await expect(region(page, '品质服务')).toContainText('24 小时答疑');

    await expectNoSeriousA11yViolations(page, 'course detail');
    await expectNoSidewaysScroll(page);

    // 继续学习 opens the lesson in the online classroom. The demo student's study is shared with other tests (the class
    // page's 学习时长, this page's 最近学习): the classroom's opening and progress reports are kept from the server.
    await page.route(/\/api\/teaching\/anyone\/classroom\/online\/(view|progress)$/, (route) => route.abort());
    await resume.click();
    await page.waitForURL(/\/study\/classroom\/online\?/);
    expect(new URL(page.url()).searchParams.get('courseId')).toBe(new URL(url, DEMO_ORIGIN).searchParams.get('courseId'));
  });

  test('a homework or test shows its own time limit, 不限时 when it has none, never the lesson’s length (issue 27) @desktop-only', async ({ page }) => {
    await openCourse(page, 'elec');
    await page.getByRole('tab', { name: '在线作业' }).click();
    const homework = panel(page).getByRole('listitem').filter({ hasText: '安全用电课后作业' });
    await expect(homework).toContainText('不限时');
    await expect(homework).not.toContainText('30分钟');
    await page.getByRole('tab', { name: '在线测验' }).click();
    const unit = panel(page).getByRole('listitem').filter({ hasText: '安全用电单元测试' });
    await expect(unit).toContainText('限时 40 分钟');
    await expect(unit).not.toContainText('40分钟');
  });

  test('plc: a live lesson opens the "use the app" modal, closed with 确定 or 关闭', async ({ page }) => {
    const url = await openCourse(page, 'plc');
    await expect(page.getByRole('img', { name: courseName('plc') })).toBeVisible();
    await expect(tabs(page)).toHaveText(['全部', '在线教学', '面授教学']);
    await page.getByRole('tab', { name: '在线教学' }).click();
    const live = panel(page).getByRole('link', { name: /PLC 直播答疑/ });
    await expect(live).toContainText('直播未开始');
    await expect(live).toContainText(/直播时间：\d{4}-\d{2}-\d{2} 19:00/);

    await live.click();
    const dialog = page.getByRole('dialog', { name: '直播课程' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('直播课暂未开放电脑端，请使用 App 观看');
    await expectNoSeriousA11yViolations(page, 'live lesson modal');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();

    await live.click();
    await expect(dialog).toBeVisible();
    await dialog.locator('footer').getByRole('button', { name: '关闭' }).click();
    await expect(dialog).toBeHidden();
    expect(page.url()).toBe(new URL(url, DEMO_ORIGIN).href);

    // plc counts its study minutes: a bar in minutes.
    await expect(region(page, '课程要求').getByText(/^\d+\/20 分钟$/)).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('digital: a course without a learning URL says 请联系班主任开通课程 and goes nowhere @desktop-only', async ({ page }) => {
    const url = await openCourse(page, 'digital');
    await expect(page.getByRole('tablist', { name: '课程内容' })).toHaveCount(0);
    await expect(page.getByText('暂无课程内容').first()).toBeVisible();
    await region(page, '最近学习').getByRole('button', { name: '开始学习' }).click();
    await expect(region(page, '最近学习').getByRole('alert')).toHaveText('请联系班主任开通课程');
    expect(page.url()).toBe(new URL(url, DEMO_ORIGIN).href);
    await expectNoSeriousA11yViolations(page, 'course not open');
    await expectNoSidewaysScroll(page);
  });

  test('iiot: 进入学习 goes through the platform to its classroom, with this page to come back to @desktop-only', async ({ page }) => {
    const url = await openCourse(page, 'iiot');
    const enter = region(page, '最近学习').getByRole('button', { name: '进入学习' });
    await expectNoSeriousA11yViolations(page, 'third-party course');
    await enter.click();
    await page.waitForURL(`${E2E_FAKE_PLATFORM_ORIGIN}/classroom?**`);
    await expect(page.getByRole('heading', { level: 1, name: '第三方课堂' })).toBeVisible();
    const target = new URL(page.url());
    expect(target.searchParams.get('classroomCode')).toBe('IIOT-2026-01');
    expect(target.searchParams.get('type')).toBe('S');
    expect(target.searchParams.get('backUrl')).toBe(new URL(url, DEMO_ORIGIN).href);
    // and back
    await page.getByRole('link', { name: '返回课程' }).click();
    await expect(page.getByRole('heading', { level: 1, name: courseName('iiot') })).toBeVisible();
  });

  test("each teacher's avatar shows that teacher's own surname @desktop-only", async ({ page }) => {
    await openCourse(page, 'elec');
    const teachers = region(page, '授课老师').getByRole('listitem');
    await expect(teachers).toHaveCount(2);
    for (let i = 0; i < 2; i++) {
      const name = (await teachers.nth(i).locator('span.block').first().textContent())!.trim();
      const src = await teachers.nth(i).locator('img').getAttribute('src');
      const svg = await (await page.request.get(`${DEMO_ORIGIN}${src}`)).text();
      expect(/<text[^>]*>([^<]+)<\/text>/.exec(svg)?.[1], `${name}'s avatar ${src}`).toBe(name.slice(0, 1));
    }
  });

  test('the class page and the course page show one course with the same requirements and participants @desktop-only', async ({ page }) => {
    const [me, mate, idle] = await newLearners(DEMO_TENANT.id, 3);
    const fixture = await newClass({
      tenantId: DEMO_TENANT.id,
      now: Date.now(),
      name: '课程数字一致班',
      courseName: '安全用电一致课',
      lessons: [
        { name: '视频一', type: 1, minutes: 10 },
        { name: '视频二', type: 1, minutes: 10 },
        { name: '课后作业', type: 6 },
        { name: '单元测验', type: 7 },
      ],
      // The test lesson is there, but the course's test duty has target 0: it is not asked for.
      duties: [
        { dutyType: 'VIDEO_PROGRESS', targetValue: 80 },
        { dutyType: 'ONLINE_HOMEWORK_SUBMIT', targetValue: 1 },
        { dutyType: 'ONLINE_TEST_SUBMIT', targetValue: 0 },
      ],
      userIds: [me!.userId, mate!.userId, idle!.userId],
    });
    // Two of the three open a lesson: they take part.
    for (const [who, lesson] of [
      [me!, '视频一'],
      [mate!, '视频二'],
    ] as const) {
      const res = await page.request.post(`${DEMO_ORIGIN}/api/teaching/anyone/classroom/online/view`, {
        headers: { Token: who.token, TenantId: DEMO_TENANT.id },
        data: { classroomId: fixture.lessons[lesson], courseId: fixture.courseId, classId: fixture.classId, studentId: fixture.studentIds[who.userId] },
      });
      expect((await res.json()).code).toBe(0);
    }
    await loginStudent(page, DEMO_TENANT.id, me!.mobile);

    await page.goto(`/study/training-class?classId=${fixture.classId}`);
    const course = page.getByRole('link', { name: /安全用电一致课/ });
    await expect(course).toBeVisible();
    await expect(course.getByTestId('course-requirements')).toHaveText('视频学习 0/2 · 在线作业 0/1');
    await expect(course).toContainText('2 人参与学习');
    await expect(course).not.toContainText('测验');
    await expectNoSidewaysScroll(page);

    await course.click();
    await expect(page.getByRole('heading', { level: 1, name: '安全用电一致课' })).toBeVisible();
    await expect(page.getByText('2 人参与学习')).toBeVisible();
    const req = region(page, '课程要求');
    await expect(req.getByRole('progressbar')).toHaveCount(2);
    await expect(req.getByRole('listitem')).toHaveText(['视频学习0/2', '在线作业0/1']);
    await expect(req).not.toContainText('测验');
    await expectNoSidewaysScroll(page);
  });
});
