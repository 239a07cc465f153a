// TEMPORARY while domains move to serve(): removed when no route imports it.
import type { Context } from 'hono';
import type { ApiEnv } from './scope';
export const requireUser = (c: Context<ApiEnv>) => c.var.scope.user();
export const optionalUser = (c: Context<ApiEnv>) => c.var.scope.optionalUser();
