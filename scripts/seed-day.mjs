// The browser tests' servers seed the demo schools when they start (src/dev/seed), and the seed lays
// out "today" around that moment: activities under way, attended, missed and still to come in the
// portal's day (China time: src/lib/time/cst.ts, loaded by Node directly). A run that crosses the
// portal's midnight reads yesterday's data as today's and fails. So the run starts its servers only
// when the portal's day has at least `marginMs` left; otherwise it waits for the next day to begin
// (docs/decisions/083).
import { DAY, MINUTE, startOfCstDay } from '../src/lib/time/cst.ts';

/** A little past midnight, so that the seed's "today" is clearly the new day. */
export const AFTER_MIDNIGHT_MS = MINUTE;

/** Milliseconds from `now` to the end of the portal's day. */
export function msLeftInCstDay(now) {
  return startOfCstDay(now) + DAY - now;
}

/** How long to wait before seeding at `now` so that a run of up to `marginMs` stays in one day (0: start now). */
export function waitBeforeSeeding(now, marginMs) {
  const left = msLeftInCstDay(now);
  return left >= marginMs ? 0 : left + AFTER_MIDNIGHT_MS;
}
