import { randomUUID } from 'node:crypto';
import type { Runtime } from '../../http/context';
import { createScope } from '../../http/request-scope';
import { sweepOverdueAttempts } from './attempts.service';
import { countSweep } from '../../metrics';
import { repeatEvery } from '../../repeat';
import { errorStack } from '../../logger';

/**
 * The periodic deadline sweep of a server process (decision 025): every run submits the open
 * attempts whose deadline plus the grace has passed, even if their browser never comes back.
 * Every instance runs it; each submission is a conditional write, so two instances sweeping the
 * same attempt submit it once. The timer does not keep the process alive.
 */

export const SWEEP_INTERVAL_MS = 15_000;

const NO_HEADERS = { tenantId: null, schoolId: null, token: null, grayVersion: null, platformType: null, applicationId: null, client: null };

/** Starts the sweep; answers the function that stops it. */
export function startDeadlineSweep(runtime: Runtime, intervalMs = SWEEP_INTERVAL_MS): () => void {
  return repeatEvery(
    intervalMs,
    async () => {
      const s = createScope(runtime, { requestId: `sweep-${randomUUID()}`, ip: '', host: '', headers: NO_HEADERS });
      const submitted = await sweepOverdueAttempts(s);
      countSweep('ok', submitted);
      if (submitted) runtime.logger.info('overdue attempts submitted', { count: submitted });
    },
    (error) => {
      countSweep('failed');
      runtime.logger.error('deadline sweep failed', { error: errorStack(error) });
    },
  );
}
