import { Readable } from 'node:stream';
import { MINUTE } from '~/lib/time/cst';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isFileKey } from './files.rules';
import type { FileStore } from './storage';

/**
 * The S3-compatible store (AWS S3, MinIO, Ceph, or a cloud vendor's S3 endpoint): each key is one
 * object in one private bucket, under an optional prefix (several portals or environments in one
 * bucket). Keys are made by the server and checked again here, as the local store does.
 *
 * Whole or nothing: a PutObject is atomic, and a streamed put is a multipart upload that becomes
 * an object only when it is completed; a failed one is aborted (lib-storage), so a reader never
 * sees part of a file under a key.
 */

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** The service's address for a store other than AWS (http(s)://host[:port]); AWS's own when absent. */
  endpoint?: string | undefined;
  /** Bucket in the path (http://host/bucket/key) instead of the host name: MinIO and most other stores need it. */
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put in front of every key ('' or ending with '/'). */
  prefix: string;
}

/** S3's smallest multipart part; a streamed put holds at most PARTS_IN_FLIGHT of them in memory. */
const PART_BYTES = 5 * 1024 * 1024;
/** Parts sent at once by one streamed put (memory per upload: PART_BYTES × this). */
const PARTS_IN_FLIGHT = 2;
const NOT_FOUND_STATUS = 404;
/** A connection attempt to the store that hangs is given up after this long (the request then fails, never hangs). */
const CONNECT_TIMEOUT_MS = 5_000;
/** A request the store stops answering mid-way is given up after this much silence. */
const SOCKET_TIMEOUT_MS = MINUTE;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === NOT_FOUND_STATUS || error.name === 'NoSuchKey' || error.name === 'NotFound');

/** Where an answer's bytes begin: its Content-Range's first byte, or 0 for a whole object. */
function answeredStart(contentRange: string | undefined): number {
  const m = contentRange ? /^bytes (\d+)-\d+\/(?:\d+|\*)$/.exec(contentRange) : null;
  return m ? Number(m[1]) : 0;
}

/** `length` bytes of `source` after the first `skip`; the rest of the source is not read. */
async function* slice(source: Readable, skip: number, length: number): AsyncGenerator<Buffer> {
  let toSkip = skip;
  let left = length;
  // Leaving the loop early destroys the source (the connection is not kept reading).
  for await (const chunk of source) {
    let piece = chunk as Buffer;
    if (toSkip >= piece.length) {
      toSkip -= piece.length;
      continue;
    }
    piece = piece.subarray(toSkip);
    toSkip = 0;
    if (piece.length >= left) {
      yield piece.subarray(0, left);
      return;
    }
    left -= piece.length;
    yield piece;
  }
}

/** The client of one store: made once per process (the runtime's), its connections kept alive between calls. */
export function s3Client(options: S3StoreOptions): S3Client {
  return new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where the protocol requires them: the newer default (CRC32 trailers on every
    // put) is refused by many S3-compatible stores; the content's SHA-256 is kept in the database.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: SOCKET_TIMEOUT_MS },
  });
}

export function s3Store(options: S3StoreOptions, client: S3Client = s3Client(options)): FileStore {
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
    return `${options.prefix}${key}`;
  };
  const chunks = (source: Readable | AsyncIterable<Uint8Array>) => (source instanceof Readable ? source : Readable.from(source, { objectMode: false }));
  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.byteLength }));
    },
    async read(key) {
      if (!isFileKey(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      // Deleting a missing object succeeds: nothing to do, as the local store's rm --force.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async putStream(key, source) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: chunks(source) },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async size(key) {
      if (!isFileKey(key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async readStream(key, range) {
      if (!isFileKey(key)) return null;
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        // In Node the body is the HTTP answer itself, a Readable: the bytes are never held whole.
        if (!(answer.Body instanceof Readable)) throw new Error(`the object store answered no stream for ${key}`);
        if (!range) return answer.Body;
        const answered = answeredStart(answer.ContentRange);
        if (answered === range.start && answer.ContentLength === range.end - range.start + 1) return answer.Body;
        // A store that ignored the range (or answered a longer one: some treat bytes=0-0 as the
        // whole object) is cut to the bytes asked for; one that began after them cannot be.
        if (answered > range.start) throw new Error(`the object store answered ${answer.ContentRange} for bytes=${range.start}-${range.end}`);
        return Readable.from(slice(answer.Body, range.start - answered, range.end - range.start + 1));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  };
}
