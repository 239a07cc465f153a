import { get } from '../contract';

/**
 * The staff dashboard's counts (/api/admin/dashboard/counts, any signed-in staff): how many things
 * wait for the signed-in person in each area with a count that their role may use. The dashboard's
 * cards and the navigation's badges show them; an area the role may not use is left out.
 */

/** The areas with a count: new (unhandled) consult leads, handed-in work not yet released, failed background jobs. */
export const DASHBOARD_COUNT = { leads: 'leads', marking: 'marking', jobs: 'jobs' } as const;
export type DashboardCountName = (typeof DASHBOARD_COUNT)[keyof typeof DASHBOARD_COUNT];

/** By area: how many wait (0 when none); only the areas the person's role may use. */
export type DashboardCounts = Partial<Record<DashboardCountName, number>>;

type Empty = Record<string, never>;

export const adminDashboardCounts = get<Empty, DashboardCounts>('/admin/dashboard/counts');
