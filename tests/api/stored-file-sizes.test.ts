import { expect, test } from 'vitest';
import * as files from '~/server/storage/files.repository';
import { DEMO, NOW, useTestServer } from '../setup/server';

/**
 * A stored file's record holds sizes past 2 GiB (a video original may be up to the media library's
 * 2 GiB, and bigger on a school with a larger limit): PostgreSQL's `integer` would refuse the row.
 */
const server = useTestServer();

test('a file record of more than 2 GiB is stored and read back with its exact size', async () => {
  const size = 2 ** 31 + 12_345;
  const key = `${DEMO.id}/media/size-test-${Date.now()}.mp4`;
  await files.insertFile(server().runtime.db, {
    id: `sz${Date.now()}`.slice(0, 32),
    tenantId: DEMO.id,
    key,
    purpose: 'media',
    contentType: 'video/mp4',
    size,
    sha256: '0'.repeat(64),
    name: 'big.mp4',
    uploadedBy: 'test',
    createdAt: NOW,
  });
  const row = await files.findByKey(server().runtime.db, DEMO.id, key);
  expect(row?.size).toBe(size);
});
