import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import * as staff from '~/lib/api/contracts/staff';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { GET as serveFile, HEAD as headFile } from '~/pages/files/[...key]';
import { DEMO, HUAXIA, STORAGE_DRIVERS, useTestServer, type TestServer } from '../setup/server';
import { asStaff, makeStaff, sessionOf } from '../setup/staff';
import { pngOfSize, uploadForm } from '../setup/files';
import { keyOfUrl } from '../setup/stored';
import { testScope } from '../setup/scope';

/**
 * Serving uploaded files (/files/<key>) from either file store with the same answers: the whole
 * file with its headers, a byte range (206) and a range past the end (416), HEAD without the
 * bytes, a revalidation answered 304, and 404 for a key of another school, a made-up key, or a
 * record whose bytes are not in the store.
 */

/** Bytes of the test picture: enough for ranges in its middle and at its end. */
const SIZE = 3000;

/** What every answer with the file carries, whichever store keeps it. */
const fileHeaders = (etag: string) => ({
  'content-type': 'image/png',
  'cache-control': 'public, max-age=31536000, immutable',
  etag,
  'accept-ranges': 'bytes',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
});

/** A file that is not there, as every such answer says it: 404, plain text, never kept by a cache. */
async function expectNotFound(answer: Response, why: string): Promise<void> {
  expect(answer.status, why).toBe(404);
  expect(headersOf(answer), why).toEqual({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  expect(answer.body === null ? '' : await answer.text(), why).toBe(answer.body === null ? '' : 'Not found');
}

const headersOf = (answer: Response) => Object.fromEntries([...answer.headers].filter(([name]) => name !== 'content-length' && name !== 'content-range'));

describe.each(STORAGE_DRIVERS)('files kept by the %s store', (driver) => {
  const server = useTestServer({}, { storage: driver });

  const scopeOf = (tenantId: string) => testScope(server().runtime, 'files-serving-test', tenantId);

  function ask(handler: typeof serveFile, url: string, headers: Record<string, string> = {}, tenantId = DEMO.id): Promise<Response> {
    return handler({
      params: { key: keyOfUrl(url) },
      locals: { scope: scopeOf(tenantId) },
      request: new Request(`http://localhost${url}`, { headers }),
    } as never) as Promise<Response>;
  }
  const get = (url: string, headers?: Record<string, string>, tenantId?: string) => ask(serveFile, url, headers, tenantId);
  const head = (url: string, headers?: Record<string, string>) => ask(headFile, url, headers);

  async function uploaded(s: TestServer = server()): Promise<{ url: string; bytes: Buffer; etag: string }> {
    const session = await sessionOf(s, await makeStaff(s, DEMO.id, STAFF_ROLE.editor));
    const bytes = pngOfSize(SIZE);
    // Distinct content per upload (the filler after the header), so each file has its own tag.
    bytes.writeUInt32BE(Math.floor(Math.random() * 2 ** 32), SIZE - 4);
    const answer = await s.call(staff.upload as never, uploadForm(bytes) as never, asStaff(session, DEMO.id));
    expect(answer.body.code, answer.text).toBe(0);
    return { url: (answer.body.data as staff.UploadedFile).url, bytes, etag: `"${createHash('sha256').update(bytes).digest('hex')}"` };
  }

  test('the whole file: 200 with its type, length, tag and caching headers', async () => {
    const file = await uploaded();
    const answer = await get(file.url);
    expect(answer.status).toBe(200);
    expect(headersOf(answer)).toEqual(fileHeaders(file.etag));
    expect(answer.headers.get('content-length')).toBe(String(SIZE));
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(file.bytes);
  });

  test.each([
    ['the first byte', 'bytes=0-0', 0, 0],
    ['a middle part', 'bytes=100-1099', 100, 1099],
    ['from an offset to the end', 'bytes=2900-', 2900, SIZE - 1],
    ['the last ten bytes', 'bytes=-10', SIZE - 10, SIZE - 1],
    ['an end past the file', 'bytes=2990-999999', 2990, SIZE - 1],
  ])('%s (%s): 206 with exactly those bytes', async (_, range, start, end) => {
    const file = await uploaded();
    const answer = await get(file.url, { Range: range });
    expect(answer.status).toBe(206);
    expect(headersOf(answer)).toEqual(fileHeaders(file.etag));
    expect(answer.headers.get('content-range')).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(answer.headers.get('content-length')).toBe(String(end - start + 1));
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(file.bytes.subarray(start, end + 1));
  });

  test('a range past the end is 416 naming the size; several ranges or an If-Range of other bytes get the whole file', async () => {
    const file = await uploaded();
    const past = await get(file.url, { Range: `bytes=${SIZE}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${SIZE}`);
    const several = await get(file.url, { Range: 'bytes=0-1,5-6' });
    expect(several.status).toBe(200);
    expect(Buffer.from(await several.arrayBuffer())).toEqual(file.bytes);
    const stale = await get(file.url, { Range: 'bytes=0-9', 'If-Range': '"other-bytes"' });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(SIZE);
    const current = await get(file.url, { Range: 'bytes=0-9', 'If-Range': file.etag });
    expect(current.status).toBe(206);
    expect((await current.arrayBuffer()).byteLength).toBe(10);
  });

  test('HEAD answers the same status and headers as GET, without a body', async () => {
    const file = await uploaded();
    const whole = await head(file.url);
    expect(whole.status).toBe(200);
    expect(headersOf(whole)).toEqual(fileHeaders(file.etag));
    expect(whole.headers.get('content-length')).toBe(String(SIZE));
    expect(whole.body).toBeNull();
    const part = await head(file.url, { Range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${SIZE}`);
    expect(part.headers.get('content-length')).toBe('10');
    expect(part.body).toBeNull();
    await expectNotFound(await head('/files/nobody/202611/nothing.png'), 'HEAD of a made-up key');
  });

  test('a revalidation with the tag (alone, weak, or in a list) is 304 without a body; another tag gets the file', async () => {
    const file = await uploaded();
    for (const tag of [file.etag, `W/${file.etag}`, `"other", ${file.etag}`]) {
      const answer = await get(file.url, { 'If-None-Match': tag });
      expect(answer.status, tag).toBe(304);
      expect(answer.headers.get('etag')).toBe(file.etag);
      expect(answer.body).toBeNull();
    }
    expect((await get(file.url, { 'If-None-Match': '"other"' })).status).toBe(200);
  });

  test("404: another school's host, a made-up or climbing key, and a record whose bytes the store does not have", async () => {
    const file = await uploaded();
    const key = keyOfUrl(file.url);
    await expectNotFound(await get(file.url, {}, HUAXIA.id), "another school's host");
    await expectNotFound(await get(file.url.replace(/\.png$/, '.gif')), 'another extension');
    await expectNotFound(await get(`/files/../${key}`), 'a key climbing out');
    await expectNotFound(await get(`/files/${DEMO.id}/202611/../../secret.png`), 'a key climbing out of its school');

    const gone = await uploaded();
    await server().runtime.storage.remove(keyOfUrl(gone.url));
    await expectNotFound(await get(gone.url), 'a record whose bytes are gone');
    expect((await get(file.url)).status).toBe(200);
  });
});
