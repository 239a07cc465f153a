import type { DashboardCountName } from '../api/contracts/admin-dashboard';

/** The message of an area's count ('3 条待处理'): the dashboard's card and the navigation's badge say the same. */
export const countKey = <N extends DashboardCountName>(name: N) => `admin.count.${name}` as const;
