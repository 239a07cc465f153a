import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, fileToPick, hydrated, holdBack } from './support/fixtures';
import { DESKTOP, confirm, makeStaff, signIn } from './support/staff';
import { loginStudent } from './support/session';
import { newClass, newLearners } from './support/learning';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { testVideo } from '../setup/media';
import { openDatabase } from '../../src/server/db/database';
import { E2E_DB_FILE } from './support/env';

/**
 * Courses on the staff side at an office desktop's width: an administrator puts a video in the
 * media library, builds a course with a chapter, a section, an article lesson and a video lesson
 * picked from the library, attaches the course to a class with its learning window, and the
 * class's student opens both lessons in the classroom (the article as written, the video at the
 * qualities the library made). A 375 px smoke opens the screen and a course.
 */

async function lessonIdOf(courseId: string, name: string): Promise<string> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    return (await db.selectFrom('classrooms').select('id').where('courseId', '=', courseId).where('name', '=', name).executeTakeFirstOrThrow()).id;
  } finally {
    await db.destroy();
  }
}

const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}`;

async function openCourses(page: Page) {
  await page.goto('/admin/courses');
  await expect(page.getByRole('heading', { level: 1, name: '课程管理' })).toBeVisible();
  await hydrated(page.getByRole('button', { name: '查询' }));
  await expect(page.getByText('加载中…')).toHaveCount(0);
}

async function newCourse(page: Page, name: string) {
  await page.getByRole('region', { name: '新建课程' }).getByLabel('课程名称').fill(name);
  await page.getByRole('region', { name: '新建课程' }).getByRole('button', { name: '新建课程' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('加载中…')).toHaveCount(0);
}

test.describe('@desktop-only courses on the staff side', () => {
  test.use({ viewport: DESKTOP });

  test('build a course with a chapter, a section, an article and a library video, attach it to a class; the student opens both', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const admin = await makeStaff('admin');
    await signIn(page, admin);

    // A video in the media library, processed by the server's job.
    const videoName = `${unique('课程录像')}.mp4`;
    await page.goto('/admin/media');
    await hydrated(page.getByText('将文件拖到这里，或点击选择文件（可多选）'));
    await page.getByLabel('选择文件').setInputFiles(fileToPick(videoName, testVideo(854, 480, 1)));
    await expect(page.getByRole('row').filter({ hasText: videoName })).toContainText('可用', { timeout: 90_000 });

    // A class with a student, made for this test.
    const [learner] = await newLearners(DEMO_TENANT.id, 1);
    const cls = await newClass({
      tenantId: DEMO_TENANT.id,
      now: Date.now(),
      name: unique('课程测试班'),
      courseName: unique('原有课程'),
      lessons: [],
      duties: [],
      userIds: [learner!.userId],
    });

    await openCourses(page);
    await expectNoSeriousA11yViolations(page, 'courses list');
    const name = unique('安全用电');
    await newCourse(page, name);

    // Chapter, then a section in it.
    const outline = page.getByRole('region', { name: '章节与课堂' });
    await outline.getByLabel('添加章').fill('第一章 用电基础');
    await outline
      .locator('form')
      .filter({ has: page.getByLabel('添加章') })
      .getByRole('button', { name: '保存' })
      .click();
    await expect(outline.getByRole('heading', { name: '第一章 用电基础' })).toBeVisible();
    await outline.getByRole('button', { name: '添加小节' }).click();
    await outline.getByLabel('添加小节').fill('第一节 安全常识');
    await outline
      .locator('form')
      .filter({ has: page.getByLabel('添加小节') })
      .getByRole('button', { name: '保存' })
      .click();
    await expect(outline.getByRole('heading', { name: '第一节 安全常识' })).toBeVisible();

    // An article lesson in the section, written in the editor.
    const sectionRow = outline
      .locator('li')
      .filter({ has: page.getByRole('heading', { name: '第一节 安全常识' }) })
      .last();
    await sectionRow.getByRole('button', { name: '添加课堂' }).click();
    let form = page.getByRole('form', { name: '添加课堂' });
    await form.getByLabel('课堂名称').fill('安全用电须知');
    await form.getByLabel('课堂类型').selectOption({ label: '文章' });
    const body = form.getByRole('textbox', { name: '文章内容' });
    await hydrated(body);
    await body.click();
    await page.keyboard.type('停电检修必须先验电。');
    await expectNoSeriousA11yViolations(page, 'lesson form');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form).toBeHidden();
    await expect(outline.getByRole('button', { name: '编辑 安全用电须知' })).toBeVisible();

    // A video lesson picked from the library: its length is the file's.
    await sectionRow.getByRole('button', { name: '添加课堂' }).click();
    form = page.getByRole('form', { name: '添加课堂' });
    await form.getByLabel('课堂名称').fill('安全用电录像');
    await form.getByLabel('课堂类型').selectOption({ label: '视频' });
    await form.getByRole('radio', { name: videoName }).check();
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form).toBeHidden();
    await expect(outline.locator('li').filter({ hasText: '安全用电录像' }).last()).toContainText('视频 · 必修 · 0:01');

    // Attach the course to the class, with its learning window.
    await page.goto(`/admin/classes?id=${cls.classId}`);
    const courses = page.getByRole('region', { name: '班级课程' });
    await hydrated(courses.getByRole('button', { name: '添加课程' }));
    await courses.getByLabel('选择课程').selectOption({ label: name });
    await courses.getByLabel('开始学习').fill('2026-11-01');
    await courses.getByLabel('结束学习').fill('2027-06-30');
    await courses.getByRole('button', { name: '添加课程' }).click();
    const row = courses.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('2026-11-01 ~ 2027-06-30');
    await expectNoSeriousA11yViolations(page, 'class courses');

    // The student opens the article and the video.
    const context = await browser.newContext({ viewport: DESKTOP });
    const student = await context.newPage();
    await loginStudent(student, DEMO_TENANT.id, learner!.mobile);
    const courseId = new URL(await row.getByRole('link', { name }).evaluate((a: HTMLAnchorElement) => a.href)).searchParams.get('id')!;
    const base = `/study/classroom/online?classId=${cls.classId}&studentId=${cls.studentIds[learner!.userId]}&courseId=${courseId}`;
    await student.goto(base);
    await hydrated(student.getByRole('heading', { level: 1, name: '安全用电须知' }));
    await expect(student.getByText('停电检修必须先验电。')).toBeVisible();
    await student.goto(`${base}&classroomId=${await lessonIdOf(courseId, '安全用电录像')}`);
    await hydrated(student.getByRole('heading', { level: 1, name: '安全用电录像' }));
    const player = student.getByRole('region', { name: '安全用电录像 播放器' });
    await expect(player.getByRole('combobox', { name: '清晰度' }).getByRole('option')).toHaveText(['360P', '480P']);
    await expect.poll(() => student.locator('video').evaluate((v: HTMLVideoElement) => new URL(v.currentSrc).pathname)).toMatch(/^\/files\/.+\.mp4$/);
    await context.close();

    // The student has study records in it now: detaching is confirmed first, then refused with the count.
    await courses.getByRole('button', { name: `移除 ${name}` }).click();
    await confirm(page);
    await expect(page.getByText(/^本班学员在该课程已有 \d+ 条学习记录，不能移除；可调整学习时间$/)).toBeVisible();
    await expect(courses.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  });
});

test.describe('@mobile-only courses at 375 px', () => {
  test('the courses screen and a course open without sideways scrolling and with nothing serious for axe', async ({ page }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    await openCourses(page);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'courses (375)');
    await newCourse(page, unique('手机课程'));
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'course editor (375)');
  });
});

test.describe('a course opened while the editor is still loading', () => {
  test('nothing below the introduction moves when the editor arrives: the chapter field and its button stay under the pointer', async ({ page }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    // The editor's code held back until the place of the field below it has been taken.
    const release = await holdBack(page, '**/_astro/RichTextEditor.*.js');
    await openCourses(page);
    await newCourse(page, unique('布局课程'));
    await expect(page.getByText('正在加载编辑器…')).toBeVisible();
    const field = page.getByRole('region', { name: '章节与课堂' }).getByLabel('添加章');
    const before = await field.boundingBox();
    release();
    await expect(page.getByRole('toolbar').first()).toBeVisible();
    await expect(page.getByText('正在加载编辑器…')).toHaveCount(0);
    expect(await field.boundingBox()).toEqual(before);
  });
});
