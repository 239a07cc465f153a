import type { Selectable } from 'kysely';
import type { JobState } from './jobs.rules';

export interface JobTable {
  id: string;
  /** The school the job works for; null for a job of the whole portal. */
  tenantId: string | null;
  kind: string;
  /** Unique with kind: the one job for a thing (a news item's scheduled publication). */
  jobKey: string;
  /** JSON. */
  payload: string;
  runAt: number;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  leaseUntil: number | null;
  lockedBy: string | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}

export type Job = Selectable<JobTable>;
