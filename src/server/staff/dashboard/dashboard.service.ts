import type { Scope } from '../../http/scope';
import type { StaffActor } from '../accounts/sessions.service';
import type { DashboardCountName, DashboardCounts } from '~/lib/api/contracts/admin-dashboard';
import { countedScreens } from '~/lib/staff/screens';
import { countNewLeads } from '../../leads/staff-leads.service';
import { countWaiting } from '../../exams/marking/marking.service';
import { countFailedJobs } from '../../jobs/jobs.admin.service';

/**
 * The staff dashboard's counts: what waits for the signed-in person in each area with a count
 * (src/lib/staff/screens.ts) that their role may use, by that area's own service and its rule of
 * reach (a teacher's marking counts only the classes they teach). One indexed count per area; an
 * area the role may not use is neither counted nor named.
 */

const COUNTERS: Record<DashboardCountName, (s: Scope, actor: StaffActor) => Promise<number>> = {
  leads: countNewLeads,
  marking: countWaiting,
  jobs: countFailedJobs,
};

export async function dashboardCounts(s: Scope, actor: StaffActor): Promise<DashboardCounts> {
  const names = countedScreens(actor.account.role).map((screen) => screen.count);
  const counts = await Promise.all(names.map((name) => COUNTERS[name](s, actor)));
  return Object.fromEntries(names.map((name, i) => [name, counts[i]!]));
}
