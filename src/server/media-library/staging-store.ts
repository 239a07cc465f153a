import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3ServiceException,
  UploadPartCommand,
  type AbortMultipartUploadCommandInput,
  type CompleteMultipartUploadCommandInput,
  type CreateMultipartUploadCommandInput,
  type DeleteObjectCommandInput,
  type DeleteObjectsCommandInput,
  type GetObjectCommandInput,
  type HeadObjectCommandInput,
  type ListMultipartUploadsCommandInput,
  type ListPartsCommandInput,
  type PutObjectCommandInput,
  type S3,
  type S3Client,
  type UploadPartCommandInput,
} from '@aws-sdk/client-s3';
import { FileStore as TusFileStore } from '@tus/file-store';
import { S3Store as TusS3Store, type MetadataValue } from '@tus/s3-store';
import type { DataStore, KvStore } from '@tus/server';
import { s3Client, type S3StoreOptions } from '../storage/s3-store';

/**
 * Where unfinished resumable uploads wait for their next piece (decision 055), made once per
 * process (the runtime's uploadStaging): with the local driver a directory under UPLOAD_DIR (tus's
 * file store: one machine, or a volume every instance shares); with the s3 driver the portal's
 * bucket under a staging prefix (tus's S3 store: any instance continues any upload). Either way a
 * name no file key can have.
 */

export const STAGING_DIR = '.media-uploads';
const HOUR_MS = 3_600_000;
/** An unfinished upload is kept at most this long after it was started (tus's own expiry, told to the client as Upload-Expires). */
export const STAGING_EXPIRY_MS = 7 * 24 * HOUR_MS;

/** The tus extensions the endpoint offers (decision 050). */
export const OFFERED_EXTENSIONS = ['creation', 'creation-with-upload', 'termination', 'expiration'] as const;

/** Inclusive byte positions, as HTTP ranges. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface UploadStaging {
  /** tus's store of unfinished uploads. */
  readonly store: DataStore;
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
    store,
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

// --- The s3 driver: tus's S3 store in the portal's bucket -------------------------------------------

const NOT_FOUND_STATUS = 404;
const isS3NotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === NOT_FOUND_STATUS || ['NoSuchKey', 'NoSuchUpload', 'NotFound'].includes(error.name));

/** The names tus's S3 store gives an upload's objects beside its bytes (`<id>`): its description and a piece held back. */
const INFO_SUFFIX = '.info';
const PART_SUFFIX = '.part';

/**
 * The calls tus's S3 store makes, each with the staging prefix put in front of its keys and taken
 * off the keys it answers: the store then works in the prefix as if it were the whole bucket, and
 * every call goes through the process's one client (its connections kept alive). A call the store
 * does not make here is not offered (a newer store calling one fails loudly, not outside the prefix).
 */
/** A call's input with the bucket left to the prefixed client (tus's store names it; the staging's own calls do not). */
type In<T> = Omit<T, 'Bucket'> & { Bucket?: string | undefined };

function prefixedCalls(client: S3Client, bucket: string, prefix: string) {
  const key = (k: string | undefined) => `${prefix}${k ?? ''}`;
  const unprefixed = (k: string | undefined) => (k?.startsWith(prefix) ? k.slice(prefix.length) : k);
  const at = <T extends { Key?: string | undefined }>(input: T) => ({ ...input, Bucket: bucket, Key: key(input.Key) });
  return {
    putObject: (input: In<PutObjectCommandInput>) => client.send(new PutObjectCommand(at(input))),
    getObject: (input: In<GetObjectCommandInput>) => client.send(new GetObjectCommand(at(input))),
    headObject: (input: In<HeadObjectCommandInput>) => client.send(new HeadObjectCommand(at(input))),
    deleteObject: (input: In<DeleteObjectCommandInput>) => client.send(new DeleteObjectCommand(at(input))),
    deleteObjects: (input: In<DeleteObjectsCommandInput>) =>
      client.send(
        new DeleteObjectsCommand({
          ...input,
          Bucket: bucket,
          Delete: { ...input.Delete, Objects: (input.Delete?.Objects ?? []).map((o) => ({ ...o, Key: key(o.Key) })) },
        }),
      ),
    uploadPart: (input: In<UploadPartCommandInput>) => client.send(new UploadPartCommand(at(input))),
    listParts: (input: In<ListPartsCommandInput>) => client.send(new ListPartsCommand(at(input))),
    completeMultipartUpload: (input: In<CompleteMultipartUploadCommandInput>) => client.send(new CompleteMultipartUploadCommand(at(input))),
    abortMultipartUpload: (input: In<AbortMultipartUploadCommandInput>) => client.send(new AbortMultipartUploadCommand(at(input))),
    createMultipartUpload: async (input: In<CreateMultipartUploadCommandInput>) => {
      const made = await client.send(new CreateMultipartUploadCommand(at(input)));
      return { ...made, Key: unprefixed(made.Key) };
    },
    listMultipartUploads: async (input: In<ListMultipartUploadsCommandInput>) => {
      const page = await client.send(
        new ListMultipartUploadsCommand({
          ...input,
          Bucket: bucket,
          Prefix: key(input.Prefix),
          ...(input.KeyMarker === undefined ? {} : { KeyMarker: key(input.KeyMarker) }),
        }),
      );
      return { ...page, NextKeyMarker: unprefixed(page.NextKeyMarker), Uploads: page.Uploads?.map((u) => ({ ...u, Key: unprefixed(u.Key) })) };
    },
  };
}

/**
 * tus's S3 store keeps each upload's description in a cache of its own, in process memory. With
 * several instances another one may have finished or removed the upload meanwhile, and entries of
 * uploads finished elsewhere would never leave: nothing is kept, so every request reads the
 * description from the bucket (one small GET beside a piece of up to 8 MiB).
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

/** tus's S3 store with its calls made through the prefixed client. */
class StagingS3Store extends TusS3Store {
  constructor(options: ConstructorParameters<typeof TusS3Store>[0], calls: ReturnType<typeof prefixedCalls>) {
    super(options);
    this.client = calls as unknown as S3;
  }
}

/** The staging prefix in the bucket: under the portal's own prefix, a name no file key can have. */
export const bucketStagingPrefix = (portalPrefix: string) => `${portalPrefix}${STAGING_DIR}/`;

/**
 * The s3 driver's staging: tus's S3 store under `<S3_PREFIX>.media-uploads/` of the portal's bucket.
 * An upload is a multipart upload of the object `<id>` (each piece of at least 5 MiB a part; a shorter
 * one is held back as the object `<id>.part` until the next piece), described by `<id>.info`; the
 * last piece completes it into the object `<id>`. While a piece is sent on, tus's store keeps it in a
 * file of the system's temporary directory (at most a part's size per request).
 */
export function bucketStaging(options: S3StoreOptions, client: S3Client = s3Client(options)): UploadStaging {
  const prefix = bucketStagingPrefix(options.prefix);
  const calls = prefixedCalls(client, options.bucket, prefix);
  const store = new StagingS3Store(
    {
      s3ClientConfig: { bucket: options.bucket, region: options.region },
      expirationPeriodInMilliseconds: STAGING_EXPIRY_MS,
      // The sweep removes what expires; no bucket lifecycle rule (and no tagging permission) is needed.
      useTags: false,
      cache: noCache,
    },
    calls,
  );
  store.extensions = OFFERED_EXTENSIONS.slice();
  const ignoreMissing = (error: unknown) => {
    if (!isS3NotFound(error)) throw error;
  };
  async function discard(id: string): Promise<void> {
    // An unfinished upload's parts go with its multipart upload (named in its description).
    const info = await calls.headObject({ Key: `${id}${INFO_SUFFIX}` }).catch((error: unknown) => ignoreMissing(error));
    const uploadId = info?.Metadata?.['upload-id'];
    if (uploadId) await calls.abortMultipartUpload({ Key: id, UploadId: uploadId }).catch(ignoreMissing);
    await Promise.all([id, `${id}${INFO_SUFFIX}`, `${id}${PART_SUFFIX}`].map((k) => calls.deleteObject({ Key: k })));
  }
  /** When an upload was started, from its description; null when it has none that says so. */
  async function startedAt(infoKey: string): Promise<number | null> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: infoKey }));
      const started = Date.parse((JSON.parse((await answer.Body?.transformToString()) ?? '{}') as { creation_date?: string }).creation_date ?? '');
      return Number.isNaN(started) ? null : started;
    } catch (error) {
      ignoreMissing(error);
      return null;
    }
  }
  return {
    store,
    place: 'bucket',
    async ready() {},
    async open(id, range) {
      try {
        const answer = await calls.getObject({ Key: id, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) });
        if (!(answer.Body instanceof Readable)) throw new Error(`the object store answered no stream for the staged upload ${id}`);
        return answer.Body;
      } catch (error) {
        ignoreMissing(error);
        return null;
      }
    },
    discard,
    async deleteExpired() {
      // Every upload the bucket describes, finished or not (a finished one whose removal failed too), by its start.
      const expiredBefore = Date.now() - STAGING_EXPIRY_MS;
      let removed = 0;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: options.bucket, Prefix: prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (!object.Key?.endsWith(INFO_SUFFIX)) continue;
          const started = await startedAt(object.Key);
          if (started === null || started >= expiredBefore) continue;
          await discard(object.Key.slice(prefix.length, -INFO_SUFFIX.length));
          removed++;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      // Multipart uploads begun without a description (a process that died between the two) by tus's own expiry.
      return removed + (await store.deleteExpired());
    },
  };
}
