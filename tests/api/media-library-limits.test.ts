import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import * as mediaApi from '~/lib/api/contracts/admin-media';
import type { AdminMediaAsset } from '~/lib/api/contracts/admin-media';
import { MEDIA_UPLOAD_PATH } from '~/lib/media-library';
import { AUDIT_ACTION, STAFF_ROLE } from '~/lib/staff/roles';
import { STAGING_IDLE_MS, removeAbandonedUploads } from '~/server/media-library/staging';
import { DEMO, HUAXIA, STORAGE_DRIVERS, useTestServer } from '../setup/server';
import { stagedFor } from '../setup/staging';
import { asStaff, auditFromNow, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import { PNG_1PX } from '../setup/files';
import { expectUploadNotFound } from '../setup/tus';

/**
 * The media library's limits on resumable uploads (decision 050), the endpoint's one shape of
 * answers, an upload completed by its first request, and who may change a file:
 * - a person's unfinished uploads (count, declared bytes) and the school's quota hold under a
 *   burst of parallel creations: at most the limit is accepted, every refusal is explained;
 * - nobody writes more than the length they declared;
 * - an upload without progress for a day is swept, with the room it held;
 * - refusals carry their HTTP status and the portal's envelope (Upload-Concat: 400, not 501);
 * - renaming and deleting are the uploader's and the administrators'.
 * Each on both drivers: unfinished uploads staged on the disk, or in the bucket.
 */

const MIB = 1024 * 1024;
const LIMITS = { uploads: 3, accountMb: 10, schoolMb: 20 };
describe.each(STORAGE_DRIVERS)('on the %s store', (driver) => {
  const server = useTestServer(
    {
      MEDIA_OPEN_UPLOADS_PER_ACCOUNT: String(LIMITS.uploads),
      MEDIA_OPEN_UPLOAD_MB_PER_ACCOUNT: String(LIMITS.accountMb),
      MEDIA_SCHOOL_QUOTA_MB: String(LIMITS.schoolMb),
    },
    { storage: driver },
  );

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

  const create = (session: TestStaffSession | null, name: string, size: number, tenant = DEMO.id, extra: Record<string, string> = {}) =>
    tus(session, 'POST', MEDIA_UPLOAD_PATH, { 'Upload-Length': String(size), 'Upload-Metadata': `filename ${b64(name)}`, ...extra }, undefined, tenant);

  const patch = (session: TestStaffSession, location: string, offset: number, bytes: Uint8Array) =>
    tus(session, 'PATCH', location, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, bytes);

  const db = () => server().runtime.db;
  const openRows = (accountId: string) => db().selectFrom('mediaUploads').selectAll().where('accountId', '=', accountId).execute();
  const idOf = (location: string) => location.split('/').pop()!;
  const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);

  describe("a person's unfinished uploads", () => {
    test('twelve creations fired at once by one teacher: exactly the limit is accepted, the others get 403 with the reason', async () => {
      const { account, session } = await staffOf();
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => create(session, `讲义${i}.pdf`, 1024)));
      const accepted = answers.filter((a) => a.status === 201);
      expect(accepted).toHaveLength(LIMITS.uploads);
      for (const refused of answers.filter((a) => a.status !== 201)) {
        expect(refused.status).toBe(403);
        expect(refused.headers.get('content-type')).toContain('application/json');
        expect(refused.body).toEqual({
          code: 403,
          data: null,
          message: `您已有 ${LIMITS.uploads} 个未完成的上传，请先完成或取消其中的上传，再开始新的上传`,
        });
      }
      expect((await openRows(account.id)).map((r) => r.id).sort()).toEqual(accepted.map((a) => idOf(a.headers.get('location')!)).sort());
      // Cancelling one frees its place.
      expect((await tus(session, 'DELETE', accepted[0]!.headers.get('location')!)).status).toBe(204);
      expect(await openRows(account.id)).toHaveLength(LIMITS.uploads - 1);
      const again = await create(session, '再来一份.pdf', 1024);
      expect(again.status).toBe(201);
      // What this test holds is given back (the school's quota is shared by the file's tests).
      for (const a of [...accepted.slice(1), again]) expect((await tus(session, 'DELETE', a.headers.get('location')!)).status).toBe(204);
      expect(await openRows(account.id)).toEqual([]);
    });

    test('any burst of creations: accepted ones stay within the count and the declared bytes, and every refusal is explained', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 8 }), async (sizesMb) => {
          const { account, session } = await staffOf();
          const answers = await Promise.all(sizesMb.map((mb, i) => create(session, `片段${i}.zip`, mb * MIB)));
          const acceptedMb = sizesMb.filter((_, i) => answers[i]!.status === 201);
          expect(acceptedMb.length).toBeLessThanOrEqual(LIMITS.uploads);
          expect(acceptedMb.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(LIMITS.accountMb);
          const heldMb = acceptedMb.reduce((a, b) => a + b, 0);
          answers.forEach((answer, i) => {
            if (answer.status === 201) return;
            if (answer.status === 403) expect(acceptedMb.length).toBe(LIMITS.uploads);
            else {
              expect(answer.body).toEqual({ code: 413, data: null, message: `您未完成的上传合计不能超过 ${LIMITS.accountMb} MB，请先完成或取消其中的上传` });
              // Refused for the bytes: even after the others were accepted, this one would not have fitted.
              expect(heldMb + sizesMb[i]!).toBeGreaterThan(LIMITS.accountMb);
            }
          });
          const rows = await openRows(account.id);
          expect(rows.map((r) => Number(r.declaredBytes)).sort()).toEqual(acceptedMb.map((mb) => mb * MIB).sort());
          // Given back, so the next run (and the school's quota) starts from what it causes itself.
          for (const a of answers.filter((x) => x.status === 201)) await tus(session, 'DELETE', a.headers.get('location')!);
        }),
        { numRuns: 12 },
      );
    });

    test('nobody writes more than declared: a piece past the length is refused with 413 and nothing of it is kept', async () => {
      const { session } = await staffOf();
      const made = await create(session, '短.pdf', 100);
      const location = made.headers.get('location')!;
      const over = await patch(session, location, 0, pdf(150));
      expect(over.status).toBe(413);
      expect(over.body).toEqual({ code: 413, data: null, message: '上传的内容超过了开始时声明的文件大小' });
      expect((await tus(session, 'HEAD', location)).headers.get('upload-offset')).toBe('0');
      expect((await patch(session, location, 0, pdf(100))).status).toBe(204);
    });
  });

  describe("the school's quota", () => {
    test('five teachers of a school declaring 9 MB each at once: the school never holds more than its quota', async () => {
      const teachers = await Promise.all(Array.from({ length: 5 }, () => staffOf(STAFF_ROLE.teacher, HUAXIA.id)));
      const stored = await db()
        .selectFrom('storedFiles')
        .where('tenantId', '=', HUAXIA.id)
        .select((eb) => eb.fn.sum<number>('size').as('n'))
        .executeTakeFirstOrThrow();
      const open = await db()
        .selectFrom('mediaUploads')
        .where('tenantId', '=', HUAXIA.id)
        .select((eb) => eb.fn.sum<number>('declaredBytes').as('n'))
        .executeTakeFirstOrThrow();
      const used = Number(stored.n ?? 0) + Number(open.n ?? 0);
      const each = 9 * MIB;
      const fits = Math.max(0, Math.floor((LIMITS.schoolMb * MIB - used) / each));
      expect(fits).toBeLessThan(teachers.length);
      const answers = await Promise.all(teachers.map((t) => create(t.session, '录像.mp4', each, HUAXIA.id)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(fits);
      const refused = answers.filter((a) => a.status !== 201);
      for (const a of refused) {
        expect(a.status).toBe(413);
        expect(a.body.message).toMatch(new RegExp(`^本校存储空间不足：已用 \\d+ MB，共 ${LIMITS.schoolMb} MB。请删除不再使用的文件，或联系平台扩容$`));
      }
    });
  });

  describe('an abandoned upload', () => {
    test('is swept a day after its last piece, with the room it held; one that keeps progressing stays', async () => {
      const { account } = await staffOf();
      // A day passes in this test: the person signs in again (a staff session ends when idle).
      let session = await sessionOf(server(), account);
      const idle = (await create(session, '放弃.pdf', 200)).headers.get('location')!;
      const busy = (await create(session, '继续.pdf', 200)).headers.get('location')!;
      const bytes = pdf(200);
      expect((await patch(session, idle, 0, bytes.subarray(0, 50))).status).toBe(204);
      expect((await patch(session, busy, 0, bytes.subarray(0, 50))).status).toBe(204);
      server().clock.advance(STAGING_IDLE_MS - 60_000);
      session = await sessionOf(server(), account);
      expect((await patch(session, busy, 50, bytes.subarray(50, 100))).status).toBe(204);
      // Asking where the idle one stands is not progress.
      expect((await tus(session, 'HEAD', idle)).headers.get('upload-offset')).toBe('50');
      server().clock.advance(120_000);
      const removed = await removeAbandonedUploads(db(), server().runtime.uploadStaging, server().clock.value, server().runtime.logger);
      expect(removed).toBeGreaterThanOrEqual(1);
      expect((await openRows(account.id)).map((r) => r.id)).toEqual([idOf(busy)]);
      expect(await stagedFor(server(), idOf(idle))).toEqual([]);
      expectUploadNotFound(await tus(session, 'HEAD', idle));
      // The one that progressed finishes.
      const done = await patch(session, busy, 100, bytes.subarray(100));
      expect(done.status).toBe(204);
      expect(done.headers.get('media-asset-id')).toBeTruthy();
      expect(await openRows(account.id)).toEqual([]);
    });
  });

  describe("the endpoint's answers", () => {
    test('refusals carry their HTTP status and the envelope; Upload-Concat and a deferred length are refused with 400; OPTIONS offers neither', async () => {
      const { session } = await staffOf();
      const concat = await create(session, 'a.pdf', 100, DEMO.id, { 'Upload-Concat': 'partial' });
      expect(concat.status).toBe(400);
      expect(concat.body).toEqual({ code: 400, data: null, message: '不支持分段合并上传，请直接上传整个文件' });
      const deferred = await tus(session, 'POST', MEDIA_UPLOAD_PATH, { 'Upload-Defer-Length': '1', 'Upload-Metadata': `filename ${b64('a.pdf')}` });
      expect(deferred.status).toBe(400);
      expect(deferred.body).toMatchObject({ code: 400, message: '请告知文件大小后再上传' });
      const noVersion = await server().fetch(MEDIA_UPLOAD_PATH, { method: 'POST', headers: { ...asStaff(session, DEMO.id).headers, 'Upload-Length': '10' } });
      expect(noVersion.status).toBe(412);
      expect(noVersion.body).toMatchObject({ code: 412, message: '请使用支持断点续传的上传方式（tus 1.0.0）' });
      const signedOut = await create(null, 'a.pdf', 100);
      expect(signedOut.status).toBe(401);
      expect(signedOut.body).toMatchObject({ code: 40001 });
      const editor = await staffOf(STAFF_ROLE.editor);
      const forbidden = await create(editor.session, 'a.pdf', 100);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ code: 403, data: null, message: '您的角色无权进行此操作' });
      const made = await create(session, 'a.pdf', 100);
      const conflict = await patch(session, made.headers.get('location')!, 5, pdf(10));
      expect(conflict.status).toBe(409);
      expect(conflict.body).toMatchObject({ code: 409, message: '上传进度与服务器记录不一致，请重新上传' });
      const options = await tus(session, 'OPTIONS', MEDIA_UPLOAD_PATH);
      expect(options.status).toBe(204);
      expect(options.headers.get('tus-extension')?.split(',').sort()).toEqual(['creation', 'creation-with-upload', 'expiration', 'termination']);
    });

    test('whatever a client sends, the endpoint never fails with 5xx and every refusal is the envelope with Chinese words', async () => {
      const { session } = await staffOf();
      const own = idOf((await create(session, '模糊.pdf', 64)).headers.get('location')!);
      const header = (name: string, value: fc.Arbitrary<string>) =>
        fc.option(
          value.map((v) => [name, v] as const),
          { nil: undefined },
        );
      const number = fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), fc.constantFrom('', 'x', '1e3', '99999999999999999999', ' 7', '0x10'));
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('POST', 'PATCH', 'HEAD', 'DELETE', 'GET', 'PUT', 'OPTIONS'),
          fc.constantFrom(MEDIA_UPLOAD_PATH, `${MEDIA_UPLOAD_PATH}/${own}`, `${MEDIA_UPLOAD_PATH}/not-an-upload`, `${MEDIA_UPLOAD_PATH}/${own}x`),
          fc.tuple(
            header('Upload-Length', number),
            header('Upload-Offset', number),
            header('Upload-Defer-Length', number),
            header('Upload-Concat', fc.constantFrom('partial', 'final;/a /b', '')),
            header('Upload-Metadata', fc.oneof(fc.constant(`filename ${b64('a.pdf')}`), fc.string({ maxLength: 20 }))),
            header('Content-Type', fc.constantFrom('application/offset+octet-stream', 'text/plain')),
            header('Tus-Resumable', fc.constantFrom('1.0.0', '0.2', '')),
          ),
          fc.option(fc.uint8Array({ maxLength: 80 }), { nil: undefined }),
          async (method, path, pairs, body) => {
            const headers: Record<string, string> = { ...asStaff(session, DEMO.id).headers, TenantId: DEMO.id };
            for (const pair of pairs) if (pair) headers[pair[0]] = pair[1];
            const withBody = body && method !== 'GET' && method !== 'HEAD';
            const a = await server().fetch(path, { method, headers, ...(withBody ? { body: body as unknown as BodyInit } : {}) });
            expect(a.status, `${method} ${path} ${JSON.stringify(pairs)} -> ${a.text}`).toBeLessThan(500);
            if (a.status < 400 || method === 'HEAD') return;
            expect(a.headers.get('content-type')).toContain('application/json');
            expect(Object.keys(a.body).sort()).toEqual(['code', 'data', 'message']);
            expect(a.body.data).toBeNull();
            expect(a.body.message).toMatch(/[\u4e00-\u9fff]/);
          },
        ),
        { numRuns: 150 },
      );
    });

    test('an upload completed by its first request is answered 201 with its asset, registered once; asking again does not duplicate it', async () => {
      const { account, session } = await staffOf();
      const first = await tus(
        session,
        'POST',
        MEDIA_UPLOAD_PATH,
        {
          'Upload-Length': String(PNG_1PX.length),
          'Upload-Metadata': `filename ${b64('一次传完.png')}`,
          'Content-Type': 'application/offset+octet-stream',
        },
        PNG_1PX,
      );
      expect(first.status, first.text).toBe(201);
      expect(first.headers.get('upload-offset')).toBe(String(PNG_1PX.length));
      const assetId = first.headers.get('media-asset-id');
      expect(assetId).toBeTruthy();
      const location = first.headers.get('location')!;
      const uploadId = idOf(location);
      // Asked again (a client that did not get the answer): the upload is finished, nothing new is made.
      expectUploadNotFound(await tus(session, 'HEAD', location));
      expectUploadNotFound(await patch(session, location, 0, PNG_1PX));
      const rows = await db().selectFrom('mediaAssets').select(['id', 'name']).where('uploadId', '=', uploadId).execute();
      expect(rows).toEqual([{ id: assetId, name: '一次传完.png' }]);
      expect(await openRows(account.id)).toEqual([]);
      expect(await stagedFor(server(), uploadId)).toEqual([]);
    });
  });

  describe('who may change a file', () => {
    test('the uploader and administrators rename and delete it; another teacher sees it without those buttons and is refused', async () => {
      const owner = await staffOf();
      const other = await staffOf();
      const admin = await staffOf(STAFF_ROLE.admin);
      const made = await create(owner.session, '我的讲义.pdf', 120);
      const done = await patch(owner.session, made.headers.get('location')!, 0, pdf(120));
      const id = done.headers.get('media-asset-id')!;
      const seenBy = async (session: TestStaffSession) => {
        const page = await server().call(mediaApi.adminMediaPage as never, { size: 100, name: '我的讲义' } as never, asStaff(session, DEMO.id));
        return (page.body.data.records as AdminMediaAsset[]).find((a) => a.id === id)!;
      };
      expect((await seenBy(owner.session)).mayChange).toBe(true);
      expect((await seenBy(other.session)).mayChange).toBe(false);
      expect((await seenBy(admin.session)).mayChange).toBe(true);

      server().clock.advance(60_000);
      const later = await auditFromNow(server(), DEMO.id, { targetId: id });
      const call = (c: unknown, session: TestStaffSession, input: unknown) =>
        server().call(c as never, input as never, { ...asStaff(session, DEMO.id), params: { id } });
      const notYours = { code: 403, data: null, message: '只有上传者和管理员可以重命名或删除该文件' };
      expect((await call(mediaApi.adminMediaRename, other.session, { name: '改名' })).body).toEqual(notYours);
      expect((await call(mediaApi.adminMediaDelete, other.session, {})).body).toEqual(notYours);
      expect((await seenBy(owner.session)).name).toBe('我的讲义.pdf');
      expect((await call(mediaApi.adminMediaRename, owner.session, { name: '我的讲义（定稿）' })).body.data).toMatchObject({ name: '我的讲义（定稿）' });
      expect((await call(mediaApi.adminMediaRename, admin.session, { name: '讲义 管理员改' })).body.data).toMatchObject({ name: '讲义 管理员改' });
      const audit = await later();
      expect(audit.map((r) => [r.action, r.actorId]).sort()).toEqual(
        [
          [AUDIT_ACTION.mediaRename, owner.account.id],
          [AUDIT_ACTION.mediaRename, admin.account.id],
        ].sort(),
      );
      expect((await call(mediaApi.adminMediaDelete, admin.session, {})).body).toMatchObject({ code: 0 });
    });

    test('a name is kept without bidi controls, invisible characters or markup; a name with nothing visible is refused', async () => {
      const { session } = await staffOf();
      const made = await create(session, '作业\u202Efdp.exe<b>.pdf', 120);
      const done = await patch(session, made.headers.get('location')!, 0, pdf(120));
      const id = done.headers.get('media-asset-id')!;
      const row = await db().selectFrom('mediaAssets').select('name').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.name).toBe('作业fdp.exeb.pdf');
      const rename = (name: string) => server().call(mediaApi.adminMediaRename as never, { name } as never, { ...asStaff(session, DEMO.id), params: { id } });
      expect((await rename('\u2067第二讲\u2069 <i>')).body.data).toMatchObject({ name: '第二讲 i' });
      expect((await rename('\u200b\u202e<>')).body).toEqual({ code: 400, data: null, message: '名称中没有可显示的文字，请重新填写' });
      expect((await db().selectFrom('mediaAssets').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('第二讲 i');
    });
  });
});
