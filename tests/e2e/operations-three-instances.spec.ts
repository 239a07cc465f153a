import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The benchmarks' process helpers: free ports, the portal started until ready, stopping it.
import { BENCH_PRODUCTION_ENV, freePort, seedDemo, spawnUntilReady, stop } from '../../bench/processes.mjs';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { DEMO_STAFF_HASH, DEMO_STAFF_PASSWORD } from '../../src/dev/seed/staff';
import { createStaffAccount } from '../../src/server/staff/accounts/accounts.service';
import { lessonSourceOf } from '../../src/server/media-library/media-library.service';
import { createLearningClass } from '../setup/learning';
import { testVideo } from '../setup/media';
import { PNG_1PX } from '../setup/files';
import { test, expect, hydrated, newsItems } from './support/fixtures';
import { DESKTOP, signInWithForm, staffWrite } from './support/staff';
import { loginStudent } from './support/session';
import { freshMobile } from './support/login';
import { E2E_S3_BUCKET } from './support/env';
import { startPgCluster, type PgCluster } from '../setup/pg-cluster';

/**
 * Three portal instances in production mode, each with an UPLOAD_DIR of its own, on one database
 * (PostgreSQL: page changes reach every instance by NOTIFY) and one bucket (an S3-protocol server started here): a teacher uploads a picture
 * and a video on instance A's media screen, each upload created by A and its pieces sent on to B
 * (as a balancer may), the video's renditions made by whichever instance's job runner claims them,
 * and a student on instance C sees the picture and plays the video at every quality. Nothing is
 * left on any instance's disk (decisions 054 and 055). An editor publishes a news item through B and
 * a visitor on A sees it on A's cached news list (decision 056; how soon: bench/page-changes.ts).
 */

/**
 * How long each instance keeps a rendered page (PAGE_MAX_AGE, s): longer than the test, so without the change reaching
 * A, A would answer its old copy of the list for the whole test. How soon changes arrive is measured by
 * bench/page-changes.ts (speed is a benchmark's, not a test's).
 */
const PAGES_KEPT_S = 3_600;

/** The S3-protocol server's fixed key pair and region (tests/setup/s3.ts), and the bucket it makes. */
const S3 = { key: 'S3RVER', region: 'us-east-1', bucket: E2E_S3_BUCKET };

/** Starts tests/e2e/support/s3-server.ts on `port` (s3rver with the multipart calls tus's store makes); resolves once it listens. */
function startS3(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'tests/e2e/support/s3-server.ts'], {
      env: { ...process.env, E2E_S3_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the S3 server did not start: ${out}`)), 60_000);
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      out += text;
      if (out.includes('s3 server at')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => (out += text));
    child.on('exit', (code) => reject(new Error(`the S3 server exited (${code}): ${out}`)));
  });
}

const filesUnder = (dir: string) => readdirSync(dir, { recursive: true }).map(String);

test('three instances with their own disks, one database and one bucket: uploaded on A, played on C @desktop-only', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'portal-three-'));
  let pg: PgCluster | undefined;
  let s3: ChildProcess | undefined;
  const instances: ChildProcess[] = [];
  // From here on the directory, the database cluster and the S3 server go whatever fails, their starts included.
  try {
    // npm test installs PostgreSQL (scripts/system-packages.mjs) for this test.
    pg = await startPgCluster();
    const databaseUrl = pg.url;
    seedDemo(databaseUrl);
    const s3Port = await freePort();
    s3 = await startS3(s3Port);
    const uploadDirs = ['a', 'b', 'c'].map((name) => mkdtempSync(join(dir, `uploads-${name}-`)));
    const ports = [await freePort(), await freePort(), await freePort()];
    for (const [k, port] of ports.entries()) {
      const env = {
        ...process.env,
        ...BENCH_PRODUCTION_ENV,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        UPLOAD_DIR: uploadDirs[k]!,
        LOG_LEVEL: 'warn',
        PAGE_MAX_AGE: String(PAGES_KEPT_S),
        // Behind a balancer (here the route below): the site's host is the forwarded one.
        TRUST_PROXY: 'true',
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_REGION: S3.region,
        S3_BUCKET: S3.bucket,
        S3_ACCESS_KEY_ID: S3.key,
        S3_SECRET_ACCESS_KEY: S3.key,
        S3_FORCE_PATH_STYLE: 'true',
      };
      instances.push(await spawnUntilReady(['scripts/start.mjs', '--no-build'], env, /"msg":"portal ready"/, `portal ${'ABC'[k]}`));
    }
    const [a, b, c] = ports.map((port) => `http://localhost:${port}`);

    // A teacher of the demo school, on this database.
    const { db } = await openDatabase({ url: databaseUrl });
    const mobile = freshMobile('137');
    await createStaffAccount(db, { tenantId: DEMO_TENANT.id, mobile, name: '多实例教师', role: 'teacher', passwordHash: DEMO_STAFF_HASH, now: Date.now() });
    const editorMobile = freshMobile('138');
    await createStaffAccount(db, {
      tenantId: DEMO_TENANT.id,
      mobile: editorMobile,
      name: '多实例编辑',
      role: 'editor',
      passwordHash: DEMO_STAFF_HASH,
      now: Date.now(),
    });

    // A visitor on A: the news list is now kept by A's render cache.
    const listOnA = () => page.request.get(`${a}/news-information/list`);
    await listOnA();
    expect((await listOnA()).headers()['x-render-cache']).toBe('hit');
    // An editor publishes a news item through B.
    const editorContext = await browser.newContext({ viewport: DESKTOP });
    const editor = await editorContext.newPage();
    await signInWithForm(editor, { mobile: editorMobile, password: DEMO_STAFF_PASSWORD }, `${b}/admin/login`);
    const title = `多实例即时发布${Date.now() % 100000}`;
    const news = await staffWrite(editor, '/admin/news/save', { title, categorizeIds: [], contentType: 'ARTICLE', content: '<p>三台实例</p>' });
    expect(news.code).toBe(0);
    expect((await staffWrite(editor, `/admin/news/${news.data.id}/publish`, {})).code).toBe(0);
    // On A's cached list: B's change reached A's cache.
    await expect.poll(async () => (await (await listOnA()).text()).includes(title), { message: 'the published item on A’s cached list' }).toBe(true);
    await page.goto(`${a}/news-information/list`);
    await expect(newsItems(page).filter({ hasText: title })).toHaveCount(1);
    await editorContext.close();

    // On A: the media screen, a picture and a video chosen at once.
    await page.setViewportSize(DESKTOP);
    await signInWithForm(page, { mobile, password: DEMO_STAFF_PASSWORD }, `${a}/admin/login`);
    await page.goto(`${a}/admin/media`);
    await hydrated(page.getByText('将文件拖到这里，或点击选择文件（可多选）'));
    const files = mkdtempSync(join(dir, 'files-'));
    const stamp = Date.now();
    const picture = `封面-${stamp}.png`;
    const video = `多实例录像-${stamp}.mp4`;
    writeFileSync(join(files, picture), PNG_1PX);
    writeFileSync(join(files, video), testVideo(1280, 720, 2));
    // As a balancer may: each upload is created on A and its pieces (and the questions where it
    // stands) go to B, with the site's host forwarded. Only a staging both instances reach lets B continue.
    const continuedOnB: string[] = [];
    await page.route(`${a}/api/admin/media/uploads/*`, async (route) => {
      const request = route.request();
      continuedOnB.push(request.method());
      const headers = { ...(await request.allHeaders()), 'x-forwarded-host': new URL(a!).host };
      await route.fulfill({ response: await route.fetch({ url: request.url().replace(a!, b!), headers }) });
    });
    await page.getByLabel('选择文件').setInputFiles([join(files, picture), join(files, video)]);
    const uploads = page.getByRole('list', { name: '上传进度' });
    for (const name of [picture, video]) await expect(uploads.getByRole('listitem').filter({ hasText: name })).toContainText('已上传', { timeout: 30_000 });
    await expect(page.getByRole('row').filter({ hasText: picture })).toContainText('可用');
    const videoRow = page.getByRole('row').filter({ hasText: video });
    await expect(videoRow).toContainText('可用', { timeout: 120_000 });
    await expect(videoRow).toContainText('360P / 480P / 720P');
    expect(continuedOnB.filter((m) => m === 'PATCH')).toHaveLength(2);
    const pictureUrl = await page.getByRole('link', { name: picture }).getAttribute('href');

    // A lesson of a new class plays the video; a student studies it on C.
    const asset = await db.selectFrom('mediaAssets').select('id').where('tenantId', '=', DEMO_TENANT.id).where('name', '=', video).executeTakeFirstOrThrow();
    const source = await lessonSourceOf({ db } as never, DEMO_TENANT.id, asset.id);
    await page.context().clearCookies();
    const student = await loginStudent(page, DEMO_TENANT.id, freshMobile('146'), { databaseUrl });
    const lesson = '多实例视频课';
    const cls = await createLearningClass(db, {
      tenantId: DEMO_TENANT.id,
      now: Date.now(),
      name: `多实例班-${stamp}`,
      courseName: '多实例课程',
      lessons: [{ name: lesson, type: source.classroomType, content: JSON.parse(source.classroomContent), minutes: 1 }],
      duties: [],
      userIds: [student.userId],
    });
    await db.destroy();

    // The picture, through C (as an <img> would fetch it: a file is never a page of its own).
    const shown = await page.request.get(`${c}${pictureUrl}`);
    expect(shown.status()).toBe(200);
    expect(shown.headers()['content-type']).toBe('image/png');
    expect(await shown.body()).toEqual(PNG_1PX);

    await page.goto(`${c}/study/classroom/online?classId=${cls.classId}&studentId=${cls.studentIds[student.userId]}&courseId=${cls.courseId}`);
    await hydrated(page.getByRole('heading', { level: 1, name: lesson }));
    const quality = page.getByRole('region', { name: `${lesson} 播放器` }).getByRole('combobox', { name: '清晰度' });
    await expect(quality.getByRole('option')).toHaveText(['360P', '480P', '720P']);
    const player = page.locator('video');
    for (const [label, height] of [
      ['360P', 360],
      ['480P', 480],
      ['720P', 720],
    ] as const) {
      await quality.selectOption(label);
      await expect.poll(() => player.evaluate((v: HTMLVideoElement) => new URL(v.currentSrc).origin)).toBe(c);
      await player.evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        await v.play();
      });
      // Played: its time moved (a short video under load may have ended by the time this looks).
      await expect.poll(() => player.evaluate((v: HTMLVideoElement) => (v.currentTime > 0 || v.ended) && v.videoHeight)).toBe(height);
      await player.evaluate((v: HTMLVideoElement) => v.pause());
    }

    // The lesson page reports its progress as it is left: left for the school's home page while C still answers.
    await page.goto(`${c}/`);
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();

    // Nothing of the files, finished or staged, is on any instance's disk: all of it is in the bucket.
    for (const uploadDir of uploadDirs) expect(filesUnder(uploadDir)).toEqual([]);
    // The home page is left for a page that asks for nothing more once loaded, before the instances stop: the home
    // banner, turning every 4 s, would fetch its next picture from a stopped C.
    await page.goto(`${c}/news-information/list`, { waitUntil: 'networkidle' });
  } finally {
    await Promise.all(instances.map((instance) => stop(instance)));
    if (s3?.pid) process.kill(-s3.pid, 'SIGTERM');
    pg?.remove();
    rmSync(dir, { recursive: true, force: true });
  }
});
