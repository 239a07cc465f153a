import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type S3rver from 's3rver';

/**
 * s3rver 3.7.1 answers a PUT (and a multipart upload's completion) once the bytes have passed its hashing stream, not
 * once the file it keeps them in has them: its store resolves on the hashing stream's 'finish'. A GET right after could
 * see a shorter object, which S3 never shows (it reads after a write as written): a range near the end of a file just
 * uploaded was refused as unsatisfiable (InvalidRange), now and then, under load. This writes an object to its file
 * before the answer, as S3 does, and keeps the rest of the store's behaviour: the object's file, its MD5 and its
 * metadata, in that order.
 */

interface S3rverObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: Record<string, string>;
}
interface S3rverStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
}

/** The object's bytes are in its file, whole, when its PUT is answered. */
export function writeBeforeAnswering(server: S3rver): void {
  const store = (server as unknown as { store: S3rverStore }).store;
  store.putObject = async (object) => {
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(file), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    if (Buffer.isBuffer(object.content)) {
      await writeFile(file, object.content);
      md5.update(object.content);
      size = object.content.length;
    } else {
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          md5.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      // Resolves once the file's stream has finished: every byte written to the file.
      await pipeline(object.content, counted, createWriteStream(file));
    }
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}
