import { get, post } from '../contract';
import type { Page } from '../../paging';
import type { MediaKind, MediaState, RenditionQuality } from '../../media-library';

/**
 * The staff side of the media library (/api/admin/media...): teachers and administrators list,
 * rename, retry and delete their school's videos, audio, documents, pictures and archives. Files
 * arrive through the resumable upload endpoint (the tus protocol at /api/admin/media/uploads,
 * docs/api.md), which is not a JSON call and so not listed here.
 */

export interface AdminMediaRendition {
  quality: RenditionQuality;
  width: number;
  height: number;
  size: number;
  url: string;
}

export interface AdminMediaAsset {
  id: string;
  kind: MediaKind;
  name: string;
  state: MediaState;
  size: number;
  contentType: string;
  /** Read from the file (audio, video); null until the job has read it, and for other kinds. */
  durationMs: number | null;
  width: number | null;
  height: number | null;
  renditions: AdminMediaRendition[];
  /** 0–100 while processing. */
  progress: number;
  /** Why processing failed (or the last failed try, while it is tried again). */
  error: string | null;
  /** The original file's address. */
  url: string;
  createdAt: number;
  /** Whether the person asking may rename or delete it (its uploader, or an administrator). */
  mayChange: boolean;
}

export interface AdminMediaQuery {
  current?: number;
  size?: number;
  kind?: MediaKind;
  state?: MediaState;
  /** Part of the name. */
  name?: string;
}

export interface AdminMediaRename {
  name: string;
}

export const adminMediaPage = get<AdminMediaQuery, Page<AdminMediaAsset>>('/admin/media');
export const adminMediaRename = post<AdminMediaRename, AdminMediaAsset>('/admin/media/:id/rename');
export const adminMediaRetry = post<Record<string, never>, AdminMediaAsset>('/admin/media/:id/retry');
export const adminMediaDelete = post<Record<string, never>, null>('/admin/media/:id/delete');
