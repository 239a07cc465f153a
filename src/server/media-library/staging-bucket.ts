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
import { S3Store as TusS3Store, type MetadataValue } from '@tus/s3-store';
import type { KvStore } from '@tus/server';
import { bucketClient, type S3StoreOptions } from '../storage/files.service';
import { OFFERED_EXTENSIONS, STAGING_DIR, STAGING_EXPIRY_MS, type UploadStaging } from './staging-store';

/**
 * The s3 driver's staging (decision 055), loaded only when STORAGE_DRIVER=s3 (staging-store.ts
 * uploadStagingOf): tus's S3 store in the portal's bucket.
 */

const NOT_FOUND_STATUS = 404;
const isS3NotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === NOT_FOUND_STATUS || ['NoSuchKey', 'NoSuchUpload', 'NotFound'].includes(error.name));

/** The names tus's S3 store gives an upload's objects beside its bytes (`<id>`): its description and a piece held back. */
const INFO_SUFFIX = '.info';
const PART_SUFFIX = '.part';

/** A call's input with the bucket left to the prefixed client (tus's store names it; the staging's own calls do not). */
type In<T> = Omit<T, 'Bucket'> & { Bucket?: string | undefined };

/**
 * The calls tus's S3 store makes, each with the staging prefix put in front of its keys and taken
 * off the keys it answers: the store then works in the prefix as if it were the whole bucket, and
 * every call goes through the process's one client (its connections kept alive). A call the store
 * does not make here is not offered (a newer store calling one fails loudly, not outside the prefix).
 */
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
export async function bucketStaging(options: S3StoreOptions): Promise<UploadStaging> {
  const client = await bucketClient(options);
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
    store: async () => store,
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
