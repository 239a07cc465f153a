import { get, post } from '../contract';
import type { Page } from '../../paging';

/**
 * The jobs screen (/api/admin/jobs, administrators): the school's background jobs (scheduled
 * publications and the like) with their state, attempts and last error; a failed job may be run
 * again now, a queued one cancelled.
 */

/** The same names as JOB_STATE on the server. */
export const ADMIN_JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type AdminJobState = (typeof ADMIN_JOB_STATES)[number];

export interface AdminJobItem {
  /** What kind of thing: news, notice, or a catalogue type (product, banner, coupon...). */
  type: string;
  id: string;
  /** Its title or name; null when it no longer exists. */
  title: string | null;
  /** The staff screen where it is edited, or null. */
  href: string | null;
}

export interface AdminJob {
  id: string;
  /** The job kind, e.g. content.publish, catalog.publish. */
  kind: string;
  /** What it works on, when the kind names one thing. */
  item: AdminJobItem | null;
  runAt: number;
  state: AdminJobState;
  attempts: number;
  maxAttempts: number;
  /** The last failure's message in full (up to 1000 characters), or null. */
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface AdminJobQuery {
  current?: number;
  size?: number;
  /** Blank for every state. */
  state?: AdminJobState | '';
  /** Blank for every kind. */
  kind?: string;
}

/** Whether the server can process video and audio (its ffmpeg and ffprobe), as the jobs screen says it. */
export interface MediaToolsState {
  available: boolean;
  /** The programs it lacks. */
  missing: string[];
}

type Empty = Record<string, never>;

export const adminJobs = get<AdminJobQuery, Page<AdminJob>>('/admin/jobs');
export const adminJobRetry = post<Empty, AdminJob>('/admin/jobs/:id/retry');
export const adminJobCancel = post<Empty, AdminJob>('/admin/jobs/:id/cancel');
