import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { isFileKey } from './files.rules';

/**
 * Where uploaded files are kept: one interface, so a cloud bucket can take the local disk's place
 * without any caller changing. Keys are made by the server (files.rules.ts fileKey) and checked
 * again here, so no key can leave the store's root.
 */
export interface FileStore {
  /** Stores the bytes under the key, whole or not at all. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under the key, or null when there are none. */
  read(key: string): Promise<Buffer | null>;
  /** Removes the key's bytes (nothing when there are none). */
  remove(key: string): Promise<void>;
  /** Stores a stream's bytes under the key, whole or not at all (large files: videos never sit in memory). */
  putStream(key: string, source: Readable | AsyncIterable<Uint8Array>): Promise<void>;
  /** The size in bytes under the key, or null when there are none. */
  size(key: string): Promise<number | null>;
  /** The bytes from start to end (inclusive; the whole file when no range), or null when there are none. */
  readStream(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
}

/**
 * The local-disk store: files under `root` (UPLOAD_DIR). With several instances, `root` is a
 * volume they share (deploy/compose.yaml). A file is written beside its place and renamed into it,
 * so a reader never sees half a file and a crash leaves no partial file under a key.
 */
export function localDiskStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
    const path = join(base, ...key.split('/'));
    if (!path.startsWith(base + sep)) throw new Error(`not a file key: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.part`;
      try {
        await writeFile(partial, bytes, { flag: 'wx' });
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async read(key) {
      if (!isFileKey(key)) return null;
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async putStream(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.part`;
      const out = createWriteStream(partial, { flags: 'wx' });
      try {
        await pipeline(source, out);
        await rename(partial, path);
      } catch (error) {
        // A source that fails at once can fail before the file is even opened: the file is made
        // after the failure, so it is removed only once the stream has closed.
        if (!out.closed) await new Promise((done) => out.once('close', done));
        await rm(partial, { force: true });
        throw error;
      }
    },
    async size(key) {
      if (!isFileKey(key)) return null;
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async readStream(key, range) {
      if ((await this.size(key)) === null) return null;
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },
  };
}
