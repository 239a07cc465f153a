import type { Page } from '@playwright/test';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { LEARNING_CLASSES } from '../../src/dev/seed/learning-data';
import { HIGHLIGHTS, OFFLINE_LESSONS } from '../../src/dev/seed/offline-classroom';
import { openDatabase } from '../../src/server/db/database';
import { activityJump } from '../../src/lib/learning/jumps';
import { formatDateTime } from '../../src/lib/time/cst';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DEMO_ORIGIN, E2E_DB_FILE } from './support/env';
import { enrolNewStudent } from './support/exams';
import { loginStudent, type Student } from './support/session';

/**
 * The face-to-face classroom (/study/classroom/offline) for a student of class A: every test signs,
 * asks, notes and comments as a new student of its own, so each starts unsigned and none sees
 * another's leftovers. The pending face-to-face activity of today is opened by its card on the class
 * page to sign in and out; the one that took place this morning, for the highlights, by the link
 * activityJump builds from the class page's answers.
 */

const CLASS_A = LEARNING_CLASSES[DEMO_TENANT.id]!.find((c) => c.key === 'A')!.name;

interface TodayActivity {
  id: string;
  onlineType: number;
  extendId: string | null;
  classroomId: string | null;
  classroomName: string | null;
  bizType: string | null;
  isRequired: number;
  classroomType: number | null;
  startTime: string;
  endTime: string;
}

interface Place {
  student: Student;
  classId: string;
  studentId: string;
  pending: TodayActivity;
  past: TodayActivity;
}

const headers = (s: Student) => ({ Token: s.token, TenantId: DEMO_TENANT.id, 'Content-Type': 'application/json' });

/** A new student of class A for one test, logged in in the page, with today's face-to-face activities of the class. */
async function placeOf(page: Page): Promise<Place> {
  const student = await loginStudent(page, DEMO_TENANT.id, await enrolNewStudent());
  const post = async (path: string, data: unknown) =>
    (await (await page.request.post(`${DEMO_ORIGIN}/api${path}`, { headers: headers(student), data })).json()).data;
  const classes = await post('/teaching/anyone/teachingClass/queryStudentClassAndPeriodList', { userId: student.userId });
  const classId = classes.find((c: { className: string }) => c.className === CLASS_A).classId as string;
  const studentId = (await post('/teaching/anyone/classStudent/detail', { classId, userId: student.userId })).studentId as string;
  const today = (await post('/teaching/anyone/classActivity/todayActivities', { classId, userId: student.userId })).activityResultVOList as TodayActivity[];
  const now = formatDateTime(Date.now());
  const offline = today.filter((a) => a.onlineType === 2);
  return { student, classId, studentId, pending: offline.find((a) => a.endTime > now)!, past: offline.find((a) => a.endTime < now)! };
}

const urlOf = (p: Place, a: TodayActivity) =>
  activityJump(
    {
      id: a.id,
      onlineType: a.onlineType,
      courseId: a.extendId,
      classroomId: a.classroomId,
      bizType: a.bizType,
      isRequired: a.isRequired,
      classroomType: a.classroomType,
    },
    { classId: p.classId, studentId: p.studentId, userId: p.student.userId },
  );

async function storedSigns(p: Place, activityId: string) {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    return await db
      .selectFrom('activityAttendance')
      .select(['type', 'lat', 'lon'])
      .where('activityId', '=', activityId)
      .where('classStudentId', '=', p.studentId)
      .orderBy('type')
      .execute();
  } finally {
    await db.destroy();
  }
}

async function open(page: Page, p: Place, a: TodayActivity) {
  await page.goto(urlOf(p, a));
  const heading = page.getByRole('heading', { level: 1, name: a.classroomName! });
  await expect(heading).toBeVisible();
  await hydrated(heading);
}

const attendance = (page: Page) => page.getByRole('list', { name: '考勤' });
const item = (page: Page, label: '签到' | '签退') =>
  attendance(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: label, exact: true }) });

test.describe('face-to-face classroom', () => {
  test('sign in (with the location), a second sign-in refused, sign out; the page shows the classroom @desktop-only', async ({ page, context }) => {
    const p = await placeOf(page);
    await context.grantPermissions(['geolocation'], { origin: DEMO_ORIGIN });
    await context.setGeolocation({ latitude: 31.95, longitude: 118.84 });
    // from the class page: today's pending face-to-face activity's card
    await page.goto(`/study/training-class?classId=${encodeURIComponent(p.classId)}`);
    const card = page.locator('#class-today-panel').getByRole('link').filter({ hasText: p.pending.classroomName! }).filter({ hasText: '面授' });
    await hydrated(card);
    await card.click();
    await page.waitForURL((url) => url.pathname + url.search === urlOf(p, p.pending));
    await hydrated(page.getByRole('heading', { level: 1, name: p.pending.classroomName! }));
    const seed = OFFLINE_LESSONS.find((l) => l.name === p.pending.classroomName)!;

    const header = page
      .getByRole('main')
      .locator('header')
      .filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(header).toContainText('必修');
    await expect(header).toContainText('面授');
    await expect(header).toContainText(`${p.pending.startTime.slice(0, 16)} 至 ${p.pending.endTime.slice(0, 16)}`);
    await expect(header).toContainText('实训楼 302 室');
    await expect(page.getByRole('region', { name: '课前须知' })).toContainText(seed.notes);
    const points = page.getByRole('region', { name: '课堂知识点' }).getByRole('listitem');
    await expect(points).toHaveCount(seed.points.length);
    await expect(points.first()).toContainText(`1${seed.points[0]}`);
    await expect(points.last()).toContainText(`${seed.points.length}${seed.points.at(-1)}`);
    const teachers = page.getByRole('region', { name: '授课老师' }).getByRole('listitem');
    await expect(teachers).toHaveCount(seed.teachers.length);
    await expect(teachers.first()).toContainText(`${seed.teachers[0]!.name}主讲老师`);
    await expect(teachers.nth(1)).toContainText(`${seed.teachers[1]!.name}助教`);
    // a session still to come has no highlights yet
    await expect(page.getByRole('heading', { name: '课堂花絮（0）' })).toBeVisible();
    await expect(page.getByText('学校暂未上传内容')).toBeVisible();

    await expect(item(page, '签到')).toContainText('未签到');
    await expect(item(page, '签退')).toContainText('未签退');
    await expectNoSeriousA11yViolations(page, 'face-to-face classroom');
    await expectNoSidewaysScroll(page);

    await item(page, '签到').getByRole('button').click();
    await expect(page.getByText('签到成功')).toBeVisible();
    await expect(item(page, '签到')).toContainText(/已签到 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expect.poll(() => storedSigns(p, p.pending.id)).toEqual([{ type: 1, lat: 31.95, lon: 118.84 }]);

    await item(page, '签到').getByRole('button').click();
    await expect(page.getByText('不允许重复考勤签到')).toBeVisible();
    expect(await storedSigns(p, p.pending.id)).toHaveLength(1);

    await item(page, '签退').getByRole('button').click();
    await expect(page.getByText('签退成功')).toBeVisible();
    await expect(item(page, '签退')).toContainText(/已签退 \d{4}-/);
    await expect.poll(async () => (await storedSigns(p, p.pending.id)).map((r) => r.type)).toEqual([1, 2]);

    // what the server recorded shows after a reload
    await page.reload();
    await hydrated(page.getByRole('heading', { level: 1 }));
    await expect(item(page, '签到')).toContainText('已签到');
    await expect(item(page, '签退')).toContainText('已签退');
  });

  test('refused location: signed in without it; a sign made in another tab is refused as a warning @desktop-only', async ({ page, context }) => {
    const p = await placeOf(page);
    await context.clearPermissions();
    await open(page, p, p.pending);
    await expect(item(page, '签到')).toContainText('未签到');

    // sign-out before sign-in: the server's message as a warning
    await item(page, '签退').getByRole('button').click();
    await expect(page.getByText('请先签到，再签退')).toBeVisible();

    // another tab signs in meanwhile: this page still says 未签到, the server refuses the repeat
    const body = { activityId: p.pending.id, classId: p.classId, studentId: p.studentId, userId: p.student.userId, type: 1 };
    const other = await (
      await page.request.post(`${DEMO_ORIGIN}/api/teaching/anyone/classroomAttendance/sign`, { headers: headers(p.student), data: body })
    ).json();
    expect(other.code).toBe(0);
    await item(page, '签到').getByRole('button').click();
    await expect(page.getByText('不允许重复考勤签到')).toBeVisible();
    await expect(item(page, '签到')).toContainText('已签到');
    expect(await storedSigns(p, p.pending.id)).toEqual([{ type: 1, lat: null, lon: null }]);
  });

  test('highlights: a video plays in a dialog, images preview with zoom and previous / next', async ({ page }) => {
    const p = await placeOf(page);
    await open(page, p, p.past);
    await expect(page.getByRole('heading', { name: `课堂花絮（${HIGHLIGHTS.length}）` })).toBeVisible();
    const [video, first, second] = HIGHLIGHTS;

    await page.getByRole('button', { name: `播放视频：${video.titbitName}` }).click();
    const player = page.getByRole('dialog', { name: video.titbitName });
    await expect(player).toBeVisible();
    await expect(player.locator('video')).toHaveAttribute('src', video.url);
    await expect(player.locator('video')).toHaveAttribute('controls', '');
    await expectNoSeriousA11yViolations(page, 'highlight video');
    await player.getByRole('button', { name: '关闭' }).click();
    await expect(player).toBeHidden();

    await page.getByRole('button', { name: `查看图片：${first.titbitName}` }).click();
    let preview = page.getByRole('dialog', { name: `图片预览：${first.titbitName}` });
    await expect(preview).toBeVisible();
    await expect(preview.getByRole('img', { name: first.titbitName })).toHaveAttribute('src', first.url);
    await expect(preview).toContainText('第 1 / 2 张');
    await expect(preview.getByRole('button', { name: '上一张' })).toBeDisabled();
    await expect(preview).toContainText('缩放 100%');
    await preview.getByRole('button', { name: '放大' }).click();
    await expect(preview).toContainText('缩放 150%');
    await expect(preview.getByRole('img', { name: first.titbitName })).toHaveAttribute('style', /scale\(1\.5\)/);
    await preview.getByRole('button', { name: '缩小' }).click();
    await preview.getByRole('button', { name: '缩小' }).click();
    await expect(preview).toContainText('缩放 75%');
    await expectNoSeriousA11yViolations(page, 'highlight image preview');

    await preview.getByRole('button', { name: '下一张' }).click();
    preview = page.getByRole('dialog', { name: `图片预览：${second.titbitName}` });
    await expect(preview.getByRole('img', { name: second.titbitName })).toHaveAttribute('src', second.url);
    await expect(preview).toContainText('第 2 / 2 张');
    await expect(preview).toContainText('缩放 100%');
    await expect(preview.getByRole('button', { name: '下一张' })).toBeDisabled();
    await preview.getByRole('button', { name: '上一张' }).click();
    await expect(page.getByRole('dialog', { name: `图片预览：${first.titbitName}` })).toContainText('第 1 / 2 张');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expectNoSidewaysScroll(page);
  });

  test('a classroom of another student’s class is refused with the server’s message @desktop-only', async ({ page }) => {
    const p = await placeOf(page);
    await page.goto(urlOf({ ...p, studentId: 'someone1' }, p.pending));
    await expect(page.getByRole('alert')).toContainText('未找到该班级，或您不在该班级中');
    await expect(page.getByRole('button', { name: '重新加载' })).toBeVisible();
  });
  test('the interaction panel beside the classroom: a question with a kept draft, a note written, edited and deleted, a comment and a reply, a like', async ({
    page,
  }) => {
    const p = await placeOf(page);
    await open(page, p, p.past);
    const panel = page.getByRole('region', { name: '课堂互动' });
    const tab = (name: RegExp) => panel.getByRole('tab', { name });
    await hydrated(tab(/^问答/));
    const stamp = `${test.info().project.name}-${Date.now() % 100000}`;

    // a question: closing the drawer with text asks to keep it; kept, it fills the drawer next time
    await panel.getByRole('button', { name: '提问' }).click();
    const drawer = page.getByRole('dialog', { name: '向老师提问' });
    await drawer.getByLabel('问题内容').fill(`接线顺序是什么？${stamp}`);
    await expect(drawer).toContainText(`${`接线顺序是什么？${stamp}`.length}/100`);
    await drawer.getByRole('button', { name: '取消' }).click();
    const keep = page.getByRole('dialog', { name: '提示' });
    await expect(keep).toContainText('是否保留本次编辑？');
    await keep.getByRole('button', { name: '保留', exact: true }).click();
    await expect(page.getByText('已保留本次编辑，下次提问时自动填入')).toBeVisible();
    await panel.getByRole('button', { name: '提问' }).click();
    await expect(drawer.getByLabel('问题内容')).toHaveValue(`接线顺序是什么？${stamp}`);
    await drawer.getByRole('button', { name: '发送' }).click();
    await expect(page.getByText('问题已发送，请等待老师回复')).toBeVisible();
    await expect(panel.getByText(`接线顺序是什么？${stamp}`)).toBeVisible();

    // a note: written, edited (the share box is disabled while editing), deleted after asking
    await tab(/^笔记/).click();
    await panel.getByRole('button', { name: '写笔记' }).click();
    const noteDialog = page.getByRole('dialog', { name: '新建笔记' });
    await noteDialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('请先填写笔记名称')).toBeVisible();
    await noteDialog.getByLabel('笔记名称').fill(`接触器笔记${stamp}`);
    await noteDialog.getByLabel('笔记内容').fill('先断电，再验电。');
    await noteDialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('笔记添加成功')).toBeVisible();
    await panel.getByRole('button', { name: `编辑笔记“接触器笔记${stamp}”` }).click();
    const editDialog = page.getByRole('dialog', { name: '编辑笔记' });
    await expect(editDialog.getByRole('checkbox', { name: /共享给同班同学/ })).toBeDisabled();
    await editDialog.getByLabel('笔记内容').fill('先断电，再验电，最后挂牌。');
    await editDialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('笔记修改成功')).toBeVisible();
    await expect(panel.getByText('先断电，再验电，最后挂牌。')).toBeVisible();
    await panel.getByRole('button', { name: `删除笔记“接触器笔记${stamp}”` }).click();
    const ask = page.getByRole('dialog', { name: '删除笔记' });
    await ask
      .getByRole('button', { name: /确定|删除/ })
      .last()
      .click();
    await expect(page.getByText('笔记已删除')).toBeVisible();
    await expect(panel.getByText(`接触器笔记${stamp}`)).toHaveCount(0);

    // a comment and a reply to it
    await tab(/^评论/).click();
    await panel.getByLabel('发表评论').fill(`讲解清楚${stamp}`);
    await panel.getByRole('button', { name: '发表', exact: true }).click();
    await expect(page.getByText('评论成功').first()).toBeVisible();
    await expect(panel.getByText(`讲解清楚${stamp}`)).toBeVisible();
    const mine = panel
      .getByRole('listitem')
      .filter({ hasText: `讲解清楚${stamp}` })
      .first();
    await mine.getByRole('button', { name: /^回复/ }).click();
    await mine.getByRole('textbox', { name: /^回复/ }).fill(`补充一点${stamp}`);
    await mine.getByRole('button', { name: '发送回复' }).click();
    await expect(panel.getByText(`补充一点${stamp}`)).toBeVisible();

    // the like toggles and its total follows
    const like = panel.getByRole('button', { name: /^(已)?点赞 \d+$/ });
    // The student's own like starts off; the total is the class's (other students like this lesson too).
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    const before = Number((await like.textContent())!.match(/(\d+)/)![1]);
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveText(new RegExp(`点赞 ${before + 1}$`));
    await expectNoSeriousA11yViolations(page, 'interaction panel');
    await expectNoSidewaysScroll(page);
  });
});
