import type { Selectable } from 'kysely';
import type { UploadPurpose } from '~/lib/uploads';

/** A staff upload's purpose, or a media library file (its original, or a rendition the job made). */
export type StoredFilePurpose = UploadPurpose | 'media' | 'mediaRendition';

/** One uploaded file (migration 20261125T1600_stored_files); its bytes are in the file store under `key`. */
export interface StoredFileTable {
  id: string;
  tenantId: string;
  key: string;
  purpose: StoredFilePurpose;
  contentType: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** The uploader's file name, for display only. */
  name: string;
  /** The staff account that uploaded it. */
  uploadedBy: string;
  createdAt: number;
}

export type StoredFile = Selectable<StoredFileTable>;
