import { CreateBucketCommand, DeleteBucketCommand } from '@aws-sdk/client-s3';
import { describe, expect, test } from 'vitest';
import { t } from '~/server/i18n';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { DEMO, useTestServer } from '../setup/server';
import { consoleError } from '../setup/fail-on-console-error';
import { makeStaff, sessionOf } from '../setup/staff';
import { stagedFor } from '../setup/staging';
import { createUpload, uploadIdOf } from '../setup/tus';

/**
 * The upload disk's reserve (decision 050) counts the bytes unfinished uploads stage on the disk:
 * with a reserve larger than any disk's free space, every new upload staged on the disk is refused
 * at its creation with the reason, and nothing is staged or held for it. Uploads staged in the
 * bucket (the s3 driver, decision 055) take nothing of the disk: the same reserve refuses none.
 */

/** A reserve of a petabyte (in MB): no test machine has that much free. */
const RESERVE = { UPLOAD_DISK_RESERVE_MB: String(1024 ** 3) };

describe('staged on the disk, an upload keeps the reserve', () => {
  const server = useTestServer(RESERVE, { storage: 'local' });

  test('an upload that would take the disk below the reserve is refused with 413 and the reason; nothing is kept', async () => {
    const account = await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher);
    const session = await sessionOf(server(), account);
    const answer = await createUpload(server(), session, '讲义.pdf', 100);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ code: 413, data: null, message: '服务器存储空间不足，暂时无法上传，请稍后再试或联系平台管理员' });
    expect(await server().runtime.db.selectFrom('mediaUploads').select('id').where('accountId', '=', account.id).execute()).toEqual([]);
    expect(await stagedFor(server(), `${DEMO.id}-${account.id}-`)).toEqual([]);
  });
});

describe('staged in the bucket, an upload takes nothing of the disk', () => {
  const server = useTestServer(RESERVE, { storage: 's3' });

  test('the same reserve refuses nothing; the upload is held and staged in the bucket', async () => {
    const account = await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher);
    const session = await sessionOf(server(), account);
    const answer = await createUpload(server(), session, '讲义.pdf', 100);
    expect(answer.status, answer.text).toBe(201);
    const id = uploadIdOf(answer.headers.get('location')!);
    expect((await server().runtime.db.selectFrom('mediaUploads').select('id').where('accountId', '=', account.id).execute()).map((r) => r.id)).toEqual([id]);
    expect(await stagedFor(server(), id)).toEqual([`${id}.info`]);
  });
});

describe('a creation the staging cannot make gives its room back', () => {
  const server = useTestServer({ MEDIA_OPEN_UPLOADS_PER_ACCOUNT: '1' }, { storage: 's3' });

  test('the bucket gone: the creation is 500 系统繁忙 and holds nothing; once it is back, the one allowed upload is accepted', async () => {
    const s3 = server().s3!;
    const account = await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher);
    const session = await sessionOf(server(), account);
    const openRows = () => server().runtime.db.selectFrom('mediaUploads').select('id').where('accountId', '=', account.id).execute();
    await s3.client.send(new DeleteBucketCommand({ Bucket: s3.bucket }));
    // The failure is the operator's to see: logged once, with what the staging said.
    const logged: string[] = [];
    consoleError.mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    const failed = await createUpload(server(), session, '讲义.pdf', 100);
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ code: 500, data: null, message: t('common.systemBusy') });
    expect(await openRows()).toEqual([]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('resumable upload failed');
    await s3.client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
    const accepted = await createUpload(server(), session, '讲义.pdf', 100);
    expect(accepted.status, accepted.text).toBe(201);
    expect((await openRows()).map((r) => r.id)).toEqual([uploadIdOf(accepted.headers.get('location')!)]);
  });
});
