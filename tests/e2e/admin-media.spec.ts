import { openDatabase } from '../../src/server/db/database';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { lessonSourceOf } from '../../src/server/media-library/media-library.service';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, fileToPick, hydrated } from './support/fixtures';
import { DESKTOP, makeStaff, signIn } from './support/staff';
import { E2E_DB_FILE } from './support/env';
import { newClass, newLearners } from './support/learning';
import { loginStudent } from './support/session';
import { testVideo } from '../setup/media';

/**
 * The media library (/admin/media) end to end: a teacher uploads a video made by ffmpeg for the
 * test (the first piece's connection is cut: the upload resumes by itself), the server's job makes
 * its renditions (the list shows the progress, then the duration and 360P / 480P / 720P), a lesson
 * made by a test factory takes it through lessonSourceOf, and a student plays it at each quality.
 * Then the list's search and rename, the reason of a refused upload (the limit of unfinished uploads),
 * another teacher's file without rename or delete, and the screen on a 375 px phone.
 */

function videoFile(name: string, width: number, height: number, seconds: number): string {
  return fileToPick(name, testVideo(width, height, seconds));
}

async function assetIdOf(name: string): Promise<string> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    return (await db.selectFrom('mediaAssets').select('id').where('tenantId', '=', DEMO_TENANT.id).where('name', '=', name).executeTakeFirstOrThrow()).id;
  } finally {
    await db.destroy();
  }
}

test.describe('@desktop-only media library', () => {
  test.use({ viewport: DESKTOP });

  // The connection is cut twice and the upload resumes from where the server stood.
  test('a video uploaded with its connection cut, processed into renditions, played by a student at 360P, 480P and 720P', async ({ page, consoleGuard }) => {
    test.setTimeout(180_000);
    const teacher = await makeStaff('teacher');
    await signIn(page, teacher);
    await page.goto('/admin/media');
    await expect(page.getByRole('heading', { level: 1, name: '媒体库' })).toBeVisible();
    await expect(page.getByRole('link', { name: '媒体库', exact: true })).toBeVisible();
    await hydrated(page.getByText('将文件拖到这里，或点击选择文件（可多选）'));
    await expectNoSeriousA11yViolations(page, '/admin/media (empty or listed)');

    // The first piece's connection drops before anything arrives; on the next try it drops half-way
    // (the server keeps the half it got). The uploader asks the server where it stands each time and
    // sends the rest from there.
    let cut = 0;
    const offsets: string[] = [];
    await page.route('**/api/admin/media/uploads/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      offsets.push((await request.headerValue('upload-offset')) ?? '');
      cut++;
      if (cut === 1) {
        consoleGuard.allowOfflineRequest(request.url());
        return route.abort('internetdisconnected');
      }
      if (cut === 2) {
        const body = request.postDataBuffer()!;
        return route.continue({ postData: body.subarray(0, Math.floor(body.length / 2)) });
      }
      return route.continue();
    });
    const name = `课堂录像-${Date.now()}.mp4`;
    await page.getByLabel('选择文件').setInputFiles(videoFile(name, 1280, 720, 2));
    const uploads = page.getByRole('list', { name: '上传进度' });
    await expect(uploads.getByRole('listitem').filter({ hasText: name })).toContainText('已上传', { timeout: 30_000 });
    await expect(uploads.getByRole('progressbar', { name: `${name} 上传进度` })).toHaveAttribute('value', '100');
    const sent = testVideo(1280, 720, 2).length;
    expect(offsets).toEqual(['0', '0', String(Math.floor(sent / 2))]);

    // The server's job makes the renditions; the list shows them once ready.
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('可用', { timeout: 90_000 });
    await expect(row).toContainText('00:02');
    await expect(row).toContainText('360P / 480P / 720P');
    await expect(row).toContainText('视频');

    // A lesson of a new class takes the video through the library's one function for lessons.
    const assetId = await assetIdOf(name);
    const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
    const source = await lessonSourceOf({ db } as never, DEMO_TENANT.id, assetId).finally(() => db.destroy());
    expect(source.durationMs).toBeGreaterThan(1900);
    const [learner] = await newLearners(DEMO_TENANT.id, 1);
    const lesson = '媒体库视频课';
    const cls = await newClass({
      tenantId: DEMO_TENANT.id,
      now: Date.now(),
      name: `媒体库班-${Date.now()}`,
      courseName: '媒体库课程',
      lessons: [{ name: lesson, type: source.classroomType, content: JSON.parse(source.classroomContent), minutes: 1 }],
      duties: [],
      userIds: [learner!.userId],
    });

    await loginStudent(page, DEMO_TENANT.id, learner!.mobile);
    await page.goto(`/study/classroom/online?classId=${cls.classId}&studentId=${cls.studentIds[learner!.userId]}&courseId=${cls.courseId}`);
    await hydrated(page.getByRole('heading', { level: 1, name: lesson }));
    const player = page.getByRole('region', { name: `${lesson} 播放器` });
    const quality = player.getByRole('combobox', { name: '清晰度' });
    await expect(quality.getByRole('option')).toHaveText(['360P', '480P', '720P']);
    const video = page.locator('video');
    const renditions = JSON.parse(source.classroomContent).transCodeVideoList as { templateType: string; url: string }[];
    for (const [label, templateType, height] of [
      ['360P', 'LD', 360],
      ['480P', 'SD', 480],
      ['720P', 'HD', 720],
    ] as const) {
      await quality.selectOption(label);
      const url = renditions.find((r) => r.templateType === templateType)!.url;
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => new URL(v.currentSrc).pathname)).toBe(url);
      await video.evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        await v.play();
      });
      // Played: its time moved (a short video under load may have ended by the time this looks).
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => (v.currentTime > 0 || v.ended) && v.videoHeight)).toBe(height);
      await video.evaluate((v: HTMLVideoElement) => v.pause());
    }
  });

  test('search, kind filter, rename, pause and resume; an editor has no media library', async ({ page, consoleGuard }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    await page.goto('/admin/media');
    await hydrated(page.getByText('将文件拖到这里，或点击选择文件（可多选）'));
    const name = `讲义-${Date.now()}.pdf`;
    await page.getByLabel('选择文件').setInputFiles(fileToPick(name, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300, 0x20)])));
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('可用');
    await expect(row).toContainText('文档');
    await page.getByLabel('按名称搜索').fill(name.slice(0, -4));
    await page.getByLabel('类型').selectOption('document');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await row.getByRole('button', { name: '重命名' }).click();
    await page.getByLabel('新名称').fill(`第三讲讲义-${name}`);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('row').filter({ hasText: `第三讲讲义-${name}` })).toBeVisible();
    // A file of the wrong type is refused before it is sent, with the reason.
    await page.getByLabel('选择文件').setInputFiles(fileToPick('setup.exe', 'MZ'));
    await expect(page.getByText('不支持该文件类型，请上传视频、音频、文档、图片或压缩包')).toBeVisible();

    // Pause and resume: a piece held on its way is given up by 暂停; 继续 asks the offset and finishes.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let patches = 0;
    await page.route('**/api/admin/media/uploads/*', async (route) => {
      if (route.request().method() === 'PATCH' && ++patches === 1) {
        await held;
        await route.abort('aborted').catch(() => undefined);
        return;
      }
      await route.continue();
    });
    const paused = `暂停测试-${Date.now()}.pdf`;
    await page.getByLabel('选择文件').setInputFiles(fileToPick(paused, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000, 0x20)])));
    const item = page.getByRole('list', { name: '上传进度' }).getByRole('listitem').filter({ hasText: paused });
    await expect.poll(() => patches).toBe(1);
    await item.getByRole('button', { name: '暂停' }).click();
    await expect(item).toContainText('已暂停');
    release();
    await item.getByRole('button', { name: '继续' }).click();
    await expect(item).toContainText('已上传');
    await page.getByLabel('按名称搜索').fill(paused);
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page.getByRole('row').filter({ hasText: paused })).toContainText('可用');
    expect(patches).toBe(2);

    const editor = await makeStaff('editor');
    await page.context().clearCookies();
    await signIn(page, editor);
    consoleGuard.allowFailedResource('/admin/media', 403);
    const answer = await page.goto('/admin/media');
    expect(answer?.status()).toBe(403);
  });
});

test.describe('@desktop-only media library limits and ownership', () => {
  test.use({ viewport: DESKTOP });

  test("a teacher at the limit of unfinished uploads reads the server's reason; another teacher's file offers no rename or delete", async ({
    page,
    consoleGuard,
  }) => {
    const owner = await makeStaff('teacher');
    const other = await makeStaff('teacher');
    // The other teacher already has five unfinished uploads (the default limit): made in the database.
    const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
    try {
      const now = Date.now();
      await db
        .insertInto('mediaUploads')
        .values(
          Array.from({ length: 5 }, (_, i) => ({
            id: `${DEMO_TENANT.id}-${other.id}-${String(i).repeat(32)}`,
            tenantId: DEMO_TENANT.id,
            accountId: other.id,
            declaredBytes: 1024,
            receivedBytes: 0,
            createdAt: now,
            touchedAt: now,
          })),
        )
        .execute();
    } finally {
      await db.destroy();
    }
    const name = `别人的讲义-${Date.now()}.pdf`;
    const file = fileToPick(name, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300, 0x20)]));

    await signIn(page, owner);
    await page.goto('/admin/media');
    await hydrated(page.getByText('将文件拖到这里，或点击选择文件（可多选）'));
    await page.getByLabel('选择文件').setInputFiles(file);
    const mine = page.getByRole('row').filter({ hasText: name });
    await expect(mine).toContainText('可用');
    await expect(mine.getByRole('button', { name: '重命名' })).toBeVisible();

    await page.context().clearCookies();
    await signIn(page, other);
    await page.goto('/admin/media');
    await hydrated(page.getByText('将文件拖到这里，或点击选择文件（可多选）'));
    const theirs = page.getByRole('row').filter({ hasText: name });
    await expect(theirs).toContainText('可用');
    await expect(theirs.getByRole('button', { name: '重命名' })).toHaveCount(0);
    await expect(theirs.getByRole('button', { name: '删除' })).toHaveCount(0);

    consoleGuard.allowFailedResource('/api/admin/media/uploads', 403);
    const refused = `第六个-${Date.now()}.pdf`;
    await page.getByLabel('选择文件').setInputFiles(fileToPick(refused, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300, 0x20)])));
    const item = page.getByRole('list', { name: '上传进度' }).getByRole('listitem').filter({ hasText: refused });
    await expect(item).toContainText('上传失败：您已有 5 个未完成的上传，请先完成或取消其中的上传，再开始新的上传');
  });
});

test.describe('@desktop-only media library after a reload', () => {
  test.use({ viewport: DESKTOP });

  test('an upload stopped half-way goes on from where the server stood when the same file is picked again after a reload', async ({ page }) => {
    const teacher = await makeStaff('teacher');
    await signIn(page, teacher);
    await page.goto('/admin/media');
    await hydrated(page.getByText('将文件拖到这里，或点击选择文件（可多选）'));
    const name = `重新打开-${Date.now()}.mp4`;
    const path = videoFile(name, 640, 360, 2);
    const size = testVideo(640, 360, 2).length;
    const half = Math.floor(size / 2);
    // Half of the first piece reaches the server; the next piece never leaves (the page is reloaded).
    let patches = 0;
    await page.route('**/api/admin/media/uploads/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      patches++;
      if (patches === 1) return route.continue({ postData: request.postDataBuffer()!.subarray(0, half) });
      return new Promise<void>(() => undefined);
    });
    await page.getByLabel('选择文件').setInputFiles(path);
    await expect.poll(() => patches).toBe(2);
    // The reload cuts the held piece; from then on requests pass.
    await page.reload();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await hydrated(page.getByText('将文件拖到这里，或点击选择文件（可多选）'));
    const offsets: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes('/api/admin/media/uploads/')) offsets.push(r.headers()['upload-offset'] ?? '');
    });
    const creations: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/admin/media/uploads')) creations.push(r.url());
    });
    await page.getByLabel('选择文件').setInputFiles(path);
    await expect(page.getByRole('list', { name: '上传进度' })).toContainText('已上传', { timeout: 30_000 });
    expect(creations).toEqual([]);
    expect(offsets).toEqual([String(half)]);
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  });
});

test.describe('@desktop-only media library on a slow connection', () => {
  test.use({ viewport: DESKTOP });

  test('a file picked before the uploader has loaded is sent once it has', async ({ page }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    // The uploader's code (Uppy and its tus plugin, loaded when the screen opens) arrives late.
    let arrived!: () => void;
    const late = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    await page.route('**/_astro/lib.*.js', async (route) => {
      await late;
      await route.continue();
    });
    await page.goto('/admin/media');
    await hydrated(page.getByText('将文件拖到这里，或点击选择文件（可多选）'));
    const name = `早选的讲义-${Date.now()}.pdf`;
    await page.getByLabel('选择文件').setInputFiles(fileToPick(name, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300, 0x20)])));
    arrived();
    await expect(page.getByRole('list', { name: '上传进度' }).getByRole('listitem').filter({ hasText: name })).toContainText('已上传');
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('可用');
  });
});

test.describe('@mobile-only media library at 375 px', () => {
  test('the screen opens, uploads and lists without sideways scrolling', async ({ page }) => {
    const teacher = await makeStaff('teacher');
    await signIn(page, teacher);
    await page.goto('/admin/media');
    await hydrated(page.getByText('将文件拖到这里，或点击选择文件（可多选）'));
    const name = `手机上传-${Date.now()}.mp4`;
    await page.getByLabel('选择文件').setInputFiles(videoFile(name, 640, 360, 1));
    await expect(page.getByRole('list', { name: '上传进度' })).toContainText('已上传', { timeout: 30_000 });
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, '/admin/media (375)');
  });
});
