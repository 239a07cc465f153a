import type { Page } from '@playwright/test';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { LEARNING_CLASSES } from '../../src/dev/seed/learning-data';
import { EXTRA_LESSONS, ONLINE_COURSE } from '../../src/dev/seed/online-classroom';
import { MAX_PLAYBACK_RATE } from '../../src/lib/learning/study-credit';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DEMO_ORIGIN, E2E_DB_FILE } from './support/env';
import { newClass, newLearners } from './support/learning';
import { loginStudent } from './support/session';
import { recordStatuses } from './support/statuses';
import { resumeNoticeAt } from './support/study';
import { recordMedia, withMediaLog } from './support/media';
import { todaysAutoSignInActivity } from './support/attendance';
import { enrolNewStudent } from './support/exams';
import { expectDialogLayout } from './support/dialogs';

/**
 * The online classroom (issue 12) for a student of class A, course '电工基础与安全用电' (the online
 * classroom seeder's content): a video plays and its progress is reported; after a reload it
 * resumes with the notice; the outline, previous/next warnings; the article, document (PDF in the
 * page), image and audio lessons; the activity mode. Opening a lesson or an activity writes (the
 * study record, the sign-in): every test studies as a new student of its own.
 */

const CLASS_A = LEARNING_CLASSES[DEMO_TENANT.id]!.find((c) => c.key === 'A')!.name;
const CLASS_B = LEARNING_CLASSES[DEMO_TENANT.id]!.find((c) => c.key === 'B')!.name;

interface Place {
  classId: string;
  studentId: string;
  courseId: string;
  activity: { id: string; name: string };
}

/** A new student of class A for one test, logged in in the page, and their place in the class. */
async function placeOf(page: Page): Promise<Place> {
  const student = await loginStudent(page, DEMO_TENANT.id, await enrolNewStudent());
  const headers = { Token: student.token, TenantId: DEMO_TENANT.id, 'Content-Type': 'application/json' };
  const classes = await (
    await page.request.post(`${DEMO_ORIGIN}/api/teaching/anyone/teachingClass/queryStudentClassAndPeriodList`, { headers, data: { userId: student.userId } })
  ).json();
  const classId = classes.data.find((c: { className: string }) => c.className === CLASS_A).classId as string;
  const detail = await (
    await page.request.post(`${DEMO_ORIGIN}/api/teaching/anyone/classStudent/detail`, { headers, data: { classId, userId: student.userId } })
  ).json();
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    const course = await db
      .selectFrom('courses')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT.id)
      .where('name', '=', ONLINE_COURSE)
      .executeTakeFirstOrThrow();
    const activity = await db
      .selectFrom('classActivities as a')
      .innerJoin('classrooms as r', 'r.id', 'a.classroomId')
      .select(['a.id', 'a.name'])
      .where('a.classId', '=', classId)
      .where('a.onlineType', '=', 1)
      .where('r.classroomType', 'in', [1, 2, 3, 4, 8])
      .orderBy('a.startAt', 'desc')
      .executeTakeFirstOrThrow();
    return { classId, studentId: detail.data.studentId as string, courseId: course.id, activity };
  } finally {
    await db.destroy();
  }
}

const courseUrl = (p: Place) => `/study/classroom/online?classId=${p.classId}&studentId=${p.studentId}&courseId=${p.courseId}`;
const outline = (page: Page) => page.getByRole('complementary');
const lessonButton = (page: Page, name: string) => outline(page).getByRole('button', { name: new RegExp(name) });

async function open(page: Page, url: string, heading: string) {
  await page.goto(url);
  await hydrated(page.getByRole('heading', { level: 1, name: heading }));
}

test.describe('online classroom', () => {
  test('a video plays and reports progress; after a reload it resumes with the notice @desktop-only', async ({ page }) => {
    const p = await placeOf(page);
    await open(page, courseUrl(p), '电路的基本概念');
    await expect(page.getByText('类型：视频')).toBeVisible();
    await expect(page.getByText(`课程：${ONLINE_COURSE}`)).toBeVisible();
    await expect(page.getByText('章：第一章 电路基础')).toBeVisible();
    const player = page.getByRole('region', { name: '电路的基本概念 播放器' });
    const quality = player.getByRole('combobox', { name: '清晰度' });
    await expect(quality).toHaveValue('720P');
    await expect(quality.getByRole('option')).toHaveText(['360P', '480P', '720P']);
    const speed = player.getByRole('combobox', { name: '倍速' });
    await expect(speed.getByRole('option')).toHaveText(['0.75x', '1x', '1.5x', '2x']);
    await expect(speed).toHaveValue('1');
    await expect(player.getByRole('slider', { name: '音量' })).toHaveValue('0.1');
    const video = page.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/lesson-720p\.mp4$/);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.1);
    // Another quality is another file; the speed applies to the media.
    await quality.selectOption('480P');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/lesson-480p\.mp4$/);
    await speed.selectOption('1.5');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
    // It plays (muted: a test cannot rely on the autoplay policy).
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
    // The player offers no speed the credit rule does not allow for (the one list of both).
    const rates = await speed.getByRole('option').evaluateAll((options) => options.map((o) => Number((o as HTMLOptionElement).value)));
    expect(rates.every((r) => r <= MAX_PLAYBACK_RATE)).toBe(true);
    // A jump to 4 s: the seek is reported with the position.
    const reported = page.waitForResponse(
      (r) => r.url().includes('/api/teaching/anyone/classroom/online/progress') && r.request().postDataJSON().positionMs >= 4000,
    );
    await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      v.currentTime = 4;
    });
    const answer = await (await reported).json();
    expect(answer.code).toBe(0);
    expect(answer.data.lastStudyTime).toBe(4000);
    // Acknowledged reports leave nothing behind in local storage.
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('dcs.studyReport.')).length)).toBe(0);

    // The notice shows for 3 s: what the page showed is recorded as it shows, whenever the test looks.
    const statuses = await recordStatuses(page);
    await page.reload();
    await hydrated(page.getByRole('heading', { level: 1, name: '电路的基本概念' }));
    await expect.poll(statuses).toContainEqual(expect.stringMatching(resumeNoticeAt('00:04')));
    // The control bar: play and pause, the position as a slider read out in Chinese, full screen.
    const play = player.getByRole('button', { name: /^(播放|暂停)$/ });
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await expect(play).toHaveAccessibleName('播放');
    // Real playback time: the resumed media may have played a moment before the pause.
    await expect(player.getByRole('slider', { name: '播放进度' })).toHaveAttribute('aria-valuetext', /^00:0\d \/ 18:00$/);
    await expect(player.getByRole('button', { name: '全屏' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'online classroom video');
    await expectNoSidewaysScroll(page);
  });

  test('losing the network mid-video loses no credited time @desktop-only', async ({ page, context, consoleGuard }, testInfo) => {
    consoleGuard.allowOfflineRequest('/api/teaching/anyone/classroom/online/progress');
    const p = await placeOf(page);
    const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
    const pendingReports = () =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith('dcs.studyReport.'))
          .map((k) => JSON.parse(localStorage.getItem(k)!)),
      );
    try {
      const lesson = await db
        .selectFrom('classrooms')
        .select('id')
        .where('courseId', '=', p.courseId)
        .where('name', '=', '电路的基本概念')
        .executeTakeFirstOrThrow();
      const credited = async () => {
        const r = await db
          .selectFrom('lessonRecords')
          .select('creditedMs')
          .where('classStudentId', '=', p.studentId)
          .where('classroomId', '=', lesson.id)
          .executeTakeFirst();
        return Number(r?.creditedMs ?? 0);
      };
      await open(page, courseUrl(p), '电路的基本概念');
      const video = page.locator('video');
      await recordMedia(video);
      // The media's length is known once its metadata has loaded (before that it is NaN).
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => Number.isFinite(v.duration) && v.duration > 0), { timeout: 10_000 }).toBe(true);
      // The last 6 s of the 18-minute lesson: once they are buffered, they play on without the network.
      await video.evaluate((v: HTMLVideoElement) => {
        v.pause();
        v.currentTime = v.duration - 6;
      });
      const bufferedToTheEnd = (v: HTMLVideoElement) =>
        v.readyState >= 4 && v.buffered.length > 0 && v.buffered.end(v.buffered.length - 1) >= v.duration - 0.05;
      await expect.poll(() => video.evaluate(bufferedToTheEnd), { timeout: 10_000 }).toBe(true);
      // Settled: paused (the player's autoplay may start after a first pause) and every report answered.
      await expect
        .poll(
          async () =>
            (await video.evaluate((v: HTMLVideoElement) => {
              v.pause();
              return v.paused && !v.seeking;
            })) && (await pendingReports()).length === 0,
        )
        .toBe(true);
      const before = await credited();
      const left = await video.evaluate((v: HTMLVideoElement) => (v.duration - v.currentTime) * 1000);

      await context.setOffline(true);
      // Double speed: the server allows it (real time × 2), and the test waits half as long.
      await video.evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        v.playbackRate = 2;
        await v.play();
      });
      await withMediaLog(video, testInfo, () => expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 15_000 }).toBe(true));
      // Play, the end and the pause were reported and failed: one merged report waits in local storage.
      const [stored, ...more] = await pendingReports();
      expect(more).toEqual([]);
      // Real playback time: the media's own clock and the last frame's timing are not the test's to set.
      expect(stored.watchedMs).toBeGreaterThan(left - 1_000);
      expect(stored.watchedMs).toBeLessThanOrEqual(left + 100);
      expect(await credited()).toBe(before);

      // Back online: the stored report goes out by itself, and every millisecond of it is credited.
      await context.setOffline(false);
      await expect.poll(async () => (await pendingReports()).length, { timeout: 10_000 }).toBe(0);
      expect(await credited()).toBe(before + stored.watchedMs);
      await expect(lessonButton(page, '电路的基本概念')).toContainText(/已学至|已学完/);
    } finally {
      await db.destroy();
    }
  });

  test('outline, previous/next warnings, article, document, images and audio', async ({ page }) => {
    const p = await placeOf(page);
    await open(page, courseUrl(p), '电路的基本概念');
    await expect(outline(page).getByRole('heading', { name: '第一章 电路基础' })).toBeVisible();
    // Each lesson shows its progress (the desktop run studied some of it before the phone run).
    await expect(lessonButton(page, '欧姆定律音频讲解')).toContainText(/未开始学习|已学至 \d\d:\d\d，[\d.]+%/);
    await page.getByRole('button', { name: '上一个' }).click();
    await expect(page.getByText('已经是第一个了')).toBeVisible();

    await page.getByRole('button', { name: '下一个' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '欧姆定律音频讲解' })).toBeVisible();
    await expect(page.getByText('类型：音频')).toBeVisible();
    await expect.poll(() => page.locator('audio').evaluate((a: HTMLAudioElement) => a.currentSrc)).toMatch(/lesson-audio\.mp3$/);
    const audioPlayer = page.getByRole('region', { name: '欧姆定律音频讲解 播放器' });
    await expect(audioPlayer.getByRole('combobox', { name: '倍速' })).toBeVisible();
    await expect(audioPlayer.getByRole('slider', { name: '音量' })).toHaveValue('0.1');
    await expect(audioPlayer.getByRole('button', { name: '全屏' })).toHaveCount(0);
    await expect(audioPlayer.getByRole('combobox', { name: '清晰度' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'online classroom audio');

    await lessonButton(page, '正弦交流电阅读材料').click();
    await expect(page.getByRole('heading', { name: '正弦交流电的三要素' })).toBeVisible();
    await expect(page.getByText('我国工频交流电的频率为 50 Hz')).toBeVisible();

    await lessonButton(page, '三相交流电讲义').click();
    await expect(page.getByRole('img', { name: /三相交流电讲义\.pdf 第 1 页，共 \d+ 页/ })).toBeVisible();
    await expect(page.getByRole('link', { name: '下载 三相交流电讲义.pdf' })).toHaveAttribute('href', /handout\.pdf$/);

    await lessonButton(page, '触电急救图解').click();
    await expect(page.getByRole('img', { name: '触电急救图解 第 3 张' })).toBeVisible();
    await expect(page.getByText(/先切断电源/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'online classroom images');

    await lessonButton(page, '安全规范资料包').click();
    await expect(page.getByText('该类型的课堂暂不支持在线查看，请下载后学习')).toBeVisible();
    await expect(page.getByRole('link', { name: '下载 安全规范资料包.zip' })).toHaveAttribute('href', /safety-pack\.zip$/);

    // The outline folds away and comes back.
    await page.getByRole('button', { name: '收起目录' }).click();
    await expect(lessonButton(page, '触电急救图解')).toBeHidden();
    await page.getByRole('button', { name: '展开目录' }).click();
    await expect(lessonButton(page, '触电急救图解')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('a finished article or document lesson says 已学完 in the outline, like a finished video (issue 27) @desktop-only', async ({ page }) => {
    const p = await placeOf(page);
    await open(page, courseUrl(p), '电路的基本概念');
    const article = lessonButton(page, '正弦交流电阅读材料');
    const document = lessonButton(page, '三相交流电讲义');
    await expect(article).not.toContainText('已学完');
    await expect(document).not.toContainText('已学完');
    await article.click();
    await expect(page.getByRole('heading', { name: '正弦交流电的三要素' })).toBeVisible();
    await expect(article).toContainText('已学完');
    await document.click();
    await expect(page.getByRole('link', { name: '下载 三相交流电讲义.pdf' })).toBeVisible();
    await expect(document).toContainText('已学完');
    // It is the student's record, not the page's memory: a reload still says so.
    await page.reload();
    await hydrated(page.getByRole('heading', { level: 1, name: '电路的基本概念' }));
    await expect(lessonButton(page, '正弦交流电阅读材料')).toContainText('已学完');
    await expect(lessonButton(page, '三相交流电讲义')).toContainText('已学完');
  });

  test('archive and the icon-only types 20, 90, 91: their icon and the file, or a clear text; never a blank area @desktop-only', async ({ page }) => {
    const p = await placeOf(page);
    const [withFile, ...withoutFile] = EXTRA_LESSONS;
    await open(page, courseUrl(p), '电路的基本概念');
    const lesson = (name: string) => page.getByRole('region', { name });

    await lessonButton(page, '安全规范资料包').click();
    await expect(lesson('安全规范资料包').getByRole('img', { name: '资料包' })).toHaveAttribute('data-icon', 'archive');
    await expect(page.getByText('类型：资料包')).toBeVisible();

    // Types 20, 90 and 91 have an icon and no type label, in the outline and in the lesson.
    await expect(lessonButton(page, withFile!.name)).toHaveText(withFile!.name);
    await expect(lessonButton(page, withFile!.name).locator('[data-icon]')).toHaveAttribute('data-icon', 'type20');
    await lessonButton(page, withFile!.name).click();
    await expect(page.getByRole('heading', { level: 2, name: withFile!.name })).toBeVisible();
    await expect(lesson(withFile!.name).getByRole('img', { name: '课堂' })).toHaveAttribute('data-icon', 'type20');
    await expect(page.getByText(/^类型：/)).toHaveCount(0);
    await expect(page.getByText('该类型的课堂暂不支持在线查看，请下载后学习')).toBeVisible();
    await expect(page.getByRole('link', { name: '下载 安全用电互动练习.zip' })).toHaveAttribute('href', /safety-pack\.zip$/);
    await expectNoSeriousA11yViolations(page, 'online classroom type 20');

    for (const [l, icon] of [
      [withoutFile[0]!, 'type90'],
      [withoutFile[1]!, 'type91'],
    ] as const) {
      await lessonButton(page, l.name).click();
      await expect(page.getByRole('heading', { level: 2, name: l.name })).toBeVisible();
      await expect(lesson(l.name).getByRole('img', { name: '课堂' })).toHaveAttribute('data-icon', icon);
      await expect(lesson(l.name).getByText('该类型的课堂暂不支持在线查看', { exact: true })).toBeVisible();
      await expect(lesson(l.name).getByText('学校暂未上传可下载的文件')).toBeVisible();
      await expect(lesson(l.name).getByRole('link', { name: /^下载/ })).toHaveCount(0);
    }
    // The last of the course.
    await page.getByRole('button', { name: '下一个' }).click();
    await expect(page.getByText('已经是最后一个了')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'online classroom type 91');
    await expectNoSidewaysScroll(page);
  });

  test('activity mode: the activity’s contents and its lesson @desktop-only', async ({ page }) => {
    const p = await placeOf(page);
    await open(page, `/study/classroom/classroom-detail?activityId=${p.activity.id}&classId=${p.classId}&studentId=${p.studentId}`, p.activity.name);
    await expect(page.getByRole('heading', { name: '活动内容' })).toBeVisible();
    await expect(page.getByText(/上课时间：\d{4}-\d\d-\d\d \d\d:\d\d 至/)).toBeVisible();
    await expect(page.getByText(/^类型：/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'online classroom activity');
    await expectNoSidewaysScroll(page);
  });
  test('activity mode: previous and next move between the class’s activities, with the warnings at the ends @desktop-only', async ({ page }) => {
    // Class B has two online activities (three days ago and in two days): its first and its last.
    // A new student of class B of the test's own opens them (opening a lesson makes a study record).
    const student = await loginStudent(page, DEMO_TENANT.id, await enrolNewStudent('B'));
    const headers = { Token: student.token, TenantId: DEMO_TENANT.id, 'Content-Type': 'application/json' };
    const classes = await (
      await page.request.post(`${DEMO_ORIGIN}/api/teaching/anyone/teachingClass/queryStudentClassAndPeriodList`, { headers, data: { userId: student.userId } })
    ).json();
    const classId = classes.data.find((c: { className: string }) => c.className === CLASS_B).classId as string;
    const detail = await (
      await page.request.post(`${DEMO_ORIGIN}/api/teaching/anyone/classStudent/detail`, { headers, data: { classId, userId: student.userId } })
    ).json();
    const studentId = detail.data.studentId as string;
    const list = await (
      await page.request.post(`${DEMO_ORIGIN}/api/teaching/anyone/classroom/online/activities`, { headers, data: { classId, studentId } })
    ).json();
    const [first, last] = list.data as { activityId: string; activityName: string; onlineType: number }[];
    expect(list.data).toHaveLength(2);
    expect([first!.onlineType, last!.onlineType]).toEqual([1, 1]);
    const activityUrl = (id: string) => `/study/classroom/classroom-detail?activityId=${id}&classId=${classId}&studentId=${studentId}`;
    await open(page, activityUrl(first!.activityId), first!.activityName);
    await page.getByRole('button', { name: '上一个' }).click();
    await expect(page.getByText('已经是第一个了')).toBeVisible();

    await page.getByRole('button', { name: '下一个' }).click();
    await hydrated(page.getByRole('heading', { level: 1, name: last!.activityName }));
    expect(new URL(page.url()).searchParams.get('activityId')).toBe(last!.activityId);
    await page.getByRole('button', { name: '下一个' }).click();
    await expect(page.getByText('已经是最后一个了')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'online classroom activity previous/next');

    await page.getByRole('button', { name: '上一个' }).click();
    await hydrated(page.getByRole('heading', { level: 1, name: first!.activityName }));
  });

  test('activity mode signs the student in on entry when online attendance is on, once @desktop-only', async ({ page }) => {
    const p = await placeOf(page);
    const today = await todaysAutoSignInActivity(p.classId, p.studentId);
    // The notice is a toast of 2.5 s shown while the activity loads: it is awaited from before the page is opened, not
    // after the heading is hydrated (on a slow machine the toast had gone by then).
    await Promise.all([
      expect(page.getByText('本课堂已开启自动签到，您已签到成功')).toBeVisible({ timeout: 15_000 }),
      open(page, `/study/classroom/classroom-detail?activityId=${today.id}&classId=${p.classId}&studentId=${p.studentId}`, today.name),
    ]);
    await expect(page.getByText(/^已签到 \d\d:\d\d$/)).toBeVisible();
    // a second entry finds the sign-in and says nothing more
    await page.reload();
    await hydrated(page.getByRole('heading', { level: 1, name: today.name }));
    await expect(page.getByText(/^已签到 \d\d:\d\d$/)).toBeVisible();
    await expect(page.getByText('本课堂已开启自动签到，您已签到成功')).toHaveCount(0);
  });

  test.describe('a classroom of its own: layout, the like button and a lesson that does not exist', () => {
    const MEDIA = '/media/learning';

    /** A fresh student in a class of their own whose course has a video, an audio and an article lesson. */
    async function ownClassroom(page: Page) {
      const [me] = await newLearners(DEMO_TENANT.id, 1);
      const fixture = await newClass({
        tenantId: DEMO_TENANT.id,
        now: Date.now(),
        name: '在线课堂布局班',
        courseName: '在线课堂布局课',
        lessons: [
          { name: '布局视频', type: 1, minutes: 10, content: { pageData: [{ type: 'video', url: `${MEDIA}/lesson-720p.mp4` }] } },
          { name: '布局音频', type: 2, minutes: 5, content: { pageData: [{ type: 'audio', url: `${MEDIA}/lesson-audio.mp3` }] } },
          { name: '布局阅读', type: 3, content: { pageData: [{ type: 'article', html: '<p>阅读材料正文。</p>' }] } },
        ],
        duties: [],
        userIds: [me!.userId],
      });
      await loginStudent(page, DEMO_TENANT.id, me!.mobile);
      const url = (classroomId?: string) =>
        `/study/classroom/online?classId=${fixture.classId}&studentId=${fixture.studentIds[me!.userId]}&courseId=${fixture.courseId}` +
        (classroomId === undefined ? '' : `&classroomId=${classroomId}`);
      return { fixture, url };
    }

    const panel = (page: Page) => page.getByRole('region', { name: '课堂互动' });
    const likeButton = (page: Page) => panel(page).getByRole('button', { name: /^(♡ |♥ )?(已)?点赞 \d+$/ });

    test('at 1366 px the interaction panel sits beside the video, not under it @desktop-only', async ({ page }) => {
      const { fixture, url } = await ownClassroom(page);
      await page.setViewportSize({ width: 1366, height: 768 });
      await open(page, url(fixture.lessons['布局视频']), '布局视频');
      const player = page.getByRole('region', { name: '布局视频 播放器' });
      await expect(player).toBeVisible();
      await expect(panel(page)).toBeVisible();
      const video = (await player.boundingBox())!;
      const side = (await panel(page).boundingBox())!;
      expect(side.x, 'the panel starts right of the player').toBeGreaterThanOrEqual(video.x + video.width);
      expect(side.y, 'the panel starts beside the player, not below it').toBeLessThan(video.y + video.height);
      // The outline stays on the left of the player.
      const list = (await outline(page)
        .filter({ has: page.getByRole('heading', { name: '课程目录' }) })
        .boundingBox())!;
      expect(list.x + list.width).toBeLessThanOrEqual(video.x);
      await expectNoSidewaysScroll(page);
    });

    test('from 1280 to 1440 px the floating tools never cover 提问 @desktop-only', async ({ page }) => {
      const { fixture, url } = await ownClassroom(page);
      for (const width of [1280, 1366, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await open(page, url(fixture.lessons['布局视频']), '布局视频');
        const tools = page.getByRole('complementary', { name: '便捷工具' });
        await expect(tools.getByRole('link', { name: '新闻资讯' })).toBeVisible();
        const ask = panel(page).getByRole('button', { name: '提问' });
        await hydrated(ask);
        const box = (await ask.boundingBox())!;
        // What is under the button's centre and its right edge is the button, not the tools bar.
        const hits = await ask.evaluate(
          (button, points) => points.map(([x, y]) => button.contains(document.elementFromPoint(x!, y!))),
          [
            [box.x + box.width / 2, box.y + box.height / 2],
            [box.x + box.width - 1, box.y + box.height / 2],
          ],
        );
        expect(hits, `at ${width} px`).toEqual([true, true]);
      }
    });

    test('the 提问 drawer looks as every dialog does: one padding, 取消 before 发送', async ({ page }) => {
      const { fixture, url } = await ownClassroom(page);
      await open(page, url(fixture.lessons['布局视频']), '布局视频');
      const ask = panel(page).getByRole('button', { name: '提问' });
      await hydrated(ask);
      await ask.click();
      const drawer = page.getByRole('dialog', { name: '向老师提问' });
      await expect(drawer).toBeVisible();
      await expectDialogLayout(drawer, '发送');
      await expectNoSeriousA11yViolations(page, 'question drawer');
    });

    test('on a phone the lesson comes first, the panel under it, nothing wider than the screen @mobile-only', async ({ page }) => {
      const { fixture, url } = await ownClassroom(page);
      await open(page, url(fixture.lessons['布局视频']), '布局视频');
      const player = page.getByRole('region', { name: '布局视频 播放器' });
      await expect(player).toBeVisible();
      await expect(panel(page)).toBeAttached();
      const video = (await player.boundingBox())!;
      const below = (await panel(page).boundingBox())!;
      expect(below.y).toBeGreaterThanOrEqual(video.y + video.height);
      await expectNoSidewaysScroll(page);
    });

    test('audio and reading lessons have the like button, a video has none @desktop-only', async ({ page }) => {
      const { fixture, url } = await ownClassroom(page);
      await open(page, url(fixture.lessons['布局音频']), '布局音频');
      await expect(page.getByRole('region', { name: '布局音频 播放器' })).toBeVisible();
      await expect(likeButton(page)).toHaveText(/^[♡♥]?\s*点赞 0$/);
      await likeButton(page).click();
      await expect(likeButton(page)).toHaveText(/^[♡♥]?\s*已点赞 1$/);
      await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');

      await lessonButton(page, '布局阅读').click();
      await expect(page.getByText('阅读材料正文。')).toBeVisible();
      await expect(likeButton(page)).toHaveText(/^[♡♥]?\s*点赞 0$/);

      await lessonButton(page, '布局视频').click();
      await expect(page.getByRole('region', { name: '布局视频 播放器' })).toBeVisible();
      await expect(panel(page).getByRole('tab', { name: /^问答/ })).toBeVisible();
      await expect(likeButton(page)).toHaveCount(0);
    });

    test('a classroomId that is not in the course says so and opens nothing; the student chooses a lesson @desktop-only', async ({ page }) => {
      const { url } = await ownClassroom(page);
      await page.goto(url('1234567890123456789'));
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('该课时不存在或已下架');
      await expect(alert).toContainText('请在目录中选择要学习的课时');
      await hydrated(alert);
      await expect(page.getByRole('heading', { level: 1, name: '在线课堂布局课' })).toBeVisible();
      // Nothing was opened in its place: no player, no lesson, no interaction panel.
      await expect(page.getByRole('region', { name: /播放器$/ })).toHaveCount(0);
      await expect(panel(page)).toHaveCount(0);
      await lessonButton(page, '布局阅读').click();
      await expect(page.getByRole('heading', { level: 1, name: '布局阅读' })).toBeVisible();
      await expect(page.getByText('阅读材料正文。')).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  });
});
