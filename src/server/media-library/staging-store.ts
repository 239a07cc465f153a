import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore as TusFileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import type { Config } from '../config';
import { DAY } from '~/lib/time/cst';

/**
 * Where unfinished resumable uploads wait for their next piece (decision 055), made once per
 * process (the runtime's uploadStaging): with the local driver a directory under UPLOAD_DIR (tus's
 * file store: one machine, or a volume every instance shares); with the s3 driver the portal's
 * bucket under a staging prefix (tus's S3 store: any instance continues any upload). Either way a
 * name no file key can have.
 */

export const STAGING_DIR = '.media-uploads';
/** An unfinished upload is kept at most this long after it was started (tus's own expiry, told to the client as Upload-Expires). */
export const STAGING_EXPIRY_MS = 7 * DAY;

/** The tus extensions the endpoint offers (decision 050). */
export const OFFERED_EXTENSIONS = ['creation', 'creation-with-upload', 'termination', 'expiration'] as const;

/** Inclusive byte positions, as HTTP ranges. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface UploadStaging {
  /** tus's store of unfinished uploads (the bucket's is made at its first use: its SDK is loaded then). */
  store(): Promise<DataStore>;
  /** Where the staged bytes are: on this machine's upload disk (the disk's reserve counts them) or in the bucket. */
  readonly place: 'disk' | 'bucket';
  /** Makes what the store needs before a request uses it (awaited: a failure is the request's, not the process's). */
  ready(): Promise<void>;
  /** A finished upload's bytes (those of `range` when given), or null when nothing is staged under the id. */
  open(id: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes everything staged for an upload, finished or not; nothing when there is nothing. */
  discard(id: string): Promise<void>;
  /** Removes uploads started more than STAGING_EXPIRY_MS ago (by the system clock), finished or not; answers how many. */
  deleteExpired(): Promise<number>;
}

export function stagingDirectory(uploadDir: string): string {
  return join(uploadDir, STAGING_DIR);
}

/**
 * tus's file store makes its directory from its constructor, in a callback that throws: were the
 * volume gone (or removed while the call is pending), that is an uncaught exception ending the
 * process. Here the constructor makes nothing; `ready` makes the directory instead.
 */
class StagingFileStore extends TusFileStore {}
Object.defineProperty(StagingFileStore.prototype, 'checkOrCreateDirectory', { value: () => undefined });

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The local driver's staging: tus's file store in UPLOAD_DIR/.media-uploads (an upload's bytes in `<id>`, its description in `<id>.json`). */
export function diskStaging(uploadDir: string): UploadStaging {
  const directory = stagingDirectory(uploadDir);
  const store = new StagingFileStore({ directory, expirationPeriodInMilliseconds: STAGING_EXPIRY_MS });
  // What OPTIONS advertises is what the endpoint takes: no deferred length (the limits need the
  // length at creation) and no concatenation (the route refuses both with a 400 before tus sees them).
  store.extensions = OFFERED_EXTENSIONS.slice();
  return {
    store: async () => store,
    place: 'disk',
    async ready() {
      await mkdir(directory, { recursive: true });
    },
    async open(id, range) {
      const stream = createReadStream(join(directory, id), range ? { start: range.start, end: range.end } : {});
      // Opened before it is handed on: a missing file is null, not a stream that fails later.
      return new Promise((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (error) => (isMissing(error) ? resolve(null) : reject(error)));
      });
    },
    async discard(id) {
      await rm(join(directory, id), { force: true });
      await rm(join(directory, `${id}.json`), { force: true });
    },
    async deleteExpired() {
      try {
        return await store.deleteExpired();
      } catch (error) {
        // No staging directory yet: nothing was ever staged.
        if (isMissing(error)) return 0;
        throw error;
      }
    },
  };
}

/**
 * The configured staging (STORAGE_DRIVER), made once per process by the runtime. The bucket's is
 * loaded at its first use, as the S3 file store is: a portal on the local disk never loads the SDK.
 */
export function uploadStagingOf(config: Config): UploadStaging {
  const s3 = config.s3;
  if (!s3) return diskStaging(config.UPLOAD_DIR);
  let made: Promise<UploadStaging> | undefined;
  const staging = () => {
    made ??= import('./staging-bucket').then((m) => m.bucketStaging(s3));
    return made;
  };
  return {
    place: 'bucket',
    store: async () => (await staging()).store(),
    ready: async () => (await staging()).ready(),
    open: async (id, range) => (await staging()).open(id, range),
    discard: async (id) => (await staging()).discard(id),
    deleteExpired: async () => (await staging()).deleteExpired(),
  };
}
