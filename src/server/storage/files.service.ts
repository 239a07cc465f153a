import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { DB } from '../db/database';
import { t } from '~/server/i18n';
import { ErrorCode } from '~/lib/envelope';
import { FILES_PATH, UPLOAD_IMAGE_MAX_BYTES, type UploadPurpose } from '~/lib/uploads';
import type { UploadedFile } from '~/lib/api/contracts/staff';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { Scope } from '../http/scope';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditStaffAction } from '../staff/audit/audit.service';
import { displayName, fileKey, isFileKey, sniffImage } from './files.rules';
import * as repo from './files.repository';
import type { StoredFilePurpose } from './files.table';
import type { S3StoreOptions } from './s3-store';
import type { S3Client } from '@aws-sdk/client-s3';

export type { S3StoreOptions } from './s3-store';

/**
 * Uploaded files: checked by their content (a picture of an accepted type, within the size limit),
 * stored under a key the server makes, recorded with who uploaded them (and audited), and served
 * only on their own school's host.
 */

export interface Upload {
  name: string;
  bytes: Uint8Array;
  purpose: UploadPurpose;
}

const MIB = 1024 * 1024;

/** The address a stored file is served at on its school's site. */
export const urlOf = (key: string) => `${FILES_PATH}${key}`;

export async function storeUpload(s: Scope, actor: StaffActor, upload: Upload): Promise<UploadedFile> {
  if (upload.bytes.byteLength === 0) throw AppError.badRequest(t('staff.upload.empty'));
  if (upload.bytes.byteLength > UPLOAD_IMAGE_MAX_BYTES) {
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, t('staff.upload.tooLarge', { max: UPLOAD_IMAGE_MAX_BYTES / MIB }), 413);
  }
  const sniffed = sniffImage(upload.bytes);
  if (!sniffed) throw AppError.badRequest(t('staff.upload.notImage'));
  const id = newId(s.now);
  const key = fileKey(actor.tenant.id, id, sniffed.extension, new Date(s.now));
  const name = displayName(upload.name);
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  // Bytes first: a row never names bytes that are not there (bytes without a row are never served).
  await s.storage.put(key, upload.bytes);
  await s.db.transaction().execute(async (trx) => {
    await repo.insertFile(trx, {
      id,
      tenantId: actor.tenant.id,
      key,
      purpose: upload.purpose,
      contentType: sniffed.contentType,
      size: upload.bytes.byteLength,
      sha256,
      name,
      uploadedBy: actor.account.id,
      createdAt: s.now,
    });
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.fileUpload, { type: AUDIT_TARGET.file, id }, null, {
      name,
      purpose: upload.purpose,
      contentType: sniffed.contentType,
      size: upload.bytes.byteLength,
    });
  });
  return { id, url: urlOf(key), name, contentType: sniffed.contentType, size: upload.bytes.byteLength };
}

export interface ServedFile {
  size: number;
  contentType: string;
  sha256: string;
  /** The file's bytes, or the inclusive range of them asked for. */
  open(range?: { start: number; end: number }): Promise<Readable | null>;
}

/**
 * A file of the request's school by its key, or null (another school's file is not found either).
 * Its size and type are the record's: the bytes under a key never change, so the store is asked
 * only for the bytes themselves (a bucket is not asked twice per request).
 */
export async function openFile(s: Scope, key: string): Promise<ServedFile | null> {
  if (!isFileKey(key)) return null;
  const tenant = await s.tenant();
  const row = await repo.findByKey(s.db, tenant.id, key);
  if (!row) return null;
  return {
    size: row.size,
    contentType: row.contentType,
    sha256: row.sha256,
    async open(range) {
      const stream = await s.storage.readStream(key, range);
      // A record whose bytes are not in the store: an instance with files of its own that the others
      // do not have (a local UPLOAD_DIR that is not shared), or bytes removed by hand.
      if (!stream) s.logger.warn('stored file not found in the file store', { key, driver: s.config.STORAGE_DRIVER });
      return stream;
    },
  };
}

/** A file another domain stores (the media library's originals and renditions), recorded so /files serves it. */
export interface RecordedFile {
  id: string;
  tenantId: string;
  key: string;
  purpose: StoredFilePurpose;
  contentType: string;
  name: string;
  uploadedBy: string;
}

/**
 * Stores a file from a local path under its key (streamed, whole or not at all) and answers its
 * size and SHA-256; the row is written by recordStoredFile, in the caller's transaction.
 */
export function putLocalFile(s: Scope, key: string, path: string): Promise<{ size: number; sha256: string }> {
  return putStreamedFile(s, key, createReadStream(path));
}

/** Stores a stream's bytes under its key (whole or not at all) and answers their size and SHA-256, as putLocalFile. */
export async function putStreamedFile(s: Scope, key: string, source: AsyncIterable<Uint8Array>): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  // Hashed and counted as the store takes each piece (a listener beside the store's would miss the first ones).
  async function* counted() {
    for await (const chunk of source) {
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
  }
  await s.storage.putStream(key, counted());
  return { size, sha256: hash.digest('hex') };
}

/** The row that lets /files serve a stored key (in the caller's transaction). */
export async function recordStoredFile(db: DB, file: RecordedFile, stored: { size: number; sha256: string }, now: number): Promise<void> {
  await repo.insertFile(db, { ...file, size: stored.size, sha256: stored.sha256, createdAt: now });
}

/** Forgets a stored key and removes its bytes (the bytes go after the row: a row never names missing bytes for long). */
/** The bytes the school's stored files take (its upload quota counts them), on `db`: the caller's transaction if any. */
export function schoolStoredBytes(db: DB, tenantId: string): Promise<number> {
  return repo.storedBytes(db, tenantId);
}

export async function removeStoredFile(s: Scope, tenantId: string, key: string): Promise<void> {
  await repo.deleteByKey(s.db, tenantId, key);
  await s.storage.remove(key);
}

/**
 * The S3 client of a bucket, with the file store's settings (timeouts, checksums): for another
 * domain that keeps its own objects in the portal's bucket (the media library's staging of
 * resumable uploads). The SDK is loaded at the first call, as the S3 file store's.
 */
export async function bucketClient(options: S3StoreOptions): Promise<S3Client> {
  return (await import('./s3-store')).s3Client(options);
}

// The file rules other domains use (a picture's type, a key, a display name), through this service.
export { cleanDisplayName, displayName, fileKey, sniffImage } from './files.rules';
