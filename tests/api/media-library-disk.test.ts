import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { MEDIA_UPLOAD_PATH } from '~/lib/media-library';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { stagingDirectory } from '~/server/media-library/staging';
import { DEMO, useTestServer } from '../setup/server';
import { asStaff, makeStaff, sessionOf } from '../setup/staff';

/**
 * The upload disk's reserve (decision 050): with a reserve larger than any disk's free space, every
 * new upload is refused at its creation with the reason, and nothing is staged or held for it.
 */

/** A reserve of a petabyte (in MB): no test machine has that much free. */
const server = useTestServer({ UPLOAD_DISK_RESERVE_MB: String(1024 ** 3) });

describe('the upload disk keeps its reserve', () => {
  test('an upload that would take the disk below the reserve is refused with 413 and the reason; nothing is kept', async () => {
    const account = await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher);
    const session = await sessionOf(server(), account);
    const answer = await server().fetch(MEDIA_UPLOAD_PATH, {
      method: 'POST',
      headers: {
        ...asStaff(session, DEMO.id).headers,
        TenantId: DEMO.id,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '100',
        'Upload-Metadata': `filename ${Buffer.from('讲义.pdf').toString('base64')}`,
      },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ code: 413, data: null, message: '服务器存储空间不足，暂时无法上传，请稍后再试或联系平台管理员' });
    expect(await server().runtime.db.selectFrom('mediaUploads').select('id').where('accountId', '=', account.id).execute()).toEqual([]);
    const staging = stagingDirectory(server().runtime.config.UPLOAD_DIR);
    const mine = existsSync(staging) ? readdirSync(staging).filter((f) => f.includes(account.id)) : [];
    expect(mine).toEqual([]);
  });
});
