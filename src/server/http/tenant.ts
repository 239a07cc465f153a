// TEMPORARY while domains move to serve(): removed when no route imports it.
import type { Context } from 'hono';
import type { ApiEnv } from './scope';
export const tenantOf = (c: Context<ApiEnv>, explicitId?: string | null) => c.var.scope.tenant(explicitId);
