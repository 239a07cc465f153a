import type { Page } from '@playwright/test';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { newId } from '../../src/server/ids';
import { courseJump } from '../../src/lib/learning/jumps';
import { PNG_1PX } from '../setup/files';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DESKTOP, makeStaff, signIn, type E2eStaff } from './support/staff';
import { E2E_DB_FILE } from './support/env';
import { newClass, newLearners } from './support/learning';
import { loginStudent } from './support/session';

/**
 * What the course screen adds and a class page's links, at an office desktop's width: a teacher
 * linked to a class edits that class's course (a course-teacher block with a picture, a live
 * lesson, a face-to-face lesson with notes, key points and a teacher's picture, a lesson's own
 * duty target), and the class's student sees the teacher block and both lessons in the course and
 * the notes in the face-to-face classroom; from the class's page the links to its activities,
 * inbox and progress open those screens with the class chosen. A 375 px smoke opens the forms.
 */

async function withDb<T>(run: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}`;

/** A class of its own with one student and an empty course (a chapter and a section), the teacher linked to it as its course teacher. */
async function teacherClass(teacher: E2eStaff, label: string) {
  const stamp = Date.now();
  const [learner] = await newLearners(DEMO_TENANT.id, 1);
  const cls = await newClass({
    tenantId: DEMO_TENANT.id,
    now: stamp,
    name: unique(`${label}班`),
    courseName: unique(`${label}课程`),
    lessons: [],
    duties: [],
    userIds: [learner!.userId],
  });
  await withDb((db) =>
    db
      .insertInto('classTeachers')
      .values({ id: newId(stamp), tenantId: DEMO_TENANT.id, classId: cls.classId, accountId: teacher.id, role: 'course', createdAt: stamp })
      .execute(),
  );
  return { cls, learner: learner! };
}

async function openCourse(page: Page, courseId: string) {
  await page.goto(`/admin/courses?id=${courseId}`);
  await hydrated(page.getByRole('region', { name: '介绍模块' }).getByRole('button', { name: '添加模块' }));
  await expect(page.getByText('加载中…')).toHaveCount(0);
}

test.describe('@desktop-only the course screen’s blocks, lessons and targets; a class page’s links', () => {
  test.use({ viewport: DESKTOP });

  test('a teacher of the class adds a teacher block with a picture, a live and a face-to-face lesson with a target; the student sees them', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const teacher = await makeStaff('teacher');
    const { cls, learner } = await teacherClass(teacher, '补全');
    await signIn(page, teacher);
    await openCourse(page, cls.courseId);

    // A course-teacher block with a picture.
    const blocks = page.getByRole('region', { name: '介绍模块' });
    await blocks.getByRole('button', { name: '添加模块' }).click();
    const blockForm = page.getByRole('form', { name: '添加介绍模块' });
    await expect(blockForm.getByLabel('模块类型')).toHaveValue('1');
    await blockForm.getByLabel('老师姓名').fill('周明远');
    await blockForm.getByLabel('老师角色').selectOption({ label: '课程老师' });
    await blockForm.getByLabel('老师照片').setInputFiles({ name: 'teacher.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect(blockForm.getByRole('img', { name: '老师照片' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'introduction block form');
    await blockForm.getByRole('button', { name: '保存' }).click();
    await expect(blockForm).toBeHidden();
    await expect(blocks.getByRole('listitem').filter({ hasText: '周明远' })).toContainText('授课老师 · 课程老师');
    // A materials block, then moved above the teacher and back.
    await blocks.getByRole('button', { name: '添加模块' }).click();
    await blockForm.getByLabel('模块类型').selectOption({ label: '配套资料' });
    await blockForm.getByLabel('标题').fill('配套讲义');
    await blockForm.getByLabel('说明').fill('每章一份讲义');
    await blockForm.getByRole('button', { name: '保存' }).click();
    await expect(blocks.getByRole('listitem')).toHaveCount(2);
    await blocks.getByRole('button', { name: '上移 配套讲义' }).click();
    await expect(blocks.getByRole('listitem').first()).toContainText('配套讲义');
    await blocks.getByRole('button', { name: '下移 配套讲义' }).click();
    await expect(blocks.getByRole('listitem').first()).toContainText('周明远');

    // A live lesson.
    const outline = page.getByRole('region', { name: '章节与课堂' });
    const section = outline
      .locator('li')
      .filter({ has: page.getByRole('heading', { name: '第一节' }) })
      .last();
    await section.getByRole('button', { name: '添加课堂' }).click();
    let form = page.getByRole('form', { name: '添加课堂' });
    await form.getByLabel('课堂名称').fill('直播答疑');
    await form.getByLabel('课堂类型').selectOption({ label: '直播' });
    await form.getByLabel('开始时间').fill('2026-12-01 19:00');
    await form.getByLabel('结束时间').fill('2026-12-01 20:30');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form).toBeHidden();
    await expect(outline.getByRole('button', { name: '编辑 直播答疑' })).toBeVisible();

    // A face-to-face lesson with its notes, key points, a teacher with a picture and its own target.
    await section.getByRole('button', { name: '添加课堂' }).click();
    form = page.getByRole('form', { name: '添加课堂' });
    await form.getByLabel('课堂名称').fill('面授实操');
    await form.getByLabel('课堂类型').selectOption({ label: '面授' });
    await form.getByLabel('开始时间').fill('2026-12-02 09:00');
    await form.getByLabel('结束时间').fill('2026-12-02 11:00');
    await form.getByLabel('上课地点').fill('301 教室');
    await form.getByLabel('课前须知').fill('请穿工作服，提前十分钟到场');
    await form.getByLabel('课堂知识点（每行一条）').fill('安全规范\n接线步骤');
    await form.getByLabel('老师姓名').fill('周明远');
    await form.getByLabel('老师照片 1').setInputFiles({ name: 'lead.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect(form.getByRole('img', { name: '老师照片 1' })).toBeVisible();
    await form.getByLabel('面授出勤次数').fill('1');
    await expectNoSeriousA11yViolations(page, 'face-to-face lesson form');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form).toBeHidden();
    // Opened again, the form shows what was saved.
    await outline.getByRole('button', { name: '编辑 面授实操' }).click();
    form = page.getByRole('form', { name: '编辑课堂' });
    await expect(form.getByLabel('课前须知')).toHaveValue('请穿工作服，提前十分钟到场');
    await expect(form.getByLabel('课堂知识点（每行一条）')).toHaveValue('安全规范\n接线步骤');
    await expect(form.getByLabel('面授出勤次数')).toHaveValue('1');
    await expect(form.getByRole('img', { name: '老师照片 1' })).toBeVisible();
    await form.getByRole('button', { name: '取消' }).click();

    // The student: the teacher block, both lessons in the course, the notes in the classroom.
    const context = await browser.newContext({ viewport: DESKTOP });
    const student = await context.newPage();
    await loginStudent(student, DEMO_TENANT.id, learner.mobile);
    await student.goto(courseJump({ courseId: cls.courseId, classId: cls.classId, classStudentId: cls.studentIds[learner.userId]! }));
    await hydrated(student.getByRole('heading', { level: 1 }));
    const teachers = student.getByRole('region', { name: '授课老师', exact: true });
    await expect(teachers.getByRole('listitem')).toHaveCount(1);
    await expect(teachers.getByRole('listitem')).toContainText('周明远');
    await expect(teachers.getByRole('listitem')).toContainText('课程老师');
    await expect(teachers.locator('img')).toHaveAttribute('src', /^\/files\/.+\.png$/);
    await expect(student.getByRole('region', { name: '配套资料', exact: true })).toContainText('配套讲义');
    await expect(student.getByRole('link', { name: /直播答疑/ })).toContainText('直播时间：2026-12-01 19:00');
    const face = student.getByRole('link', { name: /面授实操/ });
    await expect(face).toContainText('301 教室');
    await expectNoSeriousA11yViolations(student, 'course detail with staff blocks');
    await face.click();
    await expect(student.getByRole('heading', { level: 1, name: '面授实操' })).toBeVisible();
    await expect(student.getByText('请穿工作服，提前十分钟到场')).toBeVisible();
    await expect(student.getByText('接线步骤')).toBeVisible();
    await context.close();
  });

  test("from a class's page the links open its activities, inbox and progress with the class chosen", async ({ page }) => {
    test.setTimeout(90_000);
    const teacher = await makeStaff('teacher');
    const { cls } = await teacherClass(teacher, '链接');
    // A second class of the teacher's, made later: the screens would choose it (or all classes) without the link.
    await teacherClass(teacher, '另一');
    await signIn(page, teacher);
    await page.goto(`/admin/classes?id=${cls.classId}`);
    const links = page.getByRole('navigation', { name: '本班的其他页面' });
    await hydrated(links.getByRole('link', { name: '本班活动与考勤' }));
    await expectNoSeriousA11yViolations(page, 'class page with links');

    await links.getByRole('link', { name: '本班活动与考勤' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/activities\\?classId=${cls.classId}$`));
    await expect(page.getByLabel('班级', { exact: true })).toHaveValue(cls.classId);

    await page.goBack();
    await links.getByRole('link', { name: '本班学员问答' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/inbox\\?classId=${cls.classId}$`));
    await hydrated(page.getByRole('heading', { level: 1, name: /^学员问答/ }));
    await expect(page.getByLabel('班级', { exact: true })).toHaveValue(cls.classId);

    await page.goBack();
    await links.getByRole('link', { name: '本班学习进度' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/progress\\?classId=${cls.classId}$`));
    await expect(page.getByLabel('选择班级')).toHaveValue(cls.classId);
    // The person may still choose another class.
    const other = await page
      .getByLabel('选择班级')
      .locator('option')
      .evaluateAll((os) => (os as HTMLOptionElement[]).map((o) => o.value));
    const next = other.find((v) => v !== cls.classId)!;
    await page.getByLabel('选择班级').selectOption(next);
    await expect(page.getByLabel('选择班级')).toHaveValue(next);
  });
});

test.describe('@mobile-only the course screen’s new forms at 375 px', () => {
  test('the introduction block and face-to-face lesson forms open without sideways scrolling and with nothing serious for axe', async ({ page }) => {
    const teacher = await makeStaff('teacher');
    const { cls } = await teacherClass(teacher, '手机');
    await signIn(page, teacher);
    await openCourse(page, cls.courseId);
    await page.getByRole('region', { name: '介绍模块' }).getByRole('button', { name: '添加模块' }).click();
    await expect(page.getByRole('form', { name: '添加介绍模块' })).toBeVisible();
    await page.getByRole('button', { name: '添加课堂' }).last().click();
    const form = page.getByRole('form', { name: '添加课堂' });
    await form.getByLabel('课堂类型').selectOption({ label: '面授' });
    await expect(form.getByLabel('课前须知')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'course forms (375)');
  });
});
