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
