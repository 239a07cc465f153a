import type { Context } from 'hono';
import type { ApiEnv } from './context';
import { tenantOf } from './tenant';
import { authenticate, type Authenticated } from '../identity/identity.service';

/**
 * The logged-in user of a request (Token header), checked against the request's tenant; throws
 * the login-invalid envelope codes otherwise. Every route that needs a user calls this: the
 * check is on the server, whatever the browser shows.
 */
export async function requireUser(c: Context<ApiEnv>): Promise<Authenticated> {
  const cached = c.get('auth');
  if (cached) return cached;
  const tenant = await tenantOf(c);
  const auth = await authenticate(c.var.runtime.db, c.var.ctx.headers.token, tenant.id, c.var.ctx.now);
  c.set('auth', auth);
  return auth;
}

/** The user when a valid token came with the request, else null (for visitor-or-user calls). */
export async function optionalUser(c: Context<ApiEnv>): Promise<Authenticated | null> {
  if (!c.var.ctx.headers.token) return null;
  try {
    return await requireUser(c);
  } catch {
    return null;
  }
}
