import { Hono } from 'hono';
import type { ApiEnv } from '../../http/scope';
import { idSchema } from '../../http/validate';
import { serveStaff } from '../../http/staff-gate';
import * as service from './works.admin.service';
import { body, workInput } from './works.admin.input';

/**
 * The staff calls of a class's works (/api/admin/classes/:id/works...), each through the staff
 * gate by its name, then the class scope and the rules of what may change after attempts in the
 * service. The attempt policy takes only the values of the policy's own constants.
 */

export const worksAdminRoutes = new Hono<ApiEnv>();

serveStaff(worksAdminRoutes, 'adminClassWorks', body({ id: idSchema }), (s, actor, b) => service.listClassWorks(s, actor, b.id));
serveStaff(worksAdminRoutes, 'adminWorkSave', workInput, (s, actor, { id, ...b }) => service.saveWork(s, actor, id, { ...b, closesAt: b.closesAt ?? null }));
serveStaff(worksAdminRoutes, 'adminWorkDelete', body({ id: idSchema, workId: idSchema }), (s, actor, b) => service.deleteWork(s, actor, b.id, b.workId));
