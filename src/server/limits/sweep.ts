import type { Runtime } from '../http/context';
import { repeatEvery } from '../repeat';
import { errorStack } from '../logger';
import { SECOND } from '~/lib/time/cst';
import { forgetOldWrites } from './limits.service';

/**
 * The periodic clean-up of the writes the rate limits log: a logged write older than its kind's
 * longest window counts for nothing, and is removed here rather than by the write that follows it
 * (one statement fewer on every answer save and progress report). Every instance runs it; the delete
 * is the same whoever runs it. The timer does not keep the process alive.
 *
 * Every 10 s rather than every minute (decision 085): an exam hall's saves are kept a minute, and a
 * minute's rows removed at once are seconds of the database's time in one burst; a sixth of them each
 * 10 s spreads the same work evenly between the saves.
 */
export const RATE_EVENTS_SWEEP_INTERVAL_MS = 10 * SECOND;

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
