import type { Config } from '../config';
import type { S3StoreOptions } from './s3-store';
import { localDiskStore, type FileStore } from './storage';

/** The configured file store (STORAGE_DRIVER): made once per process, by the runtime or a command. */
export function fileStoreOf(config: Config): FileStore {
  return config.s3 ? lazyS3Store(config.s3) : localDiskStore(config.UPLOAD_DIR);
}

/**
 * The S3 store, its SDK loaded at the first call: the client takes a moment to load, which a
 * portal on the local disk (and every command that stores no file) never pays. The store is made
 * once and kept by the object returned (the runtime's).
 */
function lazyS3Store(options: S3StoreOptions): FileStore {
  let made: Promise<FileStore> | undefined;
  const store = () => {
    made ??= import('./s3-store').then((m) => m.s3Store(options));
    return made;
  };
  return {
    put: async (key, bytes) => (await store()).put(key, bytes),
    read: async (key) => (await store()).read(key),
    remove: async (key) => (await store()).remove(key),
    putStream: async (key, source) => (await store()).putStream(key, source),
    size: async (key) => (await store()).size(key),
    readStream: async (key, range) => (await store()).readStream(key, range),
  };
}
