import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
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

/**
 * Moves an unfinished upload's start `ms` into the past in its description (`<id>.json` on the
 * disk, `<id>.info` in the bucket, its S3 metadata kept): how a week passes for tus's expiry, which
 * reads the start from there against the system clock.
 */
export async function backdateStaged(server: TestServer, uploadId: string, ms: number): Promise<void> {
  const startedAt = (description: { creation_date?: string }) => ({ ...description, creation_date: new Date(Date.now() - ms).toISOString() });
  if (server.s3) {
    const Key = `${STAGING_DIR}/${uploadId}.info`;
    const info = await server.s3.client.send(new GetObjectCommand({ Bucket: server.s3.bucket, Key }));
    const body = JSON.stringify(startedAt(JSON.parse(await info.Body!.transformToString())));
    await server.s3.client.send(new PutObjectCommand({ Bucket: server.s3.bucket, Key, Body: body, Metadata: info.Metadata }));
    return;
  }
  const path = join(stagingDirectory(server.runtime.config.UPLOAD_DIR), `${uploadId}.json`);
  writeFileSync(path, JSON.stringify(startedAt(JSON.parse(readFileSync(path, 'utf8')))));
}
