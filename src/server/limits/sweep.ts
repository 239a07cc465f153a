import type { Runtime } from '../http/context';
import { repeatEvery } from '../repeat';
import { errorStack } from '../logger';
import { SECOND } from '~/lib/time/cst';
import { forgetOldWrites } from './limits.service';

/**
 * The periodic clean-up of the rate limits' counts: a row of a period two periods back counts for
 * nothing, and is removed here rather than by the write that follows it (no statement added to an
 * answer save or a progress report). Every instance runs it; the delete is the same whoever runs it.
 * The timer does not keep the process alive.
 *
 * Every 10 s (decision 085): an exam hall's takers each leave a row a minute, and a minute's rows
 * removed at once would hold the database in one burst; a sixth of them each 10 s spreads the work
 * between the saves.
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
