import type { Runtime } from '../http/context';
import { repeatEvery } from '../repeat';
import { errorStack } from '../logger';
import { MINUTE } from '~/lib/time/cst';
import { forgetOldWrites } from './limits.service';

/**
 * The periodic clean-up of the writes the rate limits log: a logged write older than the longest
 * window counts for nothing, and is removed here rather than by the write that follows it (one
 * statement fewer on every answer save and progress report). Every instance runs it; the delete is
 * the same whoever runs it. The timer does not keep the process alive.
 */
export const RATE_EVENTS_SWEEP_INTERVAL_MS = MINUTE;

/** Starts the clean-up; answers the function that stops it. */
export function startRateEventsSweep(runtime: Runtime, intervalMs = RATE_EVENTS_SWEEP_INTERVAL_MS): () => void {
  return repeatEvery(
    intervalMs,
    async () => {
      await forgetOldWrites(runtime.db, runtime.now());
    },
    (error) => runtime.logger.error('rate limit clean-up failed', { error: errorStack(error) }),
  );
}
