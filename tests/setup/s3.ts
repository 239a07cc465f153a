import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { addMultipartListing } from './s3rver-multipart';
import { writeBeforeAnswering } from './s3rver-writes';

/**
 * A real S3-protocol server for tests (s3rver: the S3 HTTP API over files on disk), on loopback
 * and on a port of its own, with a bucket made for the caller. `env` is what a portal needs to
 * keep its files there (STORAGE_DRIVER=s3 and the S3_* variables). `stop` closes the server and
 * removes everything it stored.
 */

export const S3RVER_REGION = 'us-east-1';
/** s3rver checks signatures against this one fixed key pair. */
export const S3RVER_KEY = 'S3RVER';

export interface S3Server {
  endpoint: string;
  /** The bucket made for the caller. */
  bucket: string;
  /** The portal's environment for this bucket. */
  env: Record<string, string>;
  /** A client of the server (the harness's own: for looking into the bucket from a test). */
  client: S3Client;
  /** Makes another empty bucket and answers its name (a test that wants a bucket of its own). */
  newBucket(): Promise<string>;
  stop(): Promise<void>;
}

/** A bucket name no other test uses. */
export const uniqueBucket = () => `test-${randomBytes(6).toString('hex')}`;

export interface S3ServerOptions {
  /** The port to listen on (default: any free one). */
  port?: number;
  /** The first bucket's name (default: a fresh unique one). */
  bucket?: string;
}

export async function startS3Server(options: S3ServerOptions = {}): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const bucket = options.bucket ?? uniqueBucket();
  // The first bucket exists before the server listens: whoever sees the port open may use it.
  const server = new S3rver({ port: options.port ?? 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  // The multipart calls tus's S3 store makes that s3rver lacks (ListParts, AbortMultipartUpload, ListMultipartUploads).
  addMultipartListing(server);
  // An object is in its file before its PUT is answered, as S3 reads after a write.
  writeBeforeAnswering(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: S3RVER_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });
  const newBucket = async () => {
    const name = uniqueBucket();
    await client.send(new CreateBucketCommand({ Bucket: name }));
    return name;
  };
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: S3RVER_REGION,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    newBucket,
    async stop() {
      client.destroy();
      // Kept-alive connections (the portal's client) would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** An S3 server for the current test file (beforeAll), stopped afterwards; an accessor, as useTestServer's. */
export function useS3Server(): () => S3Server {
  let s3: S3Server | undefined;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
    s3 = undefined;
  });
  return () => {
    if (!s3) throw new Error('The S3 server is not running (use it inside tests or hooks).');
    return s3;
  };
}
