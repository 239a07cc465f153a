import type { Selectable } from 'kysely';
import type { MediaKind, MediaState } from '~/lib/media-library';

/** One file of a school's media library (migration 20261125T1730_media_assets). */
export interface MediaAssetTable {
  id: string;
  tenantId: string;
  /** The resumable upload it came from: unique, so completing an upload twice makes one asset. */
  uploadId: string;
  kind: MediaKind;
  /** The uploader's file name, or the name staff gave it; for display only. */
  name: string;
  /** The original file's key in the file store. */
  originalKey: string;
  size: number;
  /** The type read from the file's first bytes. */
  contentType: string;
  /** Read from the file by ffprobe (audio, video); never typed by hand. */
  durationMs: number | null;
  width: number | null;
  height: number | null;
  state: MediaState;
  /** JSON: Rendition[] (media-library.rules.ts). */
  renditions: string;
  /** 0–100 while the job runs. */
  progress: number;
  error: string | null;
  uploadedBy: string;
  createdAt: number;
  updatedAt: number;
}

export type MediaAsset = Selectable<MediaAssetTable>;

/**
 * An unfinished resumable upload (migration 20261128T1930_media_uploads): its declared bytes count
 * against the school's quota, the uploader's limits and the disk's reserve until it is completed,
 * cancelled or swept (a day without progress).
 */
export interface MediaUploadTable {
  /** The tus upload id (`<school>-<account>-<32 hex>`). */
  id: string;
  tenantId: string;
  accountId: string;
  /** Upload-Length: nobody writes more than this (tus refuses a piece past it). */
  declaredBytes: number;
  /** The offset after the last piece written. */
  receivedBytes: number;
  createdAt: number;
  /** When it was created or last received a piece: the sweep removes it a day after this. */
  touchedAt: number;
}

export type MediaUpload = Selectable<MediaUploadTable>;

/** One row, updated first by every creation: its lock serialises creations (migration 20261128T1930). */
export interface MediaUploadGateTable {
  id: string;
  touchedAt: number;
}

/**
 * The lock of one resumable upload while a request works on it, shared by every instance
 * (migration 20261129T0200_media_upload_locks; upload-locks.ts).
 */
export interface MediaUploadLockTable {
  /** The tus upload id. */
  uploadId: string;
  /** The random token of the request that holds it. */
  holder: string;
  /** Renewed while the holder works; past it, the lock is free (its holder died). */
  leaseUntil: number;
  /** When a waiting request asked the holder to let go; null when nobody asked. */
  releaseRequestedAt: number | null;
}
