import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../http/scope';
import { serveStaff } from '../../http/staff-gate';
import { dashboardCounts } from './dashboard.service';

/** The staff dashboard's call (/api/admin/dashboard/counts): any signed-in staff, counted by role. */
export const dashboardRoutes = new Hono<ApiEnv>();

serveStaff(dashboardRoutes, 'adminDashboardCounts', z.object({}), (s, actor) => dashboardCounts(s, actor));
