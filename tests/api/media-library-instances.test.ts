import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import { parseRenditions } from '~/server/media-library/media-library.rules';
import { stagingDirectory } from '~/server/media-library/staging-store';
import { DEMO, useTestServer } from '../setup/server';
import { makeStaff, sessionOf } from '../setup/staff';
import { probeFile, testVideo } from '../setup/media';
import { localCopyOf } from '../setup/stored';
import { stagedFor } from '../setup/staging';
import { createUpload, patchUpload, tusCall, uploadIdOf, expectUploadNotFound } from '../setup/tus';
import { asInstance, useInstanceBeside, type Instance } from '../setup/instances';

/**
 * Resumable uploads across instances that share a database and a bucket but no disk (decision
 * 055): an upload begun through one instance is continued and finished through the other (its
 * pieces wait in the bucket: whole multipart parts, and a shorter piece held back), the finished
 * file is stored once and nothing stays staged; a video finished that way gets its renditions, each
 * served through either instance. With the local driver the same two instances cannot continue each
 * other's uploads (their staging directories differ): the 404.
 */

const MIB = 1024 * 1024;
/** A document of this many bytes goes as a piece of PART (a whole multipart part), a shorter one, and the rest. */
const DOCUMENT_BYTES = 12 * MIB;
const PART = 6 * MIB;
const SHORTER = 3 * MIB;

/** A PDF as the upload's check reads it (its first bytes), random after them: a misplaced piece would show. */
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);

const offsetOn = async (instance: Pick<Instance, 'fetch'>, session: Parameters<typeof tusCall>[1], location: string) =>
  (await tusCall(instance, session, 'HEAD', location)).headers.get('upload-offset');

/** Whether anything is staged on an instance's own disk. */
const stagedOnDisk = (instance: Instance) => {
  const dir = stagingDirectory(instance.runtime.config.UPLOAD_DIR);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('two instances with their own disks and one bucket', () => {
  const first = useTestServer({}, { storage: 's3' });
  const second = useInstanceBeside(first);

  test('a document begun through one instance is continued and finished through the other, stored once, nothing left staged', async () => {
    const a = asInstance(first());
    const b = second();
    const session = await sessionOf(first(), await makeStaff(first(), DEMO.id, STAFF_ROLE.teacher));
    const bytes = pdfOf(DOCUMENT_BYTES);
    const made = await createUpload(a, session, '讲义.pdf', bytes.length);
    expect(made.status, made.text).toBe(201);
    const location = made.headers.get('location')!;
    const id = uploadIdOf(location);

    // Through A: a whole part of the bucket's multipart upload.
    expect((await patchUpload(a, session, location, 0, bytes.subarray(0, PART))).headers.get('upload-offset')).toBe(String(PART));
    expect(await stagedFor(first(), id)).toEqual([`${id}.info`]);
    // B knows where it stands and takes a shorter piece (held back in the bucket until the next one) …
    expect(await offsetOn(b, session, location)).toBe(String(PART));
    const shorter = await patchUpload(b, session, location, PART, bytes.subarray(PART, PART + SHORTER));
    expect(shorter.status, shorter.text).toBe(204);
    expect(await stagedFor(first(), id)).toEqual([`${id}.info`, `${id}.part`]);
    expect(await offsetOn(a, session, location)).toBe(String(PART + SHORTER));
    // … and finishes it.
    const done = await patchUpload(b, session, location, PART + SHORTER, bytes.subarray(PART + SHORTER));
    expect(done.status, done.text).toBe(204);
    const assetId = done.headers.get('media-asset-id')!;
    const asset = await first().runtime.db.selectFrom('mediaAssets').selectAll().where('id', '=', assetId).executeTakeFirstOrThrow();
    expect(Number(asset.size)).toBe(bytes.length);
    for (const instance of [a, b]) {
      const served = await instance.file(`/files/${asset.originalKey}`);
      expect(served.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), bytes)).toBe(0);
    }
    // Nothing of it is left staged: not in the bucket, not on either disk; the upload is over everywhere.
    expect(await stagedFor(first(), id)).toEqual([]);
    for (const instance of [a, b]) expect(stagedOnDisk(instance)).toEqual([]);
    expectUploadNotFound(await tusCall(a, session, 'HEAD', location));
    expect(await first().runtime.db.selectFrom('mediaUploads').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  test('a video begun through one and finished through the other gets its renditions, each served through either instance', async () => {
    const a = asInstance(first());
    const b = second();
    const session = await sessionOf(first(), await makeStaff(first(), DEMO.id, STAFF_ROLE.teacher));
    const video = testVideo(1280, 720, 2);
    const half = Math.floor(video.length / 2);
    const made = await createUpload(a, session, '跨实例录像.mp4', video.length);
    const location = made.headers.get('location')!;
    expect((await patchUpload(a, session, location, 0, video.subarray(0, half))).status).toBe(204);
    expect(await offsetOn(b, session, location)).toBe(String(half));
    const done = await patchUpload(b, session, location, half, video.subarray(half));
    expect(done.status, done.text).toBe(204);
    const assetId = done.headers.get('media-asset-id')!;

    // The renditions are made by A's job runner (any instance's would do).
    await runDueJobs(jobScope(first().runtime));
    const asset = await first().runtime.db.selectFrom('mediaAssets').selectAll().where('id', '=', assetId).executeTakeFirstOrThrow();
    expect(asset.state).toBe('ready');
    const renditions = parseRenditions(asset.renditions);
    expect(renditions.map((r) => r.height)).toEqual([360, 480, 720]);
    for (const r of renditions) {
      expect(probeFile(await localCopyOf(first(), r.key)).height).toBe(r.height);
      const [onA, onB] = await Promise.all([a.file(`/files/${r.key}`), b.file(`/files/${r.key}`)]);
      expect([onA.status, onB.status]).toEqual([200, 200]);
      const [bytesA, bytesB] = await Promise.all([onA.arrayBuffer(), onB.arrayBuffer()]);
      expect(bytesA.byteLength).toBe(r.size);
      expect(Buffer.compare(Buffer.from(bytesA), Buffer.from(bytesB))).toBe(0);
      // A player seeks with ranges, on either.
      const part = await b.file(`/files/${r.key}`, { Range: 'bytes=4-7' });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftyp');
    }
    for (const instance of [a, b]) expect(stagedOnDisk(instance)).toEqual([]);
  }, 120_000);
});

describe('two instances with their own disks and the local driver', () => {
  const first = useTestServer({}, { storage: 'local' });
  const second = useInstanceBeside(first);

  test('an upload begun through one is not found through the other: each stages on its own disk', async () => {
    const session = await sessionOf(first(), await makeStaff(first(), DEMO.id, STAFF_ROLE.teacher));
    const made = await createUpload(first(), session, '讲义.pdf', 100);
    const location = made.headers.get('location')!;
    expect((await patchUpload(first(), session, location, 0, pdfOf(100).subarray(0, 50))).status).toBe(204);
    expect(await offsetOn(second(), session, location)).toBeNull();
    expectUploadNotFound(await tusCall(second(), session, 'HEAD', location));
    expect(await offsetOn(first(), session, location)).toBe('50');
  });
});
