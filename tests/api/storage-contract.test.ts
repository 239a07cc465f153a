import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, test } from 'vitest';
import { localDiskStore, type FileStore } from '~/server/storage/storage';
import { s3Store } from '~/server/storage/s3-store';
import { ON_POSTGRES, STORAGE_DRIVERS, type StorageDriver } from '../setup/server';
import { S3RVER_KEY, S3RVER_REGION, useS3Server } from '../setup/s3';

/**
 * The file store's contract, the same for every driver: what is put is read back whole, in
 * ranges and by size; a put (plain or streamed) is whole or nothing; removing is idempotent; keys
 * are the server's own shape, and nothing else is stored or found.
 */

const s3 = useS3Server();
const MIB = 1024 * 1024;
/** More than two of S3's 5 MiB multipart parts: a streamed put of this size is a real multipart upload. */
const MULTIPART_BYTES = 12 * MIB;

const localRoots: string[] = [];
afterAll(() => {
  for (const root of localRoots) rmSync(root, { recursive: true, force: true });
});

/** A store of its own for one test: a fresh directory, or a fresh prefix in the shared bucket. */
function freshStore(driver: StorageDriver, prefix = `t${randomBytes(4).toString('hex')}/`): FileStore {
  if (driver === 'local') {
    const root = mkdtempSync(join(tmpdir(), 'store-contract-'));
    localRoots.push(root);
    return localDiskStore(root);
  }
  return s3Store({
    bucket: s3().bucket,
    region: S3RVER_REGION,
    endpoint: s3().endpoint,
    forcePathStyle: true,
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    prefix,
  });
}

let sequence = 0;
const newKey = (extension = 'png') => `school-${randomBytes(3).toString('hex')}/202611/f${++sequence}-${randomBytes(4).toString('hex')}.${extension}`;

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `total` bytes in chunks of `chunk` (deterministic content, so the sum can be checked). */
async function* chunked(total: number, chunk: number, failAfter: number | null = null): AsyncGenerator<Uint8Array> {
  for (let sent = 0; sent < total; sent += chunk) {
    if (failAfter !== null && sent >= failAfter) throw new Error('the source broke off');
    const size = Math.min(chunk, total - sent);
    yield Buffer.alloc(size, (sent / chunk) % 251);
  }
}

function expected(total: number, chunk: number): Buffer {
  return Buffer.concat([...Array(Math.ceil(total / chunk)).keys()].map((i) => Buffer.alloc(Math.min(chunk, total - i * chunk), i % 251)));
}

// The stores without a database: once, in the SQLite run.
describe.skipIf(ON_POSTGRES).each(STORAGE_DRIVERS)('the %s file store', (driver) => {
  test('what is put is read back, with its size; a key never put is not there', async () => {
    const store = freshStore(driver);
    const key = newKey();
    const bytes = randomBytes(1000);
    await store.put(key, bytes);
    expect(await store.read(key)).toEqual(bytes);
    expect(await store.size(key)).toBe(1000);
    expect(await bytesOf(await store.readStream(key))).toEqual(bytes);

    const missing = newKey();
    expect(await store.read(missing)).toBeNull();
    expect(await store.size(missing)).toBeNull();
    expect(await store.readStream(missing)).toBeNull();
  });

  test('an empty file is a file of size 0', async () => {
    const store = freshStore(driver);
    const key = newKey('pdf');
    await store.put(key, new Uint8Array(0));
    expect(await store.size(key)).toBe(0);
    expect(await store.read(key)).toEqual(Buffer.alloc(0));
  });

  test('a second put under a key replaces the bytes whole', async () => {
    const store = freshStore(driver);
    const key = newKey();
    await store.put(key, Buffer.alloc(2000, 1));
    await store.put(key, Buffer.alloc(10, 2));
    expect(await store.read(key)).toEqual(Buffer.alloc(10, 2));
    expect(await store.size(key)).toBe(10);
  });

  test('a removed key is gone; removing a key that is not there does nothing', async () => {
    const store = freshStore(driver);
    const key = newKey();
    const other = newKey();
    await store.put(key, Buffer.from('a'));
    await store.put(other, Buffer.from('b'));
    await store.remove(key);
    expect(await store.read(key)).toBeNull();
    expect(await store.size(key)).toBeNull();
    expect(await store.read(other)).toEqual(Buffer.from('b'));
    await expect(store.remove(key)).resolves.toBeUndefined();
    await expect(store.remove(newKey())).resolves.toBeUndefined();
  });

  test('a ranged read answers exactly the inclusive range asked for', async () => {
    const store = freshStore(driver);
    const key = newKey('mp4');
    const bytes = randomBytes(4096);
    await store.put(key, bytes);
    expect(await bytesOf(await store.readStream(key, { start: 0, end: 0 }))).toEqual(bytes.subarray(0, 1));
    expect(await bytesOf(await store.readStream(key, { start: 100, end: 1099 }))).toEqual(bytes.subarray(100, 1100));
    expect(await bytesOf(await store.readStream(key, { start: 4095, end: 4095 }))).toEqual(bytes.subarray(4095));
    expect(await bytesOf(await store.readStream(key, { start: 1000, end: 4095 }))).toEqual(bytes.subarray(1000));
    expect(await bytesOf(await store.readStream(key, { start: 0, end: 4095 }))).toEqual(bytes);
  });

  test('a streamed put of many parts stores every byte in order', async () => {
    const store = freshStore(driver);
    const key = newKey('mp4');
    const chunk = 256 * 1024 + 7;
    await store.putStream(key, chunked(MULTIPART_BYTES, chunk));
    expect(await store.size(key)).toBe(MULTIPART_BYTES);
    const back = await bytesOf(await store.readStream(key));
    expect(sha(back ?? Buffer.alloc(0))).toBe(sha(expected(MULTIPART_BYTES, chunk)));
    const middle = 6 * MIB;
    expect(await bytesOf(await store.readStream(key, { start: middle, end: middle + 9 }))).toEqual(
      expected(MULTIPART_BYTES, chunk).subarray(middle, middle + 10),
    );
  });

  test('a small streamed put (one part) is stored too', async () => {
    const store = freshStore(driver);
    const key = newKey('mp3');
    await store.putStream(key, chunked(3000, 1000));
    expect(await store.read(key)).toEqual(expected(3000, 1000));
  });

  test.each([
    ['within the first part', 64 * 1024],
    ['after two whole parts', 11 * MIB],
  ])('a streamed put whose source fails %s leaves nothing under a new key and the old bytes under a used one', async (_, failAfter) => {
    const store = freshStore(driver);
    const chunk = 1024 * 1024;
    const fresh = newKey('mp4');
    await expect(store.putStream(fresh, chunked(MULTIPART_BYTES, chunk, failAfter))).rejects.toThrow();
    expect(await store.size(fresh)).toBeNull();
    expect(await store.read(fresh)).toBeNull();

    const used = newKey('mp4');
    await store.put(used, Buffer.from('the earlier bytes'));
    await expect(store.putStream(used, chunked(MULTIPART_BYTES, chunk, failAfter))).rejects.toThrow();
    expect(await store.read(used)).toEqual(Buffer.from('the earlier bytes'));
  });

  test.each([
    '../escape.png',
    'school/202611/../../escape.png',
    'school/202611/name.exe',
    '/school/202611/abs.png',
    'school/2026/short-month.png',
    'school/202611/sub/deeper.png',
    '',
  ])("a key not of the server's shape (%j) is neither stored nor found", async (bad) => {
    const store = freshStore(driver);
    await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow(/not a file key/);
    await expect(store.putStream(bad, chunked(10, 10))).rejects.toThrow(/not a file key/);
    await expect(store.remove(bad)).rejects.toThrow(/not a file key/);
    expect(await store.read(bad)).toBeNull();
    expect(await store.size(bad)).toBeNull();
    expect(await store.readStream(bad)).toBeNull();
  });
});

describe.skipIf(ON_POSTGRES)('the local-disk store', () => {
  test('keeps no partial file beside a key after a failed streamed put', async () => {
    const root = mkdtempSync(join(tmpdir(), 'store-contract-'));
    localRoots.push(root);
    const store = localDiskStore(root);
    const key = 'school-a/202611/broken.mp4';
    await expect(store.putStream(key, chunked(MIB, 1024, 4096))).rejects.toThrow();
    expect(readdirSync(join(root, 'school-a', '202611'))).toEqual([]);
    expect(existsSync(join(root, ...key.split('/')))).toBe(false);
  });
});

describe.skipIf(ON_POSTGRES)('the S3 store', () => {
  const keysIn = async (bucket: string) => ((await s3().client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key).sort();

  test('keeps each key under its prefix, and stores with different prefixes share a bucket without seeing each other', async () => {
    const bucket = await s3().newBucket();
    const options = { bucket, region: S3RVER_REGION, endpoint: s3().endpoint, forcePathStyle: true, accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY };
    const staging = s3Store({ ...options, prefix: 'staging/' });
    const production = s3Store({ ...options, prefix: 'portal/production/' });
    const bare = s3Store({ ...options, prefix: '' });
    const key = 'school-a/202611/logo.png';
    await staging.put(key, Buffer.from('staging'));
    await production.putStream(key, chunked(10, 5));
    expect(await keysIn(bucket)).toEqual([`portal/production/${key}`, `staging/${key}`]);
    expect(await staging.read(key)).toEqual(Buffer.from('staging'));
    expect(await production.size(key)).toBe(10);
    expect(await bare.read(key)).toBeNull();
    await staging.remove(key);
    expect(await keysIn(bucket)).toEqual([`portal/production/${key}`]);
  });

  test('a failed multipart put leaves no object in the bucket', async () => {
    const bucket = await s3().newBucket();
    const store = s3Store({
      bucket,
      region: S3RVER_REGION,
      endpoint: s3().endpoint,
      forcePathStyle: true,
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
      prefix: '',
    });
    await expect(store.putStream('school-a/202611/broken.mp4', chunked(MULTIPART_BYTES, MIB, 11 * MIB))).rejects.toThrow();
    expect(await keysIn(bucket)).toEqual([]);
  });
});
