import { existsSync, readdirSync } from 'node:fs';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { STAGING_DIR, stagingDirectory } from '~/server/media-library/staging-store';
import type { TestServer } from './server';

/**
 * What a test server has staged for a resumable upload, whichever driver keeps it: the files of
 * the staging directory under its UPLOAD_DIR (`<id>`, `<id>.json`), or the objects under the
 * staging prefix of its bucket (`<id>`, `<id>.info`, `<id>.part`), as names relative to the staging.
 */
export async function stagedFor(server: TestServer, uploadId: string): Promise<string[]> {
  if (server.s3) {
    const prefix = `${STAGING_DIR}/`;
    const page = await server.s3.client.send(new ListObjectsV2Command({ Bucket: server.s3.bucket, Prefix: `${prefix}${uploadId}` }));
    return (page.Contents ?? []).map((o) => o.Key!.slice(prefix.length)).sort();
  }
  const dir = stagingDirectory(server.runtime.config.UPLOAD_DIR);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.startsWith(uploadId))
        .sort()
    : [];
}
