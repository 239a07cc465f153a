import type { Config } from '../config';
import { s3Store } from './s3-store';
import { localDiskStore, type FileStore } from './storage';

/** The configured file store (STORAGE_DRIVER): made once per process, by the runtime or a command. */
export function fileStoreOf(config: Config): FileStore {
  return config.s3 ? s3Store(config.s3) : localDiskStore(config.UPLOAD_DIR);
}
