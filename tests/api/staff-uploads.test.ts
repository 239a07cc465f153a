import { describe, expect, test } from 'vitest';
import * as staff from '~/lib/api/contracts/staff';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { UPLOAD_IMAGE_MAX_BYTES, UPLOAD_PURPOSE } from '~/lib/uploads';
import { openFile } from '~/server/storage/files.service';
import { DEMO, HUAXIA, STORAGE_DRIVERS, useTestServer } from '../setup/server';
import { asStaff, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import { GIF_1PX, PNG_1PX, pngOfSize, uploadForm } from '../setup/files';
import { keyOfUrl, storedKeys } from '../setup/stored';
import { testScope } from '../setup/scope';

/**
 * Uploads (POST /api/admin/uploads): a picture is taken by its content, stored under a key the
 * server makes and served only on its own school's host; anything else is refused with the reason
 * and leaves nothing behind. Every case runs on both file stores (the local disk and a bucket).
 */

describe.each(STORAGE_DRIVERS)('on the %s store', (driver) => {
  const server = useTestServer({}, { storage: driver });

  async function editor(tenantId = DEMO.id): Promise<TestStaffSession> {
    return sessionOf(server(), await makeStaff(server(), tenantId, STAFF_ROLE.editor));
  }

  const upload = (session: TestStaffSession, form: FormData, tenantId = DEMO.id) =>
    server().call(staff.upload as never, form as never, asStaff(session, tenantId));

  /** The request scope of a page on a school's host. */
  const pageScope = (tenantId: string) => testScope(server().runtime, 'files-test', tenantId);

  describe('uploading a picture', () => {
    test('a PNG is stored under a key of the school and served on its host with its type', async () => {
      const session = await editor();
      const answer = await upload(session, uploadForm(PNG_1PX, '../../etc/校徽.png'));
      expect(answer.body.code).toBe(0);
      const file = answer.body.data as staff.UploadedFile;
      expect(file).toMatchObject({ name: '校徽.png', contentType: 'image/png', size: PNG_1PX.length });
      expect(file.url).toMatch(new RegExp(`^/files/${DEMO.id}/\\d{6}/[\\w-]+\\.png$`));
      expect(await storedKeys(server())).toContain(keyOfUrl(file.url));
      const served = await openFile(pageScope(DEMO.id), keyOfUrl(file.url));
      expect(served?.contentType).toBe('image/png');
      expect(Buffer.compare(Buffer.concat(await (await served!.open())!.toArray()), PNG_1PX)).toBe(0);
    });

    test('the name is kept without bidi controls, invisible characters or markup (the rule of the media library too)', async () => {
      const answer = await upload(await editor(), uploadForm(PNG_1PX, '校徽\u202Egnp.exe<script>.png'));
      expect(answer.body.data).toMatchObject({ name: '校徽gnp.exescript.png' });
      const invisible = await upload(await editor(), uploadForm(PNG_1PX, '\u2066\u200b<>'));
      expect(invisible.body.data).toMatchObject({ name: 'file' });
    });

    test('the type comes from the content: a GIF named .png is stored as a GIF', async () => {
      const answer = await upload(await editor(), uploadForm(GIF_1PX, 'photo.png'));
      expect(answer.body.data).toMatchObject({ contentType: 'image/gif' });
      expect((answer.body.data as staff.UploadedFile).url).toMatch(/\.gif$/);
    });

    test("another school's host does not serve it, and a made-up or climbing key is not found", async () => {
      const file = (await upload(await editor(), uploadForm(PNG_1PX))).body.data as staff.UploadedFile;
      const key = file.url.slice('/files/'.length);
      expect(await openFile(pageScope(HUAXIA.id), key)).toBeNull();
      expect(await openFile(pageScope(DEMO.id), key.replace(/\.png$/, '.gif'))).toBeNull();
      expect(await openFile(pageScope(DEMO.id), `../${key}`)).toBeNull();
      expect(await openFile(pageScope(DEMO.id), `${DEMO.id}/202611/../../secret.png`)).toBeNull();
    });

    test.each([
      ['a script named .png', Buffer.from('<script>alert(1)</script>'), 'x.png', '只能上传 PNG、JPEG、GIF 或 WebP 格式的图片'],
      ['an SVG picture', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'x.svg', '只能上传 PNG、JPEG、GIF 或 WebP 格式的图片'],
      ['an empty file', Buffer.alloc(0), 'x.png', '文件是空的，请重新选择'],
    ])('%s is refused with the reason and nothing is stored', async (_label, bytes, name, message) => {
      const session = await editor();
      const before = await storedKeys(server());
      const answer = await upload(session, uploadForm(bytes, name));
      expect(answer.body).toEqual({ code: 400, data: null, message });
      expect(await storedKeys(server())).toEqual(before);
    });

    test('a picture over the limit is refused as too large; one at the limit is taken', async () => {
      const session = await editor();
      const over = await upload(session, uploadForm(pngOfSize(UPLOAD_IMAGE_MAX_BYTES + 1)));
      expect(over.body).toEqual({ code: 413, data: null, message: '图片不能超过 5 MB' });
      const at = await upload(session, uploadForm(pngOfSize(UPLOAD_IMAGE_MAX_BYTES)));
      expect(at.body.code).toBe(0);
    });

    test('no file, an unknown purpose or a JSON body: a clear refusal', async () => {
      const session = await editor();
      expect((await upload(session, uploadForm(null))).body).toEqual({ code: 400, data: null, message: '请选择要上传的文件' });
      expect((await upload(session, uploadForm(PNG_1PX, 'a.png', 'avatar'))).body).toEqual({ code: 400, data: null, message: '上传用途不正确' });
      const json = await server().call(staff.upload as never, { file: 'x' } as never, asStaff(session, DEMO.id));
      expect(json.body).toEqual({ code: 400, data: null, message: '请以表单文件（multipart/form-data）上传' });
      for (const purpose of Object.values(UPLOAD_PURPOSE)) {
        expect((await upload(session, uploadForm(PNG_1PX, 'a.png', purpose))).body.code).toBe(0);
      }
    });
  });
});
