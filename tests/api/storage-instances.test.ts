import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as staff from '~/lib/api/contracts/staff';
import { MEDIA_UPLOAD_PATH } from '~/lib/media-library';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import { parseRenditions } from '~/server/media-library/media-library.rules';
import { createServer, type Server } from '~/server/runtime';
import { DEMO, useTestServer, type StorageDriver, type TestServer } from '../setup/server';
import { asStaff, makeStaff, sessionOf } from '../setup/staff';
import { pngOfSize, uploadForm } from '../setup/files';
import { testVideo } from '../setup/media';
import { fileOn } from '../setup/instances';

/**
 * Several instances of the portal on one database, each with an UPLOAD_DIR of its own (no shared
 * volume): with the files in one bucket, what is uploaded through one instance is served by the
 * other, and a video uploaded through one is processed by the other's job runner. With the local
 * driver the same setup loses files (404 on the other instance): why a bucket, or one shared
 * volume, is needed with several instances.
 */

const PICTURE_BYTES = 2048;

/** A second instance beside `first`: the same database and settings, its own upload directory. */
function useSecondInstance(first: () => TestServer): () => Server {
  let second: Server | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-second-instance-'));
    second = await createServer(Object.freeze({ ...first().runtime.config, UPLOAD_DIR: dir }), () => first().clock.value);
  });
  afterAll(async () => {
    await second?.runtime.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!second) throw new Error('The second instance is not running.');
    return second;
  };
}

async function uploadPicture(server: TestServer): Promise<{ url: string; bytes: Buffer }> {
  const session = await sessionOf(server, await makeStaff(server, DEMO.id, STAFF_ROLE.editor));
  const bytes = pngOfSize(PICTURE_BYTES);
  const answer = await server.call(staff.upload as never, uploadForm(bytes) as never, asStaff(session, DEMO.id));
  expect(answer.body.code, answer.text).toBe(0);
  return { url: (answer.body.data as staff.UploadedFile).url, bytes };
}

const filesUnder = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()) : []);

describe('two instances with their own disks and one bucket', () => {
  const first = useTestServer({}, { storage: 's3' satisfies StorageDriver });
  const second = useSecondInstance(first);

  test('a picture uploaded through one instance is served whole and in ranges by the other; neither disk holds it', async () => {
    const picture = await uploadPicture(first());
    const whole = await fileOn(second(), picture.url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(picture.bytes);
    const part = await fileOn(second(), picture.url, { Range: 'bytes=8-15' });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(picture.bytes.subarray(8, 16));
    const name = picture.url.split('/').pop();
    for (const instance of [first(), second()]) expect(filesUnder(instance.runtime.config.UPLOAD_DIR).filter((d) => d.name === name)).toEqual([]);
  });

  test("a video uploaded through one instance is processed by the other's job runner; the first serves its renditions", async () => {
    const session = await sessionOf(first(), await makeStaff(first(), DEMO.id, STAFF_ROLE.teacher));
    const video = testVideo(854, 480, 1);
    const headers = { ...asStaff(session, DEMO.id).headers, TenantId: DEMO.id, 'Tus-Resumable': '1.0.0' };
    const made = await first().fetch(MEDIA_UPLOAD_PATH, {
      method: 'POST',
      headers: { ...headers, 'Upload-Length': String(video.length), 'Upload-Metadata': `filename ${Buffer.from('录像.mp4').toString('base64')}` },
    });
    expect(made.status, made.text).toBe(201);
    const done = await first().fetch(made.headers.get('location')!, {
      method: 'PATCH',
      headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: video as unknown as BodyInit,
    });
    expect(done.status, done.text).toBe(204);
    const assetId = done.headers.get('media-asset-id')!;

    await runDueJobs(jobScope(second().runtime));
    const asset = await first().runtime.db.selectFrom('mediaAssets').selectAll().where('id', '=', assetId).executeTakeFirstOrThrow();
    expect(asset.state).toBe('ready');
    const renditions = parseRenditions(asset.renditions);
    expect(renditions.map((r) => r.height)).toEqual([360, 480]);
    for (const r of renditions) {
      const served = await fileOn(first(), `/files/${r.key}`, { Range: 'bytes=0-7' });
      expect(served.status).toBe(206);
      // An MP4 begins with its ftyp box: the bytes are the rendition's.
      expect(
        Buffer.from(await served.arrayBuffer())
          .subarray(4, 8)
          .toString('latin1'),
      ).toBe('ftyp');
    }
    const original = await fileOn(second(), `/files/${asset.originalKey}`);
    expect(Buffer.from(await original.arrayBuffer())).toEqual(video);
  });
});

describe('two instances with their own disks and the local driver', () => {
  const first = useTestServer({}, { storage: 'local' satisfies StorageDriver });
  const second = useSecondInstance(first);

  test('a picture uploaded through one instance is not found on the other (their disks differ)', async () => {
    const picture = await uploadPicture(first());
    expect((await fileOn(first(), picture.url)).status).toBe(200);
    expect((await fileOn(second(), picture.url)).status).toBe(404);
  });
});
