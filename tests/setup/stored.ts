import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { TestServer } from './server';
import { testTempDir } from './temp-dir';

/**
 * What a test server's file store holds, whichever driver keeps it: the keys of every stored file
 * (the local disk's files under UPLOAD_DIR, or the objects of the server's bucket), and a file's
 * bytes as a local file for tools that read paths (ffprobe).
 */

/** Where unfinished resumable uploads wait (inside UPLOAD_DIR, or under this prefix of the bucket): not stored files. */
const STAGING = '.media-uploads';

export async function storedKeys(server: TestServer): Promise<string[]> {
  if (server.s3) {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await server.s3.client.send(new ListObjectsV2Command({ Bucket: server.s3.bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key && !o.Key.startsWith(`${STAGING}/`)) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }
  const root = server.runtime.config.UPLOAD_DIR;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(root, join(d.parentPath, d.name)).split(sep).join('/'))
    .filter((key) => !key.startsWith(`${STAGING}/`))
    .sort();
}

/** The key of a /files/ address. */
export const keyOfUrl = (url: string) => url.slice('/files/'.length);

/** A stored file's bytes copied to a local file (for ffprobe), removed when the test ends; throws when the store has none. */
export async function localCopyOf(server: TestServer, key: string): Promise<string> {
  const bytes = await server.runtime.storage.read(key);
  if (!bytes) throw new Error(`nothing stored under ${key}`);
  const path = join(testTempDir('stored-copy-'), key.split('/').pop()!);
  writeFileSync(path, bytes);
  return path;
}
