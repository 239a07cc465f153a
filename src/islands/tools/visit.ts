/**
 * The visit the floating tools panel counts for the school's browse count, once a day per school
 * (./tools.ts decides, on idle): the API client and the session store come with this, not with
 * the page.
 */
import { send } from '~/lib/api/client';
import { visit } from '~/lib/api/contracts/platform';
import { ensureVisitor } from '~/lib/stores/session';

/** Counts this visit; `done()` runs once the server took it. */
export async function countVisit(done: () => void): Promise<void> {
  await send(visit, { visitorId: ensureVisitor() }, { silent: true });
  done();
}
