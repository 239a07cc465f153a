import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import * as mediaApi from '~/lib/api/contracts/admin-media';
import type { AdminMediaAsset } from '~/lib/api/contracts/admin-media';
import { MEDIA_UPLOAD_PATH } from '~/lib/media-library';
import { STAFF_ROLE, AUDIT_ACTION } from '~/lib/staff/roles';
import { CLASSROOM_TYPE } from '~/lib/learning/codes';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import { jobOf } from '~/server/jobs/jobs.service';
import { JOB_STATE } from '~/server/jobs/jobs.rules';
import { MEDIA_PROCESS_JOB, bytesOfPath, completeUpload, lessonSourceOf } from '~/server/media-library/media-library.service';
import { lessonContent } from '~/server/learning/online-classroom/online-classroom.rules';
import { GET as serveFile } from '~/pages/files/[...key]';
import { DEMO, HUAXIA, STORAGE_DRIVERS, useTestServer, type TestServer } from '../setup/server';
import { asStaff, auditFromNow, auditOf, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import { PNG_1PX } from '../setup/files';
import { corruptVideo, probeFile, testAudio, testVideo } from '../setup/media';
import { createLearningClass } from '../setup/learning';
import { keyOfUrl, localCopyOf, storedKeys } from '../setup/stored';
import { stagedFor } from '../setup/staging';
import { testTempDir } from '../setup/temp-dir';
import { expectUploadNotFound } from '../setup/tus';
import { testScope } from '../setup/scope';

/**
 * The media library: the resumable upload (tus) behind the staff gate, an interrupted upload
 * resumed, completion reported twice, refusals by type, size and content; the processing job
 * (renditions with their heights, the duration read from the file, a corrupt file failing with
 * its error); the staff calls (list, rename, retry, delete refused while a lesson uses the file),
 * each write audited; and the lesson content a ready video gives the player. What stores files
 * (the upload, the renditions, the removal) runs on both file stores: the local disk and a bucket.
 */

/** The helpers of one test server's media library. */
function mediaHelpers(server: () => TestServer) {
  async function staffOf(role: (typeof STAFF_ROLE)[keyof typeof STAFF_ROLE] = STAFF_ROLE.teacher, tenantId = DEMO.id) {
    const account = await makeStaff(server(), tenantId, role);
    return { account, session: await sessionOf(server(), account) };
  }

  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

  function tus(session: TestStaffSession | null, method: string, path: string, headers: Record<string, string> = {}, body?: Uint8Array, tenant = DEMO.id) {
    const base = asStaff(session, tenant).headers ?? {};
    return server().fetch(path, {
      method,
      headers: { ...base, TenantId: tenant, 'Tus-Resumable': '1.0.0', ...headers },
      ...(body ? { body: body as unknown as BodyInit } : {}),
    });
  }

  const create = (session: TestStaffSession | null, name: string, size: number, tenant = DEMO.id) =>
    tus(session, 'POST', MEDIA_UPLOAD_PATH, { 'Upload-Length': String(size), 'Upload-Metadata': `filename ${b64(name)}` }, undefined, tenant);

  const patch = (session: TestStaffSession, location: string, offset: number, bytes: Uint8Array) =>
    tus(session, 'PATCH', location, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, bytes);

  /** Uploads a whole file in one piece; answers the new asset's id. */
  async function uploadWhole(session: TestStaffSession, name: string, bytes: Uint8Array): Promise<string> {
    const made = await create(session, name, bytes.length);
    expect(made.status, made.text).toBe(201);
    const done = await patch(session, made.headers.get('location')!, 0, bytes);
    expect(done.status, done.text).toBe(204);
    return done.headers.get('media-asset-id')!;
  }

  async function assetOf(session: TestStaffSession, id: string): Promise<AdminMediaAsset> {
    const page = await server().call(mediaApi.adminMediaPage as never, { size: 100 } as never, asStaff(session, DEMO.id));
    expect(page.body.code).toBe(0);
    const found = (page.body.data.records as AdminMediaAsset[]).find((a) => a.id === id);
    expect(found, `asset ${id} listed`).toBeTruthy();
    return found!;
  }

  const runJobs = () => runDueJobs(jobScope(server().runtime));

  const pageScope = () => testScope(server().runtime, 'media-test', DEMO.id);

  async function fetchFile(url: string, headers: Record<string, string> = {}): Promise<Response> {
    const key = url.slice('/files/'.length);
    return serveFile({
      params: { key },
      locals: { scope: pageScope() },
      request: new Request(`http://localhost${url}`, { headers }),
    } as never) as Promise<Response>;
  }
  return { staffOf, tus, create, patch, uploadWhole, assetOf, runJobs, pageScope, fetchFile };
}

describe.each(STORAGE_DRIVERS)('on the %s store', (driver) => {
  const server = useTestServer({}, { storage: driver });
  const { staffOf, tus, create, patch, uploadWhole, assetOf, runJobs, pageScope, fetchFile } = mediaHelpers(server);

  // The gate happens before anything is staged or stored: checked once, on the local disk.
  if (driver === 'local') {
    describe('the upload endpoint is behind the staff gate', () => {
      test("no session, another school, a role without the library, another person's upload: refused; a teacher may", async () => {
        const none = await create(null, 'a.mp4', 100);
        expect(none.body).toMatchObject({ code: 40001 });
        const foreign = await staffOf(STAFF_ROLE.admin, HUAXIA.id);
        expect((await create(foreign.session, 'a.mp4', 100)).body).toMatchObject({ code: 40009 });
        const editor = await staffOf(STAFF_ROLE.editor);
        const refused = await create(editor.session, 'a.mp4', 100);
        expect(refused.body).toEqual({ code: 403, data: null, message: '您的角色无权进行此操作' });
        const teacher = await staffOf();
        const made = await create(teacher.session, 'a.mp4', 100);
        expect(made.status).toBe(201);
        const location = made.headers.get('location')!;
        expect(location.startsWith(`${MEDIA_UPLOAD_PATH}/${DEMO.id}-${teacher.account.id}-`)).toBe(true);
        // Without the CSRF token a write is refused; a HEAD (a read) is not.
        const noCsrf = await server().fetch(location, {
          method: 'PATCH',
          headers: {
            Cookie: teacher.session.cookie,
            TenantId: DEMO.id,
            'Tus-Resumable': '1.0.0',
            'Upload-Offset': '0',
            'Content-Type': 'application/offset+octet-stream',
          },
          body: new Uint8Array(10),
        });
        expect(noCsrf.body).toMatchObject({ code: 403 });
        // Another teacher of the same school cannot read or write this upload.
        const other = await staffOf();
        const otherHead = await tus(other.session, 'HEAD', location);
        expectUploadNotFound(otherHead);
        expectUploadNotFound(await patch(other.session, location, 0, new Uint8Array(10)));
        // An administrator of the school may upload too.
        const admin = await staffOf(STAFF_ROLE.admin);
        expect((await create(admin.session, 'a.pdf', 100)).status).toBe(201);
      });
    });
  }

  describe('refusals: type, size, content', () => {
    test('an extension outside the list, an oversized file and a file whose bytes are not what its name says are refused, leaving nothing', async () => {
      const { session } = await staffOf();
      const exe = await create(session, 'setup.exe', 100);
      expect(exe.status).toBe(415);
      expect(JSON.parse(exe.text)).toMatchObject({ message: '不支持该文件类型，请上传视频、音频、文档、图片或压缩包' });
      const huge = await create(session, 'lecture.mp4', 2048 * 1024 * 1024 + 1);
      expect(huge.status).toBe(413);
      expect(JSON.parse(huge.text)).toMatchObject({ message: '文件过大：视频最大 2048 MB' });
      const pdfTooBig = await create(session, 'notes.pdf', 100 * 1024 * 1024 + 1);
      expect(pdfTooBig.status).toBe(413);
      // A picture named .mp4: the name passes, the bytes do not.
      const made = await create(session, 'fake.mp4', PNG_1PX.length);
      const done = await patch(session, made.headers.get('location')!, 0, PNG_1PX);
      expect(done.status).toBe(400);
      expect(JSON.parse(done.text)).toMatchObject({ message: '文件内容与扩展名不符，请上传真实的 视频 文件' });
      const rows = await server().runtime.db.selectFrom('mediaAssets').select('id').where('name', '=', 'fake.mp4').execute();
      expect(rows).toEqual([]);
      // The staged bytes are gone as well (in the bucket: the completed object and its description).
      expect(await stagedFor(server(), made.headers.get('location')!.split('/').pop()!)).toEqual([]);
    });
  });

  describe('an interrupted upload resumes where it stopped', () => {
    test('half sent, the offset asked for, the rest sent: the stored file is the same bytes', async () => {
      const { session } = await staffOf();
      const bytes = testVideo(640, 360, 2);
      const half = Math.floor(bytes.length / 2);
      const made = await create(session, '第一讲.mp4', bytes.length);
      const location = made.headers.get('location')!;
      const first = await patch(session, location, 0, bytes.subarray(0, half));
      expect(first.status).toBe(204);
      expect(first.headers.get('upload-offset')).toBe(String(half));
      const id = location.split('/').pop()!;
      // Staged where the driver keeps unfinished uploads: a file and its description, or (a piece
      // shorter than a multipart part) the held-back piece and the description in the bucket.
      expect(await stagedFor(server(), id)).toEqual(driver === 's3' ? [`${id}.info`, `${id}.part`] : [id, `${id}.json`]);
      // The connection dropped here. The client asks where the upload stands …
      const head = await tus(session, 'HEAD', location);
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(half));
      expect(head.headers.get('upload-length')).toBe(String(bytes.length));
      // Same origin only: no CORS grant, and never cached.
      expect(head.headers.get('access-control-allow-origin')).toBeNull();
      expect(head.headers.get('cache-control')).toBe('no-store');
      // … a piece sent from the wrong offset is refused …
      expect((await patch(session, location, 0, bytes.subarray(0, 10))).status).toBe(409);
      // … and the rest completes it.
      const rest = await patch(session, location, half, bytes.subarray(half));
      expect(rest.status).toBe(204);
      const asset = await assetOf(session, rest.headers.get('media-asset-id')!);
      expect(asset).toMatchObject({ name: '第一讲.mp4', kind: 'video', state: 'processing', size: bytes.length, contentType: 'video/mp4' });
      const served = await fetchFile(asset.url);
      expect(served.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), bytes)).toBe(0);
      // Once stored, nothing of the upload is left staged.
      expect(await stagedFor(server(), id)).toEqual([]);
    });

    test('completion reported twice makes one asset', async () => {
      const { account, session } = await staffOf();
      const actor = await server().runtime.db.selectFrom('staffAccounts').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow();
      const tenant = await pageScope().tenant();
      const dir = testTempDir('media-twice-');
      const path = join(dir, 'staged');
      writeFileSync(path, PNG_1PX);
      const uploadId = `${DEMO.id}-${account.id}-${'a'.repeat(32)}`;
      const s = pageScope();
      const who = { account: actor, tenant } as never;
      const [a, b] = await Promise.all([
        completeUpload(s, who, { uploadId, bytes: bytesOfPath(path), name: 'logo.png' }),
        completeUpload(s, who, { uploadId, bytes: bytesOfPath(path), name: 'logo.png' }),
      ]);
      const c = await completeUpload(s, who, { uploadId, bytes: bytesOfPath(path), name: 'logo.png' });
      expect(new Set([a.id, b.id, c.id]).size).toBe(1);
      const rows = await server().runtime.db.selectFrom('mediaAssets').select('id').where('uploadId', '=', uploadId).execute();
      expect(rows).toHaveLength(1);
      // One original kept; the loser's bytes were removed.
      expect((await storedKeys(server())).filter((key) => key.includes(a.id))).toHaveLength(1);
      expect((await assetOf(session, a.id)).state).toBe('ready');
    });
  });

  describe('the processing job', () => {
    test('a 720p video becomes 360P, 480P and 720P MP4s of those heights; its duration is read from the file; the player gets every quality', async () => {
      const { session } = await staffOf();
      const id = await uploadWhole(session, '课堂录像.mp4', testVideo(1280, 720, 2));
      expect((await jobOf(server().runtime.db, MEDIA_PROCESS_JOB, id))?.state).toBe(JOB_STATE.queued);
      const started = performance.now();
      const run = await runJobs();
      const tookMs = performance.now() - started;
      expect(run.done).toContain((await jobOf(server().runtime.db, MEDIA_PROCESS_JOB, id))?.id);
      const asset = await assetOf(session, id);
      expect(asset).toMatchObject({ state: 'ready', progress: 100, error: null, width: 1280, height: 720 });
      expect(Math.abs(asset.durationMs! - 2000)).toBeLessThan(100);
      expect(asset.renditions.map((r) => [r.quality, r.height])).toEqual([
        ['360P', 360],
        ['480P', 480],
        ['720P', 720],
      ]);
      for (const r of asset.renditions) {
        const probe = probeFile(await localCopyOf(server(), keyOfUrl(r.url)));
        expect(probe.height).toBe(r.height);
        expect(probe.width).toBe(r.width);
        expect(Math.abs(probe.durationMs - 2000)).toBeLessThan(150);
      }
      // A player seeks with ranges.
      const part = await fetchFile(asset.renditions[0]!.url, { Range: 'bytes=0-99' });
      expect(part.status).toBe(206);
      expect(part.headers.get('accept-ranges')).toBe('bytes');
      expect(part.headers.get('content-range')).toBe(`bytes 0-99/${asset.renditions[0]!.size}`);
      expect((await part.arrayBuffer()).byteLength).toBe(100);
      expect((await fetchFile(asset.renditions[0]!.url, { Range: `bytes=${asset.renditions[0]!.size}-` })).status).toBe(416);
      // The lesson content: every quality, the largest as the main source, the duration read.
      const source = await lessonSourceOf(pageScope(), DEMO.id, id);
      expect(source.classroomType).toBe(CLASSROOM_TYPE.VIDEO);
      expect(source.durationMs).toBe(asset.durationMs);
      const content = lessonContent(
        {
          tenantId: DEMO.id,
          classroomType: source.classroomType,
          classroomContent: source.classroomContent,
          liveStatus: null,
          classStartAt: null,
          classEndAt: null,
        },
        () => null,
      );
      expect(content).toMatchObject({ kind: 'media', url: asset.renditions[2]!.url });
      expect((content as { sources: { quality: string; url: string }[] }).sources).toEqual(asset.renditions.map((r) => ({ quality: r.quality, url: r.url })));
      console.info(`[media] 2 s 1280x720 video: 3 renditions in ${Math.round(tookMs)} ms`);
    });

    test('a video lower than 720 lines is not upscaled; an audio file gets its duration', async () => {
      const { session } = await staffOf();
      const video = await uploadWhole(session, 'small.mp4', testVideo(854, 480, 1));
      const audio = await uploadWhole(session, 'tone.mp3', testAudio(2));
      await runJobs();
      expect((await assetOf(session, video)).renditions.map((r) => r.quality)).toEqual(['360P', '480P']);
      const a = await assetOf(session, audio);
      expect(a).toMatchObject({ kind: 'audio', state: 'ready', renditions: [] });
      expect(Math.abs(a.durationMs! - 2000)).toBeLessThan(150);
      expect((await lessonSourceOf(pageScope(), DEMO.id, audio)).classroomType).toBe(CLASSROOM_TYPE.AUDIO);
    });

    test("a corrupt video ends failed with ffprobe's reason at once; retry queues it again (audited); nothing half-made is kept", async () => {
      const { account, session } = await staffOf();
      const id = await uploadWhole(session, 'broken.mp4', corruptVideo());
      const run = await runJobs();
      expect(run.done).toContain((await jobOf(server().runtime.db, MEDIA_PROCESS_JOB, id))?.id);
      const failed = await assetOf(session, id);
      expect(failed.state).toBe('failed');
      expect(failed.error).toMatch(/^无法读取该文件的音视频内容，文件可能已损坏 \(ffprobe: .+\)$/s);
      expect(failed.renditions).toEqual([]);
      await expect(lessonSourceOf(pageScope(), DEMO.id, id)).rejects.toThrow('该文件尚未处理完成');
      server().clock.advance(60_000);
      const later = await auditFromNow(server(), DEMO.id, { targetId: id });
      const retried = await server().call(mediaApi.adminMediaRetry as never, {} as never, { ...asStaff(session, DEMO.id), params: { id } });
      expect(retried.body.data).toMatchObject({ state: 'processing', error: null, progress: 0 });
      const twice = await server().call(mediaApi.adminMediaRetry as never, {} as never, { ...asStaff(session, DEMO.id), params: { id } });
      expect(twice.body).toMatchObject({ code: 409, message: '只有处理失败的文件可以重新处理' });
      expect(await jobOf(server().runtime.db, MEDIA_PROCESS_JOB, id)).toMatchObject({ state: JOB_STATE.queued, attempts: 0 });
      const audit = await later();
      expect(audit.map((r) => [r.action, r.actorId])).toEqual([[AUDIT_ACTION.mediaRetry, account.id]]);
      await runJobs();
      expect((await assetOf(session, id)).state).toBe('failed');
    });
  });

  describe('the staff calls', () => {
    test('list with kind, state and name filters and paging; rename and delete audited; delete refused while a lesson uses the file', async () => {
      const { account, session } = await staffOf(STAFF_ROLE.admin);
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20)]);
      const upload = await uploadWhole(session, '讲义-筛选.pdf', pdf);
      const video = await uploadWhole(session, '录像-筛选.mp4', testVideo(640, 360, 1));
      await runJobs();
      const list = (query: Record<string, unknown>) => server().call(mediaApi.adminMediaPage as never, query as never, asStaff(session, DEMO.id));
      const docs = await list({ kind: 'document', name: '筛选' });
      expect((docs.body.data.records as AdminMediaAsset[]).map((r) => r.id)).toEqual([upload]);
      const paged = await list({ name: '筛选', size: 1, current: 2 });
      expect(paged.body.data).toMatchObject({ total: 2, pages: 2, current: 2 });
      expect((await list({ state: 'nonsense' })).body).toMatchObject({ code: 400, message: '状态不正确' });
      expect((await list({ kind: 'video', state: 'ready', name: '录像-筛选' })).body.data.records.map((r: AdminMediaAsset) => r.id)).toEqual([video]);

      server().clock.advance(60_000);
      const later = await auditFromNow(server(), DEMO.id, { actorId: account.id });
      const renamed = await server().call(mediaApi.adminMediaRename as never, { name: ' 第二讲讲义 ' } as never, {
        ...asStaff(session, DEMO.id),
        params: { id: upload },
      });
      expect(renamed.body.data).toMatchObject({ name: '第二讲讲义' });
      const blank = await server().call(mediaApi.adminMediaRename as never, { name: '  ' } as never, { ...asStaff(session, DEMO.id), params: { id: upload } });
      expect(blank.body).toMatchObject({ code: 400, message: '请填写名称' });

      // A lesson plays the video: it cannot be deleted.
      const source = await lessonSourceOf(pageScope(), DEMO.id, video);
      await createLearningClass(server().runtime.db, {
        tenantId: DEMO.id,
        now: server().clock.value,
        name: '媒体库测试班',
        courseName: '媒体库测试课',
        lessons: [{ name: '录像课', type: source.classroomType, content: JSON.parse(source.classroomContent) }],
        duties: [],
        userIds: [],
      });
      const inUse = await server().call(mediaApi.adminMediaDelete as never, {} as never, { ...asStaff(session, DEMO.id), params: { id: video } });
      expect(inUse.body).toMatchObject({ code: 409, message: '该文件正被课程使用，请先在课程中移除后再删除' });

      const asset = await assetOf(session, upload);
      expect(await storedKeys(server())).toContain(keyOfUrl(asset.url));
      const deleted = await server().call(mediaApi.adminMediaDelete as never, {} as never, { ...asStaff(session, DEMO.id), params: { id: upload } });
      expect(deleted.body).toMatchObject({ code: 0 });
      expect(await storedKeys(server())).not.toContain(keyOfUrl(asset.url));
      expect((await fetchFile(asset.url)).status).toBe(404);
      // Entries of the same millisecond have no order between them: compared by action.
      const audit = (await later()).filter((r) => r.targetType === 'media').sort((a, b) => a.action.localeCompare(b.action));
      expect(
        audit.map((r) => ({
          action: r.action,
          actor: r.actorId,
          target: r.targetId,
          before: JSON.parse(r.beforeJson ?? 'null'),
          after: JSON.parse(r.afterJson ?? 'null'),
        })),
      ).toEqual([
        { action: AUDIT_ACTION.mediaDelete, actor: account.id, target: upload, before: { name: '第二讲讲义', kind: 'document' }, after: null },
        { action: AUDIT_ACTION.mediaRename, actor: account.id, target: upload, before: { name: '讲义-筛选.pdf' }, after: { name: '第二讲讲义' } },
      ]);
      // Another school's administrator does not see or touch it.
      const foreign = await staffOf(STAFF_ROLE.admin, HUAXIA.id);
      const theirs = await server().call(mediaApi.adminMediaRename as never, { name: 'x' } as never, {
        ...asStaff(foreign.session, HUAXIA.id),
        params: { id: video },
      });
      expect(theirs.body).toMatchObject({ code: 404 });
    });

    test('an upload is audited with its name, kind, type and size', async () => {
      const { account, session } = await staffOf();
      server().clock.advance(60_000);
      const id = await uploadWhole(session, 'cover.png', PNG_1PX);
      const audit = await auditOf(server(), DEMO.id, { targetId: id });
      expect(audit.map((r) => [r.action, r.actorId, JSON.parse(r.afterJson!)])).toEqual([
        [AUDIT_ACTION.mediaUpload, account.id, { name: 'cover.png', kind: 'image', contentType: 'image/png', size: PNG_1PX.length }],
      ]);
    });
  });
});
