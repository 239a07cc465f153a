import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { describe, expect, test } from 'vitest';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import { jobOf } from '~/server/jobs/jobs.service';
import { MEDIA_PROCESS_JOB, bytesOfPath, completeUpload } from '~/server/media-library/media-library.service';
import { parseRenditions, renditionKey } from '~/server/media-library/media-library.rules';
import { STAGING_DIR, STAGING_EXPIRY_MS, removeAbandonedUploads } from '~/server/media-library/staging';
import { diskStaging } from '~/server/media-library/staging-store';
import { bucketStaging } from '~/server/media-library/staging-bucket';
import { recordStoredFile } from '~/server/storage/files.service';
import { newId } from '~/server/ids';
import { DEMO, STORAGE_DRIVERS, useTestServer } from '../setup/server';
import { makeStaff, sessionOf } from '../setup/staff';
import { backdateStaged, stagedFor } from '../setup/staging';
import { createUpload, patchUpload, tusCall, uploadIdOf } from '../setup/tus';
import { testVideo } from '../setup/media';
import { testTempDir } from '../setup/temp-dir';
import { testScope } from '../setup/scope';

/**
 * What the media library leaves behind is removed: the renditions a run stored before it was
 * killed go when a later run of the same asset finishes, and a resumable upload nobody finished
 * goes a week after it started, while a younger one stays (the sweep of uploads idle for a day: media-library-limits.test.ts).
 * On both drivers: the staging directory, or the bucket (where an unfinished upload is a multipart upload).
 */

describe.each(STORAGE_DRIVERS)('on the %s store', (driver) => {
  const server = useTestServer({}, { storage: driver });

  const scope = () => testScope(server().runtime, 'media-cleanup-test', DEMO.id);

  test('a finished run removes the renditions an earlier, killed run of the asset stored', async () => {
    const db = server().runtime.db;
    const account = await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher);
    const actor = {
      account: await db.selectFrom('staffAccounts').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow(),
      tenant: await scope().tenant(),
    };
    const dir = testTempDir('media-cleanup-');
    writeFileSync(join(dir, 'v.mp4'), testVideo(854, 480, 1));
    const asset = await completeUpload(scope(), actor as never, {
      uploadId: `${DEMO.id}-${account.id}-${'c'.repeat(32)}`,
      bytes: bytesOfPath(join(dir, 'v.mp4')),
      name: '清理.mp4',
    });
    const row = await db.selectFrom('mediaAssets').selectAll().where('id', '=', asset.id).executeTakeFirstOrThrow();

    // Run 1 stored its 360P rendition and died before 480P: its claim counted one attempt.
    const leftover = renditionKey(row.originalKey, asset.id, 1, 360);
    await server().runtime.storage.put(leftover, new Uint8Array([1, 2, 3]));
    await recordStoredFile(
      db,
      {
        id: newId(server().clock.value),
        tenantId: DEMO.id,
        key: leftover,
        purpose: 'mediaRendition',
        contentType: 'video/mp4',
        name: 'r1',
        uploadedBy: account.id,
      },
      { size: 3, sha256: '0'.repeat(64) },
      server().clock.value,
    );
    const job = await jobOf(db, MEDIA_PROCESS_JOB, asset.id);
    await db.updateTable('jobs').set({ attempts: 1 }).where('id', '=', job!.id).execute();

    expect((await runDueJobs(jobScope(server().runtime), { worker: 'second' })).done).toEqual([job!.id]);
    const ready = await db.selectFrom('mediaAssets').selectAll().where('id', '=', asset.id).executeTakeFirstOrThrow();
    expect(ready.state).toBe('ready');
    const renditions = parseRenditions(ready.renditions);
    expect(renditions.map((r) => r.height)).toEqual([360, 480]);
    // The asset's renditions are run 2's and are kept; run 1's file and its row are gone.
    for (const r of renditions) {
      expect(r.key).toContain(`${asset.id}-r2-`);
      expect(await server().runtime.storage.size(r.key)).toBeGreaterThan(0);
    }
    expect(await server().runtime.storage.size(leftover)).toBeNull();
    expect(await db.selectFrom('storedFiles').select('key').where('key', '=', leftover).executeTakeFirst()).toBeUndefined();
  });

  test('an upload nobody finished is removed a week after it started, its pieces with it; a younger one stays', async () => {
    // Where no upload was ever started: nothing to remove, no error.
    const s3 = server().s3;
    const config = server().runtime.config;
    const empty = s3 && config.s3 ? await bucketStaging({ ...config.s3, bucket: await s3.newBucket() }) : diskStaging(testTempDir('staging-'));
    expect(await removeAbandonedUploads(server().runtime.db, empty, server().clock.value, server().runtime.logger)).toBe(0);

    const account = await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher);
    const session = await sessionOf(server(), account);
    const started = await Promise.all(['放弃.pdf', '最近.pdf'].map((name) => createUpload(server(), session, name, 200)));
    const [abandoned, recent] = started.map((a) => a.headers.get('location')!);
    for (const location of [abandoned!, recent!]) expect((await patchUpload(server(), session, location, 0, new Uint8Array(50))).status).toBe(204);
    await backdateStaged(server(), uploadIdOf(abandoned!), STAGING_EXPIRY_MS + 60_000);
    await backdateStaged(server(), uploadIdOf(recent!), STAGING_EXPIRY_MS - 3_600_000);
    expect(await stagedFor(server(), uploadIdOf(abandoned!))).not.toEqual([]);

    const sweep = () => removeAbandonedUploads(server().runtime.db, server().runtime.uploadStaging, server().clock.value, server().runtime.logger);
    expect(await sweep()).toBe(1);
    expect(await stagedFor(server(), uploadIdOf(abandoned!))).toEqual([]);
    expect(await stagedFor(server(), uploadIdOf(recent!))).not.toEqual([]);
    if (s3) {
      // The bucket's multipart upload went too (no parts left to pay for).
      const uploads = await s3.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: `${STAGING_DIR}/` }));
      expect((uploads.Uploads ?? []).map((u) => u.Key)).toEqual([`${STAGING_DIR}/${uploadIdOf(recent!)}`]);
    }
    // The younger one goes on.
    expect((await tusCall(server(), session, 'HEAD', recent!)).headers.get('upload-offset')).toBe('50');
    // A second sweep (another instance) finds nothing more.
    expect(await sweep()).toBe(0);
  });
});
